package signaling

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the server's goroutines to log into.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// The logs tell what happened to rooms and refusals, with addresses, and
// never carry message data or claim tokens.
func TestLogsNameEventsNotSecrets(t *testing.T) {
	var logs syncBuffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ts := startServer(t, Config{Logger: logger, HostGrace: 10 * time.Millisecond})
	host := ts.dial(t, "127.0.0.2")
	room, claim := host.host()
	peer := ts.dial(t, "127.0.0.3")
	peer.join(room)
	host.expect(TypePeer)
	const secret = "the-location-is-the-submarine"
	peer.send(Message{T: TypeTo, Data: json.RawMessage(`"` + secret + `"`)})
	host.expect(TypeFrom)
	guesser := ts.dial(t, "127.0.0.4")
	guesser.send(Message{T: TypeJoin, Room: "ZZZZZZ"})
	guesser.expect(TypeError, CodeUnknownRoom)
	host.conn.CloseNow()
	peer.expect(TypeHostAway)
	peer.expect(TypeError, CodeUnknownRoom)

	var events []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("log line %q is not JSON: %v", line, err)
		}
		events = append(events, e)
	}
	want := []struct{ msg, key, value string }{
		{"room created", "addr", "127.0.0.2"},
		{"join refused", "addr", "127.0.0.4"},
		{"join refused", "reason", "unknown room"},
		{"host away", "room", room},
		{"room expired", "room", room},
	}
	for _, w := range want {
		found := false
		for _, e := range events {
			if e["msg"] == w.msg && e[w.key] == w.value {
				found = true
			}
		}
		if !found {
			t.Errorf("no %q log with %s=%s in:\n%s", w.msg, w.key, w.value, logs.String())
		}
	}
	if all := logs.String(); strings.Contains(all, secret) || strings.Contains(all, claim) {
		t.Fatalf("logs carry message data or the claim:\n%s", all)
	}
}
