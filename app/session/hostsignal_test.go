//go:build !js

package session

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

// hasNotice reports whether w got a notice with code (call with w.mu held).
func hasNotice(w *watcher, code string) bool {
	return slices.ContainsFunc(w.notices, func(u Update) bool { return u.Code == code })
}

// allOnline is a view where every one of n seats is online.
func allOnline(n int) func(View) bool {
	return func(v View) bool {
		if len(v.Players) != n {
			return false
		}
		for _, p := range v.Players {
			if !p.Online {
				return false
			}
		}
		return true
	}
}

// A host phone that slept mid-game: the signaling server lost the host's socket (so it told
// the players the host is away) and every player's connection died meanwhile. The host tab
// never reloads: it reclaims its room on a new socket by itself, keeps the new claim (the old
// one is spent), and every player comes back to its own seat and card; the vote completes.
func TestHostReclaimsItsRoomAfterLosingTheSignalingServer(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	store := &MemoryStore{}
	opts := chaosOptions(url, "Hana")
	opts.Store = store
	opts.RetryDelay = time.Second // the players see the host away before it is back
	host, err := Host(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	peers := make([]*Client, 3)
	for i := range peers {
		if peers[i], err = Join(ctx, chaosOptions(url, fmt.Sprintf("P%d", i+1)), host.Room(), host.Secret()); err != nil {
			t.Fatal(err)
		}
		defer peers[i].Close()
	}
	cards := map[Seat]string{0: "card-harbour", 1: "card-circus", 2: "card-embassy", 3: "card-vineyard"}
	host.SetTable(newVoteTable(4, cards))
	hw := watch(host.Player())
	watchers := make([]*watcher, len(peers))
	for i, c := range peers {
		watchers[i] = watch(c)
	}
	for _, c := range []*Client{host.Player(), peers[0]} {
		if err := c.Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range watchers {
		w.waitView(t, "two votes", func(v View) bool { return gameView(v).Voted == 2 })
	}
	claim := host.Claim()

	_ = host.signal().ws.CloseNow() // the server sees the host's socket end
	for _, w := range watchers {
		w.until(t, "the host away", func() bool { return hasNotice(w, NoticeHostAway) })
	}
	marks := make([]int, len(peers))
	for i, c := range peers {
		kill(c) // and every player's connection dies while the host is away
		marks[i] = watchers[i].seen()
	}

	// Only a view that came after the kill says the player is back: the last one before it
	// also showed everyone online.
	for i, w := range watchers {
		v := w.waitViewAfter(t, "everyone back", marks[i], allOnline(4))
		if v.You != peers[i].Seat() || gameView(v).Card != cards[v.You] || gameView(v).Voted != 2 {
			t.Errorf("peer %d back as seat %d with card %q and %d votes, want seat %d card %q and 2 votes",
				i, v.You, gameView(v).Card, gameView(v).Voted, peers[i].Seat(), cards[peers[i].Seat()])
		}
	}
	hw.until(t, "the host's own notices", func() bool {
		return hasNotice(hw, NoticeSignalLost) && hasNotice(hw, NoticeSignalBack)
	})
	if got := host.Claim(); got == claim || got == "" {
		t.Errorf("claim after the reclaim %q, want a new one (was %q)", got, claim)
	}
	if saved := savedState(t, store).Claim; saved != host.Claim() {
		t.Errorf("the save holds claim %q, the server gave %q", saved, host.Claim())
	}
	for _, c := range peers[1:] {
		if err := c.Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	for i, w := range watchers {
		v := w.waitView(t, "the vote completed", func(v View) bool { return len(gameView(v).Results) == 1 })
		if got := gameView(v).Results[0]; got != 4 {
			t.Errorf("peer %d: the round counted %d votes, want 4", i, got)
		}
	}
	// The room takes new players again.
	late, err := Join(ctx, chaosOptions(url, "Late"), host.Room(), host.Secret())
	if err != nil {
		t.Fatalf("a new player after the reclaim: %v", err)
	}
	defer late.Close()
	if got := len(host.Players()); got != 5 {
		t.Errorf("%d seats after a late join, want 5", got)
	}
}

// A woken host page (Check) tries the signaling server at once instead of waiting out a long
// backoff.
func TestHostCheckReclaimsAtOnce(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	opts := testOptions(url, "Hana")
	opts.RetryDelay = 10 * time.Minute // without Check, far beyond the test's patience
	opts.RetryMaxDelay = 10 * time.Minute
	host, err := Host(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	hw := watch(host.Player())
	claim := host.Claim()
	_ = host.signal().ws.CloseNow()
	hw.until(t, "the lost signaling server", func() bool { return hasNotice(hw, NoticeSignalLost) })
	host.Check()
	hw.until(t, "the room back", func() bool { return hasNotice(hw, NoticeSignalBack) })
	if host.Claim() == claim {
		t.Errorf("the claim %q was not replaced by the reclaim", claim)
	}
	p, err := Join(ctx, testOptions(url, "P1"), host.Room(), host.Secret())
	if err != nil {
		t.Fatalf("joining after the reclaim: %v", err)
	}
	defer p.Close()
}

// A host whose room the server no longer has (its grace ended, or another tab took it with
// the claim) stops trying and says so: the room cannot come back.
func TestHostStopsReclaimingARoomTakenByAnotherTab(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	store := &MemoryStore{}
	opts := chaosOptions(url, "Hana")
	opts.Store = store
	opts.RetryDelay = 10 * time.Minute
	opts.RetryMaxDelay = 10 * time.Minute
	host, err := Host(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	hw := watch(host.Player())
	// Another tab of the same device resumes the room from the save: the claim is spent.
	other, err := ResumeHost(ctx, opts, savedState(t, store), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	hw.until(t, "the lost signaling server", func() bool { return hasNotice(hw, NoticeSignalLost) })
	host.Check()
	hw.until(t, "the room lost", func() bool { return hasNotice(hw, NoticeRoomLost) })
	if host.Claim() == other.Claim() {
		t.Errorf("the old tab holds the new tab's claim %q", other.Claim())
	}
}
