package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/qrcodec"
)

// qrAnswerPatience is how long a native player's ICE waits for the host (Options.ICEFailedTimeout).
const qrAnswerPatience = 5 * time.Minute

// qrWelcomePatience bounds the wait for the host's welcome once the channel is open: the host
// answers a hello at once, so a longer silence means the connection broke on the way, and the
// player is better told to scan again than left waiting.
var qrWelcomePatience = 20 * time.Second

// QRJoin is a player's side of a game with no server, between scanning the host's offer code
// and being seated: its answer code is ready at once (Answer), for the host to scan; Wait
// then waits for the host's data channel and says hello.
type QRJoin struct {
	o      Options
	offer  qrcodec.Offer
	pc     *webrtc.PeerConnection
	answer string
	// offerSDP and answerSDP are the descriptions the hello's proof signs, as this player
	// took and made them, not read back from pc (see qrSeatOffer).
	offerSDP, answerSDP string

	chans     chan *dataChannelConn
	closeOnce sync.Once
	mu        sync.Mutex
	taken     bool // Wait handed the connection to a Client
}

// JoinQR reads a host's offer code and makes this player's answer. Options.Token brings a
// seat back (a player whose phone slept or reloaded). A code that is not a host's offer, or
// is damaged, gives a *QRError.
func JoinQR(ctx context.Context, o Options, offerCode string) (*QRJoin, error) {
	offer, err := qrcodec.DecodeOffer(offerCode)
	if err != nil {
		return nil, err
	}
	if o.ICEFailedTimeout == 0 {
		// The player's ICE starts checking at once, but the host answers only once it has
		// scanned the answer, which may take a minute. Chromium's connection recovers from
		// "failed" when the host's checks arrive (measured: 45 s late); pion's does not, so a
		// native player gives ICE as long.
		o.ICEFailedTimeout = qrAnswerPatience
	}
	pc, err := newPeerConnection(o)
	if err != nil {
		return nil, err
	}
	j := &QRJoin{o: o, offer: offer, pc: pc, chans: make(chan *dataChannelConn, 1)}
	// Said in the console: a player who waits with no seat is explained by how far its
	// connection got.
	log := defaultLogger()
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		log.Info("session: the connection to the host's code", "state", s.String())
	})
	pc.OnDataChannel(func(dc *webrtc.DataChannel) {
		if dc.Label() != channelLabel {
			_ = dc.Close()
			return
		}
		conn := newDataChannelConn(dc, j.closePC)
		select {
		case j.chans <- conn:
		default:
			_ = conn.Close() // the host opens one channel; a second is not ours
		}
	})
	fail := func(err error) (*QRJoin, error) {
		j.closePC()
		return nil, fmt.Errorf("session: answering the host's code: %w", err)
	}
	j.offerSDP = offer.Desc.SDP(offer.ID.No())
	err = pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: j.offerSDP})
	if err != nil {
		return fail(err)
	}
	sd, err := pc.CreateAnswer(nil)
	if err != nil {
		return fail(err)
	}
	if sd, err = gatherLocal(ctx, pc, sd); err != nil {
		return fail(err)
	}
	j.answerSDP = sd.SDP
	desc, err := qrcodec.ParseSDP(sd.SDP)
	if err != nil {
		return fail(err)
	}
	if j.answer, err = qrcodec.EncodeAnswer(qrcodec.Answer{Room: offer.Room, ID: offer.ID, Desc: desc}, offer); err != nil {
		return fail(err)
	}
	return j, nil
}

// Answer is the code for the host to scan.
func (j *QRJoin) Answer() string { return j.answer }

// Room is the room code of the host's offer.
func (j *QRJoin) Room() string { return j.offer.Room }

// Resume makes Wait's hello ask for a seat back with token (the seat's resume token for
// Room, from an earlier game): the app learns the room only from the host's code.
func (j *QRJoin) Resume(token string) { j.o.Token = token }

// Secret is the invite secret the host's code carried.
func (j *QRJoin) Secret() string { return j.offer.Secret }

// Wait waits, as long as ctx allows, for the host to take the answer and its data channel to
// open, then says hello (with the proof of the invite secret, and Options.Token) and returns
// the seated player's client. Its connection, once lost, does not come back by itself: the
// client ends (Status "closed") and the app joins again through new codes with the token.
func (j *QRJoin) Wait(ctx context.Context) (*Client, error) {
	var conn *dataChannelConn
	select {
	case conn = <-j.chans:
	case <-ctx.Done():
		j.Close()
		return nil, fmt.Errorf("session: waiting for the host to scan the answer: %w", ctx.Err())
	}
	select {
	case <-conn.opened:
	case <-conn.ended:
		j.Close()
		return nil, errors.New("session: the host's channel closed before it opened")
	case <-ctx.Done():
		j.Close()
		return nil, fmt.Errorf("session: waiting for the host's channel: %w", ctx.Err())
	}
	j.mu.Lock()
	j.taken = true
	j.mu.Unlock()
	redial := func(context.Context) (Conn, error) { return nil, errRescan }
	c := newRemoteClient(conn, redial, retryPolicyOf(j.o))
	c.mu.Lock()
	c.onWaiting = j.o.OnWaiting
	c.mu.Unlock()
	hello := j.o.hello()
	hello.Proof = channelProof(j.offer.Secret, j.offerSDP, j.answerSDP)
	hctx, cancel := context.WithTimeout(ctx, qrWelcomePatience)
	defer cancel()
	if err := c.hello(hctx, hello); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Close gives up: the PeerConnection closes (after Wait returned a client, the client owns it).
// It returns nil, like the other sessions' Close.
func (j *QRJoin) Close() error {
	j.mu.Lock()
	taken := j.taken
	j.mu.Unlock()
	if !taken {
		j.closePC()
	}
	return nil
}

func (j *QRJoin) closePC() { j.closeOnce.Do(func() { _ = j.pc.Close() }) }
