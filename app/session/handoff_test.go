//go:build !js

package session

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// openVoteTable is the OpenTable of the tests' players: the vote table from a saved game.
func openVoteTable(saved []byte, _ func() time.Time) (Table, error) {
	if len(saved) == 0 {
		return nil, nil
	}
	return restoreVoteTable(saved)
}

// handoffTable is a host with a vote table and n remote players who can each take the game
// (they have an OpenTable and a Store), every client watched.
type handoffTable struct {
	url      string
	ctx      context.Context
	host     *HostSession
	store    *MemoryStore
	cards    map[Seat]string
	peers    []*Client
	watchers []*watcher // watchers[0] is the host's player, watchers[i+1] peers[i]
	watching map[*Client]*watcher
	crashed  bool
}

// watcherOf is c's one watcher (two would share its updates between them).
func (ht *handoffTable) watcherOf(c *Client) *watcher {
	if w := ht.watching[c]; w != nil {
		return w
	}
	w := watch(c)
	ht.watching[c] = w
	return w
}

// crash stops the host as a closed tab does.
func (ht *handoffTable) crash() {
	ht.crashed = true
	ht.host.crash()
}

func playerOptions(url, name string) Options {
	o := chaosOptions(url, name)
	o.OpenTable = openVoteTable
	o.Store = &MemoryStore{}
	return o
}

func newHandoffTable(t *testing.T, n int) *handoffTable {
	t.Helper()
	url, _ := startSignaling(t)
	return newHandoffTableOn(t, url, n)
}

// newHandoffTableOn is newHandoffTable on the signaling server at url; hostOpts change the
// host's options.
func newHandoffTableOn(t *testing.T, url string, n int, hostOpts ...func(*Options)) *handoffTable {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	t.Cleanup(cancel)
	ht := &handoffTable{url: url, ctx: ctx, store: &MemoryStore{}, cards: map[Seat]string{}, watching: map[*Client]*watcher{}}
	opts := chaosOptions(url, "Hana")
	opts.Store = ht.store
	for _, f := range hostOpts {
		f(&opts)
	}
	host, err := Host(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if !ht.crashed {
			host.Close()
		}
	})
	ht.host = host
	for i := range n {
		p, err := Join(ctx, playerOptions(url, fmt.Sprintf("P%d", i+1)), host.Room(), host.Secret())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		ht.peers = append(ht.peers, p)
	}
	for seat := range Seat(n + 1) {
		ht.cards[seat] = fmt.Sprintf("card-%d", seat)
	}
	host.SetTable(newVoteTable(n+1, ht.cards))
	for _, c := range append([]*Client{host.Player()}, ht.peers...) {
		ht.watchers = append(ht.watchers, ht.watcherOf(c))
	}
	for i, w := range ht.watchers {
		w.waitView(t, fmt.Sprintf("client %d's card", i), func(v View) bool { return gameView(v).Card != "" })
	}
	return ht
}

// handOver hands ht's game to peers[i], which says yes, and returns the new host and what
// the old one got back.
func (ht *handoffTable) handOver(t *testing.T, i int) (*HostSession, HandedOver) {
	t.Helper()
	type result struct {
		ho  HandedOver
		err error
	}
	done := make(chan result, 1)
	go func() {
		ho, err := ht.host.HandOver(ht.ctx, ht.peers[i].Seat())
		done <- result{ho, err}
	}()
	w := ht.watchers[i+1]
	var ask HandoffAsk
	w.until(t, "the host's question", func() bool {
		if len(w.asks) > 0 {
			ask = w.asks[0]
		}
		return len(w.asks) > 0
	})
	if err := ht.peers[i].AnswerHandoff(ask.ID, true); err != nil {
		t.Fatal(err)
	}
	var newHost *HostSession
	w.until(t, "this device hosting", func() bool {
		if len(w.hosts) > 0 {
			newHost = w.hosts[0]
		}
		return newHost != nil
	})
	t.Cleanup(func() { newHost.Close() })
	r := <-done
	if r.err != nil {
		t.Fatalf("HandOver: %v", r.err)
	}
	return newHost, r.ho
}

// APP-HOST-1: a game handed over in the middle of a vote goes on on the other device under the
// same room code: the vote completes with every vote counted once, every seat keeps its card,
// the old host's device plays on as its own seat, and it forgot the state.
func TestHandedOverMidVoteKeepsEverySeat_APP_HOST_1(t *testing.T) {
	ht := newHandoffTable(t, 3)
	oldClaim := ht.host.Claim()
	for _, c := range []*Client{ht.host.Player(), ht.peers[0]} {
		if err := c.Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	ht.watchers[1].waitView(t, "two votes", func(v View) bool { return gameView(v).Voted == 2 })

	newHost, ho := ht.handOver(t, 1)
	if ho.Room != ht.host.Room() || newHost.Room() != ho.Room {
		t.Fatalf("the game went to room %q (new host %q), want %q", ho.Room, newHost.Room(), ht.host.Room())
	}
	if data, _ := ht.store.Load(); data != nil {
		t.Error("the old host still keeps its state after the handoff")
	}
	if newHost.Claim() == oldClaim {
		t.Error("the new host holds the old claim: it did not take the room over")
	}
	// The old host's device comes back as its seat.
	o := playerOptions(ht.url, "Hana")
	o.Token = ho.Token
	old, err := Join(ht.ctx, o, ho.Room, ho.Secret)
	if err != nil {
		t.Fatalf("the old host rejoining: %v", err)
	}
	defer old.Close()
	if old.Seat() != 0 {
		t.Fatalf("the old host came back as seat %d, want 0", old.Seat())
	}
	players := map[Seat]*Client{0: old, ht.peers[0].Seat(): ht.peers[0], ht.peers[1].Seat(): newHost.Player(), ht.peers[2].Seat(): ht.peers[2]}
	watchers := map[Seat]*watcher{}
	for seat, c := range players {
		watchers[seat] = ht.watcherOf(c)
	}
	for seat, w := range watchers {
		w.waitView(t, fmt.Sprintf("seat %d back with two votes in", seat), func(v View) bool {
			return gameView(v).Voted == 2 && allOnline(4)(v)
		})
	}
	// The two votes still missing complete the round: the two before the handoff count once.
	for _, seat := range []Seat{ht.peers[1].Seat(), ht.peers[2].Seat()} {
		if err := players[seat].Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	for seat, w := range watchers {
		v := w.waitView(t, "the vote completed", func(v View) bool { return len(gameView(v).Results) == 1 })
		if g := gameView(v); g.Results[0] != 4 || g.Card != ht.cards[seat] || v.You != seat {
			t.Errorf("seat %d: results %v, card %q as seat %d; want [4] and %q", seat, g.Results, g.Card, v.You, ht.cards[seat])
		}
		for _, p := range v.Players {
			if p.Host != (p.Seat == ht.peers[1].Seat()) {
				t.Errorf("seat %d sees seat %d with host=%v", seat, p.Seat, p.Host)
			}
		}
	}
	if v, _ := watchers[0].lastView(); v.Players[0].Seat != ht.peers[1].Seat() {
		t.Errorf("table order %v: the new host's seat should come first", names(v))
	}
}

// APP-HOST-1: a player who says no, or a seat that is not at the table, leaves the host as it
// was; so does a handoff whose device says nothing in time.
func TestHandoffRefusedLeavesTheHostAsItWas_APP_HOST_1(t *testing.T) {
	ht := newHandoffTable(t, 2)
	before := ht.host.State()
	if _, err := ht.host.HandOver(ht.ctx, 9); !errors.Is(err, ErrHandoffSeat) {
		t.Errorf("a handoff to a seat nobody has: %v, want ErrHandoffSeat", err)
	}
	if _, err := ht.host.HandOver(ht.ctx, 0); !errors.Is(err, ErrHandoffSeat) {
		t.Errorf("a handoff to the host's own seat: %v, want ErrHandoffSeat", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ht.host.HandOver(ht.ctx, ht.peers[0].Seat())
		done <- err
	}()
	w := ht.watchers[1]
	w.until(t, "the question", func() bool { return len(w.asks) > 0 })
	if err := ht.peers[0].AnswerHandoff(w.asks[0].ID, false); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, ErrHandoffDeclined) {
		t.Errorf("a no: %v, want ErrHandoffDeclined", err)
	}
	// A handoff nobody answers ends with its ctx.
	short, cancel := context.WithTimeout(ht.ctx, 300*time.Millisecond)
	defer cancel()
	if _, err := ht.host.HandOver(short, ht.peers[1].Seat()); !errors.Is(err, ErrHandoffDeclined) {
		t.Errorf("no answer: %v, want ErrHandoffDeclined", err)
	}
	if got := ht.host.State(); got != before {
		t.Errorf("state %d after refused handoffs, want %d", got, before)
	}
	// The game goes on here.
	if err := ht.peers[0].Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	ht.watchers[0].waitView(t, "a vote after the refusals", func(v View) bool { return gameView(v).Voted == 1 })
	if data, _ := ht.store.Load(); data == nil {
		t.Error("the host's save is gone after a refused handoff")
	}
}
