//go:build !js

package signaling

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
)

func TestHostJoinAndRelayBothWays(t *testing.T) {
	ts := startServer(t, Config{})
	host := ts.dial(t, "127.0.0.2")
	room, claim := host.host()
	if _, ok := wire.CanonicalRoomCode(room); !ok || room != strings.ToUpper(room) {
		t.Fatalf("room code %q is not a canonical code", room)
	}
	if len(claim) < 22 {
		t.Fatalf("claim %q is shorter than 128 bits of base64", claim)
	}

	// Codes are typed by hand, so a lower-case code joins the same room.
	peer := ts.dial(t, "127.0.0.3")
	id := peer.join(strings.ToLower(room))
	if id != "p1" {
		t.Fatalf("first peer got id %q, want p1", id)
	}
	if m := host.expect(wire.TypePeer); m.ID != "p1" {
		t.Fatalf("host was told about peer %q, want p1", m.ID)
	}

	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`{"sdp":"offer-from-peer"}`)})
	got := host.expect(wire.TypeFrom)
	if got.ID != "p1" || string(got.Data) != `{"sdp":"offer-from-peer"}` {
		t.Fatalf("host got %+v", got)
	}
	host.send(wire.Message{T: wire.TypeTo, ID: "p1", Data: json.RawMessage(`{"sdp":"answer"}`)})
	got = peer.expect(wire.TypeFrom)
	if got.ID != wire.HostID || string(got.Data) != `{"sdp":"answer"}` {
		t.Fatalf("peer got %+v", got)
	}
	// Data is passed through byte for byte: spacing and <, >, & untouched.
	const untouched = `{ "html": "<b>&amp;</b>",  "n": [1, 2.50] }`
	host.sendRaw(websocket.MessageText, []byte(`{"t":"to","id":"p1","data":`+untouched+`}`))
	if got := peer.expect(wire.TypeFrom); string(got.Data) != untouched {
		t.Fatalf("peer got data %s, want %s", got.Data, untouched)
	}
	// A peer may also name the host explicitly.
	peer.send(wire.Message{T: wire.TypeTo, ID: wire.HostID, Data: json.RawMessage(`"candidate"`)})
	if got := host.expect(wire.TypeFrom); string(got.Data) != `"candidate"` {
		t.Fatalf("host got %+v", got)
	}

	// Peer ids are never reused: p1 leaves, the next peer is p2 and then p3.
	peer2 := ts.dial(t, "127.0.0.4")
	if id := peer2.join(room); id != "p2" {
		t.Fatalf("second peer got %q", id)
	}
	host.expect(wire.TypePeer)
	peer.send(wire.Message{T: wire.TypeBye})
	if code := peer.expectClosed(); code != websocket.StatusNormalClosure {
		t.Fatalf("bye closed with %v", code)
	}
	if m := host.expect(wire.TypeLeft); m.ID != "p1" {
		t.Fatalf("left %q, want p1", m.ID)
	}
	peer3 := ts.dial(t, "127.0.0.5")
	if id := peer3.join(room); id != "p3" {
		t.Fatalf("third peer got %q, want p3", id)
	}
	host.expect(wire.TypePeer)

	st := ts.Stats()
	if st.Rooms != 1 || st.Peers != 2 || st.Relayed != 4 {
		t.Fatalf("stats %+v, want 1 room, 2 peers, 4 relayed", st)
	}
}

// Every refusal names its reason with a stable code, and the connection that
// got it keeps working.
func TestRefusalsAnswerTheSenderOnly(t *testing.T) {
	ts := startServer(t, Config{})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	peer := ts.dial(t, "127.0.0.3")
	peer.join(room)
	host.expect(wire.TypePeer)
	// Subtests' peers leave when their subtest ends; the host hears of it.
	joinRoom := func(c *testClient) {
		c.join(room)
		for m := host.recv(); m.T != wire.TypePeer; m = host.recv() {
			if m.T != wire.TypeLeft {
				t.Errorf("host got %+v", m)
			}
		}
	}

	tests := []struct {
		name  string
		setup func(*testClient) // optional: bring the sender into a room first
		typ   websocket.MessageType
		raw   string
		code  string
	}{
		{"unknown room", nil, websocket.MessageText, `{"t":"join","room":"ZZZZZZ"}`, wire.CodeUnknownRoom},
		{"room code with symbols outside the alphabet", nil, websocket.MessageText, `{"t":"join","room":"OOOOOO"}`, wire.CodeUnknownRoom},
		{"not JSON", nil, websocket.MessageText, `hello`, wire.CodeBadMessage},
		{"truncated JSON", nil, websocket.MessageText, `{"t":"join","room":"AB`, wire.CodeBadMessage},
		{"JSON but not an object", nil, websocket.MessageText, `["join"]`, wire.CodeBadMessage},
		{"null", nil, websocket.MessageText, `null`, wire.CodeBadMessage},
		{"unknown type", nil, websocket.MessageText, `{"t":"dance"}`, wire.CodeBadMessage},
		{"missing type", nil, websocket.MessageText, `{"room":"ABCDEF"}`, wire.CodeBadMessage},
		{"type of the wrong kind", nil, websocket.MessageText, `{"t":7}`, wire.CodeBadMessage},
		{"join without room", nil, websocket.MessageText, `{"t":"join"}`, wire.CodeBadMessage},
		{"claim without room", nil, websocket.MessageText, `{"t":"host","claim":"c"}`, wire.CodeBadMessage},
		{"to without data", nil, websocket.MessageText, `{"t":"to","id":"p1"}`, wire.CodeBadMessage},
		{"binary frame", nil, websocket.MessageBinary, `{"t":"host"}`, wire.CodeBadMessage},
		{"to before join", nil, websocket.MessageText, `{"t":"to","data":1}`, wire.CodeNotInRoom},
		{"host to unknown peer", func(c *testClient) { c.host() }, websocket.MessageText, `{"t":"to","id":"p9","data":1}`, wire.CodeUnknownPeer},
		{"peer to another peer", joinRoom, websocket.MessageText, `{"t":"to","id":"p1","data":1}`, wire.CodeUnknownPeer},
		{"host twice", func(c *testClient) { c.host() }, websocket.MessageText, `{"t":"host"}`, wire.CodeAlreadyInRoom},
		{"join while hosting", func(c *testClient) { c.host() }, websocket.MessageText, `{"t":"join","room":"` + room + `"}`, wire.CodeAlreadyInRoom},
		{"join twice", joinRoom, websocket.MessageText, `{"t":"join","room":"` + room + `"}`, wire.CodeAlreadyInRoom},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A fresh address each time keeps the failed-join limit out of the way.
			c := ts.dial(t, fmt.Sprintf("127.0.1.%d", i+1))
			if tt.setup != nil {
				tt.setup(c)
			}
			c.sendRaw(tt.typ, []byte(tt.raw))
			if m := c.expect(wire.TypeError, tt.code); m.Msg == "" {
				t.Fatalf("error %q has no sentence for people", m.Code)
			}
			// The sender is still connected and served.
			c.send(wire.Message{T: wire.TypeTo, ID: "p99", Data: json.RawMessage(`0`)})
			if m := c.recv(); m.T != wire.TypeError {
				t.Fatalf("connection no longer answered properly: %+v", m)
			}
		})
	}

	// Nobody else heard about any of it, and the room still relays.
	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`"still here"`)})
	m := host.recv()
	for m.T == wire.TypeLeft {
		m = host.recv()
	}
	if m.T != wire.TypeFrom || m.ID != "p1" || string(m.Data) != `"still here"` {
		t.Fatalf("host got %+v", m)
	}
}

func TestOversizedMessages(t *testing.T) {
	const limit = 1024
	ts := startServer(t, Config{MaxMessageSize: limit})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	peer := ts.dial(t, "127.0.0.3")
	peer.join(room)
	host.expect(wire.TypePeer)

	big := `{"t":"to","data":"` + strings.Repeat("x", 2*limit) + `"}`
	peer.sendRaw(websocket.MessageText, []byte(big))
	peer.expect(wire.TypeError, wire.CodeTooLarge)

	// Exactly at the limit is fine.
	atLimit := `{"t":"to","data":"` + strings.Repeat("y", limit-len(`{"t":"to","data":""}`)) + `"}`
	peer.sendRaw(websocket.MessageText, []byte(atLimit))
	if m := host.expect(wire.TypeFrom); len(m.Data) != limit-len(`{"t":"to","data":}`) {
		t.Fatalf("relayed %d bytes of data", len(m.Data))
	}

	// Far beyond the limit the connection ends instead of being read through.
	huge := `{"t":"to","data":"` + strings.Repeat("z", 5*limit) + `"}`
	other := ts.dial(t, "127.0.0.4")
	other.join(room)
	host.expect(wire.TypePeer)
	// The server closes (1009) as soon as it has read the frame's header; a client still
	// writing the rest may see the TCP connection reset instead of the close frame. Either
	// way the connection ends, and the host hears the peer left.
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := other.conn.Write(ctx, websocket.MessageText, []byte(huge)); err == nil {
		if code := other.expectClosed(); code != websocket.StatusMessageTooBig && code != -1 {
			t.Fatalf("huge message closed with %v, want %v (or a reset)", code, websocket.StatusMessageTooBig)
		}
	}
	if m := host.expect(wire.TypeLeft); m.ID != "p2" {
		t.Fatalf("left %q", m.ID)
	}

	// The room is unharmed.
	host.send(wire.Message{T: wire.TypeTo, ID: "p1", Data: json.RawMessage(`"ok"`)})
	if m := peer.expect(wire.TypeFrom); string(m.Data) != `"ok"` {
		t.Fatalf("peer got %+v", m)
	}
}

func TestGarbageSenderIsDisconnected(t *testing.T) {
	ts := startServer(t, Config{MaxBadMessages: 3})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	vandal := ts.dial(t, "127.0.0.3")
	vandal.join(room)
	host.expect(wire.TypePeer)

	for range 3 {
		vandal.sendRaw(websocket.MessageText, []byte("garbage"))
	}
	errorsSeen := 0
	for {
		m, err := vandal.read()
		if err != nil {
			if code := websocket.CloseStatus(err); code != websocket.StatusPolicyViolation {
				t.Fatalf("closed with %v, want policy violation", code)
			}
			break
		}
		if m.Code != wire.CodeBadMessage {
			t.Fatalf("got %+v", m)
		}
		errorsSeen++
	}
	if errorsSeen != 3 {
		t.Fatalf("%d error answers before the disconnect, want 3", errorsSeen)
	}
	host.expect(wire.TypeLeft)
	if st := ts.Stats(); st.BadMessages != 3 || st.Conns != 1 || st.Rooms != 1 {
		t.Fatalf("stats %+v", st)
	}
}

func TestPeersPerRoomCap(t *testing.T) {
	ts := startServer(t, Config{PeersPerRoom: 3})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	for i := range 3 {
		ts.dial(t, "127.0.0.3").join(room)
		if m := host.expect(wire.TypePeer); m.ID != fmt.Sprintf("p%d", i+1) {
			t.Fatalf("peer %q", m.ID)
		}
	}
	late := ts.dial(t, "127.0.0.3")
	late.send(wire.Message{T: wire.TypeJoin, Room: room})
	late.expect(wire.TypeError, wire.CodeRoomFull)
	if st := ts.Stats(); st.Peers != 3 {
		t.Fatalf("%d peers, want 3", st.Peers)
	}
	// A full room is not a failed guess: the same address may try again at once.
	late.send(wire.Message{T: wire.TypeJoin, Room: room})
	late.expect(wire.TypeError, wire.CodeRoomFull)
}

// A peer flooding a host that reads slowly is told to slow down; the host is
// not thrown out, and gets exactly the messages that were accepted, in order.
func TestSlowRecipientThrottlesTheSender(t *testing.T) {
	const size = 60 << 10
	ts := startServer(t, Config{WriteTimeout: time.Minute})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	peer := ts.dial(t, "127.0.0.3")
	peer.join(room)
	host.expect(wire.TypePeer)

	// The host stops reading. The peer keeps sending until the server refuses;
	// only refusals are answered, and a goroutine collects them.
	answers := make(chan wire.Message, 1024)
	go func() {
		for {
			_, b, err := peer.conn.Read(context.Background())
			if err != nil {
				return
			}
			var m wire.Message
			json.Unmarshal(b, &m)
			answers <- m
		}
	}()
	payload := strings.Repeat("x", size)
	refused, sent := 0, 0
	collect := func() {
		for {
			select {
			case m := <-answers:
				if m.Code != wire.CodeRateLimited {
					t.Fatalf("peer got %+v", m)
				}
				refused++
			default:
				return
			}
		}
	}
	for sent < 1000 && refused == 0 {
		for range 20 {
			peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(fmt.Sprintf(`{"n":%d,"pad":%q}`, sent, payload))})
			sent++
		}
		collect()
	}
	if refused == 0 {
		t.Fatalf("%d messages of %d bytes sent to a host that does not read, none refused", sent, size)
	}
	waitFor(t, "every message to be relayed or refused", func() bool {
		collect()
		return int(ts.Stats().Relayed)+refused == sent
	})
	if st := ts.Stats(); st.Conns != 2 {
		t.Fatalf("stats %+v: the slow host was disconnected", st)
	}
	delivered := int(ts.Stats().Relayed)
	// The host catches up and finds each accepted message once, in order.
	last := -1
	for range delivered {
		m := host.expect(wire.TypeFrom)
		var body struct{ N int }
		json.Unmarshal(m.Data, &body)
		if body.N <= last {
			t.Fatalf("message %d after %d", body.N, last)
		}
		last = body.N
	}
}
