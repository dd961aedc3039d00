//go:build !js

package session

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"safehouse/signaling"
	"safehouse/wire"
)

// startSignalingWith runs the real signaling server with cfg's limits on loopback and
// returns its /signal URL; it stops when the test ends.
func startSignalingWith(t *testing.T, cfg signaling.Config) string {
	t.Helper()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := signaling.New(cfg)
	mux := http.NewServeMux()
	mux.Handle("/signal", srv)
	ts := httptest.NewServer(mux)
	t.Cleanup(func() {
		_ = srv.Close()
		ts.Close()
	})
	return "ws" + strings.TrimPrefix(ts.URL, "http") + "/signal"
}

// The host's word reaches the signaling server: a typed-code player the host lets in no
// longer takes the room's one place for strangers, so the next stranger can knock; one the
// host turns away is blocked there, so its address cannot even knock again; and an invited
// player from that same address still gets in, by its pass.
func TestHostsWordReachesTheSignalingServer(t *testing.T) {
	url := startSignalingWith(t, signaling.Config{KnocksPerRoom: 1})
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	host, err := Host(ctx, testOptions(url, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()

	first := testOptions(url, "First")
	first.OnWaiting = letInWhenWaiting(host, "First")
	c1, err := Join(ctx, first, host.Room(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer c1.Close()

	// The admit travels to the server beside the welcome: until it arrives the second
	// stranger finds the strangers' place taken.
	second := testOptions(url, "Second")
	second.OnWaiting = func() {
		for _, k := range host.Waiting() {
			_ = host.Player().Send(Intent{Kind: KindTurnAway, Target: &k.ID})
		}
	}
	for {
		c, err := Join(ctx, second, host.Room(), "")
		if c != nil {
			c.Close()
		}
		if errorsAsRefusal(err) == CodeTurnedAway {
			break
		}
		if !strings.Contains(err.Error(), wire.CodeRoomFull) || ctx.Err() != nil {
			t.Fatalf("the second stranger's Join: %v; want it to knock once the first was let in", err)
		}
		time.Sleep(20 * time.Millisecond)
	}

	// The block travels beside the turn-away: a stranger that still reached the host is
	// turned away too.
	for {
		c, err := Join(ctx, second, host.Room(), "")
		if c != nil {
			c.Close()
		}
		if err != nil && strings.Contains(err.Error(), wire.CodeBlocked) {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("a stranger from the turned-away address: %v; want the server to refuse it (%s)", err, wire.CodeBlocked)
		}
		time.Sleep(20 * time.Millisecond)
	}

	invited, err := Join(ctx, testOptions(url, "Invited"), host.Room(), host.Secret())
	if err != nil {
		t.Fatalf("an invited player from the blocked address: %v", err)
	}
	invited.Close()
}
