//go:build !js

package session

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// Over real WebRTC: a player with the game's invite secret proves it on the direct channel
// and sits down at once; one with another game's secret, or none (the code typed), waits for
// the host, who lets one in and turns the other away.
func TestJoinProvesTheInviteSecretOrWaits(t *testing.T) {
	url, ctx, host := hostOnLoopback(t)

	var waited atomic.Int32
	invited := testOptions(url, "Invited")
	invited.OnWaiting = func() { waited.Add(1) }
	peer, err := Join(ctx, invited, host.Room(), host.Secret())
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	if n := waited.Load(); n != 0 || len(host.Players()) != 2 {
		t.Fatalf("the invited player waited %d times; seats %+v", n, host.Players())
	}

	wrong := testOptions(url, "Wrong")
	wrong.OnWaiting = func() { waited.Add(1); letInWhenWaiting(host, "Wrong")() }
	other := newToken()
	let, err := Join(ctx, wrong, host.Room(), other)
	if err != nil {
		t.Fatal(err)
	}
	defer let.Close()
	if n := waited.Load(); n != 1 || let.Seat() != 2 {
		t.Fatalf("another game's secret: waited %d times, seat %d; want one wait, then seat 2", n, let.Seat())
	}

	typed := testOptions(url, "Typed")
	typed.OnWaiting = func() {
		waited.Add(1)
		for _, k := range host.Waiting() {
			_ = host.Player().Send(Intent{Kind: KindTurnAway, Target: &k.ID})
		}
	}
	if c, err := Join(ctx, typed, host.Room(), ""); errorsAsRefusal(err) != CodeTurnedAway {
		if c != nil {
			c.Close()
		}
		t.Fatalf("the turned-away player's Join: %v, want %s", err, CodeTurnedAway)
	}
	if n := waited.Load(); n != 2 || len(host.Players()) != 3 || len(host.Waiting()) != 0 {
		t.Errorf("waited %d times; seats %+v; waiting %+v", n, host.Players(), host.Waiting())
	}
}

// Join's ctx bounds the wait: a player nobody lets in gives up, and leaves the host's list.
func TestWaitingEndsWithJoinsContext(t *testing.T) {
	url, ctx, host := hostOnLoopback(t)
	hw := watch(host.Player())
	jctx, jcancel := context.WithCancel(ctx)
	o := testOptions(url, "Patient")
	o.OnWaiting = jcancel // the player gives up as soon as it is told to wait
	if c, err := Join(jctx, o, host.Room(), ""); err == nil {
		c.Close()
		t.Fatal("Join returned a seat nobody gave")
	}
	// The host's views arrive after Join has returned: wait for the knock to have been
	// shown and for the list to be empty again after it.
	hw.until(t, "the knock, then the list empty again", func() bool {
		if len(hw.views) == 0 {
			return false
		}
		knocked := -1
		for i, v := range hw.views {
			if len(v.Waiting) == 1 && v.Waiting[0].Name == o.Name {
				knocked = i
			}
		}
		last := hw.views[len(hw.views)-1]
		return knocked >= 0 && knocked < len(hw.views)-1 && len(last.Waiting) == 0 && len(last.Players) == 1
	})
}

// On the relay, the hello's HMAC is the proof: signed, the player sits down at once;
// unsigned (the code typed), it waits until the host lets it in.
func TestRelayWithoutMACWaits(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	host, err := Host(ctx, chaosOptions(url, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	var waited [2]atomic.Int32
	for i, secret := range []string{host.Secret(), ""} {
		o := chaosOptions(url, []string{"Signed", "Unsigned"}[i])
		o.noDirect = true
		o.DirectTimeout = 300 * time.Millisecond
		o.OnWaiting = func() { waited[i].Add(1); letInWhenWaiting(host, o.Name)() }
		c, err := Join(ctx, o, host.Room(), secret)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, relayed := c.current().(*peerConn).Conn.(*relayConn); !relayed {
			t.Fatalf("%s is not on the relay", o.Name)
		}
	}
	if waited[0].Load() != 0 || waited[1].Load() != 1 {
		t.Errorf("the signed player waited %d times, the unsigned one %d: want 0 and 1", waited[0].Load(), waited[1].Load())
	}
	if len(host.Players()) != 3 {
		t.Errorf("seats %+v", host.Players())
	}
}
