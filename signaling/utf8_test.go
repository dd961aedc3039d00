//go:build !js

package signaling

import (
	"encoding/json"
	"github.com/coder/websocket"
	"testing"

	"safehouse/wire"
)

// A text frame that is not valid UTF-8 is refused and never forwarded, in
// either direction: a browser fails the connection that receives one, so a
// single such message would drop the host (or a peer).
func TestInvalidUTF8IsNeverForwarded(t *testing.T) {
	ts := startServer(t, Config{})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	peer := ts.dial(t, "127.0.0.3")
	peer.join(room)
	host.expect(wire.TypePeer)

	bad := []string{
		"{\"t\":\"to\",\"data\":\"\xc3\x28\"}",             // a lead byte without its continuation
		"{\"t\":\"to\",\"data\":{\"k\":\"\xed\xa0\x80\"}}", // a UTF-16 surrogate, encoded
		"{\"t\":\"to\",\"data\":\"ok\",\"x\":\"\xff\"}",    // in an ignored field: the frame is still invalid
	}
	for _, raw := range bad {
		peer.sendRaw(websocket.MessageText, []byte(raw))
		peer.expect(wire.TypeError, wire.CodeBadMessage)
		host.sendRaw(websocket.MessageText, []byte("{\"t\":\"to\",\"id\":\"p1\",\"data\":\"\xc3\x28\"}"))
		host.expect(wire.TypeError, wire.CodeBadMessage)
	}
	// What comes through next is the clean message each side sends after the
	// bad ones: nothing invalid was queued before it.
	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`"clean"`)})
	if m := host.expect(wire.TypeFrom); string(m.Data) != `"clean"` {
		t.Fatalf("host got %+v", m)
	}
	host.send(wire.Message{T: wire.TypeTo, ID: "p1", Data: json.RawMessage(`"clean too"`)})
	if m := peer.expect(wire.TypeFrom); string(m.Data) != `"clean too"` {
		t.Fatalf("peer got %+v", m)
	}
	if st := ts.Stats(); st.Relayed != 2 || st.Conns != 2 {
		t.Fatalf("stats %+v, want 2 relayed and both connections open", st)
	}
}
