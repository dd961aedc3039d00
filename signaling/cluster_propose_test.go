//go:build !js

package signaling

import (
	"strings"
	"testing"

	"safehouse/wire"
)

// A proposed code is the room's through the whole cluster: the room is homed
// on the instance that took the proposal, under that code, and found through
// the others; a proposal of that code through another instance gets another
// code, leaves the room alone, and counts as a failed join there and on every
// instance.
func TestClusterProposedRoomCodes(t *testing.T) {
	const limit = 2 // the two taken proposals below
	ns := startNATS(t)
	in := make([]*testServer, 3)
	for i := range in {
		in[i] = startInstance(t, ns.ClientURL(), Config{FailedJoinsPerMinute: limit})
	}
	a, b, c := in[0], in[1], in[2]

	code := freeCodes(1)[0]
	host := a.dial(t, "127.0.0.1")
	if m := host.propose(strings.ToLower(code)); m.Room != code {
		t.Fatalf("proposed %q, got room %q", code, m.Room)
	}
	waitEntry(t, code, -1, b, c)
	b.mu.Lock()
	home := b.cluster.dir[code].e.Inst
	b.mu.Unlock()
	if home != a.cluster.id {
		t.Fatalf("the directory homes %s on %s, not on the instance that took the proposal", code, home)
	}
	peer := b.dial(t, "127.0.0.2")
	id := peer.join(code)
	host.expect(wire.TypePeer)

	a.mu.Lock()
	held := a.recentFailures("127.0.0.1", a.cfg.Now())
	a.mu.Unlock()
	if held != 0 {
		t.Fatalf("a free proposal left %d failed joins", held)
	}

	// Through the room's home, which knows it has the room, and through another
	// instance, whose directory create meets its entry.
	for _, ts := range []*testServer{a, b} {
		m := ts.dial(t, "127.0.1.5").propose(code)
		if m.Room == code || m.Room == "" {
			t.Fatalf("a proposal of a live room's code got %+v", m)
		}
	}
	expectUndisturbed(t, host, peer, id)
	if st := a.Stats(); st.Rooms != 2 || st.Peers != 1 {
		t.Errorf("the room's home counts %+v; want its room and one made for a taken proposal", st)
	}
	if st := b.Stats(); st.Rooms != 1 {
		t.Errorf("the other instance homes %d rooms; want one, made for a taken proposal", st.Rooms)
	}

	for _, ts := range in {
		waitFor(t, "the failures on every instance", func() bool {
			ts.mu.Lock()
			defer ts.mu.Unlock()
			return ts.recentFailures("127.0.1.5", ts.cfg.Now()) == limit
		})
		guesser := ts.dial(t, "127.0.1.5")
		guesser.send(wire.Message{T: wire.TypeJoin, Room: code})
		guesser.expect(wire.TypeError, wire.CodeRateLimited)
		guesser.send(wire.Message{T: wire.TypeHost, Room: code})
		guesser.expect(wire.TypeError, wire.CodeRateLimited)
	}
	if rooms := a.Stats().Rooms + b.Stats().Rooms + c.Stats().Rooms; rooms != 3 {
		t.Errorf("%d rooms in the cluster after refused proposals, want 3", rooms)
	}
}
