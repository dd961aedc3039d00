//go:build !js

package signaling

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"safehouse/wire"
)

// cutFor is how long an instance is cut off from NATS here: long enough for another
// instance to adopt its room meanwhile (the game test cuts for 10 s).
const cutFor = 3 * time.Second

// homesOf lists the instances that hold room as its home.
func homesOf(room string, instances map[string]*testServer) []string {
	var homes []string
	for name, ts := range instances {
		ts.mu.Lock()
		if ts.rooms[room] != nil {
			homes = append(homes, name)
		}
		ts.mu.Unlock()
	}
	return homes
}

// An instance cut off from NATS for a while (cutFor) while the host of one of its rooms reclaims it
// through another instance: the other adopts the room at once, the cut instance takes
// nothing new meanwhile, and once it is back it yields that room (its peers there stay,
// now through the new home; the host's old socket is closed) and keeps its other room,
// which played on through the cut. No room ever has two homes that take joins.
func TestClusterCutInstanceNeverLeavesTwoHomes(t *testing.T) {
	ns := startNATS(t)
	link := startNATSProxy(t, strings.TrimPrefix(ns.ClientURL(), "nats://"), 0)
	a := startInstance(t, link.url(), Config{})
	b := startInstance(t, ns.ClientURL(), Config{})
	c := startInstance(t, ns.ClientURL(), Config{})
	all := map[string]*testServer{"a": a, "b": b, "c": c}

	oldHost := a.dial(t, "127.0.0.1")
	moving, claim := oldHost.host()
	onA := a.dial(t, "127.0.0.2")
	idA := onA.join(moving)
	oldHost.expect(wire.TypePeer)
	onB := b.dial(t, "127.0.0.3")
	idB := onB.join(moving)
	oldHost.expect(wire.TypePeer)
	stayHost := a.dial(t, "127.0.0.4")
	staying, _ := stayHost.host()
	player := a.dial(t, "127.0.0.5")
	playerID := player.join(staying)
	stayHost.expect(wire.TypePeer)
	waitEntry(t, moving, 2, b, c)
	waitEntry(t, staying, 1, b, c)

	link.cut(cutFor)
	cutEnds := time.Now().Add(cutFor)
	waitFor(t, "the cut instance to be unready", func() bool { code, _ := get(a.Readyz()); return code == 503 })
	for _, room := range []string{moving, staying} {
		late := a.dial(t, "127.0.0.6")
		late.send(wire.Message{T: wire.TypeJoin, Room: room})
		late.expect(wire.TypeError, wire.CodeUnavailable)
	}
	player.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"during":"cut"}`)})
	if m := stayHost.expect(wire.TypeFrom); m.ID != playerID {
		t.Fatalf("during the cut the staying room's host got %+v", m)
	}

	back := c.dial(t, "127.0.0.1")
	back.send(wire.Message{T: wire.TypeHost, Room: moving, Claim: claim})
	back.expect(wire.TypeHosted)
	if p1, p2 := back.expect(wire.TypePeer).ID, back.expect(wire.TypePeer).ID; p1 != idA || p2 != idB {
		t.Fatalf("the adopted room announced %s, %s; want %s, %s", p1, p2, idA, idB)
	}
	onB.expect(wire.TypeHostBack)
	onB.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"from":"b"}`)})
	if m := back.expect(wire.TypeFrom); m.ID != idB {
		t.Fatalf("the new home's host got %+v", m)
	}
	if time.Now().After(cutEnds) {
		t.Fatal("the adoption took longer than the cut: the test proves nothing")
	}

	// The cut heals: the cut instance reads the directory, yields the room it lost and
	// keeps the one it still homes.
	waitFor(t, "the cut instance to be ready again", func() bool { code, _ := get(a.Readyz()); return code == 200 })
	waitFor(t, "one home for each room", func() bool {
		m, s := homesOf(moving, all), homesOf(staying, all)
		return len(m) == 1 && m[0] == "c" && len(s) == 1 && s[0] == "a"
	})
	oldHost.expect(wire.TypeError, wire.CodeBadClaim)
	oldHost.expectClosed()
	onA.expect(wire.TypeHostBack)
	onA.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"from":"a"}`)})
	if m := back.expect(wire.TypeFrom); m.ID != idA {
		t.Fatalf("the new home's host got %+v from the peer on the cut instance", m)
	}
	back.send(wire.Message{T: wire.TypeTo, ID: idA, Data: json.RawMessage(`{"to":"a"}`)})
	if m := onA.expect(wire.TypeFrom); m.ID != wire.HostID {
		t.Fatalf("the peer on the cut instance got %+v", m)
	}
	lateID := b.dial(t, "127.0.0.7").join(staying)
	if m := stayHost.expect(wire.TypePeer); m.ID != lateID {
		t.Fatalf("the staying room's host was told %+v", m)
	}
	stayHost.send(wire.Message{T: wire.TypeTo, ID: playerID, Data: json.RawMessage(`{"after":"cut"}`)})
	if m := player.expect(wire.TypeFrom); string(m.Data) != `{"after":"cut"}` {
		t.Fatalf("the staying room's player got %+v", m)
	}
}
