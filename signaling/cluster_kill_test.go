package signaling

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// kill cuts an instance off as a killed process is: no word to NATS or to
// its clients.
func kill(ts *testServer) {
	ts.cluster.nc.Close()
	ts.mu.Lock()
	clients := ts.clientList()
	ts.mu.Unlock()
	for _, c := range clients {
		c.drop() // no close frame
	}
}

// The host's instance is killed: its room lives on as the record the others
// hold. A join meanwhile is told to try again (not that the room is gone), a
// wrong claim is refused, and the host's reclaim with its claim through
// another instance adopts the room there with its peers, who get host-back
// and reach the host again.
func TestClusterKilledHomeRoomIsAdoptedByTheHostsReclaim(t *testing.T) {
	ns := startNATS(t)
	a := startInstance(t, ns.ClientURL(), Config{})
	b := startInstance(t, ns.ClientURL(), Config{})
	c := startInstance(t, ns.ClientURL(), Config{})
	host := a.dial(t, "127.0.0.1")
	room, claim := host.host()
	waitEntry(t, room, -1, b)
	peer := b.dial(t, "127.0.0.2")
	id := peer.join(room)
	host.expect(wire.TypePeer)
	waitEntry(t, room, 1, b, c)

	kill(a)
	if _, err := host.read(); err == nil {
		t.Fatal("the host's socket outlived its instance")
	}
	late := c.dial(t, "127.0.0.3")
	late.send(wire.Message{T: wire.TypeJoin, Room: room})
	late.expect(wire.TypeError, wire.CodeUnavailable)
	thief := c.dial(t, "127.0.0.4")
	thief.send(wire.Message{T: wire.TypeHost, Room: room, Claim: "not-the-claim"})
	thief.expect(wire.TypeError, wire.CodeBadClaim)

	back := c.dial(t, "127.0.0.1")
	back.send(wire.Message{T: wire.TypeHost, Room: room, Claim: claim})
	if m := back.expect(wire.TypeHosted); m.Room != room || m.Claim == claim {
		t.Fatalf("reclaim answered %+v", m)
	}
	if got := back.expect(wire.TypePeer).ID; got != id {
		t.Fatalf("the adopted room announced %q, want %q", got, id)
	}
	peer.expect(wire.TypeHostBack)
	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"after":"kill"}`)})
	if m := back.expect(wire.TypeFrom); m.ID != id {
		t.Fatalf("the new home got %+v", m)
	}
	back.send(wire.Message{T: wire.TypeTo, ID: id, Data: json.RawMessage(`{"ok":1}`)})
	if m := peer.expect(wire.TypeFrom); m.ID != wire.HostID {
		t.Fatalf("the peer got %+v", m)
	}
	late.send(wire.Message{T: wire.TypeJoin, Room: room})
	if got := late.expect(wire.TypeJoined).ID; got == id {
		t.Fatalf("a new peer got the id %q of one already in the room", got)
	}
}

// A room whose home was killed and whose host never came back ends for its
// peers on other instances like an expired room, after the grace period.
func TestClusterOrphanRoomExpiresForItsPeers(t *testing.T) {
	ns := startNATS(t)
	grace := Config{HostGrace: 300 * time.Millisecond}
	a := startInstance(t, ns.ClientURL(), grace)
	b := startInstance(t, ns.ClientURL(), grace)
	host := a.dial(t, "127.0.0.1")
	room, _ := host.host()
	waitEntry(t, room, -1, b)
	peer := b.dial(t, "127.0.0.2")
	peer.join(room)
	host.expect(wire.TypePeer)
	waitEntry(t, room, 1, b)
	kill(a)
	peer.expect(wire.TypeError, wire.CodeUnknownRoom)
	if status := peer.expectClosed(); status != websocket.StatusGoingAway {
		t.Fatalf("the peer's socket closed with %v", status)
	}
}

// The cluster's logs, on every instance, hold neither claims (old or new)
// nor message data, through a join, relays, a move and an adoption.
func TestClusterLogsHoldNoSecrets(t *testing.T) {
	var logs syncBuffer
	cfg := Config{Logger: slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	ns := startNATS(t)
	a := startInstance(t, ns.ClientURL(), cfg)
	b := startInstance(t, ns.ClientURL(), cfg)
	c := startInstance(t, ns.ClientURL(), cfg)
	host := a.dial(t, "127.0.0.1")
	room, claim := host.host()
	waitEntry(t, room, -1, b)
	peer := b.dial(t, "127.0.0.2")
	id := peer.join(room)
	host.expect(wire.TypePeer)
	const secret = "the-location-is-the-submarine"
	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`"` + secret + `"`)})
	host.expect(wire.TypeFrom)
	claims := []string{claim}
	host.conn.CloseNow()
	peer.expect(wire.TypeHostAway)
	moved := b.dial(t, "127.0.0.1")
	moved.send(wire.Message{T: wire.TypeHost, Room: room, Claim: claim})
	claims = append(claims, moved.expect(wire.TypeHosted).Claim)
	moved.expect(wire.TypePeer)
	peer.expect(wire.TypeHostBack)
	waitFor(t, "the moved room's entry", func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		e, ok := c.cluster.dir[room]
		return ok && e.e.Epoch == 1
	})
	kill(b)
	adopted := c.dial(t, "127.0.0.1")
	adopted.send(wire.Message{T: wire.TypeHost, Room: room, Claim: claims[1]})
	claims = append(claims, adopted.expect(wire.TypeHosted).Claim)
	adopted.send(wire.Message{T: wire.TypeTo, ID: id, Data: json.RawMessage(`"` + secret + `"`)})

	out := logs.String()
	for _, want := range []string{"room moved to another instance", "room adopted", "joined the cluster"} {
		if !strings.Contains(out, want) {
			t.Errorf("the logs do not say %q", want)
		}
	}
	for _, s := range append(claims, secret, claimHash(claims[0])) {
		if strings.Contains(out, s) {
			t.Errorf("the logs hold %q", s)
		}
	}
}
