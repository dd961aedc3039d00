//go:build !js

package signaling

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// freeCodes returns n distinct random codes, none of them in taken.
func freeCodes(n int, taken ...string) []string {
	seen := map[string]bool{}
	for _, code := range taken {
		seen[code] = true
	}
	var codes []string
	for len(codes) < n {
		if code := wire.NewRoomCode(); !seen[code] {
			seen[code] = true
			codes = append(codes, code)
		}
	}
	return codes
}

// propose hosts a new room proposing code, and returns the server's hosted answer.
func (c *testClient) propose(code string) wire.Message {
	c.t.Helper()
	c.send(wire.Message{T: wire.TypeHost, Room: code})
	return c.expect(wire.TypeHosted)
}

// expectUndisturbed checks that the room of host and its peer id saw nothing
// since: the next message each gets is the other's data.
func expectUndisturbed(t *testing.T, host, peer *testClient, id string) {
	t.Helper()
	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"still":"here"}`)})
	if m := host.expect(wire.TypeFrom); m.ID != id {
		t.Fatalf("the live room's host got %+v", m)
	}
	host.send(wire.Message{T: wire.TypeTo, ID: id, Data: json.RawMessage(`{"still":"here"}`)})
	if m := peer.expect(wire.TypeFrom); m.ID != wire.HostID {
		t.Fatalf("the live room's peer got %+v", m)
	}
}

// A host gets the code it proposes, upper-cased, when no room has it, and
// another when one has, which leaves that room alone; a host without a
// proposal gets a code as before.
func TestHostProposesItsRoomCode(t *testing.T) {
	ts := startServer(t, Config{})
	host := ts.dial(t, "127.0.0.2")
	live, _ := host.host()
	peer := ts.dial(t, "127.0.0.3")
	id := peer.join(live)
	host.expect(wire.TypePeer)
	free := freeCodes(2, live)

	tests := []struct {
		name     string
		proposal string // "": none
		want     string // the code hosted must give; "": any but the live room's
	}{
		{"no proposal", "", ""},
		{"a free code", free[0], free[0]},
		{"a free code in lower case", strings.ToLower(free[1]), free[1]},
		{"the live room's code", live, ""},
		{"the live room's code in lower case", strings.ToLower(live), ""},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A fresh address each time keeps the failed-join limit out of the way.
			c := ts.dial(t, fmt.Sprintf("127.0.1.%d", i+1))
			m := c.propose(tt.proposal)
			if tt.want != "" && m.Room != tt.want {
				t.Fatalf("proposed %q, got room %q; want %q", tt.proposal, m.Room, tt.want)
			}
			if code, ok := wire.CanonicalRoomCode(m.Room); !ok || code != m.Room || m.Room == live || m.Claim == "" {
				t.Fatalf("proposed %q, got %+v", tt.proposal, m)
			}
			// The room is the code's: a join finds its host.
			ts.dial(t, fmt.Sprintf("127.0.2.%d", i+1)).join(m.Room)
			c.expect(wire.TypePeer)
		})
	}
	expectUndisturbed(t, host, peer, id)
	if st := ts.Stats(); st.Rooms != 1+len(tests) {
		t.Errorf("%d rooms, want %d", st.Rooms, 1+len(tests))
	}
}

// A room made under a proposed code is reclaimed with its claim, as any room.
func TestProposedRoomIsReclaimed(t *testing.T) {
	ts := startServer(t, Config{})
	code := freeCodes(1)[0]
	first := ts.dial(t, "127.0.0.2")
	hosted := first.propose(code)
	first.conn.Close(websocket.StatusNormalClosure, "reload")
	waitFor(t, "the host to be away", func() bool {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		return ts.rooms[code] != nil && ts.rooms[code].host == nil
	})
	back := ts.dial(t, "127.0.0.2").reclaim(code, hosted.Claim)
	if back.Room != code || back.Claim == hosted.Claim {
		t.Fatalf("the reclaim answered %+v", back)
	}
}

// A taken proposal is a failed join of its sender's address: once the limit
// is reached by them, what a guesser would try next is refused, a proposal
// too, while a host without a proposal still gets a room. Free proposals
// count nothing.
func TestTakenProposalsCountAsFailedJoins(t *testing.T) {
	const limit = 3
	ts := startServer(t, Config{FailedJoinsPerMinute: limit})
	host := ts.dial(t, "127.0.0.2")
	live, _ := host.host()
	peer := ts.dial(t, "127.0.0.3")
	id := peer.join(live)
	host.expect(wire.TypePeer)

	for _, code := range freeCodes(limit+1, live) {
		if m := ts.dial(t, "127.0.1.4").propose(code); m.Room != code {
			t.Fatalf("a free proposal %q got room %q", code, m.Room)
		}
	}
	honest := ts.dial(t, "127.0.1.4")
	honest.send(wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"})
	honest.expect(wire.TypeError, wire.CodeUnknownRoom) // not yet limited

	for range limit {
		if m := ts.dial(t, "127.0.2.5").propose(live); m.Room == live {
			t.Fatalf("a proposal of the live room's code got it")
		}
	}
	rooms := ts.Stats().Rooms
	tests := []struct {
		name string
		msg  wire.Message
		want string // the error code; "": hosted
	}{
		{"a join of an unknown code", wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"}, wire.CodeRateLimited},
		{"a join of the live room", wire.Message{T: wire.TypeJoin, Room: live}, wire.CodeRateLimited},
		{"a proposal of the live room's code", wire.Message{T: wire.TypeHost, Room: live}, wire.CodeRateLimited},
		{"a proposal of a free code", wire.Message{T: wire.TypeHost, Room: freeCodes(1, live)[0]}, wire.CodeRateLimited},
		{"a host without a proposal", wire.Message{T: wire.TypeHost}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ts.dial(t, "127.0.2.5")
			c.send(tt.msg)
			if tt.want == "" {
				c.expect(wire.TypeHosted)
				rooms++
			} else {
				c.expect(wire.TypeError, tt.want)
			}
		})
	}
	if st := ts.Stats(); st.Rooms != rooms {
		t.Errorf("%d rooms, want %d: a refused proposal made one", st.Rooms, rooms)
	}
	expectUndisturbed(t, host, peer, id)
}

// The room limits come before the proposal is looked at: a host over them
// learns nothing of its code, and no failed join is counted.
func TestProposalOverTheRoomLimitsIsRefusedUnseen(t *testing.T) {
	ts := startServer(t, Config{RoomsPerAddress: 1})
	live, _ := ts.dial(t, "127.0.0.2").host()
	ts.dial(t, "127.0.1.3").host()
	for _, proposal := range []string{live, freeCodes(1, live)[0]} {
		c := ts.dial(t, "127.0.1.3")
		c.send(wire.Message{T: wire.TypeHost, Room: proposal})
		c.expect(wire.TypeError, wire.CodeRateLimited)
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if n := len(ts.failures); n != 0 {
		t.Fatalf("%d prefixes hold failed joins after proposals refused for the room limit", n)
	}
}

// A proposed code that cannot be a room code is a malformed message: it is
// refused, makes no room, and counts no failed join.
func TestMalformedProposalsCreateNothing(t *testing.T) {
	ts := startServer(t, Config{})
	tests := []struct{ name, proposal string }{
		{"too short", "K7MPQ"},
		{"too long", "K7MPQ2A"},
		{"a zero", "K7MPQ0"},
		{"a letter O", "K7MPQO"},
		{"a separator", "K7M-PQ"},
		{"a letter outside ASCII", "K7MPQÄ"},
	}
	c := ts.dial(t, "127.0.0.2")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c.send(wire.Message{T: wire.TypeHost, Room: tt.proposal})
			if m := c.expect(wire.TypeError, wire.CodeBadMessage); m.Msg == "" {
				t.Fatal("refused without a text")
			}
		})
	}
	st := ts.Stats()
	ts.mu.Lock()
	failures := len(ts.failures)
	ts.mu.Unlock()
	if st.Rooms != 0 || failures != 0 {
		t.Fatalf("%d rooms and %d prefixes with failed joins after malformed proposals", st.Rooms, failures)
	}
	if m := c.propose(""); m.Room == "" { // the connection is still free to host
		t.Fatalf("hosted %+v", m)
	}
}
