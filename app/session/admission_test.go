package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The tests here drive admission through in-memory pipes: a connection accepted with
// acceptRemote is a remote player whose transport proved nothing, like a data channel
// whose hello has no proof.

// knockRaw connects a remote player that proved nothing and says hello by hand.
func knockRaw(t *testing.T, h *hostCore, name string) rawConn {
	t.Helper()
	hostEnd, end := Pipe()
	h.acceptRemote(hostEnd, false, nil)
	t.Cleanup(func() { end.Close() })
	r := rawConn{t, end}
	r.send(fmt.Sprintf(`{"v":1,"t":"hello","body":{"name":%q}}`, name))
	return r
}

// nextWaiting reads the host's waiting message.
func (r rawConn) nextWaiting() Waiting {
	r.t.Helper()
	env := r.next()
	var w Waiting
	if env.T != TypeWaiting || json.Unmarshal(env.Body, &w) != nil || w.Msg == "" {
		r.t.Fatalf("got %s %s, want a waiting message", env.T, env.Body)
	}
	return w
}

// closed reports whether the host closed r (after what it already sent was read).
func (r rawConn) closed() bool {
	_, err := r.conn.Receive()
	return err != nil
}

// waitingNames lists who waits for the host, as the host has it now.
func (h *hostCore) waitingNames() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return waitingNames(View{Waiting: h.waitingLocked()})
}

func waitingNames(v View) []string {
	var out []string
	for _, k := range v.Waiting {
		out = append(out, k.Name)
	}
	return out
}

func send(t *testing.T, c *Client, kind string, target int) {
	t.Helper()
	if err := c.Send(Intent{Kind: kind, Target: &target}); err != nil {
		t.Fatal(err)
	}
}

// letInWhenWaiting is an Options.OnWaiting that has the host let the waiting player named
// name in, as the host's person would from the banner.
func letInWhenWaiting(host *HostSession, name string) func() {
	return func() {
		for _, k := range host.Waiting() {
			if k.Name == name {
				id := k.ID
				_ = host.Player().Send(Intent{Kind: KindAdmit, Target: &id})
			}
		}
	}
}

// A player who typed the code waits; only the host sees it waiting; once let in it is
// seated exactly as an invited player is (welcome, token, view), and before that it sees
// no view at all.
func TestTypedCodePlayerWaitsForTheHost(t *testing.T) {
	h := newTestCore(t)
	host, hw := mustSeat(t, h, "Hana", "", true)
	_, bw := mustSeat(t, h, "Bob", "", false)
	hw.waitView(t, "Bob seated", func(v View) bool { return len(v.Players) == 2 })

	ann := knockRaw(t, h, "  Ann ")
	w := ann.nextWaiting()
	hv := hw.waitView(t, "Ann waiting", func(v View) bool { return len(v.Waiting) == 1 })
	if got := hv.Waiting[0]; got != (Knock{ID: w.ID, Name: "Ann"}) {
		t.Fatalf("the host lists %+v, want id %d and the cleaned name", got, w.ID)
	}
	if len(hv.Players) != 2 {
		t.Fatalf("a waiting player took a seat: %v", names(hv))
	}
	bv := bw.waitView(t, "the same state", func(v View) bool { return v.State == hv.State })
	if bv.Waiting != nil {
		t.Errorf("a non-host seat was told who waits: %+v", bv.Waiting)
	}

	send(t, host, KindAdmit, w.ID)
	env := ann.next()
	var welcome Welcome
	if env.T != TypeWelcome || json.Unmarshal(env.Body, &welcome) != nil {
		t.Fatalf("after the host let her in Ann got %s %s, want her welcome first", env.T, env.Body)
	}
	if welcome.Seat != 2 || len(welcome.Token) != 22 {
		t.Errorf("welcome %+v: want seat 2 and a 128-bit token", welcome)
	}
	v := ann.nextView()
	if v.You != 2 || len(v.Players) != 3 || v.Players[2].Name != "Ann" || v.Waiting != nil {
		t.Errorf("Ann's first view: you %d, players %v, waiting %v", v.You, names(v), v.Waiting)
	}
	hw.waitView(t, "Ann seated, nobody waiting", func(v View) bool { return len(v.Players) == 3 && len(v.Waiting) == 0 })

	// Seated now, she plays like anyone: her rename goes through.
	ann.send(`{"v":1,"t":"intent","seq":1,"body":{"kind":"rename","name":"Ann B"}}`)
	if v := ann.nextView(); v.Players[2].Name != "Ann B" {
		t.Errorf("Ann's rename after admission: %v", names(v))
	}
}

// Turned away: the player gets a refusal with its code and is closed; the seats do not change.
func TestTurnedAwayPlayerIsRefusedAndClosed(t *testing.T) {
	h := newTestCore(t)
	host, hw := mustSeat(t, h, "Hana", "", true)
	ann := knockRaw(t, h, "Ann")
	w := ann.nextWaiting()
	hw.waitView(t, "Ann waiting", func(v View) bool { return len(v.Waiting) == 1 })
	before := h.players()

	send(t, host, KindTurnAway, w.ID)
	if _, ref := ann.nextRefusal(); ref.Code != CodeTurnedAway {
		t.Fatalf("Ann was told %+v, want %s", ref, CodeTurnedAway)
	}
	if !ann.closed() {
		t.Fatal("the turned-away connection stays open")
	}
	v := hw.waitView(t, "nobody waiting", func(v View) bool { return len(v.Waiting) == 0 })
	if after := h.players(); len(after) != len(before) || len(v.Players) != 1 {
		t.Errorf("seats changed: %+v, before %+v", after, before)
	}
	// The same id is stale now.
	send(t, host, KindAdmit, w.ID)
	if n := hw.waitNotices(t, 1); n.Code != CodeNotWaiting {
		t.Errorf("admitting a turned-away id: %q (%s), want %s", n.Notice, n.Code, CodeNotWaiting)
	}
}

// Only the host answers a knock: the same intent from another seat, an unknown id or a
// malformed one is refused to its sender only and changes nothing.
func TestAdmissionFromAnyoneButTheHostIsRefused(t *testing.T) {
	h := newTestCore(t)
	host, hw := mustSeat(t, h, "Hana", "", true)
	bob, bw := mustSeat(t, h, "Bob", "", false)
	ann := knockRaw(t, h, "Ann")
	w := ann.nextWaiting()
	hw.waitView(t, "Ann waiting", func(v View) bool { return len(v.Waiting) == 1 })
	state := h.stateNumber()

	send(t, bob, KindAdmit, w.ID)
	send(t, bob, KindTurnAway, w.ID)
	for i := 1; i <= 2; i++ {
		if n := bw.waitNotices(t, i); n.Code != CodeNotHost {
			t.Errorf("Bob's admission %d: %q (%s), want %s", i, n.Notice, n.Code, CodeNotHost)
		}
	}
	send(t, host, KindAdmit, w.ID+100)
	if err := host.Send(Intent{Kind: KindAdmit}); err != nil {
		t.Fatal(err)
	}
	if n := hw.waitNotices(t, 1); n.Code != CodeNotWaiting {
		t.Errorf("an unknown id: %q (%s), want %s", n.Notice, n.Code, CodeNotWaiting)
	}
	if n := hw.waitNotices(t, 2); n.Code != CodeBadIntent {
		t.Errorf("no id: %q (%s), want %s", n.Notice, n.Code, CodeBadIntent)
	}
	// The waiting player cannot act, nor say hello twice.
	ann.send(`{"v":1,"t":"intent","seq":1,"body":{"kind":"rename","name":"Queen"}}`)
	if _, ref := ann.nextRefusal(); ref.Code != CodeWaiting {
		t.Errorf("an intent while waiting: %+v, want %s", ref, CodeWaiting)
	}
	ann.send(`{"v":1,"t":"hello","body":{"name":"Ann"}}`)
	if _, ref := ann.nextRefusal(); ref.Code != CodeAgain {
		t.Errorf("a second hello while waiting: %+v, want %s", ref, CodeAgain)
	}
	if got := h.stateNumber(); got != state {
		t.Errorf("state moved from %d to %d", state, got)
	}
	if waiting := h.waitingNames(); len(waiting) != 1 || waiting[0] != "Ann" {
		t.Errorf("waiting now %v, want Ann still", waiting)
	}
	if players := h.players(); len(players) != 2 {
		t.Errorf("seats now %+v", players)
	}
}

// A waiting player whose connection ends leaves the host's list.
func TestWaitingPlayerWhoDropsLeavesTheList(t *testing.T) {
	h := newTestCore(t)
	_, hw := mustSeat(t, h, "Hana", "", true)
	ann := knockRaw(t, h, "Ann")
	ann.nextWaiting()
	bob := knockRaw(t, h, "Bob")
	bob.nextWaiting()
	hw.waitView(t, "two waiting", func(v View) bool { return len(v.Waiting) == 2 })
	ann.conn.Close()
	v := hw.waitView(t, "only Bob waiting", func(v View) bool { return len(v.Waiting) == 1 })
	if got := waitingNames(v); got[0] != "Bob" || len(v.Players) != 1 {
		t.Errorf("waiting %v, players %v", got, names(v))
	}
}

// At most maxWaiting players wait; the next one is refused with its code and closed, and a
// place frees up when one of them is let in.
func TestWaitingListIsCapped(t *testing.T) {
	h := newTestCore(t)
	host, hw := mustSeat(t, h, "Hana", "", true)
	var first Waiting
	for i := range maxWaiting {
		r := knockRaw(t, h, fmt.Sprintf("Guest %d", i+1))
		w := r.nextWaiting()
		if i == 0 {
			first = w
		}
	}
	extra := knockRaw(t, h, "One too many")
	if _, ref := extra.nextRefusal(); ref.Code != CodeTooManyWaiting || !strings.Contains(ref.Msg, "waiting") {
		t.Fatalf("the extra player got %+v, want %s", ref, CodeTooManyWaiting)
	}
	if !extra.closed() {
		t.Fatal("the extra player's connection stays open")
	}
	if got := h.waitingNames(); len(got) != maxWaiting {
		t.Fatalf("%d waiting, want %d", len(got), maxWaiting)
	}
	send(t, host, KindAdmit, first.ID)
	hw.waitView(t, "one let in", func(v View) bool { return len(v.Players) == 2 && len(v.Waiting) == maxWaiting-1 })
	late := knockRaw(t, h, "Late")
	late.nextWaiting()
	if got := h.waitingNames(); len(got) != maxWaiting || got[maxWaiting-1] != "Late" {
		t.Errorf("waiting %v, want the late one last", got)
	}
}

// The host's silence watch leaves waiting players alone (they may have put the phone down
// while they wait), but still drops a silent seated player.
func TestSilenceWatchSparesWaitingPlayers(t *testing.T) {
	h := newTestCore(t)
	_, hw := mustSeat(t, h, "Hana", "", true)
	mustSeat(t, h, "Bob", "", false)
	ann := knockRaw(t, h, "Ann")
	ann.nextWaiting()
	hw.waitView(t, "Ann waiting", func(v View) bool { return len(v.Waiting) == 1 && len(v.Players) == 2 })
	if got := h.dropSilent(0); got != 1 {
		t.Fatalf("dropped %d connections, want only Bob's", got)
	}
	hw.waitView(t, "Bob away", func(v View) bool { return len(v.Players) == 2 && !v.Players[1].Online })
	if got := h.waitingNames(); len(got) != 1 {
		t.Errorf("waiting after the sweep: %v, want Ann", got)
	}
}

// A resume token of a seat the host let in once needs no new approval, whatever the
// connection proves; an unknown token is refused as before, and does not wait either.
func TestResumeTokenNeedsNoNewApproval(t *testing.T) {
	h := newTestCore(t)
	mustSeat(t, h, "Hana", "", true)
	ann, aw := mustSeat(t, h, "Ann", "", false)
	token := ann.Token()
	ann.Close()
	<-aw.done

	hostEnd, end := Pipe()
	h.acceptRemote(hostEnd, false, nil)
	t.Cleanup(func() { end.Close() })
	r := rawConn{t, end}
	r.send(fmt.Sprintf(`{"v":1,"t":"hello","body":{"name":"Ann","token":%q}}`, token))
	if env := r.next(); env.T != TypeWelcome {
		t.Fatalf("a known token got %s %s, want a welcome", env.T, env.Body)
	}

	forged := knockRawHello(t, h, `{"name":"Eve","token":"AAAAAAAAAAAAAAAAAAAAAA"}`)
	if _, ref := forged.nextRefusal(); ref.Code != CodeUnknownSeat {
		t.Errorf("an unknown token: %+v, want %s", ref, CodeUnknownSeat)
	}
	if got := h.waitingNames(); len(got) != 0 {
		t.Errorf("waiting %v, want nobody", got)
	}
}

func knockRawHello(t *testing.T, h *hostCore, body string) rawConn {
	t.Helper()
	hostEnd, end := Pipe()
	h.acceptRemote(hostEnd, false, nil)
	t.Cleanup(func() { end.Close() })
	r := rawConn{t, end}
	r.send(`{"v":1,"t":"hello","body":` + body + `}`)
	return r
}

// An authenticated relay (its hello's HMAC proved the secret) and a connection whose hello
// carries a valid proof are seated at once; a proof that does not check waits.
func TestProvenConnectionsSitDownAtOnce(t *testing.T) {
	const offer = "v=0\r\na=fingerprint:sha-256 AA:BB\r\n"
	const answer = "v=0\r\na=fingerprint:sha-256 CC:DD\r\n"
	secret := newToken()
	check := func(proof string) bool { return checkChannelProof(secret, proof, offer, answer) }
	h := newTestCore(t)
	_, hw := mustSeat(t, h, "Hana", "", true)

	hostEnd, end := Pipe()
	h.acceptRemote(hostEnd, true, nil)
	t.Cleanup(func() { end.Close() })
	relayed := rawConn{t, end}
	relayed.send(`{"v":1,"t":"hello","body":{"name":"Relayed"}}`)
	if env := relayed.next(); env.T != TypeWelcome {
		t.Fatalf("an authenticated relay got %s, want a welcome", env.T)
	}

	for _, tc := range []struct {
		name, proof string
		seated      bool
	}{
		{"Proven", channelProof(secret, offer, answer), true},
		{"Wrong secret", channelProof("b3RoZXItc2VjcmV0LTU2Nzg5", offer, answer), false},
		{"Other offer", channelProof(secret, "a=fingerprint:sha-256 EE:FF", answer), false},
		{"Swapped", channelProof(secret, answer, offer), false},
		{"Garbage", "not-a-proof", false},
	} {
		hostEnd, end := Pipe()
		h.acceptRemote(hostEnd, false, check)
		t.Cleanup(func() { end.Close() })
		r := rawConn{t, end}
		r.send(fmt.Sprintf(`{"v":1,"t":"hello","body":{"name":%q,"proof":%q}}`, tc.name, tc.proof))
		got := r.next().T
		if want := map[bool]string{true: TypeWelcome, false: TypeWaiting}[tc.seated]; got != want {
			t.Errorf("%s: got %s, want %s", tc.name, got, want)
		}
	}
	v := hw.waitView(t, "everyone in place", func(v View) bool { return len(v.Waiting) == 4 && len(v.Players) == 3 })
	if got := waitingNames(v); strings.Join(got, ",") != "Wrong secret,Other offer,Swapped,Garbage" {
		t.Errorf("waiting %v", got)
	}
}

// The proof reads the fingerprints whatever the line endings, case, order or repeats, and
// binds the secret, both descriptions and which is which.
func TestChannelProof(t *testing.T) {
	const secret = "c2VjcmV0LXNlY3JldC0xMjM0"
	offer := "v=0\r\na=fingerprint:sha-256 AB:CD\r\nm=application 9\r\na=fingerprint:sha-256 AB:CD\r\n"
	sameOffer := "v=0\na=fingerprint:SHA-256  ab:cd\n"
	answer := "v=0\r\na=fingerprint:sha-256 12:34\r\n"
	proof := channelProof(secret, offer, answer)
	if proof == "" || !checkChannelProof(secret, proof, sameOffer, answer) {
		t.Fatalf("the proof %q does not check against the same fingerprints written differently", proof)
	}
	for _, tc := range []struct {
		name                  string
		secret, offer, answer string
	}{
		{"another secret", "b3RoZXItc2VjcmV0LTU2Nzg5", offer, answer},
		{"another offer", secret, "a=fingerprint:sha-256 AB:CE", answer},
		{"another answer", secret, offer, "a=fingerprint:sha-256 12:35"},
		{"an extra fingerprint", secret, offer + "a=fingerprint:sha-256 FF:FF\r\n", answer},
		{"offer and answer swapped", secret, answer, offer},
	} {
		if checkChannelProof(tc.secret, proof, tc.offer, tc.answer) {
			t.Errorf("%s: the proof still checks", tc.name)
		}
	}
	if channelProof("", offer, answer) != "" || channelProof(secret, "v=0", answer) != "" {
		t.Error("a proof without a secret or without fingerprints")
	}
	if checkChannelProof(secret, "", "v=0", "v=0") {
		t.Error("an empty proof checks against descriptions without fingerprints")
	}
}

// FuzzChannelProof: any SDP text and proof are read without panicking, and a proof checks
// only against the descriptions it was made for.
func FuzzChannelProof(f *testing.F) {
	f.Add("a=fingerprint:sha-256 AB:CD", "a=fingerprint:sha-256 12:34", "proof")
	f.Add("v=0\r\n", "a=fingerprint:", "")
	const secret = "c2VjcmV0LXNlY3JldC0xMjM0"
	f.Fuzz(func(t *testing.T, offer, answer, proof string) {
		made := channelProof(secret, offer, answer)
		if made != "" && !checkChannelProof(secret, made, offer, answer) {
			t.Fatal("a proof does not check against its own descriptions")
		}
		if checkChannelProof(secret, proof, offer, answer) && proof != made {
			t.Fatal("a proof other than the one made checks")
		}
		if made != "" && !slices.Contains(sdpFingerprints(offer), "x y") &&
			checkChannelProof(secret, made, offer+"\na=fingerprint:x y", answer) {
			t.Fatal("a proof checks against another offer")
		}
	})
}

// errorsAsRefusal is the refusal code of a Join error, or "".
func errorsAsRefusal(err error) string {
	var r *RefusalError
	if errors.As(err, &r) {
		return r.Refusal.Code
	}
	return ""
}

// Letting someone in at a full table is refused to the host, with the reason; the player
// keeps waiting until the host makes room (a kick) or turns them away.
func TestAdmittingAtAFullTableKeepsThePlayerWaiting(t *testing.T) {
	h := newTestCore(t)
	host, hw := mustSeat(t, h, "Hana", "", true)
	for i := 1; i < MaxSeats; i++ {
		if _, err := seatAs(t, h, fmt.Sprintf("P%d", i), false); err != nil {
			t.Fatal(err)
		}
	}
	hw.waitView(t, "a full table", func(v View) bool { return len(v.Players) == MaxSeats })
	ann := knockRaw(t, h, "Ann")
	w := ann.nextWaiting()
	hw.waitView(t, "Ann waiting", func(v View) bool { return len(v.Waiting) == 1 })
	state := h.stateNumber()

	send(t, host, KindAdmit, w.ID)
	if n := hw.waitNotices(t, 1); n.Code != CodeJoinRefused || !strings.Contains(n.Notice, "full") {
		t.Fatalf("letting Ann in at a full table: %q (%s), want %s", n.Notice, n.Code, CodeJoinRefused)
	}
	if got := h.waitingNames(); !slices.Equal(got, []string{"Ann"}) || h.stateNumber() != state {
		t.Fatalf("after the refused admit: waiting %v, state %d (was %d); want Ann still waiting, nothing changed", got, h.stateNumber(), state)
	}

	// The host makes room; now Ann comes in.
	last := MaxSeats - 1
	if err := host.Send(Intent{Kind: KindKick, Target: &last}); err != nil {
		t.Fatal(err)
	}
	hw.waitView(t, "a seat free", func(v View) bool { return len(v.Players) == MaxSeats-1 })
	send(t, host, KindAdmit, w.ID)
	if env := ann.next(); env.T != TypeWelcome {
		t.Fatalf("after the kick Ann got %s %s, want her welcome", env.T, env.Body)
	}
	hw.waitView(t, "Ann seated", func(v View) bool { return len(v.Players) == MaxSeats && len(v.Waiting) == 0 })
}
