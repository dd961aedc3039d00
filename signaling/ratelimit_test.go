//go:build !js

package signaling

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"safehouse/wire"
)

// One connection cannot push more than its relay budget through the server:
// a burst, then a steady rate. Data beyond it is refused, not relayed, and
// the sender's room partner is untouched.
func TestRelayRateLimit(t *testing.T) {
	const (
		rate  = 10_000 // bytes a second
		burst = 20_000
		size  = 1_000 // bytes of data per message
	)
	clock := &fakeClock{now: time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)} // frozen unless advanced
	ts := startServer(t, Config{RelayRate: rate, RelayBurst: burst, MaxMessageSize: burst, Now: clock.Now})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	peer := ts.dial(t, "127.0.0.3")
	peer.join(room)
	host.expect(wire.TypePeer)
	data := json.RawMessage(`"` + strings.Repeat("x", size-2) + `"`)

	flood := func(n int) (refused int) {
		for range n {
			peer.send(wire.Message{T: wire.TypeTo, Data: data})
		}
		// A marker after the flood: every answer to the flood comes before it.
		peer.send(wire.Message{T: wire.TypeJoin, Room: room})
		for m := peer.recv(); m.Code != wire.CodeAlreadyInRoom; m = peer.recv() {
			if m.Code != wire.CodeRateLimited {
				t.Fatalf("flooder got %+v", m)
			}
			refused++
		}
		return refused
	}
	if refused := flood(30); refused != 30-burst/size {
		t.Fatalf("%d of 30 messages refused, want %d beyond the burst", refused, 30-burst/size)
	}
	clock.Advance(500 * time.Millisecond) // half a second refills rate/2 bytes
	if refused := flood(10); refused != 10-rate/2/size {
		t.Fatalf("%d of 10 messages refused after half a second, want %d", refused, 10-rate/2/size)
	}
	if st := ts.Stats(); st.Relayed != burst/size+rate/2/size || st.Conns != 2 {
		t.Fatalf("stats %+v, want %d relayed and both connections open", st, burst/size+rate/2/size)
	}
	// The host's own sending has its own budget.
	host.send(wire.Message{T: wire.TypeTo, ID: "p1", Data: data})
	if m := peer.expect(wire.TypeFrom); string(m.Data) != string(data) {
		t.Fatalf("peer got %+v", m)
	}
}
