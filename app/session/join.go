package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/relay"
	"safehouse/wire"
)

// Join connects a player to a room. secret is "" when the player typed the code by hand.
// It returns once the host has seated the player (after its welcome); the first updates are
// Status "online" and the first view. A player with the invite secret proves it and is
// seated at once; one without waits for the host to let it in (Options.OnWaiting is told),
// for as long as ctx allows, and a player the host turns away gets a *RefusalError with
// CodeTurnedAway.
//
// When the direct path looks blocked (no connected ICE pair after Options.RelayAfter, ICE
// failed, or no channel within Options.DirectTimeout), the player also tries talking to the
// host through the signaling server, end-to-end encrypted (relay.go), and uses whichever
// opens first (paths.go); the secret authenticates the relay's key agreement. While the host
// is away (its tab reloading), Join waits and tries again until ctx ends. When the
// connection dies later, the client reconnects by itself (Status "reconnecting", then
// "online"): an ICE restart on the same connection first, else a new connection that gets
// its seat back with its token.
func Join(ctx context.Context, o Options, room, secret string) (*Client, error) {
	code, err := normalizeRoomCode(room)
	if err != nil {
		return nil, err
	}
	var client atomic.Pointer[Client] // set once seated; notices before that have no reader
	notify := notifyOnce(&client)
	retry := retryPolicyOf(o)
	first, err := firstConnection(ctx, retry, func() (Conn, error) { return connectPeer(ctx, o, code, secret, notify) })
	if err != nil {
		return nil, err
	}
	redial := func(ctx context.Context) (Conn, error) { return connectPeer(ctx, o, code, secret, notify) }
	c := newRemoteClient(first, redial, retry)
	client.Store(c)
	c.mu.Lock()
	c.onWaiting, c.opts, c.pass = o.OnWaiting, o, wire.InvitePass(secret)
	c.mu.Unlock()
	hello := o.hello()
	if pc, ok := first.(*peerConn); ok {
		hello.Proof = pc.proof
	}
	if err := c.hello(ctx, hello); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// notifyOnce hands the signaling server's news to client once it is set. After the host said
// why it ended (or the player left), that news (the host away) is only noise.
func notifyOnce(client *atomic.Pointer[Client]) func(Update) {
	return func(u Update) {
		if c := client.Load(); c != nil && !c.farewell.Load() && !c.closing.Load() {
			c.notify(u)
		}
	}
}

// firstConnection makes Join's first connection. While the host is away (its tab reloading),
// it tries again with the reconnect backoff until ctx ends: the player stays "connecting"
// and is seated as soon as the host is back.
func firstConnection(ctx context.Context, retry retryPolicy, connect func() (Conn, error)) (Conn, error) {
	wait := retry.first
	for {
		conn, err := connect()
		if !errors.Is(err, errHostAway) {
			return conn, err
		}
		timer := time.NewTimer(wait)
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			return nil, fmt.Errorf("session: the host is away and did not come back in time: %w", ctx.Err())
		}
		wait = min(2*wait, retry.most)
	}
}

// normalizeRoomCode reads a code as a person may type it (wire.NormalizeRoomCode); one that
// cannot be a room code is an unknown room without asking the server.
func normalizeRoomCode(room string) (string, error) {
	code, err := wire.NormalizeRoomCode(room)
	if err != nil {
		return "", fmt.Errorf("%w: %q is not a room code (%v)", ErrUnknownRoom, room, err)
	}
	return code, nil
}

// peerSide is one connection attempt of a joining player: the signaling socket and the
// PeerConnection to the host (the player makes the offer and the data channel), or the relay
// over that socket when no direct channel opens.
type peerSide struct {
	sig    *signalClient
	pc     *webrtc.PeerConnection
	gate   candidateGate
	notify func(Update)

	mu          sync.Mutex
	offerSent   bool
	earlyCands  []webrtc.ICECandidateInit // gathered before the offer went out
	relayHello  chan relay.Hello          // the host's relay hello, once asked for
	relay       *relayConn                // the relay, once it won (paths.go)
	relayWhy    string                    // why the relay was tried, "" while it was not
	iceFailed   chan struct{}             // closed when the PeerConnection's ICE failed
	iceFailOnce sync.Once
	away        chan struct{} // closed when the server says the host is away: nothing can connect
	awayOnce    sync.Once
	lost        chan struct{} // closed when the socket ended or the host went away: no ICE restart
	lostOnce    sync.Once
	trouble     func(failed bool) // the client's handler of a disconnected or failed PeerConnection
	wg          sync.WaitGroup
	closeOnce   sync.Once

	// The offer this attempt made and the host's answer, as sent and received (under mu):
	// the invite proof signs them (inviteProof). The PeerConnection's own descriptions will
	// not do: a browser may open the data channel before its remoteDescription shows the answer.
	offerSDP, answerSDP string
	offeredAt           time.Time // when the offer went out: the relay's timers count from it
}

// peerConn is the Conn of one peerSide: closing it ends the whole attempt.
type peerConn struct {
	Conn
	p     *peerSide
	proof string // the hello's proof of the invite secret on a direct channel (admission.go)
}

func (c *peerConn) Close() error {
	err := c.Conn.Close()
	c.p.close()
	return err
}

// connectPeer makes one connection to the host of room code: joins through the signaling
// server, then a direct data channel, or the relay when the direct path looks blocked and the
// relay opens first. The first may go on with the join an invite's page made while the app
// downloaded (earlyjoin_js.go).
func connectPeer(ctx context.Context, o Options, code, secret string, notify func(Update)) (Conn, error) {
	if p, direct := takeEarlyJoin(ctx, o, code, secret, notify); p != nil {
		conn, err := p.resume(ctx, o, code, secret, direct)
		return p.finish(conn, err, secret)
	}
	sig, err := dialSignal(ctx, o.SignalURL, code)
	if err != nil {
		return nil, err
	}
	p := newPeerSide(sig, notify)
	conn, err := p.connect(ctx, o, code, secret)
	return p.finish(conn, err, secret)
}

// finish makes the Conn of an attempt that connected (conn, or err), with the invite's proof
// for a direct channel.
func (p *peerSide) finish(conn Conn, err error, secret string) (Conn, error) {
	if err != nil {
		p.close()
		return nil, err
	}
	pc := &peerConn{Conn: conn, p: p}
	if _, direct := conn.(*dataChannelConn); direct {
		pc.proof = p.inviteProof(secret)
		if secret != "" && pc.proof == "" {
			// The host will make this invited player wait. An open channel had an offer and
			// an answer, so this should never be; if it is, the console says which lacked its
			// fingerprint (the host's console says only that the hello had no proof).
			defaultLogger().Warn("session: the invite cannot be proved on the direct channel", "why", p.proofGap())
		}
	}
	return pc, nil
}

func newPeerSide(sig *signalClient, notify func(Update)) *peerSide {
	return &peerSide{sig: sig, notify: notify, relayHello: make(chan relay.Hello, 1), away: make(chan struct{}),
		lost: make(chan struct{}), iceFailed: make(chan struct{})}
}

// The offer follows the join at once rather than after the server's answer: the server
// acts on a socket's messages in order, so the host hears of the joiner before its offer, and
// a join costs one round trip less (on a phone's network, 50 to 150 ms). When the join is
// refused, the offer meets a refusal of its own that nobody reads, and the attempt ends.
func (p *peerSide) connect(ctx context.Context, o Options, code, secret string) (Conn, error) {
	if err := p.sig.send(wire.Message{T: wire.TypeJoin, Room: code, Pass: wire.InvitePass(secret)}); err != nil {
		return nil, fmt.Errorf("session: asking to join: %w", err)
	}
	var direct *dataChannelConn
	if !o.noWebRTC && webRTCAvailable() {
		var err error
		if direct, err = p.offerDirect(o); err != nil {
			return nil, err
		}
	}
	if direct == nil {
		if err := p.joined(ctx, code); err != nil {
			return nil, err
		}
		return p.relayOnly(ctx, o, secret)
	}
	return p.resume(ctx, o, code, secret, direct)
}

// resume goes on with a join whose offer went out with its data channel direct: the server's
// answer to the join, then the first path to open (paths.go: direct, or the relay when it is
// blocked). An invite's page may have made the join and the offer before the app ran
// (earlyjoin_js.go).
func (p *peerSide) resume(ctx context.Context, o Options, code, secret string, direct *dataChannelConn) (Conn, error) {
	if err := p.joined(ctx, code); err != nil {
		return nil, err
	}
	p.startPump()
	return p.firstPath(ctx, o, secret, direct)
}

// joined reads the signaling server's answer to the join of room code (sent by connect,
// with the invite pass: "" for a player without the secret, who counts as a stranger until
// the host seats it).
func (p *peerSide) joined(ctx context.Context, code string) error {
	m, err := p.sig.await(ctx)
	if err != nil {
		return fmt.Errorf("session: asking to join: %w", err)
	}
	switch {
	case m.T == wire.TypeError && m.Code == wire.CodeUnknownRoom:
		return fmt.Errorf("%w %s: %s", ErrUnknownRoom, code, m.Msg)
	case m.T == wire.TypeError && m.Code == wire.CodeUnavailable:
		// A server of a cluster that lost its peers, or whose room's home went away with
		// the host expected back: like a host away, it is worth waiting for.
		return fmt.Errorf("%w (%s)", errHostAway, m.Msg)
	case m.T == wire.TypeError:
		return fmt.Errorf("session: cannot join %s: %s (%s)", code, m.Msg, m.Code)
	case m.T != wire.TypeJoined:
		return fmt.Errorf("session: unexpected answer %q to joining %s", m.T, code)
	}
	return nil
}

// offerDirect makes the PeerConnection and its data channel and sends the host the offer.
func (p *peerSide) offerDirect(o Options) (*dataChannelConn, error) {
	pc, err := newPeerConnection(o)
	if err != nil {
		return nil, fmt.Errorf("session: creating the connection: %w", err)
	}
	conn, err := p.usePeerConnection(pc)
	if err != nil {
		return nil, err
	}
	offer, err := pc.CreateOffer(nil)
	if err != nil {
		return nil, fmt.Errorf("session: creating the offer: %w", err)
	}
	if err := pc.SetLocalDescription(offer); err != nil {
		return nil, fmt.Errorf("session: setting the offer: %w", err)
	}
	p.mu.Lock()
	p.offerSDP, p.offeredAt = offer.SDP, time.Now()
	p.mu.Unlock()
	if err := p.sig.sendData("", signalData{SDP: wireSDP(offer)}); err != nil {
		return nil, fmt.Errorf("session: sending the offer: %w", err)
	}
	p.flushEarlyCandidates()
	return conn, nil
}

// usePeerConnection makes pc this attempt's: our candidates trickle to the host, its ICE and
// connection states are watched, and its one data channel (made by CreateDataChannel, or the
// page's taken by it: earlyjoin_js.go) becomes the direct Conn.
func (p *peerSide) usePeerConnection(pc *webrtc.PeerConnection) (*dataChannelConn, error) {
	p.mu.Lock()
	p.pc = pc
	p.mu.Unlock()
	pc.OnICECandidate(p.localCandidate)
	p.watchICE(pc)
	dc, err := pc.CreateDataChannel(channelLabel, nil) // ordered and reliable by default
	if err != nil {
		return nil, fmt.Errorf("session: creating the data channel: %w", err)
	}
	conn := newDataChannelConn(dc, nil)
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if s == webrtc.PeerConnectionStateDisconnected || s == webrtc.PeerConnectionStateFailed {
			p.pathTrouble(s, conn) // restart.go: an ICE restart first, once the client watches
		}
	})
	return conn, nil
}

// relayOnly connects through the relay alone, in a browser without WebRTC: no offer is
// made, and the host answers the relay's hello as it would alongside a direct path.
func (p *peerSide) relayOnly(ctx context.Context, o Options, secret string) (Conn, error) {
	p.mu.Lock()
	p.relayWhy = relayNoWebRTC
	p.mu.Unlock()
	if o.OnRelay != nil {
		o.OnRelay()
	}
	p.startPump() // the host's relay hello and frames come through the signaling socket
	rc, err := p.openRelay(ctx, secret, nil)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	p.relay = rc
	p.mu.Unlock()
	return rc, nil
}

// localCandidate trickles our ICE candidates to the host, after the offer.
func (p *peerSide) localCandidate(c *webrtc.ICECandidate) {
	if c == nil {
		return
	}
	init := c.ToJSON()
	p.mu.Lock()
	if !p.offerSent {
		p.earlyCands = append(p.earlyCands, init)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	_ = p.sig.sendData("", signalData{Candidate: &init})
}

func (p *peerSide) flushEarlyCandidates() {
	p.mu.Lock()
	p.offerSent = true
	early := p.earlyCands
	p.earlyCands = nil
	p.mu.Unlock()
	for i := range early {
		_ = p.sig.sendData("", signalData{Candidate: &early[i]})
	}
}

// startPump starts reading what the signaling server says, once the join's answer is read.
func (p *peerSide) startPump() {
	p.wg.Add(1)
	go p.pump()
}

// pump handles what the signaling server says after joining: the host's answer and
// candidates, and the host's presence.
func (p *peerSide) pump() {
	defer p.wg.Done()
	defer p.markLost()
	defer func() {
		// The relay lives on this socket: when it ends, so does the relay.
		p.mu.Lock()
		rc := p.relay
		p.mu.Unlock()
		if rc != nil {
			rc.Close()
		}
	}()
	for m := range p.sig.in {
		switch m.T {
		case wire.TypeFrom:
			d, err := decodeSignalData(m.Data)
			if err != nil {
				continue
			}
			switch {
			case d.Relay != nil && d.Relay.Hello != nil:
				select {
				case p.relayHello <- *d.Relay.Hello:
				default: // one hello per relay; a second is ignored
				}
			case d.Relay != nil:
				p.mu.Lock()
				rc := p.relay
				p.mu.Unlock()
				if rc != nil {
					rc.deliver(*d.Relay)
				}
			case d.Refused != "":
				p.markLost() // the host will not restart this connection: the client makes a new one
			case d.Candidate != nil:
				_ = p.gate.add(*d.Candidate)
			case d.SDP.Type == webrtc.SDPTypeAnswer:
				p.mu.Lock()
				pc := p.pc
				p.answerSDP = d.SDP.SDP // before it is applied: the channel may open meanwhile
				p.mu.Unlock()
				if err := p.gate.setRemote(pc, d.SDP.webrtc()); err != nil {
					p.notify(Update{Notice: "The host's connection details could not be used: " + err.Error(), Code: NoticeHostDetails})
				}
			}
		case wire.TypeHostAway:
			p.hostAway()
			p.notify(Update{Notice: "The host is away; the game waits for them.", Code: NoticeHostAway})
		case wire.TypeHostBack:
			p.markLost() // a new host tab (a reclaim can beat the old socket's close): new PeerConnections
			p.notify(Update{Notice: "The host is back.", Code: NoticeHostBack})
		case wire.TypeError:
			if m.Code == wire.CodeUnknownPeer {
				p.hostAway() // our offer found no host: it is away
				continue
			}
			p.notify(Update{Notice: "The signaling server said: " + m.Msg, Code: NoticeSignaling})
		}
	}
}

// close ends the signaling socket, the PeerConnection or relay, and the pump.
func (p *peerSide) close() {
	p.closeOnce.Do(func() {
		p.sig.close()
		p.mu.Lock()
		pc, rc := p.pc, p.relay
		p.mu.Unlock()
		if rc != nil {
			rc.Close()
		}
		if pc != nil {
			_ = pc.Close()
		}
	})
	p.wg.Wait()
}

func (p *peerSide) hostAway() {
	p.awayOnce.Do(func() { close(p.away) })
	p.markLost() // the host's PeerConnections end with its tab: nothing left to restart
}
