//go:build !js

package session

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"
)

// takeoverOptions are players that offer a takeover soon after the host went away.
func takeoverTable(t *testing.T, n int) *handoffTable {
	t.Helper()
	ht := newHandoffTable(t, n)
	for _, p := range ht.peers {
		p.mu.Lock()
		p.opts.TakeoverAfter = 300 * time.Millisecond
		p.mu.Unlock()
	}
	return ht
}

// killMidVote has the host's player and peers[0] vote, waits until every holder has a copy
// with both votes, and kills the host's device.
func (ht *handoffTable) killMidVote(t *testing.T) {
	t.Helper()
	for _, c := range []*Client{ht.host.Player(), ht.peers[0]} {
		if err := c.Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	ht.watchers[0].waitView(t, "two votes", func(v View) bool { return gameView(v).Voted == 2 })
	holdingNow(t, ht.peers, ht.host.State())
	ht.crash()
}

// takeoverNews waits for a takeover update of c that satisfies ok.
func (ht *handoffTable) takeoverNews(t *testing.T, c *Client, what string, ok func(Takeover) bool) Takeover {
	t.Helper()
	w := ht.watcherOf(c)
	var found Takeover
	w.until(t, what, func() bool {
		for _, u := range w.takeovers {
			if ok(u) {
				found = u
				return true
			}
		}
		return false
	})
	return found
}

func (ht *handoffTable) newHostOf(t *testing.T, c *Client) *HostSession {
	t.Helper()
	w := ht.watcherOf(c)
	var h *HostSession
	w.until(t, "the device hosting", func() bool {
		if len(w.hosts) > 0 {
			h = w.hosts[0]
		}
		return h != nil
	})
	t.Cleanup(func() { h.Close() })
	return h
}

func offered(u Takeover) bool { return u.Offer && u.Possible }

// APP-HOST-2: the host's device dies in the middle of a vote; after the wait every device
// offers to continue, one asks, a majority agrees, and the game goes on there under the same
// room code: the vote completes, every seat keeps its card; the old host, coming back, finds
// the room taken and rejoins as its seat.
func TestHostKilledMidVoteTakenOverByAMajority_APP_HOST_2(t *testing.T) {
	ht := takeoverTable(t, 4) // four holders: three shares open the copy
	ht.killMidVote(t)
	for _, p := range ht.peers {
		ht.takeoverNews(t, p, "the offer", offered)
	}
	asker := ht.peers[1]
	if err := asker.AskTakeover(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*Client{ht.peers[2], ht.peers[3]} {
		ht.takeoverNews(t, p, "the ask", func(u Takeover) bool { return Seat(u.Asker) == asker.Seat() })
		if err := p.AgreeTakeover(); err != nil {
			t.Fatal(err)
		}
	}
	newHost := ht.newHostOf(t, asker)
	if newHost.Room() != ht.host.Room() {
		t.Fatalf("the game continues in room %q, want %q", newHost.Room(), ht.host.Room())
	}
	if _, err := ht.resumeFrom(t, ht.store); !errors.Is(err, ErrRoomTaken) {
		t.Fatalf("the old host's tab coming back: %v, want ErrRoomTaken", err)
	}
	data, _ := ht.store.Load()
	st, _ := DecodeHostState(data)
	o := playerOptions(ht.url, "Hana")
	o.Token = st.Seats[0].Token
	old, err := Join(ht.ctx, o, st.Room, st.Secret)
	if err != nil {
		t.Fatalf("the old host rejoining: %v", err)
	}
	defer old.Close()
	players := map[Seat]*Client{0: old, asker.Seat(): newHost.Player()}
	for _, p := range ht.peers {
		if p != asker {
			players[p.Seat()] = p
		}
	}
	for seat, c := range players {
		ht.watcherOf(c).waitView(t, fmt.Sprintf("seat %d back with the two votes", seat), func(v View) bool {
			return gameView(v).Voted == 2 && allOnline(5)(v)
		})
	}
	for _, seat := range []Seat{ht.peers[1].Seat(), ht.peers[2].Seat(), ht.peers[3].Seat()} {
		if err := players[seat].Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	for seat, c := range players {
		v := ht.watcherOf(c).waitView(t, "the vote completed", func(v View) bool { return len(gameView(v).Results) == 1 })
		if g := gameView(v); g.Results[0] != 5 || g.Card != ht.cards[seat] || v.You != seat {
			t.Errorf("seat %d: results %v, card %q as seat %d; want [5] and %q", seat, g.Results, g.Card, v.You, ht.cards[seat])
		}
	}
}

// APP-HOST-2: fewer agreeing devices than the majority cannot open the copy: the ask ends
// with nobody hosting, and the devices wait for their host, which can still come back.
func TestAMinorityCannotTakeOver_APP_HOST_2(t *testing.T) {
	defer func(a, g time.Duration) { askLimit, giveLimit = a, g }(askLimit, giveLimit)
	askLimit, giveLimit = 2*time.Second, 4*time.Second
	ht := takeoverTable(t, 4)
	ht.killMidVote(t)
	asker := ht.peers[1]
	ht.takeoverNews(t, asker, "the offer", offered)
	if err := asker.AskTakeover(); err != nil {
		t.Fatal(err)
	}
	ht.takeoverNews(t, ht.peers[2], "the ask", func(u Takeover) bool { return Seat(u.Asker) == asker.Seat() })
	if err := ht.peers[2].AgreeTakeover(); err != nil {
		t.Fatal(err)
	}
	ht.takeoverNews(t, asker, "the ask ended", func(u Takeover) bool { return u.Ended && u.Why == NoticeTakeoverFailed })
	for _, p := range ht.peers {
		w := ht.watcherOf(p)
		w.mu.Lock()
		if len(w.hosts) > 0 {
			t.Errorf("seat %d became a host with two shares of four", p.Seat())
		}
		w.mu.Unlock()
	}
	// The host comes back: everyone plays on with it.
	host, err := ht.resumeFrom(t, ht.store)
	if err != nil {
		t.Fatalf("the host coming back after a failed takeover: %v", err)
	}
	ht.watcherOf(host.Player()).waitView(t, "everyone back", allOnline(5))
}

// Two devices ask at once: the lower seat continues the game, the other withdraws and gives
// its share to it; nobody else hosts. The agreeing devices have heard both asks when their
// players agree: one that has heard only the higher seat's gives its share there, and that
// ask may gather a majority before it hears the lower one (PROTOCOL.md, "Taking the game
// over"), which is a different table from this one.
func TestTwoAskersTheLowerSeatWins_APP_HOST_2(t *testing.T) {
	ht := takeoverTable(t, 4)
	ht.killMidVote(t)
	low, high := ht.peers[1], ht.peers[2]
	for _, p := range []*Client{low, high} {
		ht.takeoverNews(t, p, "the offer", offered)
	}
	done := make(chan error, 2)
	for _, p := range []*Client{high, low} {
		go func() { done <- p.AskTakeover() }()
	}
	for range 2 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	agreeing := []*Client{ht.peers[0], ht.peers[3]}
	for _, p := range agreeing {
		ht.takeoverNews(t, p, "the lower seat's ask", func(u Takeover) bool { return Seat(u.Asker) == low.Seat() })
	}
	for i, p := range agreeing {
		// The first agreement may already complete the majority (with the higher seat's
		// share); the second device may then be back online with the new host.
		if err := p.AgreeTakeover(); err != nil && (i == 0 || !errors.Is(err, ErrTakeoverNotNow)) {
			t.Fatal(err)
		}
	}
	newHost := ht.newHostOf(t, low)
	ht.watcherOf(newHost.Player()).waitView(t, "everyone at the new host", func(v View) bool {
		online := 0
		for _, p := range v.Players {
			if p.Online {
				online++
			}
		}
		return online == 4 // the old host's seat stays away
	})
	w := ht.watcherOf(high)
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.hosts) > 0 {
		t.Error("the higher seat hosts too")
	}
	if !slices.ContainsFunc(w.status, func(s Status) bool { return s == StatusOnline }) {
		t.Error("the higher seat never came back online")
	}
}
