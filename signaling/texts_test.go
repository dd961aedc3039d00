package signaling

import (
	"strings"
	"testing"
)

// Refusals tell people what happened, never the server's internal counts: a
// limit's value is for the operator, and naming it helps an attacker tune a
// flood to stay just under it.
func TestRefusalTextsCarryNoCounts(t *testing.T) {
	ts := startServer(t, Config{PeersPerRoom: 1, RoomsPerAddress: 1, FailedJoinsPerMinute: 1})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	ts.dial(t, "127.0.0.3").join(room)
	host.expect(TypePeer)

	var texts []string
	refused := func(c *testClient, m Message, code string) {
		t.Helper()
		c.send(m)
		texts = append(texts, c.expect(TypeError, code).Msg)
	}
	refused(ts.dial(t, "127.0.0.4"), Message{T: TypeJoin, Room: room}, CodeRoomFull)
	refused(ts.dial(t, "127.0.0.2"), Message{T: TypeHost}, CodeRateLimited)
	guesser := ts.dial(t, "127.0.0.5")
	refused(guesser, Message{T: TypeJoin, Room: "ZZZZZZ"}, CodeUnknownRoom)
	refused(guesser, Message{T: TypeJoin, Room: "ZZZZZZ"}, CodeRateLimited)
	for _, text := range texts {
		if text == "" || strings.ContainsAny(text, "0123456789") || strings.Contains(text, room) {
			t.Errorf("refusal %q names a count or the room", text)
		}
	}
}
