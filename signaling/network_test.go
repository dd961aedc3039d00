//go:build !js

package signaling

import (
	"fmt"
	"net/netip"
	"testing"
	"time"

	"safehouse/wire"
)

// Failed joins count at every prefix size: an IPv4 /24 may fail four times
// as often as one address, an IPv6 /56 four times as often as a /64, and a
// /48 sixteen times. (One /48 holds 65,536 /64s: counted by /64 alone, it
// guessed about 655,000 codes a minute.)
func TestFailedJoinsPerNetwork(t *testing.T) {
	const perAddress = 2
	tests := []struct {
		name    string
		addr    func(i int) string // the i-th guesser, each its own address (or /64)
		allowed int                // guesses before the network is refused
		other   string             // an address outside that network
	}{
		{"IPv4 /24", func(i int) string { return fmt.Sprintf("198.51.100.%d", i+1) }, 4 * perAddress, "198.51.101.1"},
		{"IPv6 /56", func(i int) string { return fmt.Sprintf("2001:db8:1:%x::1", i) }, 4 * perAddress, "2001:db8:1:100::1"},
		{"IPv6 /48", func(i int) string { return fmt.Sprintf("2001:db8:2:%x00::1", i) }, 16 * perAddress, "2001:db8:3::1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &fakeClock{now: time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)}
			// The addresses come through a trusted proxy: loopback has one IPv6 address.
			proxies := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
			ts := startServer(t, Config{FailedJoinsPerMinute: perAddress, TrustedProxies: proxies, Now: clock.Now})
			host := ts.dial(t, "127.0.0.2")
			room, _ := host.host()
			from := func(addr string) *testClient { return ts.dial(t, "127.0.0.3", withHeader("X-Forwarded-For", addr)) }
			for i := range tt.allowed {
				c := from(tt.addr(i))
				c.send(wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"})
				c.expect(wire.TypeError, wire.CodeUnknownRoom)
			}
			// A fresh address of the same network is refused, even with the right code...
			late := from(tt.addr(tt.allowed))
			late.send(wire.Message{T: wire.TypeJoin, Room: room})
			late.expect(wire.TypeError, wire.CodeRateLimited)
			// ...while another network is not.
			from(tt.other).join(room)
			host.expect(wire.TypePeer)
			clock.Advance(failureWindow)
			late.join(room)
		})
	}
}

// The server's budget of failed joins is small: once it is spent, an address
// that has failed in the last minute may not try again, however few its own
// failures; an address without failures still gets in with the right code,
// and gets its one try with a wrong one.
func TestFailedJoinBudget(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)}
	ts := startServer(t, Config{FailedJoinsPerMinute: 10, FailedJoinsTotal: 5, Now: clock.Now})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	guessers := make([]*testClient, 5)
	for i := range guessers {
		guessers[i] = ts.dial(t, fmt.Sprintf("127.0.%d.1", 10+i)) // five /24s: no network limit in the way
		guessers[i].send(wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"})
		guessers[i].expect(wire.TypeError, wire.CodeUnknownRoom)
	}
	guessers[0].send(wire.Message{T: wire.TypeJoin, Room: "YYYYYY"})
	guessers[0].expect(wire.TypeError, wire.CodeRateLimited)
	guessers[1].send(wire.Message{T: wire.TypeJoin, Room: room})
	guessers[1].expect(wire.TypeError, wire.CodeRateLimited)

	clean := ts.dial(t, "127.0.20.1")
	clean.send(wire.Message{T: wire.TypeJoin, Room: "YYYYYY"})
	clean.expect(wire.TypeError, wire.CodeUnknownRoom)
	clean.send(wire.Message{T: wire.TypeJoin, Room: "XXXXXX"})
	clean.expect(wire.TypeError, wire.CodeRateLimited)
	ts.dial(t, "127.0.21.1").join(room)

	clock.Advance(failureWindow)
	guessers[1].join(room)
}

// Rooms waiting for their host count against the creator's network too, so a
// few hundred addresses cannot keep the server's rooms taken without holding
// a socket; and a room nobody ever joined waits for its host only briefly.
func TestRoomsPerNetworkCountRoomsInGrace(t *testing.T) {
	ts := startServer(t, Config{RoomsPerAddress: 1})
	for i := range 4 {
		h := ts.dial(t, fmt.Sprintf("127.0.7.%d", i+1))
		h.host()
		h.conn.CloseNow()
	}
	waitFor(t, "the hosts to be away", func() bool { return ts.Stats().RoomsAway == 4 })
	c := ts.dial(t, "127.0.7.9")
	c.send(wire.Message{T: wire.TypeHost})
	c.expect(wire.TypeError, wire.CodeRateLimited)
	ts.dial(t, "127.0.8.1").host() // another /24
}

func TestEmptyRoomHasAShortGrace(t *testing.T) {
	ts := startServer(t, Config{EmptyRoomGrace: 20 * time.Millisecond}) // and the default 10 minutes for the others
	empty := ts.dial(t, "127.0.0.2")
	empty.host()
	played := ts.dial(t, "127.0.0.3")
	room, claim := played.host()
	peer := ts.dial(t, "127.0.0.4")
	peer.join(room)
	played.expect(wire.TypePeer)
	peer.conn.CloseNow()
	played.expect(wire.TypeLeft)
	empty.conn.CloseNow()
	played.conn.CloseNow()
	waitFor(t, "the empty room to expire", func() bool { return ts.Stats().Expired == 1 })
	if st := ts.Stats(); st.Rooms != 1 || st.RoomsAway != 1 {
		t.Fatalf("stats %+v: want the room that had a peer kept", st)
	}
	back := ts.dial(t, "127.0.0.3")
	back.reclaim(room, claim)
}
