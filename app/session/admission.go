package session

import (
	"crypto/hmac"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"

	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/invite"
	"safehouse/wire"
)

// Admission: who sits down at once and who waits for the host.
//
// A player who came by link or QR holds the invite secret from the URL fragment, which no
// server sees, and proves it: on the relay with the hello's HMAC (relay.go), on a direct data
// channel with a proof in its hello (channelProof). Such a player is seated at once, as is
// the host's own player (and every player of a LocalHost). A player who typed the room code
// has no secret: its hello "knocks". It is told to wait (t:"waiting"), the host's own view
// lists it (View.Waiting), and the host lets it in (KindAdmit) or turns it away
// (KindTurnAway). A valid resume token needs no new approval: its seat was admitted once.

// maxWaiting bounds the players waiting for the host at once; one more is refused.
const maxWaiting = 8

// Intent kinds of the host's answer to a waiting player; Target is the Knock's ID.
const (
	KindAdmit    = "admit"     // host only: seat the waiting player Target
	KindTurnAway = "turn-away" // host only: refuse the waiting player Target and close it
)

// Refusal codes of admission.
const (
	CodeWaiting        = "waiting"          // an intent from a player the host has not let in yet
	CodeTurnedAway     = "turned-away"      // the host did not let this player in
	CodeTooManyWaiting = "too-many-waiting" // maxWaiting players already wait for the host
	CodeNotWaiting     = "not-waiting"      // admit or turn away of an ID nobody waits with
)

// TypeWaiting is the host's answer to a hello it does not seat yet: the player waits for
// the host to let it in. Its body is a Waiting.
const TypeWaiting = "waiting"

// Waiting is the body of a waiting envelope.
type Waiting struct {
	ID  int    `json:"id"`  // the knock's ID in the host's list
	Msg string `json:"msg"` // a sentence for people
}

// Knock is one player waiting for the host, as the host's own view lists it.
type Knock struct {
	ID int `json:"id"` // stable while it waits; never reused in this host's run
	// Name is the name its hello asked for, cleaned (CleanName); "" when that name was not
	// usable (the app shows a placeholder).
	Name      string `json:"name"`
	Spectator bool   `json:"spectator,omitempty"`
}

// knock is a waiting connection's hello, kept until the host decides.
type knock struct {
	Knock
	hello Envelope // said again, as if it just arrived, once the host lets it in
}

// unprovedWhy says why a hello did not prove the invite secret, for the host's log.
func unprovedWhy(hc *hostConn, hello Hello) string {
	switch {
	case hc.proof == nil:
		return "its path carries no proof (an unsigned relay: a typed code)"
	case hello.Proof == "":
		return "the hello carried no proof (a typed code)"
	default:
		return "its proof did not verify against this connection's descriptions"
	}
}

// knockLocked makes hc wait for the host, or refuses it when too many wait already. It
// returns the connections to close.
func (h *hostCore) knockLocked(hc *hostConn, env Envelope, hello Hello) []Conn {
	if len(h.waiting) >= maxWaiting {
		h.refuseLocked(hc, env.Seq, CodeTooManyWaiting,
			fmt.Sprintf("%d players are already waiting for the host: try again in a moment, or ask for the invite link.", maxWaiting))
		return []Conn{hc.conn}
	}
	h.nextKnock++
	name, err := wire.CleanName(hello.Name)
	if err != nil {
		name = ""
	}
	hc.knock = &knock{Knock: Knock{ID: h.nextKnock, Name: name, Spectator: hello.Spectator}, hello: env}
	h.waiting = append(h.waiting, hc)
	h.sendLocked(hc, TypeWaiting, 0, Waiting{ID: hc.knock.ID, Msg: "Waiting for the host to let you in."})
	h.changedLocked() // the host's view lists it
	return nil
}

// unknockLocked takes hc off the waiting list; it reports whether it was on it.
func (h *hostCore) unknockLocked(hc *hostConn) bool {
	i := slices.Index(h.waiting, hc)
	if i < 0 {
		return false
	}
	h.waiting = slices.Delete(h.waiting, i, i+1)
	return true
}

// waitingLocked lists the waiting players, oldest first, for the host's view.
func (h *hostCore) waitingLocked() []Knock {
	if len(h.waiting) == 0 {
		return nil
	}
	out := make([]Knock, len(h.waiting))
	for i, hc := range h.waiting {
		out[i] = hc.knock.Knock
	}
	return out
}

// admissionLocked handles the host's answer to a waiting player: admit seats it exactly as
// an invited hello would, turn-away refuses it and closes its connection. The waiting player
// is named by its Knock ID (Target); the one asking is the connection's seat, which must be
// the host's.
func (h *hostCore) admissionLocked(hc *hostConn, seq uint64, in Intent) (toClose []Conn) {
	if !hc.seat.host {
		h.refuseLocked(hc, seq, CodeNotHost, "Only the host can let players in or turn them away.")
		return nil
	}
	if in.Target == nil || in.Name != "" || in.To != nil || in.Game != nil {
		h.refuseLocked(hc, seq, CodeBadIntent, fmt.Sprintf("%q takes only the waiting player's id as its target", in.Kind))
		return nil
	}
	var target *hostConn
	for _, w := range h.waiting {
		if w.knock.ID == *in.Target {
			target = w
		}
	}
	if target == nil {
		h.refuseLocked(hc, seq, CodeNotWaiting, fmt.Sprintf("nobody waits with id %d any more", *in.Target))
		return nil
	}
	if full := h.noRoomLocked(target.knock.Spectator); in.Kind == KindAdmit && full != "" {
		// The player keeps waiting: the host may make room (kick someone) or turn them away.
		// The host hears CodeJoinRefused: CodeRoomFull would read as its own seat refused.
		h.refuseLocked(hc, seq, CodeJoinRefused, "Nobody more can come in now: "+full+".")
		return nil
	}
	h.unknockLocked(target)
	k := target.knock
	target.knock = nil
	if in.Kind == KindTurnAway {
		h.tellLocked(target, wire.TypeBlock)
		h.refuseLocked(target, k.hello.Seq, CodeTurnedAway, "The host did not let you in.")
		h.changedLocked()
		return []Conn{target.conn}
	}
	target.invited = true
	toClose = h.helloLocked(target, k.hello)
	if target.seat == nil {
		h.changedLocked() // not seated after all (its hello failed): the list still changed
	}
	return toClose
}

// proofLabel starts what a direct channel's invite proof signs.
const proofLabel = "safehouse/channel/v1/peer"

// channelProof is a joining peer's proof that it holds the invite secret, for the direct
// connection whose offer and answer are given: an HMAC keyed by the secret over a label and
// the DTLS fingerprints of both descriptions. A signaling server that rewrote either SDP (to
// sit in the middle) leaves the host with other fingerprints, so a proof it saw or moved
// does not verify there. "" when there is no secret or a description has no fingerprint.
func channelProof(secret, offerSDP, answerSDP string) string {
	offer, answer := sdpFingerprints(offerSDP), sdpFingerprints(answerSDP)
	if secret == "" || len(offer) == 0 || len(answer) == 0 {
		return ""
	}
	mac := invite.MAC(secret, proofLabel,
		[]byte(strings.Join(offer, "\n")), []byte{0}, []byte(strings.Join(answer, "\n")))
	return base64.RawURLEncoding.EncodeToString(mac)
}

// checkChannelProof verifies a proof against the descriptions the host has.
func checkChannelProof(secret, proof, offerSDP, answerSDP string) bool {
	want := channelProof(secret, offerSDP, answerSDP)
	return want != "" && hmac.Equal([]byte(proof), []byte(want))
}

// sdpFingerprints are the distinct `a=fingerprint:` values of an SDP, normalised (lower
// case, single spaces) and sorted, so that both sides read the same list from one
// description whatever its line endings or letter case.
func sdpFingerprints(sdp string) []string {
	var out []string
	for _, line := range strings.Split(sdp, "\n") {
		value, ok := strings.CutPrefix(strings.TrimSpace(line), "a=fingerprint:")
		if !ok {
			continue
		}
		fp := strings.ToLower(strings.Join(strings.Fields(value), " "))
		if fp != "" && !slices.Contains(out, fp) {
			out = append(out, fp)
		}
	}
	slices.Sort(out)
	return out
}

// describedSDPs returns the SDP text of pc's local and remote descriptions ("" when unset).
func describedSDPs(pc *webrtc.PeerConnection) (local, remote string) {
	if d := pc.LocalDescription(); d != nil {
		local = d.SDP
	}
	if d := pc.RemoteDescription(); d != nil {
		remote = d.SDP
	}
	return local, remote
}

// inviteProof is what a joining peer puts in its hello for this attempt's direct channel:
// the proof over the offer it made and the answer it received ("" without both, or without
// the secret). A browser fires the channel's open event before its setRemoteDescription
// has finished when the page is busy, with remoteDescription still null: a proof read from
// the PeerConnection was then empty, and the host made an invited player wait (issue 29).
func (p *peerSide) inviteProof(secret string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return channelProof(secret, p.offerSDP, p.answerSDP)
}

// proofGap says which description of this attempt lacks the DTLS fingerprint a proof signs
// ("" when neither does), for the console of a player that cannot prove the invite.
func (p *peerSide) proofGap() string {
	p.mu.Lock()
	offer, answer := p.offerSDP, p.answerSDP
	p.mu.Unlock()
	var gaps []string
	if len(sdpFingerprints(offer)) == 0 {
		gaps = append(gaps, fmt.Sprintf("the offer (%d bytes) has none", len(offer)))
	}
	if len(sdpFingerprints(answer)) == 0 {
		gaps = append(gaps, fmt.Sprintf("the answer (%d bytes) has none", len(answer)))
	}
	return strings.Join(gaps, "; ")
}

// hostProofCheck checks the proofs of the peer on pc (the host answered its offer).
func hostProofCheck(secret string, pc *webrtc.PeerConnection) func(proof string) bool {
	return func(proof string) bool {
		if proof == "" {
			return false
		}
		answer, offer := describedSDPs(pc)
		return checkChannelProof(secret, proof, offer, answer)
	}
}
