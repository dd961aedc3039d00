//go:build !js

package session

import (
	"context"
	"testing"
	"time"
)

// Issue 29: a player who came by the link is seated at once on every path (a direct
// channel, the relay, after the host's tab reloaded, after the player's own reload) and
// comes back to its seat by itself when the host reloads. Being made to wait fails the test.
func TestInvitedPlayersAreSeatedAtOnceOnEveryPath(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	store := &MemoryStore{}
	hostOpts := chaosOptions(url, "Hana")
	hostOpts.Store = store
	host, err := Host(ctx, hostOpts)
	if err != nil {
		t.Fatal(err)
	}
	room, secret := host.Room(), host.Secret()
	join := func(o Options, want Path) *Client {
		t.Helper()
		jctx, jcancel := context.WithCancel(ctx)
		defer jcancel()
		o.OnWaiting = func() {
			t.Errorf("%s came by the link and was made to wait for the host", o.Name)
			jcancel()
		}
		c, err := Join(jctx, o, room, secret)
		if err != nil {
			t.Fatalf("%s: %v", o.Name, err)
		}
		t.Cleanup(func() { c.Close() })
		if got := c.Path(); got != want {
			t.Errorf("%s joined on path %q, want %q", o.Name, got, want)
		}
		return c
	}

	direct := join(chaosOptions(url, "Direct"), PathDirect)
	relayed := chaosOptions(url, "Relayed")
	relayed.noDirect = true // no ICE candidate: only the relay can connect
	relayed.DirectTimeout = 300 * time.Millisecond
	join(relayed, PathRelay)

	// The host's tab reloads: the seats come back by themselves, and a new player is seated.
	host.crash()
	saved, err := store.Load()
	if err != nil || saved == nil {
		t.Fatalf("nothing saved: %v", err)
	}
	st, err := DecodeHostState(saved)
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := ResumeHost(ctx, hostOpts, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resumed.Close()
	join(chaosOptions(url, "Late"), PathDirect)
	hw := watch(resumed.Player())
	hw.waitView(t, "every seat online after the host's reload", func(v View) bool {
		return len(v.Players) == 4 && v.Players[1].Online && v.Players[2].Online && v.Players[3].Online && len(v.Waiting) == 0
	})

	// Direct's page reloads: a new Join with its saved token and the link gets its seat back.
	seat, token := direct.Seat(), direct.Token()
	direct.Close()
	again := chaosOptions(url, "Direct")
	again.Token = token
	if back := join(again, PathDirect); back.Seat() != seat {
		t.Errorf("Direct came back on seat %d, want %d", back.Seat(), seat)
	}
	hw.waitView(t, "four seats, none waiting", func(v View) bool {
		return len(v.Players) == 4 && v.Players[1].Online && len(v.Waiting) == 0
	})
}

// The console line of a player that holds the link's secret but cannot prove it on its
// direct channel names the description that lacks a DTLS fingerprint.
func TestProofGapNamesTheMissingDescription(t *testing.T) {
	pc, err := newPeerConnection(testOptions("", "Gap"))
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	if got := proofGap(nil); got != "no connection" {
		t.Errorf("no connection: %q", got)
	}
	if got := proofGap(pc); got != "the local description (0 bytes) has none; the remote description (0 bytes) has none" {
		t.Errorf("before the offer: %q", got)
	}
	if _, err := pc.CreateDataChannel(channelLabel, nil); err != nil {
		t.Fatal(err)
	}
	offer, err := pc.CreateOffer(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := pc.SetLocalDescription(offer); err != nil {
		t.Fatal(err)
	}
	if got := proofGap(pc); got != "the remote description (0 bytes) has none" {
		t.Errorf("the offer set, no answer yet: %q", got)
	}
}
