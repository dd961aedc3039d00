package session

import (
	"slices"
	"strings"
	"time"

	"github.com/pion/webrtc/v4"
)

// reanswer answers a peer's new offer on its existing PeerConnection: the peer restarts ICE
// (new credentials, new candidates) and its data channel lives on. Only a link whose channel
// is open can be restarted, only by its own peer (the signaling server tags who sent what,
// and links are kept by that tag), and only with the DTLS identity the link was made with;
// anything else changes nothing. Only the signal loop calls it, like answer.
func (h *HostSession) reanswer(l *peerLink, offer webrtc.SessionDescription) error {
	h.mu.Lock()
	pc, conn, relayed := l.pc, l.conn, l.relay != nil
	live := !h.done && h.links[l.id] == l
	h.mu.Unlock()
	if !live || conn == nil || relayed {
		return errNoLinkToRestart
	}
	select {
	case <-conn.ended:
		return errNoLinkToRestart
	default:
	}
	current := pc.CurrentRemoteDescription()
	if current == nil || !slices.Equal(dtlsFingerprints(current.SDP), dtlsFingerprints(offer.SDP)) {
		return errNewIdentity
	}
	answer, err := l.answerOffer(pc, offer)
	if err != nil {
		return err
	}
	// The offer is the peer's sign of life: its silent connection is not dropped (hostwatch.go)
	// while the new path is being found.
	h.core.heardFrom(conn)
	h.mu.Lock()
	l.restarts++
	h.mu.Unlock()
	return h.signal().sendData(l.id, signalData{SDP: wireSDP(answer)})
}

// refuseRestart tells peer id that its offer changed nothing, so it makes a new connection
// at once instead of waiting for a restart that will not come.
func (h *HostSession) refuseRestart(id string, why error) {
	h.log.Info("session: ICE restart refused", "peer", id, "err", why)
	_ = h.signal().sendData(id, signalData{Refused: "The host could not restart this connection: " + why.Error() + "."})
}

// dtlsFingerprints lists the a=fingerprint values of an SDP, sorted: who the DTLS peer is.
func dtlsFingerprints(sdp string) []string {
	var out []string
	for line := range strings.Lines(sdp) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "a=fingerprint:"); ok {
			out = append(out, strings.ToLower(strings.TrimSpace(v)))
		}
	}
	slices.Sort(out)
	return out
}

// heardFrom notes a sign of life from conn's peer that did not come over conn itself.
func (h *hostCore) heardFrom(conn Conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for hc := range h.conns {
		if hc.conn == conn || underlying(hc.conn) == conn {
			hc.heard.Store(time.Now().UnixNano())
		}
	}
}
