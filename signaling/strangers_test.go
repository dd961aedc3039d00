//go:build !js

package signaling

import (
	"fmt"
	"testing"

	"safehouse/wire"
)

const testSecret = "the-invite-secret-from-the-link"

// hostGated opens a room whose host registered the invite gate of testSecret.
func (c *testClient) hostGated() string {
	c.t.Helper()
	c.send(wire.Message{T: wire.TypeHost, Gate: wire.InviteGate(testSecret)})
	return c.expect(wire.TypeHosted).Room
}

// joinAnswer sends a join (with pass, if any) and returns the answer's type,
// or its error code.
func (c *testClient) joinAnswer(room, pass string) string {
	c.t.Helper()
	c.send(wire.Message{T: wire.TypeJoin, Room: room, Pass: pass})
	m := c.recv()
	if m.T == wire.TypeError {
		return m.Code
	}
	return m.T
}

// Strangers who know a room's code cannot fill it: they get a few places of
// their own, and every invited player still gets in after them.
func TestStrangersCannotFillARoom(t *testing.T) {
	ts := startServer(t, Config{PeersPerRoom: 4, KnocksPerRoom: 2, ConnsPerAddress: 64})
	host := ts.dial(t, "127.0.0.2")
	room := host.hostGated()
	strangers := map[string]int{}
	for i := range 12 { // a squatter with 12 idle connections, from addresses of its own
		strangers[ts.dial(t, fmt.Sprintf("127.0.%d.9", 30+i)).joinAnswer(room, "")]++
	}
	if strangers[wire.TypeJoined] != 2 || strangers[wire.CodeRoomFull] != 10 {
		t.Fatalf("12 strangers were answered %v; want 2 joined, 10 room-full", strangers)
	}
	pass := wire.InvitePass(testSecret)
	for i := range 4 {
		if got := ts.dial(t, fmt.Sprintf("127.0.0.%d", 10+i)).joinAnswer(room, pass); got != wire.TypeJoined {
			t.Fatalf("invited player %d was answered %q while strangers hold their places", i+1, got)
		}
	}
	if got := ts.dial(t, "127.0.0.20").joinAnswer(room, pass); got != wire.CodeRoomFull {
		t.Fatalf("a fifth invited player in a room of four was answered %q", got)
	}
	if got := ts.dial(t, "127.0.0.21").joinAnswer(room, "not-the-pass"); got != wire.CodeRoomFull {
		t.Fatalf("a wrong pass counted as invited: %q", got)
	}
}

// Strangers joining and leaving in a loop spend only their own joins: the
// room's invited players still join.
func TestStrangersCannotSpendARoomsJoins(t *testing.T) {
	ts := startServer(t, Config{KnocksPerRoom: 2, RoomJoinsPerMinute: 6, JoinsPerMinute: 100, ConnsPerAddress: 64})
	host := ts.dial(t, "127.0.0.2")
	room := host.hostGated()
	limited := 0
	for range 10 {
		c := ts.dial(t, "127.0.0.3")
		switch c.joinAnswer(room, "") {
		case wire.TypeJoined:
			c.conn.CloseNow()
		case wire.CodeRateLimited:
			limited++
		}
	}
	if limited == 0 {
		t.Fatal("strangers joined and left 10 times without a limit")
	}
	if got := ts.dial(t, "127.0.0.4").joinAnswer(room, wire.InvitePass(testSecret)); got != wire.TypeJoined {
		t.Fatalf("an invited player was answered %q after strangers spent their joins", got)
	}
}

// The host's word: a blocked stranger is closed and its address may not come
// back without the pass; an admitted one stops counting as a stranger.
func TestHostBlocksAndAdmitsStrangers(t *testing.T) {
	ts := startServer(t, Config{KnocksPerRoom: 2})
	host := ts.dial(t, "127.0.0.2")
	room := host.hostGated()
	squatter := ts.dial(t, "127.0.0.3")
	id := squatter.join(room)
	host.expect(wire.TypePeer)

	peer := ts.dial(t, "127.0.0.4")
	if got := peer.joinAnswer(room, wire.InvitePass(testSecret)); got != wire.TypeJoined {
		t.Fatalf("an invited peer got %q", got)
	}
	host.expect(wire.TypePeer)
	peer.send(wire.Message{T: wire.TypeBlock, ID: id})
	peer.expect(wire.TypeError, wire.CodeNotInRoom) // only the host has a word

	host.send(wire.Message{T: wire.TypeBlock, ID: id})
	squatter.expect(wire.TypeError, wire.CodeBlocked)
	squatter.expectClosed()
	if m := host.expect(wire.TypeLeft); m.ID != id {
		t.Fatalf("left %+v, want %s", m, id)
	}
	if got := ts.dial(t, "127.0.0.3").joinAnswer(room, ""); got != wire.CodeBlocked {
		t.Fatalf("the blocked address came back without the pass: %q", got)
	}
	if got := ts.dial(t, "127.0.0.3").joinAnswer(room, wire.InvitePass(testSecret)); got != wire.TypeJoined {
		t.Fatalf("an invited player at the blocked address was answered %q", got)
	}
	host.expect(wire.TypePeer)

	// Two strangers take the strangers' places until the host admits one.
	knocker := ts.dial(t, "127.0.0.5")
	knockerID := knocker.join(room)
	host.expect(wire.TypePeer)
	ts.dial(t, "127.0.0.7").join(room)
	host.expect(wire.TypePeer)
	if got := ts.dial(t, "127.0.0.6").joinAnswer(room, ""); got != wire.CodeRoomFull {
		t.Fatalf("a third stranger got %q with both places taken", got)
	}
	host.send(wire.Message{T: wire.TypeAdmit, ID: knockerID})
	waitFor(t, "the admit to count", func() bool {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		return ts.rooms[room].peers[knockerID].vouched
	})
	if got := ts.dial(t, "127.0.0.6").joinAnswer(room, ""); got != wire.TypeJoined {
		t.Fatalf("a stranger got %q after the host admitted the one before", got)
	}
	host.expect(wire.TypePeer)
	host.send(wire.Message{T: wire.TypeAdmit, ID: "p99"})
	host.expect(wire.TypeError, wire.CodeUnknownPeer)
}

// The host turns a knock away over their direct channel and tells the server beside it, so
// the stranger, told first, may have left before the block arrives: the block still holds
// for its address. Before, the server answered unknown-peer and the address could knock again
// (TestHostsWordReachesTheSignalingServer, under load). Only a stranger that left is
// remembered so: a block for an id the room never had is still refused.
func TestHostBlocksAStrangerThatJustLeft(t *testing.T) {
	ts := startServer(t, Config{KnocksPerRoom: 2})
	host := ts.dial(t, "127.0.0.2")
	room := host.hostGated()
	knocker := ts.dial(t, "127.0.0.3")
	id := knocker.join(room)
	host.expect(wire.TypePeer)
	knocker.conn.CloseNow()
	if m := host.expect(wire.TypeLeft); m.ID != id {
		t.Fatalf("left %+v, want %s", m, id)
	}

	host.send(wire.Message{T: wire.TypeBlock, ID: id})
	host.send(wire.Message{T: wire.TypeBlock, ID: "p99"})
	host.expect(wire.TypeError, wire.CodeUnknownPeer) // the first block was taken without a word
	if got := ts.dial(t, "127.0.0.3").joinAnswer(room, ""); got != wire.CodeBlocked {
		t.Fatalf("the address of the stranger turned away as it left knocked again: %q", got)
	}
	if got := ts.dial(t, "127.0.0.3").joinAnswer(room, wire.InvitePass(testSecret)); got != wire.TypeJoined {
		t.Fatalf("an invited player at the blocked address was answered %q", got)
	}
}

// A room whose host registered no gate (an older app) counts everyone as
// invited, as before.
func TestRoomsWithoutAGateCountEveryoneAsInvited(t *testing.T) {
	ts := startServer(t, Config{PeersPerRoom: 3, KnocksPerRoom: 1})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	for i := range 3 {
		if got := ts.dial(t, fmt.Sprintf("127.0.0.%d", 3+i)).joinAnswer(room, ""); got != wire.TypeJoined {
			t.Fatalf("peer %d without a pass in a room without a gate: %q", i+1, got)
		}
	}
}

// Across a cluster: a stranger joining through another instance takes a
// stranger's place at the room's home, the host's block closes it there, and
// its address stays blocked through any instance; an invited player still
// gets in.
func TestClusterStrangersAndTheHostsBlock(t *testing.T) {
	ns := startNATS(t)
	a := startInstance(t, ns.ClientURL(), Config{KnocksPerRoom: 1})
	b := startInstance(t, ns.ClientURL(), Config{KnocksPerRoom: 1})
	host := a.dial(t, "127.0.0.2")
	room := host.hostGated()
	waitEntry(t, room, -1, b)
	squatter := b.dial(t, "127.0.0.3")
	id := squatter.join(room)
	host.expect(wire.TypePeer)
	if got := b.dial(t, "127.0.0.4").joinAnswer(room, ""); got != wire.CodeRoomFull {
		t.Fatalf("a second stranger through the other instance got %q", got)
	}
	host.send(wire.Message{T: wire.TypeBlock, ID: id})
	squatter.expect(wire.TypeError, wire.CodeBlocked)
	squatter.expectClosed()
	host.expect(wire.TypeLeft)
	if got := b.dial(t, "127.0.0.3").joinAnswer(room, ""); got != wire.CodeBlocked {
		t.Fatalf("the blocked address came back through the other instance: %q", got)
	}
	if got := b.dial(t, "127.0.0.3").joinAnswer(room, wire.InvitePass(testSecret)); got != wire.TypeJoined {
		t.Fatalf("an invited player at the blocked address got %q", got)
	}
}
