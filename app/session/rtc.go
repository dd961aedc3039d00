package session

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/relay"
)

// channelLabel names the one data channel each peer opens to the host.
const channelLabel = "safehouse"

// signalData is what host and peer put in the opaque `data` of signaling `to`/`from`
// messages: an SDP offer or answer, one trickled ICE candidate, one frame of the
// end-to-end encrypted relay (relay.go), or the host's refusal of an ICE restart.
type signalData struct {
	SDP       *sessionDescription      `json:"sdp,omitempty"`
	Candidate *webrtc.ICECandidateInit `json:"candidate,omitempty"`
	Relay     *relay.Frame             `json:"relay,omitempty"`
	// Refused is the host's answer to an offer it will not act on (an ICE restart of a link
	// it no longer has, or that does not match it): why, in a sentence. The peer stops
	// waiting for that restart and makes a new connection.
	Refused string `json:"refused,omitempty"`
	// Restart marks an offer that restarts ICE on a connection the peer already has. A host
	// that has no such connection (a tab that reloaded and reclaimed the room, for instance)
	// refuses it at once instead of answering it as a first offer the peer cannot use.
	Restart bool `json:"restart,omitempty"`
}

// sessionDescription is a webrtc.SessionDescription as it travels: {"type":"offer","sdp":"..."}.
// It is a type of our own because encoding/json, reflecting over pion's (which holds a parsed
// *sdp.SessionDescription), would keep all of pion/sdp in app.wasm (about 10 KB after brotli).
type sessionDescription struct {
	Type webrtc.SDPType `json:"type"`
	SDP  string         `json:"sdp"`
}

func wireSDP(sd webrtc.SessionDescription) *sessionDescription {
	return &sessionDescription{Type: sd.Type, SDP: sd.SDP}
}

func (sd sessionDescription) webrtc() webrtc.SessionDescription {
	return webrtc.SessionDescription{Type: sd.Type, SDP: sd.SDP}
}

func decodeSignalData(raw json.RawMessage) (signalData, error) {
	var d signalData
	if err := json.Unmarshal(raw, &d); err != nil {
		return signalData{}, fmt.Errorf("signaling data is not valid JSON: %w", err)
	}
	held := 0
	for _, present := range []bool{d.SDP != nil, d.Candidate != nil, d.Relay != nil, d.Refused != ""} {
		if present {
			held++
		}
	}
	if held != 1 {
		return signalData{}, fmt.Errorf("signaling data must hold exactly one of sdp, candidate, relay or refused")
	}
	if d.Restart && (d.SDP == nil || d.SDP.Type != webrtc.SDPTypeOffer) {
		return signalData{}, fmt.Errorf("only an offer can restart ICE")
	}
	if d.Relay != nil {
		if err := relay.Check(*d.Relay, MaxMessageBytes); err != nil {
			return signalData{}, err
		}
	}
	return d, nil
}

func newRTCConfiguration(o Options) webrtc.Configuration {
	var cfg webrtc.Configuration
	if len(o.ICEServers) > 0 {
		cfg.ICEServers = []webrtc.ICEServer{{URLs: o.ICEServers}}
	}
	return cfg
}

// candidateGate holds remote ICE candidates until the remote description is set: they may
// arrive first, since each side trickles candidates as soon as it gathers them.
type candidateGate struct {
	mu        sync.Mutex
	pc        *webrtc.PeerConnection
	remoteSet bool
	pending   []webrtc.ICECandidateInit
}

func (g *candidateGate) add(c webrtc.ICECandidateInit) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.pc == nil || !g.remoteSet {
		if len(g.pending) >= maxPendingCandidates {
			return fmt.Errorf("too many ICE candidates before the session description")
		}
		g.pending = append(g.pending, c)
		return nil
	}
	return g.pc.AddICECandidate(c)
}

// setRemote applies the remote description, then the candidates that waited for it.
func (g *candidateGate) setRemote(pc *webrtc.PeerConnection, sd webrtc.SessionDescription) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pc = pc
	if err := pc.SetRemoteDescription(sd); err != nil {
		return err
	}
	g.remoteSet = true
	for _, c := range g.pending {
		if err := pc.AddICECandidate(c); err != nil {
			return err
		}
	}
	g.pending = nil
	return nil
}

// setElsewhere notes that pc's remote description was applied already, by an invite's page
// before the app ran (earlyjoin_js.go): the host's candidates from here go straight to pc.
func (g *candidateGate) setElsewhere(pc *webrtc.PeerConnection) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pc, g.remoteSet = pc, true
}

// maxPendingCandidates bounds what one peer can make the host hold before its offer.
const maxPendingCandidates = 64

// rearm makes the gate hold remote candidates again until the next remote description: after
// an ICE restart offer, the host's new candidates belong to its coming answer.
func (g *candidateGate) rearm() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.remoteSet = false
}
