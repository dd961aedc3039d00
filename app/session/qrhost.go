package session

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/qrcodec"
	"safehouse/wire"
)

// QRHost is a host with no signaling server at all: players come in through QR codes (or
// their text) handed over in the room. For each seat the host makes an offer (Offer: a
// PeerConnection, its data channel and a code), the player's phone scans it and shows an
// answer code (JoinQR), and the host takes that (Accept); the channel opens and everything
// is as with a HostSession: the hello with its proof of the invite secret (here over the
// fingerprints of the host's offer and the player's answer), views, resume tokens. A player
// whose connection died comes back the same way, its token bringing the seat back.
//
// Roles are the other way round from HostSession: the host makes the offer and the data
// channel, since the host's code is the one that must be there first.
type QRHost struct {
	netHost

	mu     sync.Mutex
	offers []*qrSeatOffer                      // open offers, oldest first
	spent  map[uint32]bool                     // the ids (OfferID.No) of offers whose answer was taken
	pcs    map[*webrtc.PeerConnection]struct{} // every PeerConnection not yet closed
	done   bool
}

// qrSeatOffer is one offer the host showed and no answer took yet.
type qrSeatOffer struct {
	offer qrcodec.Offer
	code  string
	pc    *webrtc.PeerConnection
	conn  *dataChannelConn // the host's channel, open once the player's answer connects
	// offerSDP and answerSDP are the descriptions the player's proof signs, kept as they were
	// made and taken: a busy browser opens the channel, and the player's hello arrives, before
	// its PeerConnection shows the answer as its remoteDescription (as with peerSide).
	offerSDP  string
	answerSDP string // set by Accept (under QRHost.mu) before the answer is applied
}

// maxOpenOffers bounds the offers waiting for an answer; a new one closes the oldest.
const maxOpenOffers = 4

// maxSpentOffers bounds the memory of spent offer ids (replays of older ones read as unknown).
const maxSpentOffers = 256

// NewQRHost seats the host's own player (Options.Name) and returns a host ready to make
// offers. Options.SignalURL is not used. With Options.Store set, the host saves its whole state
// there before every broadcast, as a HostSession does, for ResumeQRHost.
func NewQRHost(ctx context.Context, o Options) (*QRHost, error) {
	// A game with no server still names its room, so an answer to another game's code is
	// told apart.
	return startQRHost(ctx, o, wire.NewRoomCode(), newToken(), nil, nil)
}

// ResumeQRHost brings back a QR host from its saved state (a reloaded host tab, or one the
// browser discarded while the phone slept): the same room and invite secret, everyone seated
// as they were (offline until each comes back through two new codes with its resume token),
// the state numbers continued, and the answers it took still spent. table is the game
// restored from st.Game by the caller (nil for the lobby alone).
func ResumeQRHost(ctx context.Context, o Options, st HostState, table Table) (*QRHost, error) {
	if err := st.check(); err != nil {
		return nil, fmt.Errorf("session: saved game is damaged: %w", err)
	}
	if !st.NoServer {
		return nil, errors.New("session: this saved game has a signaling server: ResumeHost brings it back")
	}
	o.Token = st.Seats[0].Token
	return startQRHost(ctx, o, st.Room, st.Secret, &st, table)
}

func startQRHost(ctx context.Context, o Options, room, secret string, saved *HostState, table Table) (*QRHost, error) {
	h := &QRHost{netHost: netHost{opts: o, secret: secret},
		spent: map[uint32]bool{}, pcs: map[*webrtc.PeerConnection]struct{}{}}
	if saved != nil {
		for _, id := range saved.Spent {
			h.spent[id] = true
		}
	}
	h.newCore(room, saved, table, hostStore{spent: h.spentIDs})
	if err := h.open(ctx); err != nil {
		return nil, err
	}
	return h, nil
}

// spentIDs lists the spent offer ids, for the saved state (the core's lock is held: QRHost
// never calls into the core with its own lock held).
func (h *QRHost) spentIDs() []uint32 {
	h.mu.Lock()
	defer h.mu.Unlock()
	ids := make([]uint32, 0, len(h.spent))
	for id := range h.spent {
		ids = append(ids, id)
	}
	return ids
}

// Offer makes a new offer for the next seat (or for a player coming back) and returns its
// code. Up to maxOpenOffers stay open at once; a new one closes the oldest.
func (h *QRHost) Offer(ctx context.Context) (string, error) {
	pc, err := newPeerConnection(h.opts)
	if err != nil {
		return "", err
	}
	if !h.track(pc) {
		return "", ErrClosed
	}
	dc, err := pc.CreateDataChannel(channelLabel, nil)
	if err != nil {
		h.closePC(pc)
		return "", err
	}
	conn := newDataChannelConn(dc, func() { h.closePC(pc) })
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		h.log.Info("session: a QR seat's connection", "state", s.String())
		if s == webrtc.PeerConnectionStateFailed {
			h.log.Info("session: a QR connection failed; its player scans a new code")
			_ = conn.Close()
		}
	})
	offer, offerSDP, code, err := makeQROffer(ctx, pc, h.Room(), h.secret)
	if err != nil {
		_ = conn.Close()
		return "", fmt.Errorf("session: making an offer code: %w", err)
	}
	so := &qrSeatOffer{pc: pc, conn: conn, offer: offer, code: code, offerSDP: offerSDP}
	h.mu.Lock()
	if h.done {
		h.mu.Unlock()
		_ = conn.Close()
		return "", ErrClosed
	}
	var oldest *qrSeatOffer
	if len(h.offers) >= maxOpenOffers {
		oldest = h.offers[0]
		h.offers = h.offers[1:]
	}
	h.offers = append(h.offers, so)
	h.waiters.Add(1)
	h.mu.Unlock()
	if oldest != nil {
		h.log.Info("session: an unanswered QR code was replaced by a new one", "open", maxOpenOffers)
		_ = oldest.conn.Close() // its PeerConnection too
	}
	go func() {
		defer h.waiters.Done()
		select {
		case <-conn.opened:
			h.core.acceptRemote(conn, false, func(proof string) bool {
				h.mu.Lock()
				answerSDP := so.answerSDP
				h.mu.Unlock()
				return proof != "" && checkChannelProof(h.secret, proof, so.offerSDP, answerSDP)
			})
		case <-conn.ended:
		case <-h.quiet: // the host closed before this channel opened
			_ = conn.Close()
		}
	}()
	return so.code, nil
}

// makeQROffer makes pc's offer, with every local candidate gathered, into an offer of room
// (a new offer id), the offer's SDP and its code.
func makeQROffer(ctx context.Context, pc *webrtc.PeerConnection, room, secret string) (qrcodec.Offer, string, string, error) {
	sd, err := pc.CreateOffer(nil)
	if err == nil {
		sd, err = gatherLocal(ctx, pc, sd)
	}
	var desc qrcodec.Desc
	if err == nil {
		desc, err = qrcodec.ParseSDP(sd.SDP)
	}
	offer := qrcodec.Offer{Room: room, ID: qrcodec.NewOfferID(), Secret: secret, Desc: desc}
	var code string
	if err == nil {
		code, err = qrcodec.EncodeOffer(offer)
	}
	return offer, sd.SDP, code, err
}

// Accept takes a player's answer code to one of the host's open offers; the player's channel
// then opens and its hello seats it. A code that is not an answer, belongs to another game,
// answers an offer already taken or closed, or is damaged is refused with a *QRError and
// changes nothing.
func (h *QRHost) Accept(code string) error {
	room, id, err := qrcodec.PeekAnswer(code)
	if err != nil {
		return err
	}
	if room != h.Room() {
		return qrErr(QROtherGame, "this answer belongs to another game (room "+room+"), not "+h.Room())
	}
	h.mu.Lock()
	var so *qrSeatOffer
	at := -1
	for i, o := range h.offers {
		if o.offer.ID == id {
			so, at = o, i
		}
	}
	spent := h.spent[id.No()]
	h.mu.Unlock()
	if so == nil {
		if spent {
			return errQRUsed
		}
		return qrErr(QRNotOffered, "this answer is for a code this host no longer shows: the player scans the host's new code")
	}
	a, err := qrcodec.CheckAnswer(code, so.offer)
	if err != nil {
		return err
	}
	h.mu.Lock()
	if h.done || at >= len(h.offers) || h.offers[at] != so {
		h.mu.Unlock()
		return errQRUsed
	}
	h.offers = append(h.offers[:at], h.offers[at+1:]...)
	if len(h.spent) >= maxSpentOffers {
		clear(h.spent)
	}
	h.spent[id.No()] = true
	answerSDP := a.Desc.SDP(id.No())
	so.answerSDP = answerSDP
	h.mu.Unlock()
	err = so.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: answerSDP})
	if err != nil {
		_ = so.conn.Close()
		return fmt.Errorf("session: the answer could not be used: %w", err)
	}
	return nil
}

func (h *QRHost) track(pc *webrtc.PeerConnection) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.done {
		_ = pc.Close()
		return false
	}
	h.pcs[pc] = struct{}{}
	return true
}

// closePC closes pc once (its channel's end, a lost offer, Close).
func (h *QRHost) closePC(pc *webrtc.PeerConnection) {
	h.mu.Lock()
	_, open := h.pcs[pc]
	delete(h.pcs, pc)
	h.mu.Unlock()
	if open {
		_ = pc.Close()
	}
}

// Close tells every player the game ended, forgets the saved state (Options.Store) and closes
// every connection and goroutine.
func (h *QRHost) Close() error {
	var pcs map[*webrtc.PeerConnection]struct{}
	h.close(func() { pcs = h.stop() }, func() {
		for pc := range pcs {
			_ = pc.Close()
		}
	})
	return nil
}

// stop marks the host ending (no offer or answer is taken after it) and hands over its
// PeerConnections to close.
func (h *QRHost) stop() map[*webrtc.PeerConnection]struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.done = true
	pcs := h.pcs
	h.pcs = map[*webrtc.PeerConnection]struct{}{}
	h.offers = nil
	return pcs
}
