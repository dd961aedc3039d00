//go:build !js

package signaling

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// One network's many addresses cannot hold every socket of the server: a
// newcomer from another network still gets in, IPv4 and IPv6 alike.
func TestOneNetworkCannotTakeEverySocket(t *testing.T) {
	for _, tc := range []struct {
		what, newcomer string
		attacker       func(i int) string
	}{
		{"an IPv4 /24", "198.51.100.1", func(i int) string { return fmt.Sprintf("203.0.113.%d", 1+i) }},
		{"an IPv6 /48", "2001:db8:ffff::1", func(i int) string { return fmt.Sprintf("2001:db8:7:%x::1", i) }},
	} {
		t.Run(tc.what, func(t *testing.T) {
			l := limitListenerOf(Config{MaxSockets: 60, SocketsPerAddress: 4})
			held := 0
			for i := range 40 { // 40 addresses, 4 sockets each: 160 tries at 60 places
				for range 4 {
					if admitFrom(t, l, tc.attacker(i)) {
						held++
					}
				}
			}
			if held >= 60 {
				t.Fatalf("one network holds all %d sockets", held)
			}
			if !admitFrom(t, l, tc.newcomer) {
				t.Fatalf("a newcomer from another network was refused while one network holds %d of 60 sockets", held)
			}
		})
	}
}

// Nor every WebSocket connection: the network's share ends before the
// server's cap, and a client of another network is upgraded.
func TestOneNetworkCannotTakeEveryConnection(t *testing.T) {
	ts := startServer(t, Config{MaxConns: 24, ConnsPerAddress: 2})
	held := 0
	for i := range 12 { // 12 addresses of one /24, 2 connections each: the whole server
		for range 2 {
			if _, _, err := ts.tryDial(t, fmt.Sprintf("127.0.5.%d", 1+i)); err == nil {
				held++
			}
		}
	}
	if held >= 24 {
		t.Fatalf("one /24 holds all %d connections", held)
	}
	if _, status, err := ts.tryDial(t, "127.0.6.1"); err != nil {
		t.Fatalf("a client of another network was refused (%d, %v) while one /24 holds %d of 24 connections", status, err, held)
	}
}

// Nor every room, even from many networks at once: each network may hold at
// most a share of what is free, so the last rooms stay for newcomers.
func TestManyNetworksCannotTakeEveryRoom(t *testing.T) {
	const maxRooms = 30
	ts := startServer(t, Config{MaxRooms: maxRooms, RoomsPerAddress: 2, MaxConns: 200})
	made := 0
	for n := range 8 { // 8 networks of 4 addresses, each address up to its 2 rooms: 64 tries
		for a := range 4 {
			for range 2 {
				c := ts.dial(t, fmt.Sprintf("127.0.%d.%d", 20+n, 1+a))
				c.send(wire.Message{T: wire.TypeHost})
				if c.recv().T == wire.TypeHosted {
					made++
				}
			}
		}
	}
	if made >= maxRooms {
		t.Fatalf("8 networks hold all %d rooms", made)
	}
	newcomer := ts.dial(t, "127.0.99.1")
	newcomer.send(wire.Message{T: wire.TypeHost})
	if m := newcomer.recv(); m.T != wire.TypeHosted {
		t.Fatalf("a newcomer's room was refused (%+v) while 8 networks hold %d of %d", m, made, maxRooms)
	}
}

// Many relaying connections of one network share one budget: past it their
// data is refused, however much each connection's own budget holds, while a
// sender of another network is relayed as before.
func TestOneNetworksRelayShareABudget(t *testing.T) {
	const chunk = 60 << 10
	clock := &fakeClock{now: time.Now()} // frozen: no budget refills mid-test
	// Each connection may send two chunks at once, the network together 4 x 150 KB.
	ts := startServer(t, Config{RelayRate: 1 << 10, RelayBurst: 150 << 10, Now: clock.Now})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	data := json.RawMessage(`"` + strings.Repeat("x", chunk) + `"`)
	send := func(ip string) string {
		p := ts.dial(t, ip)
		p.join(room)
		host.expect(wire.TypePeer)
		before := ts.Stats()
		p.send(wire.Message{T: wire.TypeTo, Data: data})
		waitFor(t, "the data relayed or refused", func() bool {
			st := ts.Stats()
			return st.Relayed > before.Relayed || st.Refusals > before.Refusals
		})
		if ts.Stats().Relayed > before.Relayed {
			return host.expect(wire.TypeFrom).T
		}
		return p.expect(wire.TypeError).Code
	}
	relayed := 0
	for i := range 16 { // 16 addresses of one /24: 16 chunks of 60 KB, 960 KB where 600 KB are allowed
		if send(fmt.Sprintf("127.0.7.%d", 1+i)) == wire.TypeFrom {
			relayed++
		}
	}
	if relayed*chunk > 4*150<<10 {
		t.Fatalf("one /24 had %d chunks of %d bytes relayed, over its network's budget of %d", relayed, chunk, 4*150<<10)
	}
	if got := send("127.0.8.1"); got != wire.TypeFrom {
		t.Fatalf("a sender of another network got %q", got)
	}
}

// The connections of one network flooding past their shared budget wait their turn: a
// refused sender is not read again before the network's budget has earned a message for each
// of its connections. Woken as soon as one message could pass, they were all refused but one,
// again and again, each refusal costing the server a read and a decode of the message.
func TestOneNetworksRefusedSendersWaitTheirTurn(t *testing.T) {
	const (
		flooders = 8
		chunk    = 1 << 10
		rate     = 64 << 10 // the network's bytes a second
		flood    = time.Second
	)
	// A network's burst of 4 x 8 KB fits in the host's relay queue: the host keeps up.
	ts := startServer(t, Config{MaxMessageSize: 8 << 10, RelayRate: 1 << 30, RelayBurst: 8 << 10, NetworkRelayRate: rate})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	var peers []*testClient
	for i := range flooders {
		p := ts.dial(t, fmt.Sprintf("127.0.7.%d", 1+i))
		p.join(room)
		host.expect(wire.TypePeer)
		peers = append(peers, p)
	}
	go func() { // the host reads what is relayed
		for {
			if _, err := host.read(); err != nil {
				return
			}
		}
	}()
	data, _ := json.Marshal(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`"` + strings.Repeat("x", chunk-2) + `"`)})
	ctx, cancel := context.WithTimeout(context.Background(), flood)
	defer cancel()
	before := ts.Stats().Refusals
	start := time.Now()
	var wg sync.WaitGroup
	for _, p := range peers {
		wg.Add(2)
		go func() { // its refusals
			defer wg.Done()
			for ctx.Err() == nil {
				if _, _, err := p.conn.Read(ctx); err != nil {
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			for p.conn.Write(ctx, websocket.MessageText, data) == nil {
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	refused := ts.Stats().Refusals - before
	turn := time.Duration(float64(chunk*flooders) / rate * float64(time.Second))
	most := uint64(flooders * (elapsed/turn + 1))
	t.Logf("%d senders refused %d times in %v (at most %d: one refusal a turn of %v each)", flooders, refused, elapsed, most, turn)
	if refused > most {
		t.Fatalf("%d senders of one network were refused %d times in %v: more than once a turn (%v) each, %d", flooders, refused, elapsed, turn, most)
	}
}
