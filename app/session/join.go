package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/pion/webrtc/v4"
)

// ErrUnknownRoom is wrapped by the errors of Join and Host for a bad or expired room code.
var ErrUnknownRoom = errors.New("unknown or expired room code")

// maxRoomCodeLen bounds what Join sends the server as a room code.
const maxRoomCodeLen = 16

// Join connects a player to a room. secret is "" when the player typed the code by hand.
// It returns once the host has seated the player (after its welcome); the first updates are
// Status "online" and the first view.
//
// The secret is kept for the relay's end-to-end key agreement (issue 7); a direct data
// channel is already encrypted end to end by DTLS.
func Join(ctx context.Context, o Options, room, secret string) (*Client, error) {
	code, err := normalizeRoomCode(room)
	if err != nil {
		return nil, err
	}
	sig, err := dialSignal(ctx, o.SignalURL)
	if err != nil {
		return nil, err
	}
	p := &peerSide{sig: sig}
	c, err := p.join(ctx, o, code)
	if err != nil {
		if p.client != nil {
			p.client.Close() // runs p.close too
		} else {
			p.close()
		}
		return nil, err
	}
	return c, nil
}

// normalizeRoomCode accepts what a person may type: lower case, spaces or dashes between
// groups of characters.
func normalizeRoomCode(room string) (string, error) {
	code := strings.ToUpper(strings.NewReplacer(" ", "", "-", "", "\t", "").Replace(room))
	if code == "" || len(code) > maxRoomCodeLen {
		return "", fmt.Errorf("%w: %q is not a room code", ErrUnknownRoom, room)
	}
	for _, r := range code {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return "", fmt.Errorf("%w: %q is not a room code (letters and digits only)", ErrUnknownRoom, room)
		}
	}
	return code, nil
}

// peerSide is what a joining player runs besides its Client: the signaling socket and the
// PeerConnection to the host (the player makes the offer and the data channel).
type peerSide struct {
	sig    *signalClient
	pc     *webrtc.PeerConnection
	gate   candidateGate
	client *Client

	mu         sync.Mutex
	offerSent  bool
	earlyCands []webrtc.ICECandidateInit // gathered before the offer went out
	wg         sync.WaitGroup
	closeOnce  sync.Once
}

func (p *peerSide) join(ctx context.Context, o Options, code string) (*Client, error) {
	if err := p.sig.send(signalMsg{T: sigJoin, Room: code}); err != nil {
		return nil, fmt.Errorf("session: asking to join: %w", err)
	}
	m, err := p.sig.await(ctx)
	if err != nil {
		return nil, fmt.Errorf("session: asking to join: %w", err)
	}
	switch {
	case m.T == sigError && m.Code == sigCodeUnknownRoom:
		return nil, fmt.Errorf("%w %s: %s", ErrUnknownRoom, code, m.Msg)
	case m.T == sigError:
		return nil, fmt.Errorf("session: cannot join %s: %s (%s)", code, m.Msg, m.Code)
	case m.T != sigJoined:
		return nil, fmt.Errorf("session: unexpected answer %q to joining %s", m.T, code)
	}

	pc, err := newPeerConnection(o)
	if err != nil {
		return nil, fmt.Errorf("session: creating the connection: %w", err)
	}
	p.pc = pc
	pc.OnICECandidate(p.localCandidate)
	dc, err := pc.CreateDataChannel(channelLabel, nil) // ordered and reliable by default
	if err != nil {
		return nil, fmt.Errorf("session: creating the data channel: %w", err)
	}
	conn := newDataChannelConn(dc, nil)
	p.client = newClient(conn, p.close)
	p.client.peer = p
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if s == webrtc.PeerConnectionStateFailed {
			// The host is unreachable; the client learns it from the closed channel.
			go conn.Close()
		}
	})

	offer, err := pc.CreateOffer(nil)
	if err != nil {
		return nil, fmt.Errorf("session: creating the offer: %w", err)
	}
	if err := pc.SetLocalDescription(offer); err != nil {
		return nil, fmt.Errorf("session: setting the offer: %w", err)
	}
	if err := p.sig.sendData("", signalData{SDP: &offer}); err != nil {
		return nil, fmt.Errorf("session: sending the offer: %w", err)
	}
	p.flushEarlyCandidates()

	p.wg.Add(1)
	go p.pump()

	select {
	case <-conn.opened:
	case <-conn.ended:
		return nil, errors.New("session: the connection to the host closed while opening")
	case <-ctx.Done():
		return nil, fmt.Errorf("session: connecting to the host: %w", ctx.Err())
	}
	if err := p.client.hello(ctx, o.hello()); err != nil {
		return nil, err
	}
	return p.client, nil
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

// pump handles what the signaling server says after joining: the host's answer and
// candidates, and the host's presence.
func (p *peerSide) pump() {
	defer p.wg.Done()
	for m := range p.sig.in {
		switch m.T {
		case sigFrom:
			d, err := decodeSignalData(m.Data)
			if err != nil {
				continue
			}
			if d.Candidate != nil {
				_ = p.gate.add(*d.Candidate)
			} else if d.SDP.Type == webrtc.SDPTypeAnswer {
				if err := p.gate.setRemote(p.pc, *d.SDP); err != nil {
					p.client.notify(Update{Notice: "The host's connection details could not be used: " + err.Error()})
				}
			}
		case sigHostAway:
			if p.client.farewell.Load() {
				continue // the host already said it ended the game
			}
			p.client.notify(Update{Notice: "The host is away; the game waits for them."})
		case sigHostBack:
			p.client.notify(Update{Notice: "The host is back."})
		case sigError:
			p.client.notify(Update{Notice: "The signaling server said: " + m.Msg})
		}
	}
}

// close ends the signaling socket, the PeerConnection and the pump. The Client calls it
// from Close; Join calls it when joining fails.
func (p *peerSide) close() {
	p.closeOnce.Do(func() {
		p.sig.close()
		if p.client != nil {
			_ = p.client.conn.Close()
		}
		if p.pc != nil {
			_ = p.pc.Close()
		}
	})
	p.wg.Wait()
}
