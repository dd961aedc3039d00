package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/relay"
	"safehouse/wire"
)

// HostSession is the host tab: it registers a room with the signaling server, accepts peers, owns the state.
//
// WebRTC roles: each joining peer makes the offer and creates the one data channel; the
// host answers. So the host needs nothing per peer until that peer's offer arrives, and a
// peer that vanishes before offering costs the host nothing.
type HostSession struct {
	netHost
	sig atomic.Pointer[signalClient] // replaced when the host reclaims its room (hostsignal.go)

	// life ends when the host closes: it stops the reclaim of a lost signaling socket.
	life context.Context
	end  context.CancelFunc
	wake chan struct{} // Check: try the signaling server again now

	mu    sync.Mutex
	links map[string]*peerLink // by signaling peer id
	claim string               // the newest claim the server gave (it rotates on every reclaim)
	done  bool

	openPCs atomic.Int64 // PeerConnections made and not yet closed (closePC)
	events  hostEvents   // what the signal loop tells a handoff (handoff_host.go)

	wg sync.WaitGroup // the signal loop
}

// peerLink is one peer's WebRTC connection as the host sees it.
type peerLink struct {
	id       string
	pc       *webrtc.PeerConnection
	gate     candidateGate
	conn     *dataChannelConn // nil until the peer's data channel arrives
	relay    *relayConn       // the peer's encrypted relay, unless its channel won (hostpaths.go)
	channels int              // data channels the peer opened (one is kept)
	restarts int              // ICE restarts answered on pc
	path     Path             // the path the peer's first message came on ("" before it)
	pcOnce   sync.Once        // closePC
}

// Host registers a new room with the signaling server and seats the host's own player
// (Options.Name) through an in-memory connection. With Options.Store set, the host saves its
// whole state there before every broadcast, for ResumeHost.
//
// The host proposes the room's code: knowing it before the socket opens, it can ask for the
// socket by it (roomURL), as every player will.
func Host(ctx context.Context, o Options) (*HostSession, error) {
	return startHost(ctx, o, wire.Message{T: wire.TypeHost, Room: wire.NewRoomCode()}, newToken(), nil, nil)
}

// ResumeHost brings back a host from its saved state (a reloaded host tab): it reclaims the
// same room with the saved claim, seats everyone as they were (offline until they come back
// with their resume tokens, which their apps do by themselves) and continues the state
// numbers. table is the game restored from st.Game by the caller (nil for the lobby alone).
func ResumeHost(ctx context.Context, o Options, st HostState, table Table) (*HostSession, error) {
	if err := st.check(); err != nil {
		return nil, fmt.Errorf("session: saved game is damaged: %w", err)
	}
	if st.NoServer {
		return nil, errors.New("session: this saved game has no signaling server: ResumeQRHost brings it back")
	}
	o.Token = st.Seats[0].Token
	return startHost(ctx, o, wire.Message{T: wire.TypeHost, Room: st.Room, Claim: st.Claim}, st.Secret, &st, table)
}

func startHost(ctx context.Context, o Options, register wire.Message, secret string, saved *HostState, table Table) (*HostSession, error) {
	register.Gate = wire.InviteGate(secret) // invited players' passes open it (hostblock.go)
	sig, m, err := registerRoom(ctx, o.SignalURL, register)
	if err != nil {
		return nil, err
	}
	h := &HostSession{
		netHost: netHost{opts: o, secret: secret},
		claim:   m.Claim,
		links:   map[string]*peerLink{},
		wake:    make(chan struct{}, 1),
	}
	h.sig.Store(sig)
	h.life, h.end = context.WithCancel(context.Background())
	h.newCore(m.Room, saved, table, hostStore{claim: h.claim})
	h.core.tellServer = h.tellServer // hostblock.go
	h.core.seal = newSealer(h.secret)
	if err := h.open(ctx); err != nil {
		h.end()
		sig.close()
		return nil, err
	}
	// The welcome leaves in the middle of the hello's locked step: once the lock is free, that
	// step (its save with the new claim included) is over, so a reload right after this
	// returns finds the claim the server just gave.
	h.core.mu.Lock()
	h.core.mu.Unlock()
	h.wg.Add(1)
	go h.signalLoop()
	return h, nil
}

// Claim is the signaling server's claim token for this room, kept to reclaim it after a reload.
func (h *HostSession) Claim() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.claim
}

// Close tells every player the game ended, forgets the saved state (Options.Store), leaves
// the signaling server, closes every connection and stops every goroutine of the host.
func (h *HostSession) Close() error {
	if !canHost {
		return nil // the player build makes no HostSession (canHost)
	}
	h.close(h.halt, func() {
		h.signal().close()
		h.wg.Wait() // the signal loop is gone: no new peer links from here on
		h.mu.Lock()
		links := h.links
		h.links = map[string]*peerLink{}
		h.mu.Unlock()
		for _, l := range links {
			h.closeLink(l)
		}
	})
	return nil
}

// closeLink ends all of a link the host let go: its relay, its data channel and its
// PeerConnection.
func (h *HostSession) closeLink(l *peerLink) {
	if l.relay != nil {
		_ = l.relay.Close()
	}
	if l.conn != nil {
		_ = l.conn.Close()
	}
	h.closePC(l)
}

// fromPeer handles one peer's signaling data: its offer or one of its ICE candidates.
func (h *HostSession) fromPeer(m wire.Message) {
	d, err := decodeSignalData(m.Data)
	if err != nil {
		h.log.Debug("session: bad signaling data", "peer", m.ID, "err", err)
		return
	}
	h.mu.Lock()
	l := h.links[m.ID]
	h.mu.Unlock()
	if l == nil {
		if d.SDP != nil && d.SDP.Type == webrtc.SDPTypeOffer {
			h.refuseRestart(m.ID, errNoLinkToRestart) // its link is gone (hostrestart.go)
		}
		return
	}
	if d.Refused != "" {
		return // the host's word to peers, not theirs
	}
	if d.Relay != nil {
		h.relayFrame(l, *d.Relay)
		return
	}
	if d.Candidate != nil {
		if err := l.gate.add(*d.Candidate); err != nil {
			h.log.Debug("session: ICE candidate refused", "peer", m.ID, "err", err)
		}
		return
	}
	if d.SDP.Type != webrtc.SDPTypeOffer {
		return
	}
	if l.pc == nil && d.Restart {
		h.refuseRestart(m.ID, errNoLinkToRestart) // a connection this host never had
		return
	}
	if l.pc != nil {
		// A later offer is the peer restarting ICE on the connection it has (hostrestart.go).
		if err := h.reanswer(l, d.SDP.webrtc()); err != nil {
			h.refuseRestart(m.ID, err)
		}
		return
	}
	if err := h.answer(l, d.SDP.webrtc()); err != nil {
		h.log.Info("session: could not answer a peer", "peer", m.ID, "err", err)
	}
}

// answer creates the peer's PeerConnection from its offer and sends back the answer. Only
// the signal loop calls it, so l.pc is set by one goroutine.
func (h *HostSession) answer(l *peerLink, offer webrtc.SessionDescription) error {
	pc, err := newPeerConnection(h.opts)
	if err != nil {
		return err
	}
	h.mu.Lock()
	if h.done {
		h.mu.Unlock()
		return pc.Close()
	}
	l.pc = pc
	h.openPCs.Add(1)
	h.mu.Unlock()
	id := l.id
	pc.OnICECandidate(func(c *webrtc.ICECandidate) {
		if c == nil {
			return
		}
		init := c.ToJSON()
		_ = h.signal().sendData(id, signalData{Candidate: &init})
	})
	pc.OnDataChannel(func(dc *webrtc.DataChannel) { h.peerChannel(l, dc) })
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if s == webrtc.PeerConnectionStateFailed {
			h.dropLink(l)
		}
	})
	answer, err := l.answerOffer(pc, offer)
	if err != nil {
		return err
	}
	return h.signal().sendData(id, signalData{SDP: wireSDP(answer)})
}

// peerChannel takes the peer's data channel; a peer gets one, so any further channel is closed.
func (h *HostSession) peerChannel(l *peerLink, dc *webrtc.DataChannel) {
	h.mu.Lock()
	l.channels++
	if l.path == PathRelay {
		h.mu.Unlock() // the peer went through the relay: this path is not needed
		_ = dc.Close()
		h.closePC(l)
		return
	}
	if l.conn != nil || h.done || dc.Label() != channelLabel {
		h.mu.Unlock()
		_ = dc.Close()
		return
	}
	pc := l.pc
	conn := newDataChannelConn(dc, func() { h.closePC(l) })
	l.conn = conn
	h.waiters.Add(1) // under mu after the done check, so never after Close began waiting
	h.mu.Unlock()
	// Serve it once open (if the link dies before that, ended fires instead); forget the
	// link once its channel is gone.
	go func() {
		defer h.waiters.Done()
		select {
		case <-conn.opened:
			path := &firstWord{Conn: conn, peer: l.id, settle: func() bool { return h.settle(l, PathDirect) }}
			h.core.acceptRemote(path, false, hostProofCheck(h.secret, pc))
		case <-conn.ended:
		}
		<-conn.ended
		h.mu.Lock()
		if h.links[l.id] == l && l.relay == nil { // a relayed link lives as long as its socket
			delete(h.links, l.id)
		}
		h.mu.Unlock()
	}()
}

// peerLeft forgets a peer whose signaling socket closed. Its data channel, if it has one,
// lives on: the game does not need the signaling server once connected.
func (h *HostSession) peerLeft(id string) {
	h.mu.Lock()
	l := h.links[id]
	if l == nil || (l.conn != nil && l.relay == nil) {
		h.mu.Unlock()
		return
	}
	delete(h.links, id)
	h.mu.Unlock()
	if l.relay != nil {
		_ = l.relay.Close() // it traveled on that socket
	}
	h.closePC(l) // and its channel, if it has one
}

// dropLink closes a link whose connection failed.
func (h *HostSession) dropLink(l *peerLink) {
	h.mu.Lock()
	if h.done {
		h.mu.Unlock()
		return // Close closes every link itself
	}
	conn := l.conn
	h.waiters.Add(1)
	h.mu.Unlock()
	go func() {
		defer h.waiters.Done()
		if conn != nil {
			_ = conn.Close()
		}
		h.closePC(l)
	}()
}

// relayFrame handles a peer's relay frame: its hello starts an encrypted relay (one per
// link), numbered frames go to that relay.
func (h *HostSession) relayFrame(l *peerLink, f relay.Frame) {
	h.mu.Lock()
	rc, direct := l.relay, l.path == PathDirect
	h.mu.Unlock()
	if f.Hello == nil {
		if rc != nil {
			rc.deliver(f)
		}
		return
	}
	if rc != nil || direct {
		return // one relay per signaling link, and none once the peer spoke on its channel
	}
	answer, link, err := relay.HostAnswer(*f.Hello, h.secret)
	if err != nil {
		h.log.Info("session: relay refused", "peer", l.id, "err", err)
		return
	}
	id := l.id
	rc = newRelayConn(link, func(f relay.Frame) error {
		return h.signal().sendData(id, signalData{Relay: &f})
	}, nil)
	if err := h.signal().sendData(id, signalData{Relay: &relay.Frame{Hello: &answer}}); err != nil {
		return
	}
	h.mu.Lock()
	if h.done || l.path != "" {
		// The peer's channel spoke first while the answer was on its way: no relay.
		h.mu.Unlock()
		rc.Close()
		return
	}
	l.relay = rc
	h.mu.Unlock()
	path := &firstWord{Conn: rc, peer: l.id, settle: func() bool { return h.settle(l, PathRelay) }}
	h.core.acceptRemote(path, answer.MAC != nil, nil) // a signed relay hello proved the secret
}

// answerOffer takes a peer's offer (its first, or an ICE restart's) on pc, releasing the
// candidates held for it, and makes the answer.
func (l *peerLink) answerOffer(pc *webrtc.PeerConnection, offer webrtc.SessionDescription) (webrtc.SessionDescription, error) {
	if err := l.gate.setRemote(pc, offer); err != nil {
		return webrtc.SessionDescription{}, err
	}
	answer, err := pc.CreateAnswer(nil)
	if err != nil {
		return webrtc.SessionDescription{}, err
	}
	if err := pc.SetLocalDescription(answer); err != nil {
		return webrtc.SessionDescription{}, err
	}
	return answer, nil
}
