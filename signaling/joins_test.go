//go:build !js

package signaling

import (
	"fmt"
	"testing"
	"time"

	"safehouse/wire"
)

// Successful joins are limited per address and per room: joining and leaving
// in a loop is refused once a minute's worth is used, and comes back at the
// rate the limit allows.
func TestSuccessfulJoinsAreLimited(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)}
	ts := startServer(t, Config{JoinsPerMinute: 3, RoomJoinsPerMinute: 5, Now: clock.Now})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	cycle := func(ip string) wire.Message {
		t.Helper()
		c := ts.dial(t, ip)
		c.send(wire.Message{T: wire.TypeJoin, Room: room})
		m := c.recv()
		c.conn.CloseNow()
		waitFor(t, "the peer to leave", func() bool { return ts.Stats().Peers == 0 })
		return m
	}
	for i := range 3 {
		if m := cycle("127.0.0.3"); m.T != wire.TypeJoined {
			t.Fatalf("join %d from one address: %+v", i+1, m)
		}
	}
	if m := cycle("127.0.0.3"); m.Code != wire.CodeRateLimited {
		t.Fatalf("fourth join from one address within a minute: %+v", m)
	}
	// Other addresses still get in, until the room's own limit.
	for i := range 2 {
		if m := cycle(fmt.Sprintf("127.0.0.%d", 4+i)); m.T != wire.TypeJoined {
			t.Fatalf("join from another address: %+v", m)
		}
	}
	if m := cycle("127.0.0.9"); m.Code != wire.CodeRateLimited {
		t.Fatalf("sixth join into the room within a minute: %+v", m)
	}
	// A refused join is not a failed guess, and the limits refill at their
	// rates: a third of a minute brings one join back to 127.0.0.3, and less
	// than two to the room.
	clock.Advance(20 * time.Second)
	if m := cycle("127.0.0.3"); m.T != wire.TypeJoined {
		t.Fatalf("join after the limit refilled: %+v", m)
	}
	if m := cycle("127.0.0.10"); m.Code != wire.CodeRateLimited {
		t.Fatalf("a second join into the room after a third of a minute: %+v", m)
	}
	// Refused joins took no place in the room: the next peer let in is the
	// seventh.
	clock.Advance(time.Minute)
	if id := ts.dial(t, "127.0.0.11").join(room); id != "p7" {
		t.Fatalf("the next peer is %q, want p7", id)
	}
}
