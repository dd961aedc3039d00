//go:build !js

package signaling

import (
	"strings"
	"testing"

	"safehouse/wire"
)

// Refusals tell people what happened, never the server's internal counts: a
// limit's value is for the operator, and naming it helps an attacker tune a
// flood to stay just under it.
func TestRefusalTextsCarryNoCounts(t *testing.T) {
	ts := startServer(t, Config{PeersPerRoom: 1, RoomsPerAddress: 1, FailedJoinsPerMinute: 1})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	ts.dial(t, "127.0.0.3").join(room)
	host.expect(wire.TypePeer)

	var texts []string
	refused := func(c *testClient, m wire.Message, code string) {
		t.Helper()
		c.send(m)
		texts = append(texts, c.expect(wire.TypeError, code).Msg)
	}
	refused(ts.dial(t, "127.0.0.4"), wire.Message{T: wire.TypeJoin, Room: room}, wire.CodeRoomFull)
	refused(ts.dial(t, "127.0.0.2"), wire.Message{T: wire.TypeHost}, wire.CodeRateLimited)
	guesser := ts.dial(t, "127.0.0.5")
	refused(guesser, wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"}, wire.CodeUnknownRoom)
	refused(guesser, wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"}, wire.CodeRateLimited)
	for _, text := range texts {
		if text == "" || strings.ContainsAny(text, "0123456789") || strings.Contains(text, room) {
			t.Errorf("refusal %q names a count or the room", text)
		}
	}
}
