//go:build !js

package session

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// A joining player's offer goes out right behind its join, not a round trip later: this
// signaling server answers the join only once the next message has come, so a player that
// waited for "joined" before offering would send it nothing more.
func TestTheOfferFollowsTheJoinWithoutWaitingForItsAnswer(t *testing.T) {
	got := make(chan []wire.Message, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ctx, cancel := context.WithTimeout(r.Context(), patience)
		defer cancel()
		var seen []wire.Message
		defer func() { got <- seen }() // the socket closes then, and the join ends
		for len(seen) < 2 {
			_, b, err := ws.Read(ctx)
			if err != nil {
				return // the deadline: the player sent nothing after its join
			}
			var m wire.Message
			if err := json.Unmarshal(b, &m); err != nil {
				t.Errorf("the player sent %q, not a message", b)
				return
			}
			seen = append(seen, m)
		}
		answer, _ := json.Marshal(wire.Message{T: wire.TypeJoined, Room: seen[0].Room, ID: "p1"})
		_ = ws.Write(ctx, websocket.MessageText, answer)
	}))
	t.Cleanup(srv.Close)

	ctx, cancel := context.WithCancel(t.Context())
	joined := make(chan error, 1)
	go func() {
		_, err := Join(ctx, testOptions("ws"+strings.TrimPrefix(srv.URL, "http"), "Ann"), wire.NewRoomCode(), "")
		joined <- err
	}()
	seen := <-got
	cancel()
	<-joined // no host here: the join ends with the socket or the test
	if len(seen) < 2 {
		t.Fatalf("the server had %d message(s) before it answered the join: the offer waited for the answer", len(seen))
	}
	if seen[0].T != wire.TypeJoin || seen[1].T != wire.TypeTo || len(seen[1].Data) == 0 {
		t.Fatalf("the player sent %q then %q (with %d bytes of data); want a join, then its offer to the host", seen[0].T, seen[1].T, len(seen[1].Data))
	}
}
