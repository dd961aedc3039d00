//go:build !js

package signaling

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

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
	_, in := startCluster(t, 3)
	a, b, c := in[0], in[1], in[2]
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
	if m := back.reclaim(room, claim); m.Room != room || m.Claim == claim {
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
	claims = append(claims, moved.reclaim(room, claim).Claim)
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

// stopWatcher stops ts's directory watcher: its cache of the directory stays as it is, as an
// instance whose watcher is behind.
func stopWatcher(ts *testServer) {
	ts.mu.Lock()
	ts.cluster.watcher.Stop()
	ts.mu.Unlock()
}

// adoptedBehindAStaleCache runs three instances: a room hosted on a, whose entry c has
// read before its watcher stopped (so c's cache goes stale), a killed, and the room
// reclaimed by its host through b. It answers the NATS server, a, c, the room and the
// host's socket on b.
func adoptedBehindAStaleCache(t *testing.T) (ns *natsserver.Server, a, c *testServer, room string, back *testClient) {
	t.Helper()
	ns = startNATS(t)
	a = startInstance(t, ns.ClientURL(), Config{})
	b := startInstance(t, ns.ClientURL(), Config{})
	c = startInstance(t, ns.ClientURL(), Config{})
	host := a.dial(t, "127.0.0.1")
	room, claim := host.host()
	waitEntry(t, room, -1, b, c)
	stopWatcher(c)

	kill(a)
	back = b.dial(t, "127.0.0.1")
	back.reclaim(room, claim)
	return ns, a, c, room, back
}

// A join through an instance whose cache still names the room's home after that home died
// and the host's reclaim moved the room to another instance (its watcher is behind: here,
// stopped) reads the directory again and reaches the new home. It was told "try again" for
// as long as the cache was stale: a player's session, which does try again, hung.
func TestClusterJoinThroughAStaleEntryOfADeadHomeReachesTheNewHome(t *testing.T) {
	_, _, c, room, back := adoptedBehindAStaleCache(t)
	late := c.dial(t, "127.0.0.3")
	late.send(wire.Message{T: wire.TypeJoin, Room: room})
	id := late.expect(wire.TypeJoined).ID
	if got := back.expect(wire.TypePeer).ID; got != id {
		t.Fatalf("the new home announced %q, the late peer is %q", got, id)
	}
	late.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"late":1}`)})
	if m := back.expect(wire.TypeFrom); m.ID != id {
		t.Fatalf("the host got %+v", m)
	}
}

// A home that stops answering without leaving NATS (its process frozen, or its machine gone
// until NATS gives up on it) keeps its subscription: a request to it waits for the whole
// timeout. A join through a stale cache naming it reads the directory after that one
// timeout and reaches the room's new home, instead of being told to try again, to wait the
// same timeout again.
func TestClusterJoinThroughAStaleEntryOfASilentHomeReachesTheNewHome(t *testing.T) {
	ns, a, c, room, back := adoptedBehindAStaleCache(t)
	silent := connectNATS(t, ns.ClientURL()) // a's subject, heard and never answered
	if _, err := silent.Subscribe(toInstance(a.cluster.id), func(*nats.Msg) {}); err != nil {
		t.Fatal(err)
	}
	if err := silent.Flush(); err != nil {
		t.Fatal(err)
	}
	late := c.dial(t, "127.0.0.3")
	late.send(wire.Message{T: wire.TypeJoin, Room: room})
	id := late.expect(wire.TypeJoined).ID
	if got := back.expect(wire.TypePeer).ID; got != id {
		t.Fatalf("the new home announced %q, the late peer is %q", got, id)
	}
}

// The same for the host: its reclaim through an instance whose cache names the dead home,
// after the room was adopted elsewhere, moves the room from where it is now. It was told the
// room was moving, again and again, while the cache was stale.
func TestClusterReclaimThroughAStaleEntryOfADeadHomeMovesTheAdoptedRoom(t *testing.T) {
	_, in := startCluster(t, 3)
	a, b, c := in[0], in[1], in[2]
	host := a.dial(t, "127.0.0.1")
	room, claim := host.host()
	peer := b.dial(t, "127.0.0.2")
	id := peer.join(room)
	host.expect(wire.TypePeer)
	waitEntry(t, room, 1, b, c)
	stopWatcher(c)

	kill(a)
	adopted := b.dial(t, "127.0.0.1")
	claim = adopted.reclaim(room, claim).Claim
	adopted.expect(wire.TypePeer)
	peer.expect(wire.TypeHostBack)
	adopted.conn.CloseNow() // the host's page reloads, and the balancer sends it to c

	back := c.dial(t, "127.0.0.1")
	if m := back.reclaim(room, claim); m.Room != room {
		t.Fatalf("reclaim answered %+v", m)
	}
	if got := back.expect(wire.TypePeer).ID; got != id {
		t.Fatalf("the moved room announced %q, want %q", got, id)
	}
	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"after":"move"}`)})
	if m := back.expect(wire.TypeFrom); m.ID != id {
		t.Fatalf("the host got %+v", m)
	}
}

// A room's entry may be behind its home (the writer's round, a write tried again) when the
// home dies: a peer that joined meanwhile is missing from it, and so is its id. The room
// adopted from that entry gives a new peer an id no peer of the room had: the same id
// reached the host as the missing peer's ICE restart, refused, and the new peer never
// connected (TestSpyfallGoesOnWhenTheHostsInstanceDies hung for its 90 s).
func TestClusterAdoptedRoomNeverReusesAPeerID(t *testing.T) {
	_, in := startCluster(t, 2)
	a, b := in[0], in[1]
	host := a.dial(t, "127.0.0.1")
	room, claim := host.host()
	first := a.dial(t, "127.0.0.2").join(room)
	host.expect(wire.TypePeer)
	waitEntry(t, room, 1, b)
	a.mu.Lock()
	a.rooms[room].writing = true // the writer passes the room by: its entry stays behind
	a.mu.Unlock()
	missing := a.dial(t, "127.0.0.3").join(room)
	host.expect(wire.TypePeer)

	kill(a)
	back := b.dial(t, "127.0.0.1")
	back.reclaim(room, claim)
	back.expect(wire.TypePeer)
	late := b.dial(t, "127.0.0.4").join(room)
	if late == first || late == missing {
		t.Fatalf("the adopted room gave a new peer the id %q; its peers were %q and %q", late, first, missing)
	}
}

// A home that stops answering without leaving NATS (frozen, or gone without a word until NATS
// gives up on it, or only just killed as the request went out) does not keep its rooms from
// their hosts: a reclaim that times out on it, with the directory still naming it, adopts the
// room as from a dead home. It was refused with "cannot reach", and a frozen home held its
// rooms for as long as NATS kept its subscription.
func TestClusterReclaimAdoptsTheRoomOfASilentHome(t *testing.T) {
	ns, in := startCluster(t, 2)
	a, b := in[0], in[1]
	host := a.dial(t, "127.0.0.1")
	room, claim := host.host()
	peer := b.dial(t, "127.0.0.2")
	id := peer.join(room)
	host.expect(wire.TypePeer)
	waitEntry(t, room, 1, b)

	kill(a)
	silent := connectNATS(t, ns.ClientURL()) // a's subject, heard and never answered
	if _, err := silent.Subscribe(toInstance(a.cluster.id), func(*nats.Msg) {}); err != nil {
		t.Fatal(err)
	}
	if err := silent.Flush(); err != nil {
		t.Fatal(err)
	}
	back := b.dial(t, "127.0.0.1")
	back.reclaim(room, claim)
	if got := back.expect(wire.TypePeer).ID; got != id {
		t.Fatalf("the adopted room announced %q, want %q", got, id)
	}
	peer.expect(wire.TypeHostBack)
}

// A peer whose socket is on a third instance and that joined after the dead home's last
// entry is not in the adopted room, though its instance still takes it for one of the
// room's. Its messages were dropped for good (an ICE restart would never be answered); the
// new home has its instance close it, to join again.
func TestClusterPeerMissingFromTheAdoptedRoomIsToldToJoinAgain(t *testing.T) {
	_, in := startCluster(t, 3)
	a, b, c := in[0], in[1], in[2]
	host := a.dial(t, "127.0.0.1")
	room, claim := host.host()
	waitEntry(t, room, -1, c)
	listed := c.dial(t, "127.0.0.2")
	listed.join(room)
	host.expect(wire.TypePeer)
	waitEntry(t, room, 1, b, c)
	a.mu.Lock()
	a.rooms[room].writing = true // the writer passes the room by: its entry stays behind
	a.mu.Unlock()
	missing := c.dial(t, "127.0.0.3")
	missing.join(room)
	host.expect(wire.TypePeer)

	kill(a)
	back := b.dial(t, "127.0.0.1")
	back.reclaim(room, claim)
	back.expect(wire.TypePeer)
	listed.expect(wire.TypeHostBack)
	missing.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"restart":1}`)})
	missing.expect(wire.TypeError, wire.CodeUnavailable)
	if status := missing.expectClosed(); status != websocket.StatusGoingAway {
		t.Fatalf("the missing peer's socket closed with %v", status)
	}
}
