package session

import (
	"context"
	"fmt"
	"time"

	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/relay"
)

// Path is how a remote player reaches its host.
type Path string

// The two paths of a remote player (the host's own player has none: "").
const (
	// PathDirect is a WebRTC data channel straight between the two devices.
	PathDirect Path = "direct"
	// PathRelay goes through the signaling server, sealed end to end (relay.go).
	PathRelay Path = "relay"
)

// pathOf says which path conn travels.
func pathOf(conn Conn) Path {
	switch c := conn.(type) {
	case *peerConn:
		return pathOf(c.Conn)
	case *dataChannelConn:
		return PathDirect
	case *relayConn:
		return PathRelay
	}
	return ""
}

// Path is the path of the client's current connection: PathDirect or PathRelay for a remote
// player, "" for the host's own player.
func (c *Client) Path() Path { return pathOf(c.current()) }

// defaultRelayAfter is how long a direct path may go without a connected ICE pair before the
// relay is tried alongside it. On a LAN, and through STUN between most networks, ICE pairs up
// well within it; with UDP blocked it never does, and waiting longer only keeps the player on
// the connecting screen.
const defaultRelayAfter = 1500 * time.Millisecond

// Why a connection attempt started its relay (peerSide.relayWhy), for tests and logs.
const (
	relayNoPair        = "no connected ICE pair"
	relayICEFailed     = "ICE failed"
	relayDirectEnded   = "the direct channel closed before it opened"
	relayDirectTimeout = "no direct channel in time"
	relayNoWebRTC      = "this browser has no WebRTC"
)

// relayResult is the outcome of one relay handshake.
type relayResult struct {
	rc  *relayConn
	err error
}

// firstPath waits for the direct data channel and, once that path looks blocked (no
// connected ICE pair after Options.RelayAfter, ICE failed, the channel closed, or
// Options.DirectTimeout passed), for the relay alongside it. The first path to open is the
// connection and the other is let go: the host learns which one won from the one the hello
// arrives on (hostpaths.go), so nothing travels on both.
func (p *peerSide) firstPath(ctx context.Context, o Options, secret string, direct *dataChannelConn) (Conn, error) {
	after, limit := o.RelayAfter, o.DirectTimeout
	if after <= 0 {
		after = defaultRelayAfter
	}
	if limit <= 0 {
		limit = defaultDirectTimeout
	}
	// Both count from the offer: a page that made it before the app ran (earlyjoin_js.go) has
	// been waiting for a path since then.
	p.mu.Lock()
	waited := time.Since(p.offeredAt)
	p.mu.Unlock()
	quick, last := time.NewTimer(max(after-waited, 0)), time.NewTimer(max(limit-waited, 0))
	defer quick.Stop()
	defer last.Stop()
	stop := make(chan struct{})
	defer close(stop) // a relay handshake still waiting gives up once a path won

	var relayed chan relayResult // nil (never ready) until the relay starts
	startRelay := func(why string) {
		if relayed != nil {
			return
		}
		p.mu.Lock()
		p.relayWhy = why
		p.mu.Unlock()
		if o.OnRelay != nil {
			o.OnRelay()
		}
		relayed = make(chan relayResult, 1)
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			rc, err := p.openRelay(ctx, secret, stop)
			relayed <- relayResult{rc, err}
		}()
	}
	ended, failed := direct.ended, p.iceFailed
	for {
		select {
		case <-direct.opened:
			return direct, nil
		case r := <-relayed:
			if r.err != nil {
				return nil, r.err
			}
			p.mu.Lock()
			p.relay = r.rc
			pc := p.pc
			p.mu.Unlock()
			// The direct path lost: its PeerConnection goes, and the host closes its own
			// when the hello arrives on the relay.
			_ = direct.Close()
			_ = pc.Close()
			return r.rc, nil
		case <-ended:
			ended = nil
			startRelay(relayDirectEnded)
		case <-failed:
			failed = nil
			startRelay(relayICEFailed)
		case <-quick.C:
			if !iceConnected(p.pc.ICEConnectionState()) {
				startRelay(relayNoPair)
			}
		case <-last.C:
			startRelay(relayDirectTimeout)
		case <-ctx.Done():
			return nil, fmt.Errorf("session: connecting to the host: %w", ctx.Err())
		case <-p.away:
			return nil, errHostAway
		}
	}
}

func iceConnected(s webrtc.ICEConnectionState) bool {
	return s == webrtc.ICEConnectionStateConnected || s == webrtc.ICEConnectionStateCompleted
}

// watchICE notes when the attempt's ICE fails, which starts the relay at once.
func (p *peerSide) watchICE(pc *webrtc.PeerConnection) {
	pc.OnICEConnectionStateChange(func(s webrtc.ICEConnectionState) {
		if s == webrtc.ICEConnectionStateFailed {
			p.iceFailOnce.Do(func() { close(p.iceFailed) })
		}
	})
}

// openRelay agrees on keys with the host through the signaling server and returns the sealed
// relay connection, not yet in use. It gives up when stop is closed (the direct path won).
func (p *peerSide) openRelay(ctx context.Context, secret string, stop <-chan struct{}) (*relayConn, error) {
	handshake, hello, err := relay.PeerStart(secret)
	if err != nil {
		return nil, err
	}
	if err := p.sig.sendData("", signalData{Relay: &relay.Frame{Hello: &hello}}); err != nil {
		return nil, fmt.Errorf("session: starting the relay: %w", err)
	}
	var answer relay.Hello
	select {
	case answer = <-p.relayHello:
	case <-stop:
		return nil, errRelayStopped
	case <-p.away:
		return nil, errHostAway
	case <-ctx.Done():
		return nil, fmt.Errorf("session: waiting for the host's relay key: %w", ctx.Err())
	}
	link, err := handshake.Finish(answer)
	if err != nil {
		return nil, err
	}
	return newRelayConn(link, func(f relay.Frame) error {
		return p.sig.sendData("", signalData{Relay: &f})
	}, nil), nil
}
