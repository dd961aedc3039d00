package session

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/pion/webrtc/v4"
)

// defaultRestartTimeout bounds an ICE restart when Options.RestartTimeout is zero: long
// enough for new candidates, the connectivity checks and the data channel's retransmissions
// (their backoff is capped at 3 s, see rtc_native.go), short enough that a restart that
// cannot work soon gives way to a new connection.
const defaultRestartTimeout = 8 * time.Second

// restartable is a connection that can be repaired in place: a direct WebRTC connection
// restarts ICE on its PeerConnection, and its data channel, with whatever is queued on it,
// lives on. The relay and the host's pipe are not restartable.
type restartable interface {
	Conn
	// canRestart reports whether a restart can work at all: a direct channel, its signaling
	// socket still open and the host not away.
	canRestart() bool
	// restartICE sends the host a new offer with fresh ICE credentials and candidates.
	restartICE() error
	// restartLost is closed once no restart can work any more (the socket ended, the host
	// went away).
	restartLost() <-chan struct{}
	// onTrouble registers what runs when the PeerConnection reports disconnected (false) or
	// failed (true).
	onTrouble(func(failed bool))
}

// watchPath lets conn's PeerConnection tell the client when its path is in trouble.
func (c *Client) watchPath(conn Conn) {
	r, ok := conn.(restartable)
	if !ok {
		return
	}
	r.onTrouble(func(failed bool) {
		c.sendMu.Lock()
		welcomed := c.ready || c.mending == conn
		c.sendMu.Unlock()
		if failed || welcomed {
			c.suspect(conn)
		}
		// A brief disconnect before the welcome: the heartbeat decides.
	})
}

// suspect runs when conn looks dead or degraded (heartbeat silence, no answer to a check,
// its PeerConnection disconnected or failed). A welcomed direct connection first gets an ICE
// restart, unless the host has surely dropped it by now (a phone that slept long); anything
// else is closed, and the read loop makes a new connection. While a restart of conn runs,
// further suspicion (a "failed" state included) waits for its outcome.
func (c *Client) suspect(conn Conn) {
	r, ok := conn.(restartable)
	c.sendMu.Lock()
	if c.mending == conn || c.current() != conn {
		c.sendMu.Unlock()
		return
	}
	if !ok || !c.ready || !r.canRestart() || c.hostGaveUp() {
		c.sendMu.Unlock()
		_ = conn.Close()
		return
	}
	c.mu.Lock()
	if c.closing.Load() {
		c.mu.Unlock()
		c.sendMu.Unlock()
		return
	}
	c.wg.Add(1) // under mu, where Close sets closing: never after Close began waiting
	c.mu.Unlock()
	c.mending = conn
	c.ready = false // intents wait in the outbox until the host is heard again
	c.probes++
	c.probe = fmt.Sprintf("restart-%d", c.probes)
	c.probed = make(chan struct{})
	probe, probed := c.probe, c.probed
	c.sendMu.Unlock()
	go c.mend(r, probe, probed)
}

// hostGaveUp reports a silence long enough that the host has dropped this connection
// (hostwatch.go): a restart would find nothing to restart. It assumes the host's heartbeat
// is this client's, as in the app. Were they different, a wrong guess costs only time, never
// the seat: a restart offer for a link the host dropped is refused at once (reanswer), and a
// new connection made while the old one lived takes its seat over with the token.
func (c *Client) hostGaveUp() bool {
	return time.Since(time.Unix(0, c.lastHeard.Load())) > silentAfter*c.retry.heartbeat
}

// mend restarts ICE on conn and waits for the host to answer a ping sent after the restart:
// then the connection is back, with no new hello, and the intents the host has not
// acknowledged go out again (the host ignores the seqs it already handled). When the restart
// cannot be made, the host stays silent for Options.RestartTimeout, or the signaling socket
// ends, conn is closed and the read loop falls back to a new connection with the token.
func (c *Client) mend(conn restartable, probe string, probed <-chan struct{}) {
	defer c.wg.Done()
	c.notify(Update{Status: StatusReconnecting})
	err := conn.restartICE()
	if err == nil {
		var ping []byte
		if ping, err = encodeEnvelope(TypePing, 0, probe); err == nil {
			err = conn.Send(ping) // queued on the channel until the new path carries it
		}
	}
	if err == nil {
		timer := time.NewTimer(c.retry.restart)
		defer timer.Stop()
		select {
		case <-probed:
			if c.mended(conn) {
				c.restarts.Add(1)
				c.notify(Update{Status: StatusOnline})
				return
			}
		case <-timer.C:
		case <-conn.restartLost():
		case <-c.done:
		}
	}
	c.sendMu.Lock()
	if c.mending == conn {
		c.mending = nil
	}
	c.sendMu.Unlock()
	_ = conn.Close()
}

// mended ends a successful restart of conn: what the host has not acknowledged goes out
// again, in order, and new intents flow. It reports false when conn is no longer the one
// being restarted (it was closed and replaced meanwhile).
func (c *Client) mended(conn Conn) bool {
	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	if c.mending != conn {
		return false
	}
	c.mending = nil
	for _, o := range c.outbox {
		_ = conn.Send(o.msg)
	}
	c.ready = true
	return true
}

// heardPong checks a pong against the running restart's probe.
func (c *Client) heardPong(conn Conn, body json.RawMessage) {
	var p Pong
	var echo string
	if json.Unmarshal(body, &p) != nil || json.Unmarshal(p.Echo, &echo) != nil {
		return
	}
	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	if c.mending == conn && c.probe != "" && echo == c.probe {
		c.probe = ""
		close(c.probed)
	}
}

// restartCount counts the ICE restarts that brought this client's connection back without a
// new connection.
func (c *Client) restartCount() int { return int(c.restarts.Load()) }

// peerConn is restartable while its attempt is direct.

func (c *peerConn) canRestart() bool             { return c.p.canRestart() }
func (c *peerConn) restartICE() error            { return c.p.restartICE() }
func (c *peerConn) restartLost() <-chan struct{} { return c.p.lost }
func (c *peerConn) onTrouble(f func(failed bool)) {
	c.p.mu.Lock()
	c.p.trouble = f
	c.p.mu.Unlock()
}

func (p *peerSide) canRestart() bool {
	p.mu.Lock()
	direct := p.pc != nil && p.relay == nil
	p.mu.Unlock()
	select {
	case <-p.lost:
		return false
	default:
		return direct
	}
}

// restartICE makes a new offer with ICE restart on the existing PeerConnection and sends it
// to the host. The new candidates wait until the offer is out, and the host's new candidates
// wait for its new answer (pion gathers as soon as the offer is made).
func (p *peerSide) restartICE() error {
	p.mu.Lock()
	pc, relayed := p.pc, p.relay != nil
	if relayed || pc == nil {
		p.mu.Unlock()
		return errRelayed
	}
	p.offerSent = false
	p.mu.Unlock()
	select {
	case <-p.lost:
		return errSignalGone
	default:
	}
	p.gate.rearm()
	offer, err := pc.CreateOffer(&webrtc.OfferOptions{ICERestart: true})
	if err != nil {
		return fmt.Errorf("session: creating the restart offer: %w", err)
	}
	if err := pc.SetLocalDescription(offer); err != nil {
		return fmt.Errorf("session: setting the restart offer: %w", err)
	}
	if err := p.sig.sendData("", signalData{SDP: wireSDP(offer), Restart: true}); err != nil {
		return fmt.Errorf("session: sending the restart offer: %w", err)
	}
	p.flushEarlyCandidates()
	return nil
}

// pathTrouble runs on the PeerConnection's disconnected and failed states. Once the client
// watches the connection, it decides (a restart first); before that, during the first
// connect, a failed connection simply ends the attempt.
func (p *peerSide) pathTrouble(s webrtc.PeerConnectionState, conn Conn) {
	p.mu.Lock()
	trouble := p.trouble
	p.mu.Unlock()
	switch {
	case trouble != nil:
		go trouble(s == webrtc.PeerConnectionStateFailed)
	case s == webrtc.PeerConnectionStateFailed:
		go conn.Close()
	}
}

// markLost closes lost once: the signaling socket ended or the host went away, so no restart
// offer can reach the host's PeerConnection any more.
func (p *peerSide) markLost() { p.lostOnce.Do(func() { close(p.lost) }) }
