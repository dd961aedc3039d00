//go:build !js

package session

import (
	"context"
	"testing"
)

// The signaling server gives a new claim on every reclaim (the old one is spent), so a
// resumed host must keep the new one: a second reload right after the first, before anything
// in the game changed, must still get the room back.
func TestResumedHostKeepsTheNewClaim(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	store := &MemoryStore{}
	opts := testOptions(url, "Hana")
	opts.Store = store
	host, err := Host(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	room, claim := host.Room(), host.Claim()
	host.crash()

	for reload := 1; reload <= 2; reload++ {
		st := savedState(t, store)
		resumed, err := ResumeHost(ctx, opts, st, nil)
		if err != nil {
			t.Fatalf("reload %d: %v", reload, err)
		}
		if resumed.Room() != room || resumed.Claim() == claim {
			t.Fatalf("reload %d: room %s claim %q, want room %s with a claim other than %q", reload, resumed.Room(), resumed.Claim(), room, claim)
		}
		if saved := savedState(t, store).Claim; saved != resumed.Claim() {
			t.Fatalf("reload %d: the save holds claim %q, the server gave %q", reload, saved, resumed.Claim())
		}
		claim = resumed.Claim()
		resumed.crash()
	}
}
