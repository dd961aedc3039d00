package signaling

import (
	"context"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"safehouse/wire"
)

// An instance that has not heard of a room yet (its directory watcher is behind, or gone)
// asks the directory itself before it refuses a join: a room just made is never an unknown
// room through another instance.
func TestClusterJoinAsksTheDirectoryBeforeRefusing(t *testing.T) {
	ns := startNATS(t)
	a := startInstance(t, ns.ClientURL(), Config{})
	b := startInstance(t, ns.ClientURL(), Config{})
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
	ns := startNATS(t)
	a := startInstance(t, ns.ClientURL(), Config{})
	b := startInstance(t, ns.ClientURL(), Config{})
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
