//go:build !js

package signaling

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
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
	host.expect(wire.TypePeer)
	const secret = "the-location-is-the-submarine"
	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`"` + secret + `"`)})
	host.expect(wire.TypeFrom)
	guesser := ts.dial(t, "127.0.0.4")
	guesser.send(wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"})
	guesser.expect(wire.TypeError, wire.CodeUnknownRoom)
	host.conn.CloseNow()
	peer.expect(wire.TypeHostAway)
	peer.expect(wire.TypeError, wire.CodeUnknownRoom)

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

// An attack costs the log a line per address, not a line per attempt: a
// refused upgrade is logged once with its header cut short, a vandal's
// messages after the bad-message limit are not even read, and what was not
// logged one by one is summed up when the window ends.
func TestLogsStayBoundedUnderAttack(t *testing.T) {
	var logs syncBuffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	const attempts = 20
	ts := startServer(t, Config{Logger: logger, MaxBadMessages: 3})
	origin := "https://" + strings.Repeat("a", 100<<10) + ".example"
	for range attempts {
		if _, status, err := ts.tryDial(t, "127.0.0.2", withHeader("Origin", origin)); err == nil || status != 403 {
			t.Fatalf("status %d, err %v; want 403", status, err)
		}
	}

	vandal := ts.dial(t, "127.0.0.3")
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	for range 200 {
		if vandal.conn.Write(ctx, websocket.MessageText, []byte("garbage")) != nil {
			break // the server has closed: the rest could not even be sent
		}
	}
	waitFor(t, "the vandal to be gone", func() bool { return ts.Stats().Conns == 0 })
	if st := ts.Stats(); st.BadMessages != 3 {
		t.Fatalf("%d bad messages read, want 3: a closing connection is not read on", st.BadMessages)
	}

	size := len(logs.String())
	ts.limitedLog.flush() // what the end of the window does
	all := logs.String()
	if size > 4<<10 {
		t.Fatalf("%d bytes of logs for %d refused upgrades and one vandal:\n%.2000s", size, attempts, all)
	}
	if n := strings.Count(all, `"msg":"connection refused"`); n != 1 {
		t.Errorf("%d lines for refused connections from one address, want 1", n)
	}
	if n := strings.Count(all, `"msg":"connection closed for bad messages"`); n != 1 {
		t.Errorf("%d lines for one vandal, want 1", n)
	}
	if !strings.Contains(all, `"msg":"more of the same in the last window","addr":"127.0.0.2","event":"connection refused","count":19`) {
		t.Errorf("no summary of the 19 refusals not logged:\n%s", all)
	}
}

// What a client can cause by succeeding is bounded like its refusals: a host
// reclaiming its room in a loop, and rooms opened and dropped in a loop, cost
// a line per kind and address in the window (and a summary at its end), and
// the reclaims themselves are limited like joins.
func TestSuccessfulEventsDoNotFloodTheLog(t *testing.T) {
	var logs syncBuffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	const reclaims, joinLimit, rooms = 15, 10, 12
	ts := startServer(t, Config{Logger: logger, JoinsPerMinute: joinLimit, RoomsPerAddress: rooms + 1})
	host := ts.dial(t, "127.0.0.2")
	room, claim := host.host()
	answers := map[string]int{}
	for range reclaims {
		next := ts.dial(t, "127.0.0.2")
		next.send(wire.Message{T: wire.TypeHost, Room: room, Claim: claim})
		m := next.recv()
		if m.T == wire.TypeHosted {
			claim = m.Claim
			answers[m.T]++
		} else {
			answers[m.Code]++
		}
	}
	if answers[wire.TypeHosted] != joinLimit || answers[wire.CodeRateLimited] != reclaims-joinLimit {
		t.Errorf("%d reclaims in a row were answered %v; want %d hosted, the rest rate-limited", reclaims, answers, joinLimit)
	}
	for range rooms {
		c := ts.dial(t, "127.0.0.3")
		c.host()
		c.conn.CloseNow()
	}
	waitFor(t, "the dropped hosts to be away", func() bool { return ts.Stats().RoomsAway == rooms })

	lines := strings.Count(logs.String(), "\n")
	ts.limitedLog.flush()
	all := logs.String()
	for _, msg := range []string{"room reclaimed", "live host displaced by a reclaim", "room created", "host away"} {
		if n := strings.Count(all, `"msg":"`+msg+`"`); n > 2 {
			t.Errorf("%d %q lines", n, msg)
		}
	}
	if lines > 8 {
		t.Errorf("%d lines for %d reclaims and %d rooms dropped from two addresses:\n%s", lines, reclaims, rooms, all)
	}
	if !strings.Contains(all, `"msg":"more of the same in the last window","addr":"127.0.0.2","event":"room reclaimed","count":9`) {
		t.Errorf("no summary of the 9 reclaims not logged:\n%s", all)
	}
}
