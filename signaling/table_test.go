//go:build !js

package signaling

import (
	"encoding/json"
	"testing"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// While a room's host is away its peers write to each other, one by its id or all at once;
// with the host there, a peer still writes to the host alone.
func TestPeersTalkWhileTheHostIsAway(t *testing.T) {
	ts := startServer(t, Config{})
	host := ts.dial(t, "127.0.0.2")
	room, claim := host.host()
	peers := make([]*testClient, 3)
	ids := make([]string, 3)
	for i := range peers {
		peers[i] = ts.dial(t, "127.0.0."+string(rune('3'+i)))
		ids[i] = peers[i].join(room)
		host.expect(wire.TypePeer)
	}
	peers[0].send(wire.Message{T: wire.TypeTo, ID: ids[1], Data: json.RawMessage(`"psst"`)})
	peers[0].expect(wire.TypeError, wire.CodeUnknownPeer)

	host.conn.Close(websocket.StatusNormalClosure, "gone")
	for _, p := range peers {
		p.expect(wire.TypeHostAway)
	}
	peers[0].send(wire.Message{T: wire.TypeTo, ID: wire.AllPeers, Data: json.RawMessage(`{"ask":1}`)})
	for _, p := range peers[1:] {
		if m := p.expect(wire.TypeFrom); m.ID != ids[0] || string(m.Data) != `{"ask":1}` {
			t.Fatalf("a peer got %+v", m)
		}
	}
	peers[2].send(wire.Message{T: wire.TypeTo, ID: ids[0], Data: json.RawMessage(`{"give":2}`)})
	if m := peers[0].expect(wire.TypeFrom); m.ID != ids[2] || string(m.Data) != `{"give":2}` {
		t.Fatalf("the asker got %+v", m)
	}
	// Nobody else heard the answer, nor the broadcast's own sender its broadcast.
	peers[1].send(wire.Message{T: wire.TypeTo, ID: ids[0], Data: json.RawMessage(`"marker"`)})
	if m := peers[0].expect(wire.TypeFrom); string(m.Data) != `"marker"` {
		t.Fatalf("the asker got %+v before the marker", m)
	}
	for _, bad := range []string{"p99", ids[1]} {
		peers[1].send(wire.Message{T: wire.TypeTo, ID: bad, Data: json.RawMessage(`1`)})
		peers[1].expect(wire.TypeError, wire.CodeUnknownPeer) // no such peer, or itself
	}
	peers[1].send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`1`)})
	peers[1].expect(wire.TypeError, wire.CodeUnknownPeer) // the host is away

	back := ts.dial(t, "127.0.0.2")
	back.reclaim(room, claim)
	for _, p := range peers {
		p.expect(wire.TypeHostBack)
	}
	peers[0].send(wire.Message{T: wire.TypeTo, ID: ids[1], Data: json.RawMessage(`"psst"`)})
	peers[0].expect(wire.TypeError, wire.CodeUnknownPeer)
}

// In a cluster, peers on other instances than the room's home reach each other too.
func TestClusterPeersTalkWhileTheHostIsAway(t *testing.T) {
	_, in := startCluster(t, 2)
	a, b := in[0], in[1]
	host := a.dial(t, "127.0.0.1")
	room, _ := host.host()
	waitEntry(t, room, -1, b)
	near := a.dial(t, "127.0.0.2")
	nearID := near.join(room)
	host.expect(wire.TypePeer)
	far := b.dial(t, "127.0.0.3")
	farID := far.join(room)
	host.expect(wire.TypePeer)
	host.conn.Close(websocket.StatusNormalClosure, "gone")
	near.expect(wire.TypeHostAway)
	far.expect(wire.TypeHostAway)
	far.send(wire.Message{T: wire.TypeTo, ID: wire.AllPeers, Data: json.RawMessage(`{"ask":1}`)})
	if m := near.expect(wire.TypeFrom); m.ID != farID || string(m.Data) != `{"ask":1}` {
		t.Fatalf("the peer at the home got %+v", m)
	}
	near.send(wire.Message{T: wire.TypeTo, ID: farID, Data: json.RawMessage(`{"give":1}`)})
	if m := far.expect(wire.TypeFrom); m.ID != nearID || string(m.Data) != `{"give":1}` {
		t.Fatalf("the peer on the other instance got %+v", m)
	}
}
