package session

import (
	"io"
	"log/slog"
	"strings"
	"testing"

	"safehouse/wire"
)

func FuzzDecodeEnvelope(f *testing.F) {
	for _, seed := range []string{
		`{"v":1,"t":"intent","seq":1,"body":{"kind":"rename","name":"A"}}`,
		`{"v":2,"t":"view"}`, `[]`, "\xff", `{"v":1}`, ``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		env, err := decodeEnvelope(raw)
		if err != nil {
			return
		}
		if env.V != ProtocolVersion || env.T == "" || len(raw) > MaxMessageBytes {
			t.Fatalf("accepted %q as %+v", raw, env)
		}
	})
}

func queued(c Conn) int {
	q := c.(*pipeEnd).in
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

// Whatever one seat sends, the others receive something only when the state changed, and
// every name at the table stays within the rules.
func FuzzHostMessageReachesOthersOnlyOnChange(f *testing.F) {
	for _, seed := range []string{
		`{"v":1,"t":"intent","seq":1,"body":{"kind":"rename","name":"Eve"}}`,
		`{"v":1,"t":"intent","seq":1,"body":{"kind":"rename","name":"Eve","seat":1}}`,
		`{"v":1,"t":"intent","seq":1,"body":{"kind":"rename","name":"` + strings.Repeat("x", 30) + `"}}`,
		`{"v":1,"t":"hello","body":{"name":"Again"}}`,
		`{"v":1,"t":"ping","seq":3}`,
		`{"v":9,"t":"intent"}`,
		"\x00garbage",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		h := newHostCore("FUZZED", slog.New(slog.NewTextHandler(io.Discard, nil)))
		sender, senderEnd := Pipe()
		other, otherEnd := Pipe()
		from, to := &hostConn{conn: sender, invited: true}, &hostConn{conn: other, invited: true}
		h.handle(from, []byte(`{"v":1,"t":"hello","body":{"name":"Mallory"}}`))
		h.handle(to, []byte(`{"v":1,"t":"hello","body":{"name":"Bob"}}`))
		state, received := h.stateNumber(), queued(otherEnd)

		h.handle(from, raw)

		if h.stateNumber() == state && queued(otherEnd) != received {
			t.Errorf("the other seat received %d messages without a change of state", queued(otherEnd)-received)
		}
		if h.stateNumber() != state && h.stateNumber() != state+1 {
			t.Errorf("one message moved the state from %d to %d", state, h.stateNumber())
		}
		players := h.players()
		if len(players) != 2 || players[1].Name != "Bob" {
			t.Errorf("players after one message from seat 0: %+v", players)
		}
		for _, p := range players {
			if clean, err := wire.CleanName(p.Name); err != nil || clean != p.Name {
				t.Errorf("name %q is outside the rules", p.Name)
			}
		}
		_ = senderEnd.Close()
		_ = otherEnd.Close()
	})
}
