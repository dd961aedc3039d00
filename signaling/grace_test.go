//go:build !js

package signaling

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
)

func TestHostAwayAndReclaim(t *testing.T) {
	ts := startServer(t, Config{}) // the default grace of 10 minutes

	host := ts.dial(t, "127.0.0.2")
	room, claim := host.host()
	peers := []*testClient{ts.dial(t, "127.0.0.3"), ts.dial(t, "127.0.0.4")}
	for _, p := range peers {
		p.join(room)
		host.expect(wire.TypePeer)
	}

	host.conn.CloseNow() // a reload: the socket just drops
	for _, p := range peers {
		p.expect(wire.TypeHostAway)
	}
	if st := ts.Stats(); st.Rooms != 1 || st.RoomsAway != 1 {
		t.Fatalf("stats %+v, want the room kept and waiting", st)
	}

	// While the host is away a peer's messages are refused, not lost silently.
	peers[0].send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`1`)})
	peers[0].expect(wire.TypeError, wire.CodeUnknownPeer)

	// A wrong claim is refused and changes nothing.
	thief := ts.dial(t, "127.0.0.5")
	thief.send(wire.Message{T: wire.TypeHost, Room: room, Claim: "not-the-claim"})
	thief.expect(wire.TypeError, wire.CodeBadClaim)

	back := ts.dial(t, "127.0.0.6")
	if m := back.reclaim(room, claim); m.Room != room || m.Claim == "" || m.Claim == claim {
		t.Fatalf("reclaim answered %+v, want the room with a new claim", m)
	}
	// The reclaimed host learns who is still there.
	seen := map[string]bool{}
	for range peers {
		seen[back.expect(wire.TypePeer).ID] = true
	}
	if !seen["p1"] || !seen["p2"] {
		t.Fatalf("reclaimed host was told about %v, want p1 and p2", seen)
	}
	for _, p := range peers {
		p.expect(wire.TypeHostBack)
	}
	back.send(wire.Message{T: wire.TypeTo, ID: "p2", Data: json.RawMessage(`"hello again"`)})
	if m := peers[1].expect(wire.TypeFrom); string(m.Data) != `"hello again"` {
		t.Fatalf("peer got %+v", m)
	}
	if st := ts.Stats(); st.Rooms != 1 || st.RoomsAway != 0 || st.Peers != 2 {
		t.Fatalf("stats %+v after the reclaim", st)
	}
}

func TestRoomExpiresAfterGrace(t *testing.T) {
	ts := startServer(t, Config{HostGrace: 20 * time.Millisecond})
	host := ts.dial(t, "127.0.0.2")
	room, claim := host.host()
	peers := []*testClient{ts.dial(t, "127.0.0.3"), ts.dial(t, "127.0.0.4")}
	for _, p := range peers {
		p.join(room)
		host.expect(wire.TypePeer)
	}

	// Gone for longer than the grace: the room is forgotten, its peers are told.
	host.conn.CloseNow()
	for _, p := range peers {
		p.expect(wire.TypeHostAway)
		p.expect(wire.TypeError, wire.CodeUnknownRoom)
		if code := p.expectClosed(); code != websocket.StatusGoingAway {
			t.Fatalf("peer closed with %v after expiry", code)
		}
	}
	late := ts.dial(t, "127.0.0.6")
	late.send(wire.Message{T: wire.TypeHost, Room: room, Claim: claim})
	late.expect(wire.TypeError, wire.CodeUnknownRoom)
	if st := ts.Stats(); st.Rooms != 0 || st.Expired != 1 {
		t.Fatalf("stats %+v, want no room and one expiry", st)
	}
}

// A reloaded host may reconnect before the server notices the old socket is
// dead: the newest connection with the claim wins.
func TestReclaimReplacesAnOpenHostConnection(t *testing.T) {
	ts := startServer(t, Config{})
	old := ts.dial(t, "127.0.0.2")
	room, claim := old.host()
	peer := ts.dial(t, "127.0.0.3")
	peer.join(room)
	old.expect(wire.TypePeer)

	fresh := ts.dial(t, "127.0.0.2")
	fresh.reclaim(room, claim)
	fresh.expect(wire.TypePeer)
	peer.expect(wire.TypeHostBack)
	old.expect(wire.TypeError, wire.CodeBadClaim)
	if code := old.expectClosed(); code != websocket.StatusPolicyViolation {
		t.Fatalf("old host closed with %v", code)
	}

	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`"to the new host"`)})
	if m := fresh.expect(wire.TypeFrom); m.ID != "p1" {
		t.Fatalf("new host got %+v", m)
	}
	if st := ts.Stats(); st.Rooms != 1 || st.RoomsAway != 0 {
		t.Fatalf("stats %+v", st)
	}
}

// A peer joining while the host is away is let in and told at once.
func TestJoinWhileHostAway(t *testing.T) {
	ts := startServer(t, Config{})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	host.conn.CloseNow()
	waitFor(t, "the host to be away", func() bool { return ts.Stats().RoomsAway == 1 })

	peer := ts.dial(t, "127.0.0.3")
	if id := peer.join(room); id != "p1" {
		t.Fatalf("id %q", id)
	}
	peer.expect(wire.TypeHostAway)
}

// A grace timer from an earlier departure must not end the room after the
// host came back and left again: only the latest departure's timer counts.
func TestStaleGraceTimerIsIgnored(t *testing.T) {
	ts := startServer(t, Config{}) // 10 minute grace: the real timers never fire here
	host := ts.dial(t, "127.0.0.2")
	code, claim := host.host()
	host.conn.CloseNow()
	waitFor(t, "the host to be away", func() bool { return ts.Stats().RoomsAway == 1 })
	back := ts.dial(t, "127.0.0.2")
	back.send(wire.Message{T: wire.TypeHost, Room: code, Claim: claim})
	back.expect(wire.TypeHosted)
	back.conn.CloseNow()
	waitFor(t, "the host to be away again", func() bool { return ts.Stats().RoomsAway == 1 })

	ts.mu.Lock()
	r := ts.rooms[code]
	ts.mu.Unlock()
	ts.expire(r, 1) // the first departure's timer, firing late
	if st := ts.Stats(); st.Rooms != 1 {
		t.Fatalf("stale timer ended the room: %+v", st)
	}
	ts.expire(r, 2)
	if st := ts.Stats(); st.Rooms != 0 || st.Expired != 1 {
		t.Fatalf("current timer did not end the room: %+v", st)
	}
}

// A host's bye is a disconnect like any other: the room waits for it.
func TestHostByeStartsTheGrace(t *testing.T) {
	ts := startServer(t, Config{})
	host := ts.dial(t, "127.0.0.2")
	room, claim := host.host()
	peer := ts.dial(t, "127.0.0.3")
	peer.join(room)
	host.expect(wire.TypePeer)
	host.send(wire.Message{T: wire.TypeBye})
	if code := host.expectClosed(); code != websocket.StatusNormalClosure {
		t.Fatalf("bye closed with %v", code)
	}
	peer.expect(wire.TypeHostAway)
	back := ts.dial(t, "127.0.0.2")
	back.reclaim(room, claim)
	peer.expect(wire.TypeHostBack)
}
