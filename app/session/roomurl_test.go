//go:build !js

package session

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/coder/websocket"

	"safehouse/signaling"
	"safehouse/wire"
)

// Every socket of a room asks for it by its code in the query (?room=), the key a proxy in
// front of several signaling servers routes by: the host's first socket (with the code it
// proposes), a player's, and the host's reclaim after its socket was lost.
func TestEverySocketOfARoomAsksForItByItsCode(t *testing.T) {
	srv := signaling.New(signaling.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	var mu sync.Mutex
	var asked []string // the ?room= of every socket, in order
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Query().Get("room"))
		mu.Unlock()
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		_ = srv.Close()
		ts.Close()
	})
	url := "ws" + strings.TrimPrefix(ts.URL, "http") + "/signal"
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	host, err := Host(ctx, testOptions(url, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { host.Close() })
	p, err := Join(ctx, testOptions(url, "Pia"), strings.ToLower(host.Room()), host.Secret())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })

	mu.Lock()
	before := len(asked)
	mu.Unlock()
	host.signal().close() // the socket is lost: the host reclaims its room on a new one
	settles(t, "the host's reclaim", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(asked) > before
	})

	mu.Lock()
	defer mu.Unlock()
	if len(asked) < 3 {
		t.Fatalf("sockets %q: want the host's, the player's and the reclaim's", asked)
	}
	for i, room := range asked {
		if room != host.Room() {
			t.Errorf("socket %d asked for room %q, want %q (every socket: %q)", i+1, room, host.Room(), asked)
		}
	}
}

// The host takes the code the server gives: its own proposal when the server honours it,
// another when the code was taken, and the code of a plain new room when the server refused
// the proposal itself: one that does not know proposals (it takes one for a reclaim without
// its claim), or the host's address over its failed joins. A reclaim keeps its code or fails.
func TestTheHostTakesTheCodeTheServerGives(t *testing.T) {
	const proposed, other = "ABCDEF", "GHJKLM"
	hosted := func(room string) wire.Message { return wire.Message{T: wire.TypeHosted, Room: room, Claim: "c2"} }
	refused := func(code string) wire.Message { return wire.Message{T: wire.TypeError, Code: code, Msg: "no"} }
	proposal := wire.Message{T: wire.TypeHost, Room: proposed, Gate: "g"}
	reclaim := wire.Message{T: wire.TypeHost, Room: proposed, Claim: "c1", Gate: "g"}
	for _, tc := range []struct {
		name     string
		register wire.Message
		answer   func(got wire.Message) wire.Message // the server's answer to each host message
		room     string                              // the room registered; "" for an error
		asks     int                                 // host messages sent
	}{
		{"the proposal honoured", proposal, func(wire.Message) wire.Message { return hosted(proposed) }, proposed, 1},
		{"the proposal taken", proposal, func(wire.Message) wire.Message { return hosted(other) }, other, 1},
		{"a server without proposals", proposal, func(got wire.Message) wire.Message {
			if got.Room != "" {
				return refused(wire.CodeBadMessage)
			}
			return hosted(other)
		}, other, 2},
		{"the proposal refused for the address's failed joins", proposal, func(got wire.Message) wire.Message {
			if got.Room != "" {
				return refused(wire.CodeRateLimited)
			}
			return hosted(other)
		}, other, 2},
		{"a new room refused for the server's limits", proposal, func(wire.Message) wire.Message { return refused(wire.CodeRateLimited) }, "", 2},
		{"a new room refused as the server is cut from its cluster", proposal, func(wire.Message) wire.Message { return refused(wire.CodeUnavailable) }, "", 1},
		{"a reclaim", reclaim, func(wire.Message) wire.Message { return hosted(proposed) }, proposed, 1},
		{"a reclaim answered with another room", reclaim, func(wire.Message) wire.Message { return hosted(other) }, "", 1},
		{"a reclaim of an unknown room", reclaim, func(wire.Message) wire.Message { return refused(wire.CodeUnknownRoom) }, "", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var got []wire.Message
			var query []string
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				query = append(query, r.URL.Query().Get("room"))
				mu.Unlock()
				ws, err := websocket.Accept(w, r, nil)
				if err != nil {
					return
				}
				defer ws.CloseNow()
				for {
					_, b, err := ws.Read(r.Context())
					if err != nil {
						return
					}
					var m wire.Message
					if json.Unmarshal(b, &m) != nil || m.T != wire.TypeHost {
						return // a bye as the host closes; anything else leaves got short
					}
					mu.Lock()
					got = append(got, m)
					mu.Unlock()
					answer, _ := json.Marshal(tc.answer(m))
					if ws.Write(r.Context(), websocket.MessageText, answer) != nil {
						return
					}
				}
			}))
			t.Cleanup(ts.Close)
			ctx, cancel := context.WithTimeout(context.Background(), patience)
			defer cancel()
			sig, m, err := registerRoom(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/signal", tc.register)
			if sig != nil {
				t.Cleanup(sig.close)
			}
			switch {
			case tc.room == "" && err == nil:
				t.Errorf("registered room %q, want an error", m.Room)
			case tc.room != "" && err != nil:
				t.Errorf("registering failed: %v", err)
			case tc.room != "" && m.Room != tc.room:
				t.Errorf("registered room %q, want %q", m.Room, tc.room)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(got) != tc.asks {
				t.Errorf("the host sent %d host messages (%+v), want %d", len(got), got, tc.asks)
			}
			if len(query) != 1 || query[0] != proposed {
				t.Errorf("sockets asked for rooms %q, want one for %q", query, proposed)
			}
		})
	}
}

func TestRoomURLAddsTheCodeToTheQuery(t *testing.T) {
	for _, tc := range []struct{ url, room, want string }{
		{"ws://192.168.1.5:8080/signal", "ABCDEF", "ws://192.168.1.5:8080/signal?room=ABCDEF"},
		{"wss://signal.example.org/signal?v=2", "ABCDEF", "wss://signal.example.org/signal?room=ABCDEF&v=2"},
		{"wss://signal.example.org/signal?room=OLDOLD", "ABCDEF", "wss://signal.example.org/signal?room=ABCDEF"},
		{"ws://192.168.1.5:8080/signal", "", "ws://192.168.1.5:8080/signal"},
	} {
		if got := roomURL(tc.url, tc.room); got != tc.want {
			t.Errorf("roomURL(%q, %q) = %q, want %q", tc.url, tc.room, got, tc.want)
		}
	}
}
