//go:build !js

package signaling

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// A claim token serves once: every reclaim hands out a new one, so whoever saw
// an old one cannot displace the host with it. Displacing a live host is
// logged as a warning.
func TestReclaimRotatesTheClaim(t *testing.T) {
	var logs syncBuffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	ts := startServer(t, Config{Logger: logger})
	host := ts.dial(t, "127.0.0.2")
	room, first := host.host()
	peer := ts.dial(t, "127.0.0.3")
	peer.join(room)
	host.expect(wire.TypePeer)

	// Someone who saw the first claim takes the room from the live host...
	thief := ts.dial(t, "127.0.0.4")
	thief.send(wire.Message{T: wire.TypeHost, Room: room, Claim: first})
	second := thief.expect(wire.TypeHosted).Claim
	if second == "" || second == first {
		t.Fatalf("reclaim answered claim %q after %q, want a new one", second, first)
	}
	if code := host.expectClosed(); code != websocket.StatusPolicyViolation {
		t.Fatalf("displaced host closed with %v", code)
	}
	if !strings.Contains(logs.String(), `"level":"WARN","msg":"live host displaced by a reclaim"`) {
		t.Fatalf("no warning for the displaced host in:\n%s", logs.String())
	}
	// ...but the real host, reloaded with the same first claim, cannot get it
	// back that way either: the claim has been used.
	again := ts.dial(t, "127.0.0.2")
	again.send(wire.Message{T: wire.TypeHost, Room: room, Claim: first})
	again.expect(wire.TypeError, wire.CodeBadClaim)

	// The newest claim works, once.
	owner := ts.dial(t, "127.0.0.5")
	owner.send(wire.Message{T: wire.TypeHost, Room: room, Claim: second})
	third := owner.expect(wire.TypeHosted).Claim
	if third == second || third == first {
		t.Fatalf("third claim %q repeats an earlier one", third)
	}
	owner.expect(wire.TypePeer)
	owner.send(wire.Message{T: wire.TypeTo, ID: "p1", Data: json.RawMessage(`"mine"`)})
	for m := peer.recv(); m.T != wire.TypeFrom; m = peer.recv() {
		if m.T != wire.TypeHostBack {
			t.Fatalf("peer got %+v", m)
		}
	}
}
