//go:build !js

package session

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"safehouse/app/session/internal/sealed"
)

// holdingNow waits until every client holds a share of one deal and a copy at least as new as
// state, and returns their holdings.
func holdingNow(t *testing.T, clients []*Client, state uint64) []*holding {
	t.Helper()
	deadline := time.Now().Add(patience)
	for {
		var out []*holding
		for _, c := range clients {
			c.mu.Lock()
			var k *holding
			if c.keep != nil && c.keep.copy != nil {
				k = &holding{deal: c.keep.deal, share: c.keep.share, copy: c.keep.copy}
			}
			c.mu.Unlock()
			if k != nil && k.copy.State >= state && (len(out) == 0 || k.deal.Epoch == out[0].deal.Epoch) {
				out = append(out, k)
			}
		}
		if len(out) == len(clients) {
			return out
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d devices hold a copy of state %d", len(out), len(clients), state)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// APP-HOST-2, APP-HOST-3: every seated device but the host's holds a share and the newest
// sealed copy; a majority of the shares opens it (the whole state, claim and cards included),
// fewer do not, and nothing the devices received shows a card.
func TestSealedCopiesOpenOnlyWithAMajority_APP_HOST_2_APP_HOST_3(t *testing.T) {
	ht := newHandoffTable(t, 4)
	if err := ht.peers[0].Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	ht.watchers[0].waitView(t, "a vote", func(v View) bool { return gameView(v).Voted == 1 })
	held := holdingNow(t, ht.peers, ht.host.State())
	deal := held[0].deal
	if deal.Threshold != 3 || len(deal.Commits) != 4 {
		t.Fatalf("a deal of %d of %d, want 3 of 4", deal.Threshold, len(deal.Commits))
	}
	newest := held[0].copy
	for i, k := range held {
		if k.copy.State != newest.State || string(k.copy.Box) != string(newest.Box) {
			t.Errorf("device %d holds copy %d, device 0 copy %d", i, k.copy.State, newest.State)
		}
		for seat, card := range ht.cards {
			if strings.Contains(string(k.copy.Box), card) || strings.Contains(string(k.share.Data), card) {
				t.Errorf("device %d can read seat %d's card in what it holds", i, seat)
			}
		}
	}
	ring := sealed.NewRing(deal)
	for _, k := range held[:2] {
		if err := ring.Add(k.share); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ring.Key(); !errors.Is(err, sealed.ErrTooFew) {
		t.Fatalf("two shares of four: %v, want ErrTooFew", err)
	}
	if err := ring.Add(held[3].share); err != nil {
		t.Fatal(err)
	}
	key, err := ring.Key()
	if err != nil {
		t.Fatal(err)
	}
	plain, err := newest.Open(key)
	if err != nil {
		t.Fatalf("three shares did not open the copy: %v", err)
	}
	var st sealedState
	if err := json.Unmarshal(plain, &st); err != nil {
		t.Fatal(err)
	}
	if st.State.Claim != ht.host.Claim() || st.State.Room != ht.host.Room() || st.State.State != newest.State {
		t.Errorf("the copy holds room %q claim %q state %d", st.State.Room, st.State.Claim, st.State.State)
	}
	table, err := restoreVoteTable(st.State.Game)
	if err != nil || table.snapshot().Cards[2] != ht.cards[2] || len(table.snapshot().Votes) != 1 {
		t.Errorf("the copy's game: %+v, %v", table.snapshot(), err)
	}

	// A seat leaves: a new deal, and the old shares (the kicked device's too) open nothing new.
	kicked := ht.peers[3]
	target := int(kicked.Seat())
	if err := ht.host.Player().Send(Intent{Kind: KindKick, Target: &target}); err != nil {
		t.Fatal(err)
	}
	ht.watchers[0].waitView(t, "the kick", func(v View) bool { return len(v.Players) == 4 })
	again := holdingNow(t, ht.peers[:3], ht.host.State())
	if again[0].deal.Epoch == deal.Epoch || again[0].deal.Threshold != 2 {
		t.Fatalf("after a kick: epoch %d (was %d), threshold %d, want a new deal of 2 of 3", again[0].deal.Epoch, deal.Epoch, again[0].deal.Threshold)
	}
	if err := again[0].deal.Check(held[3].share); !errors.Is(err, sealed.ErrOtherDeal) {
		t.Errorf("the kicked device's share against the new deal: %v, want ErrOtherDeal", err)
	}
	if err := again[0].copy.Of(deal); !errors.Is(err, sealed.ErrOtherDeal) {
		t.Errorf("a new copy against the old deal: %v", err)
	}
	if _, err := again[0].copy.Open(key); !errors.Is(err, sealed.ErrDamaged) {
		t.Errorf("the old key opened a new copy: %v", err)
	}
}
