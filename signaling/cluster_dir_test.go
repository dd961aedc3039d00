//go:build !js

package signaling

import (
	"context"
	"errors"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"safehouse/wire"
)

// An instance that has not heard of a room yet (its directory watcher is behind, or gone)
// asks the directory itself before it refuses a join: a room just made is never an unknown
// room through another instance.
func TestClusterJoinAsksTheDirectoryBeforeRefusing(t *testing.T) {
	_, in := startCluster(t, 2)
	a, b := in[0], in[1]
	b.mu.Lock()
	b.cluster.watcher.Stop() // b hears of no room from now on
	b.mu.Unlock()
	host := a.dial(t, "127.0.0.1")
	room, _ := host.host()
	b.mu.Lock()
	_, heard := b.cluster.dir[room]
	b.mu.Unlock()
	if heard {
		t.Fatal("the stopped watcher still brought the room")
	}
	peer := b.dial(t, "127.0.0.2")
	id := peer.join(room)
	if got := host.expect(wire.TypePeer).ID; got != id {
		t.Fatalf("the host was told of %q, the peer is %q", got, id)
	}
	guesser := b.dial(t, "127.0.0.3")
	guesser.send(wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"})
	guesser.expect(wire.TypeError, wire.CodeUnknownRoom)
}

// A home whose room's entry vanished from the directory (expired while it was cut off, or
// removed by hand) writes it again: the room keeps its one home.
func TestClusterHomeWritesAVanishedEntryAgain(t *testing.T) {
	ns, in := startCluster(t, 2)
	a, b := in[0], in[1]
	host := a.dial(t, "127.0.0.1")
	room, _ := host.host()
	waitEntry(t, room, -1, b)

	js, err := jetstream.New(connectNATS(t, ns.ClientURL()))
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.KeyValue(context.Background(), dirBucket)
	if err != nil {
		t.Fatal(err)
	}
	if err := kv.Delete(context.Background(), room); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the entry back in the directory", func() bool {
		e, err := kv.Get(context.Background(), room)
		return err == nil && e.Operation() == jetstream.KeyValuePut
	})
	waitEntry(t, room, -1, b)
	peer := b.dial(t, "127.0.0.2")
	peer.join(room)
	host.expect(wire.TypePeer)
}

// The NATS connection stays the caller's: an instance that shuts down leaves
// nothing of its own running on it, also after rewriting a room's entry (a
// peer joined). NATS's asynchronous publisher watched the connection until the
// connection closed, and a close that raced its first write left that watcher
// behind for good (CI failed TestClusterLogsHoldNoSecrets on it).
func TestClusterShutdownLeavesNothingRunningOnTheConnection(t *testing.T) {
	ns := startNATS(t)
	nc := connectNATS(t, ns.ClientURL())
	// The connection's own reply inbox, which every request on it shares, lives as long as it does.
	if _, err := nc.Request("nobody.listens", nil, waitLimit); !errors.Is(err, nats.ErrNoResponders) {
		t.Fatalf("a request nobody answers: %v", err)
	}
	before := clientGoroutines()
	srv := New(quietConfig(Config{}))
	hs := httptest.NewServer(srv)
	ts := &testServer{Server: srv, http: hs, url: "ws" + strings.TrimPrefix(hs.URL, "http")}
	if err := ts.JoinCluster(nc); err != nil {
		t.Fatal(err)
	}
	host := ts.dial(t, "127.0.0.1")
	room, _ := host.host()
	ts.dial(t, "127.0.0.2").join(room)
	host.expect(wire.TypePeer)
	waitEntry(t, room, 1, ts)
	hs.Close()
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	after := clientGoroutines()
	for deadline := time.Now().Add(waitLimit); len(after) > len(before) && time.Now().Before(deadline); after = clientGoroutines() {
		time.Sleep(10 * time.Millisecond)
	}
	if len(after) > len(before) {
		t.Fatalf("goroutines: %d before the instance, %d after it shut down\n%s", len(before), len(after), strings.Join(after, "\n\n"))
	}
}

// clientGoroutines are the stacks of the goroutines outside the embedded NATS
// server (whose streams, the directory's among them, outlive an instance).
func clientGoroutines() []string {
	buf := make([]byte, 1<<20)
	var stacks []string
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		if !strings.Contains(g, "nats-server") {
			stacks = append(stacks, g)
		}
	}
	return stacks
}

// A burst of joins and leaves is written to the directory in a few rounds, one per
// dirWriteGap at most, not once per change: each write reaches every instance, and writing
// every change made joins through a cluster cost half again as much.
func TestClusterDirectoryWritesABurstInFewRounds(t *testing.T) {
	const cycles = 20
	_, in := startCluster(t, 2)
	a, b := in[0], in[1]
	host := a.dial(t, "127.0.0.1")
	room, _ := host.host()
	waitEntry(t, room, 0, b)
	revision := func() uint64 {
		a.mu.Lock()
		defer a.mu.Unlock()
		return a.rooms[room].rev
	}
	before := revision()
	start := time.Now()
	for range cycles {
		peer := b.dial(t, "127.0.0.2")
		peer.join(room)
		host.expect(wire.TypePeer)
		peer.conn.Close(websocket.StatusNormalClosure, "")
		host.expect(wire.TypeLeft)
	}
	waitFor(t, "the last leave in the directory", func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		e := b.cluster.dir[room]
		return e.e.LastPeer == cycles && len(e.e.Peers) == 0
	})
	elapsed := time.Since(start)
	writes := revision() - before
	rounds := uint64(elapsed/dirWriteGap) + 1
	t.Logf("%d changes in %v: %d writes (at most %d rounds)", 2*cycles, elapsed, writes, rounds)
	if writes > rounds {
		t.Fatalf("%d changes made %d writes in %v, more than the %d rounds of the writer", 2*cycles, writes, elapsed, rounds)
	}
}
