//go:build !js

package signaling

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// Drain closes every socket with status 1001, whose reason asks the client
// to connect again, and returns once they are gone.
func TestDrainClosesEverySocketWithGoingAway(t *testing.T) {
	ts := startServer(t, Config{})
	host := ts.dial(t, "127.0.0.1")
	room, _ := host.host()
	peer := ts.dial(t, "127.0.0.2")
	peer.join(room)
	host.expect(wire.TypePeer)

	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
		defer cancel()
		done <- ts.Drain(ctx)
	}()
	for name, c := range map[string]*testClient{"host": host, "peer": peer} {
		_, err := c.read()
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != websocket.StatusGoingAway || !strings.Contains(ce.Reason, "connect again") {
			t.Errorf("the %s's socket ended with %v, want going away asking to connect again", name, err)
		}
	}
	if err := <-done; err != nil {
		t.Fatalf("Drain: %v", err)
	}
	if st := ts.Stats(); st.Conns != 0 || st.Rooms != 0 {
		t.Errorf("after Drain: %+v", st)
	}
}

// A client that never answers the close frame does not hold the drain up
// past its deadline: its socket is dropped.
func TestDrainIsBoundedByItsDeadline(t *testing.T) {
	ts := startServer(t, Config{})
	ts.dial(t, "127.0.0.1").host() // never reads again, so never answers the close
	deadline := 200 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	start := time.Now()
	err := ts.Drain(ctx)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Drain returned %v, want the deadline", err)
	}
	if took := time.Since(start); took > waitLimit {
		t.Fatalf("Drain took %v", took)
	}
	if st := ts.Stats(); st.Conns != 0 {
		t.Errorf("%d sockets left after Drain", st.Conns)
	}
}
