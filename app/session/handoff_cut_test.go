//go:build !js

package session

import (
	"errors"
	"fmt"
	"testing"
)

// A handoff cut at each step leaves exactly one host (APP-HOST-1): the tests below kill one
// side at each point, then check who hosts, that nobody else does, and that the game goes on.

// startHandOver starts ht's handoff to peers[i] and answers yes; it returns the channel that
// gets HandOver's error.
func (ht *handoffTable) startHandOver(t *testing.T, i int, answer bool) chan error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := ht.host.HandOver(ht.ctx, ht.peers[i].Seat())
		done <- err
	}()
	w := ht.watchers[i+1]
	w.until(t, "the host's question", func() bool { return len(w.asks) > 0 })
	if answer {
		_ = ht.peers[i].AnswerHandoff(w.asks[0].ID, true)
	}
	return done
}

// resumeFrom brings a host back from a store, as a reloaded tab does.
func (ht *handoffTable) resumeFrom(t *testing.T, store *MemoryStore) (*HostSession, error) {
	t.Helper()
	data, err := store.Load()
	if err != nil || data == nil {
		t.Fatalf("nothing saved to resume (%v)", err)
	}
	st, err := DecodeHostState(data)
	if err != nil {
		t.Fatal(err)
	}
	table, err := restoreVoteTable(st.Game)
	if err != nil {
		t.Fatal(err)
	}
	o := chaosOptions(ht.url, "")
	o.Store = store
	h, err := ResumeHost(ht.ctx, o, st, table)
	if err == nil {
		t.Cleanup(func() { h.Close() })
	}
	return h, err
}

// voteAndCheck has every player of clients vote once and checks the round completes for
// each, with its own card.
func (ht *handoffTable) voteAndCheck(t *testing.T, clients map[Seat]*Client) {
	t.Helper()
	watchers := map[Seat]*watcher{}
	for seat, c := range clients {
		watchers[seat] = ht.watcherOf(c)
		watchers[seat].waitView(t, fmt.Sprintf("seat %d seated again", seat), allOnline(len(clients)))
	}
	for _, c := range clients {
		if err := c.Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	for seat, w := range watchers {
		v := w.waitView(t, "the vote completed", func(v View) bool { return len(gameView(v).Results) == 1 })
		if g := gameView(v); g.Results[0] != len(clients) || g.Card != ht.cards[seat] {
			t.Errorf("seat %d: results %v, card %q; want [%d] and %q", seat, g.Results, g.Card, len(clients), ht.cards[seat])
		}
	}
}

// The host's device dies after asking: the yes goes nowhere, nobody takes the room, and the
// host's tab comes back from its save as the host.
func TestHandoffCutHostDiesAfterAsking_APP_HOST_1(t *testing.T) {
	ht := newHandoffTable(t, 2)
	done := ht.startHandOver(t, 0, false)
	ht.crash()
	_ = ht.peers[0].AnswerHandoff(ht.watchers[1].asks[0].ID, true)
	if err := <-done; !errors.Is(err, ErrClosed) {
		t.Errorf("HandOver of a host that died: %v, want ErrClosed", err)
	}
	host, err := ht.resumeFrom(t, ht.store)
	if err != nil {
		t.Fatalf("the host's tab coming back: %v", err)
	}
	ht.voteAndCheck(t, map[Seat]*Client{0: host.Player(), 1: ht.peers[0], 2: ht.peers[1]})
	if n := len(ht.watchers[1].hosts); n != 0 {
		t.Errorf("the asked device became a host %d times", n)
	}
}

// The asked device dies once the state arrived, before it took the room: the host takes its
// room back with a new claim and goes on, the moves made meanwhile applied once.
func TestHandoffCutTakerDiesWithTheState_APP_HOST_1(t *testing.T) {
	ht := newHandoffTable(t, 2)
	taker := ht.peers[0]
	taker.mu.Lock()
	taker.opts.handoffCut = func(step string, _ *HostSession) bool {
		if step != "state" {
			return false
		}
		// A vote from the other player while the host waits: held, applied once afterwards.
		_ = ht.peers[1].Send(vote(1))
		go taker.Close()
		return true
	}
	taker.mu.Unlock()
	claim := ht.host.Claim()
	done := ht.startHandOver(t, 0, true)
	if err := <-done; !errors.Is(err, ErrHandoffFailed) {
		t.Fatalf("HandOver to a device that died: %v, want ErrHandoffFailed", err)
	}
	if ht.host.Claim() == claim {
		t.Error("the host did not take its room back with a new claim")
	}
	ht.watchers[2].waitView(t, "the held vote applied", func(v View) bool { return gameView(v).Voted == 1 })
	if err := ht.host.Player().Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	ht.watchers[0].waitView(t, "the game going on", func(v View) bool { return gameView(v).Voted == 2 })
	if data, _ := ht.store.Load(); data == nil {
		t.Error("the host lost its save")
	}
}

// The asked device takes the room and dies before it says so: the server tells the old host
// its room is taken, so it forgets its state; the new host's tab comes back from its own save,
// and everyone, the old host as its seat, plays on there.
func TestHandoffCutTakerDiesHosting_APP_HOST_1(t *testing.T) {
	ht := newHandoffTable(t, 2)
	taker := ht.peers[0]
	takerStore := taker.opts.Store.(*MemoryStore)
	died := make(chan struct{})
	taker.mu.Lock()
	taker.opts.handoffCut = func(step string, h *HostSession) bool {
		if step != "hosting" {
			return false
		}
		h.crash()
		close(died)
		go taker.Close()
		return true
	}
	taker.mu.Unlock()
	token := ht.host.Player().Token()
	done := ht.startHandOver(t, 0, true)
	if err := <-done; err != nil {
		t.Fatalf("HandOver to a device that took the room: %v", err)
	}
	if data, _ := ht.store.Load(); data != nil {
		t.Error("the old host kept its state")
	}
	// The old host hears "reclaimed" from the server as soon as the taker registers, which
	// can be before the taker's first save: its tab comes back only after it died.
	select {
	case <-died:
	case <-ht.ctx.Done():
		t.Fatal("the taker never reached hosting")
	}
	host, err := ht.resumeFrom(t, takerStore)
	if err != nil {
		t.Fatalf("the new host's tab coming back: %v", err)
	}
	o := playerOptions(ht.url, "Hana")
	o.Token = token
	old, err := Join(ht.ctx, o, ht.host.Room(), ht.host.Secret())
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	ht.voteAndCheck(t, map[Seat]*Client{0: old, 1: host.Player(), 2: ht.peers[1]})
}

// The old host dies once its state is on the way: the asked device takes the room; the old
// host's tab, coming back, finds the room taken (ErrRoomTaken) and rejoins as its seat.
func TestHandoffCutHostDiesAfterSending_APP_HOST_1(t *testing.T) {
	ht := newHandoffTable(t, 2)
	taker := ht.peers[0]
	taker.mu.Lock()
	taker.opts.handoffCut = func(step string, _ *HostSession) bool {
		if step == "state" {
			ht.crash()
		}
		return false
	}
	taker.mu.Unlock()
	ht.startHandOver(t, 0, true)
	w := ht.watchers[1]
	var newHost *HostSession
	w.until(t, "the taker hosting", func() bool {
		if len(w.hosts) > 0 {
			newHost = w.hosts[0]
		}
		return newHost != nil
	})
	t.Cleanup(func() { newHost.Close() })
	if _, err := ht.resumeFrom(t, ht.store); !errors.Is(err, ErrRoomTaken) {
		t.Fatalf("the old host's tab coming back: %v, want ErrRoomTaken", err)
	}
	data, _ := ht.store.Load()
	st, _ := DecodeHostState(data)
	o := playerOptions(ht.url, "Hana")
	o.Token = st.Seats[0].Token
	old, err := Join(ht.ctx, o, st.Room, st.Secret)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	ht.voteAndCheck(t, map[Seat]*Client{0: old, 1: newHost.Player(), 2: ht.peers[1]})
}

// Bad input: a "taken" or an answer with no handoff under way (a replayed one), and one from
// another seat than the asked one, are refused to their sender and change nothing.
func TestHandoffRepliesOutOfTurnAreRefused_APP_HOST_1(t *testing.T) {
	ht := newHandoffTable(t, 2)
	before := ht.host.State()
	send := func(c *Client, typ, id string) {
		msg, err := encodeEnvelope(typ, 0, handoffAnswer{ID: id, Yes: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.current().Send(msg); err != nil {
			t.Fatal(err)
		}
	}
	send(ht.peers[0], TypeHandoffTaken, "replayed")
	send(ht.peers[0], TypeHandoffAnswer, "replayed")
	w := ht.watchers[1]
	w.until(t, "two refusals", func() bool { return countCode(w.notices, CodeNoHandoff) == 2 })

	// During a real handoff to peers[0], peers[1] answering and "taking" is refused too.
	done := make(chan error, 1)
	go func() {
		_, err := ht.host.HandOver(ht.ctx, ht.peers[0].Seat())
		done <- err
	}()
	ht.watchers[1].until(t, "the question", func() bool { return len(ht.watchers[1].asks) > 0 })
	id := ht.watchers[1].asks[0].ID
	send(ht.peers[1], TypeHandoffTaken, id)
	send(ht.peers[1], TypeHandoffAnswer, id)
	w2 := ht.watchers[2]
	w2.until(t, "the other seat refused", func() bool { return countCode(w2.notices, CodeNoHandoff) == 2 })
	if err := ht.peers[0].AnswerHandoff(id, false); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, ErrHandoffDeclined) {
		t.Fatalf("HandOver: %v", err)
	}
	if got := ht.host.State(); got != before {
		t.Errorf("state %d after refused replies, want %d", got, before)
	}
	if err := ht.peers[0].AnswerHandoff(id, true); !errors.Is(err, ErrNoHandoffAsked) {
		t.Errorf("answering a handoff that is over: %v", err)
	}
}

func countCode(us []Update, code string) int {
	n := 0
	for _, u := range us {
		if u.Code == code {
			n++
		}
	}
	return n
}
