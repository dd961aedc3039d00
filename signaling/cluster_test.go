//go:build !js

package signaling

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go"

	"safehouse/wire"
)

// A peer on another instance than its host's joins, is announced, and their
// messages reach each other both ways; its leaving is announced too.
func TestClusterPeerOnAnotherInstance(t *testing.T) {
	_, in := startCluster(t, 2)
	a, b := in[0], in[1]
	host := a.dial(t, "127.0.0.1")
	room, _ := host.host()
	waitEntry(t, room, -1, b)
	peer := b.dial(t, "127.0.0.2")
	id := peer.join(strings.ToLower(room))
	if got := host.expect(wire.TypePeer).ID; got != id {
		t.Fatalf("the host was told of %q, the peer is %q", got, id)
	}
	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"sdp":"offer"}`)})
	if m := host.expect(wire.TypeFrom); m.ID != id || string(m.Data) != `{"sdp":"offer"}` {
		t.Fatalf("the host got %+v", m)
	}
	host.send(wire.Message{T: wire.TypeTo, ID: id, Data: json.RawMessage(`{"sdp":"answer"}`)})
	if m := peer.expect(wire.TypeFrom); m.ID != wire.HostID || string(m.Data) != `{"sdp":"answer"}` {
		t.Fatalf("the peer got %+v", m)
	}
	if st := a.Stats(); st.Rooms != 1 || st.Peers != 1 {
		t.Errorf("the home counts %+v", st)
	}
	if st := b.Stats(); st.Rooms != 0 {
		t.Errorf("the peer's instance counts %d rooms of its own", st.Rooms)
	}
	peer.conn.Close(websocket.StatusNormalClosure, "bye")
	if m := host.expect(wire.TypeLeft); m.ID != id {
		t.Fatalf("the host was told %+v", m)
	}
	if m := scrape(t, b.Metrics()); m["safehouse_cluster_request_seconds_count"] < 1 {
		t.Error("no cross-instance request was timed")
	}
}

// A code no instance has is unknown through every instance, and counts as a
// failed join there; a full room is refused by its home.
func TestClusterUnknownAndFullRooms(t *testing.T) {
	ns := startNATS(t)
	a := startInstance(t, ns.ClientURL(), Config{PeersPerRoom: 1})
	b := startInstance(t, ns.ClientURL(), Config{FailedJoinsPerMinute: 2})
	room, _ := a.dial(t, "127.0.0.1").host()
	b.dial(t, "127.0.0.2").join(room)
	late := b.dial(t, "127.0.0.3")
	late.send(wire.Message{T: wire.TypeJoin, Room: room})
	late.expect(wire.TypeError, wire.CodeRoomFull)
	guesser := b.dial(t, "127.0.0.4")
	for range 2 {
		guesser.send(wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"})
		guesser.expect(wire.TypeError, wire.CodeUnknownRoom)
	}
	guesser.send(wire.Message{T: wire.TypeJoin, Room: room})
	guesser.expect(wire.TypeError, wire.CodeRateLimited)
}

// The host's socket closes; it reclaims its room through a third instance,
// which becomes the room's home: every peer (on the old home and elsewhere)
// is announced to it, gets host-back and reaches it, and the old claim no
// longer works.
func TestClusterReclaimThroughAnotherInstanceMovesTheRoom(t *testing.T) {
	_, in := startCluster(t, 3)
	a, b, c := in[0], in[1], in[2]
	host := a.dial(t, "127.0.0.1")
	room, claim := host.host()
	onA := a.dial(t, "127.0.0.2")
	idA := onA.join(room)
	onB := b.dial(t, "127.0.0.3")
	idB := onB.join(room)
	host.expect(wire.TypePeer)
	host.expect(wire.TypePeer)
	host.conn.Close(websocket.StatusNormalClosure, "reload")
	onA.expect(wire.TypeHostAway)
	onB.expect(wire.TypeHostAway)

	back := c.dial(t, "127.0.0.1")
	hosted := back.reclaim(room, claim)
	if hosted.Room != room || hosted.Claim == claim || hosted.Claim == "" {
		t.Fatalf("reclaim answered %+v", hosted)
	}
	if p1, p2 := back.expect(wire.TypePeer).ID, back.expect(wire.TypePeer).ID; p1 != idA || p2 != idB {
		t.Fatalf("peers announced %s, %s; want %s, %s", p1, p2, idA, idB)
	}
	onA.expect(wire.TypeHostBack)
	onB.expect(wire.TypeHostBack)
	for id, p := range map[string]*testClient{idA: onA, idB: onB} {
		p.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"n":"` + id + `"}`)})
		if m := back.expect(wire.TypeFrom); m.ID != id {
			t.Fatalf("the new home got %+v from %s", m, id)
		}
		back.send(wire.Message{T: wire.TypeTo, ID: id, Data: json.RawMessage(`{"ok":1}`)})
		if m := p.expect(wire.TypeFrom); m.ID != wire.HostID {
			t.Fatalf("%s got %+v", id, m)
		}
	}
	if a.Stats().Rooms != 0 || c.Stats().Rooms != 1 {
		t.Errorf("rooms: old home %d, new home %d", a.Stats().Rooms, c.Stats().Rooms)
	}
	thief := b.dial(t, "127.0.0.9")
	thief.send(wire.Message{T: wire.TypeHost, Room: room, Claim: claim})
	thief.expect(wire.TypeError, wire.CodeBadClaim)
}

// Messages on the cluster's subjects that do not fit the rooms they name are
// dropped and counted, and reach nobody.
func TestClusterDropsForgedMessages(t *testing.T) {
	ns := startNATS(t)
	a := startInstance(t, ns.ClientURL(), Config{MaxMessageSize: 1024})
	b := startInstance(t, ns.ClientURL(), Config{})
	host := a.dial(t, "127.0.0.1")
	room, _ := host.host()
	waitEntry(t, room, -1, b)
	peer := b.dial(t, "127.0.0.2")
	id := peer.join(room)
	host.expect(wire.TypePeer)

	forger := connectNATS(t, ns.ClientURL())
	pub := func(subject string, w any) {
		b, _ := json.Marshal(w)
		if err := forger.Publish(subject, b); err != nil {
			t.Fatal(err)
		}
	}
	pub(toInstance(a.cluster.id), clusterMsg{Op: opTo, Room: room, ID: id, Inst: "someone-else", Data: json.RawMessage(`1`)})
	pub(toInstance(a.cluster.id), clusterMsg{Op: opTo, Room: room, ID: "p9", Inst: b.cluster.id, Data: json.RawMessage(`1`)})
	pub(toInstance(a.cluster.id), clusterMsg{Op: opTo, Room: "ZZZZZZ", ID: id, Inst: b.cluster.id, Data: json.RawMessage(`1`)})
	pub(toInstance(a.cluster.id), clusterMsg{Op: opTo, Room: room, ID: id, Inst: b.cluster.id, Data: json.RawMessage(`"` + strings.Repeat("x", 4096) + `"`)})
	pub(toInstance(a.cluster.id), "not a message")
	pub(subjectInstPrefix+b.cluster.id, clusterMsg{Op: opSend, Room: room, ID: "p9", Data: json.RawMessage(`{"t":"host-away"}`)})
	pub(subjectInstPrefix+b.cluster.id, clusterMsg{Op: opSend, Room: "ZZZZZZ", ID: id, Data: json.RawMessage(`{"t":"host-away"}`)})

	want := map[string]map[string]float64{
		"home": {dropWrongPeer: 2, dropWrongRoom: 1, dropOversized: 1, dropMalformed: 1},
		// The forged p9, and the home's word that the p9 it does not know should join
		// again (an error and a close, closeLostPeerLocked): b has no p9 either.
		"peer": {dropWrongPeer: 3, dropWrongRoom: 1},
	}
	for name, ts := range map[string]*testServer{"home": a, "peer": b} {
		waitFor(t, "the "+name+"'s drops counted", func() bool {
			m := scrape(t, ts.Metrics())
			for reason, n := range want[name] {
				if m[`safehouse_cluster_dropped_total{reason="`+reason+`"}`] != n {
					return false
				}
			}
			return true
		})
	}
	// The genuine path still works, and is the first thing either side hears.
	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"real":true}`)})
	if m := host.expect(wire.TypeFrom); string(m.Data) != `{"real":true}` {
		t.Fatalf("the host got %+v", m)
	}
	host.send(wire.Message{T: wire.TypeTo, ID: id, Data: json.RawMessage(`{"real":true}`)})
	if m := peer.expect(wire.TypeFrom); string(m.Data) != `{"real":true}` {
		t.Fatalf("the peer got %+v", m)
	}
}

// NATS lost while running: /readyz fails and new rooms and joins get a clear
// refusal; once NATS is back, the instance is ready again.
func TestClusterLostNATSRefusesNewRoomsAndJoins(t *testing.T) {
	ns := startNATS(t)
	a := startInstance(t, ns.ClientURL(), Config{})
	if code, body := get(a.Readyz()); code != 200 {
		t.Fatalf("/readyz answered %d %q with NATS up", code, body)
	}
	ns.Shutdown()
	ns.WaitForShutdown()
	waitFor(t, "/readyz to fail", func() bool {
		code, body := get(a.Readyz())
		return code == 503 && body == "nats disconnected"
	})
	host := a.dial(t, "127.0.0.1")
	host.send(wire.Message{T: wire.TypeHost})
	host.expect(wire.TypeError, wire.CodeUnavailable)
	peer := a.dial(t, "127.0.0.2")
	peer.send(wire.Message{T: wire.TypeJoin, Room: "ABCDEF"})
	peer.expect(wire.TypeError, wire.CodeUnavailable)
}

// JoinCluster refuses a connection that is not up.
func TestJoinClusterNeedsAConnection(t *testing.T) {
	s := New(quietConfig(Config{}))
	defer s.Close()
	if err := s.JoinCluster(nil); !errors.Is(err, ErrClusterDown) {
		t.Fatalf("JoinCluster(nil) = %v", err)
	}
	ns := startNATS(t)
	nc, err := nats.Connect(ns.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	nc.Close()
	if err := s.JoinCluster(nc); !errors.Is(err, ErrClusterDown) {
		t.Fatalf("JoinCluster(closed) = %v", err)
	}
}

// Draining the host's instance: the host's socket closes with going away,
// the host reclaims through another instance, and the drain then ends at
// once, well before its deadline.
func TestClusterDrainWaitsForTheRoomToMove(t *testing.T) {
	_, in := startCluster(t, 2)
	a, b := in[0], in[1]
	host := a.dial(t, "127.0.0.1")
	room, claim := host.host()
	waitEntry(t, room, -1, b)
	peer := b.dial(t, "127.0.0.2")
	id := peer.join(room)
	host.expect(wire.TypePeer)

	ctx, cancel := context.WithTimeout(context.Background(), 4*waitLimit)
	defer cancel()
	drained := make(chan error, 1)
	go func() { drained <- a.Drain(ctx) }()
	if status := host.expectClosed(); status != websocket.StatusGoingAway {
		t.Fatalf("the host's socket closed with %v", status)
	}
	peer.expect(wire.TypeHostAway)
	select {
	case err := <-drained:
		t.Fatalf("the drain ended (%v) with the room still homed there", err)
	default:
	}
	back := b.dial(t, "127.0.0.1")
	back.reclaim(room, claim)
	if got := back.expect(wire.TypePeer).ID; got != id {
		t.Fatalf("the peer came over as %q, want %q", got, id)
	}
	peer.expect(wire.TypeHostBack)
	if err := <-drained; err != nil {
		t.Fatalf("Drain: %v", err)
	}
	if ctx.Err() != nil {
		t.Fatal("the drain waited for its deadline")
	}
}

// NATS restarted while a room's host and peer are on two instances: both
// instances are unready meanwhile, and once NATS is back they are ready again
// and the room works across them as before (the room lives in its home, not
// in NATS).
func TestClusterSurvivesNATSRestart(t *testing.T) {
	ns := startNATS(t)
	port := ns.Addr().(*net.TCPAddr).Port
	a := startInstance(t, ns.ClientURL(), Config{})
	b := startInstance(t, ns.ClientURL(), Config{})
	host := a.dial(t, "127.0.0.1")
	room, _ := host.host()
	waitEntry(t, room, -1, b)
	peer := b.dial(t, "127.0.0.2")
	id := peer.join(room)
	host.expect(wire.TypePeer)

	ns.Shutdown()
	ns.WaitForShutdown()
	for _, ts := range []*testServer{a, b} {
		waitFor(t, "/readyz to fail", func() bool { code, _ := get(ts.Readyz()); return code == 503 })
	}
	startNATSOn(t, port)
	for _, ts := range []*testServer{a, b} {
		waitFor(t, "/readyz to pass again", func() bool { code, _ := get(ts.Readyz()); return code == 200 })
	}
	// Subscriptions are made again on reconnect; a message may be lost while
	// they are not yet in place, so the peer says it until it is heard.
	heard := make(chan wire.Message, 1)
	go func() {
		if m, err := host.read(); err == nil {
			heard <- m
		}
	}()
	deadline := time.After(waitLimit)
	for m := (wire.Message{}); m.T == ""; {
		peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"after":"restart"}`)})
		select {
		case m = <-heard:
			if m.T != wire.TypeFrom || m.ID != id {
				t.Fatalf("the host got %+v", m)
			}
		case <-time.After(100 * time.Millisecond):
		case <-deadline:
			t.Fatal("the peer's data never reached the host after the restart")
		}
	}
}

// Failed joins count on every instance: a guesser that used up its failures
// on one instance is refused on another, whose own budget it never touched.
func TestClusterFailedJoinsCountOnEveryInstance(t *testing.T) {
	ns := startNATS(t)
	a := startInstance(t, ns.ClientURL(), Config{FailedJoinsPerMinute: 3})
	b := startInstance(t, ns.ClientURL(), Config{FailedJoinsPerMinute: 3})
	room, _ := b.dial(t, "127.0.0.1").host()
	onA := a.dial(t, "127.0.0.5")
	for range 3 {
		onA.send(wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"})
		onA.expect(wire.TypeError, wire.CodeUnknownRoom)
	}
	onB := b.dial(t, "127.0.0.5")
	waitFor(t, "the failures to reach the other instance", func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return b.recentFailures("127.0.0.5", b.cfg.Now()) == 3
	})
	onB.send(wire.Message{T: wire.TypeJoin, Room: room})
	onB.expect(wire.TypeError, wire.CodeRateLimited)
	other := b.dial(t, "127.0.1.5") // another network: not limited
	other.join(room)
}
