//go:build !js

package signaling

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// tally counts outcomes reported by concurrent attackers.
type tally struct {
	mu     sync.Mutex
	counts map[string]int
	conns  []*websocket.Conn
}

func (t *tally) add(outcome string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.counts[outcome]++
}

func (t *tally) keep(c *websocket.Conn) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.conns = append(t.conns, c)
}

// attack opens one connection from ip, tries to host, guesses room codes and,
// if vandal, sends garbage until it is thrown out.
func attack(url, ip string, vandal bool, out *tally) {
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: httpClientFrom(ip)})
	if err != nil {
		out.add("refused")
		return
	}
	out.keep(conn)
	ask := func(raw string) {
		if err := conn.Write(ctx, websocket.MessageText, []byte(raw)); err != nil {
			out.add("write failed")
			return
		}
		_, b, err := conn.Read(ctx)
		if err != nil {
			out.add("read failed")
			return
		}
		var m wire.Message
		json.Unmarshal(b, &m)
		out.add(m.T + " " + m.Code)
	}
	ask(`{"t":"host"}`)
	for range 4 {
		ask(fmt.Sprintf(`{"t":"join","room":%q}`, wire.NewRoomCode()))
	}
	if vandal {
		for range 3 {
			conn.Write(ctx, websocket.MessageText, []byte("\x00garbage"))
		}
		for {
			if _, _, err := conn.Read(ctx); err != nil {
				if websocket.CloseStatus(err) == websocket.StatusPolicyViolation {
					out.add("thrown out")
				}
				return
			}
		}
	}
}

// A flood from several addresses stays within every cap, and a room that was
// already playing keeps working through it.
func TestFloodStaysWithinCaps(t *testing.T) {
	const (
		maxConns        = 30
		maxRooms        = 6
		roomsPerAddress = 2
		connsPerAddress = 8
		failedJoins     = 3
		attackers       = 8
		attemptsEach    = 10
	)
	clock := &fakeClock{now: time.Now()} // frozen: no failure ages out mid-test
	ts := startServer(t, Config{
		MaxConns: maxConns, MaxRooms: maxRooms, RoomsPerAddress: roomsPerAddress,
		ConnsPerAddress: connsPerAddress, FailedJoinsPerMinute: failedJoins,
		MaxBadMessages: 3, Now: clock.Now,
	})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	peer := ts.dial(t, "127.0.0.3")
	peer.join(room)
	host.expect(wire.TypePeer)

	out := &tally{counts: map[string]int{}}
	t.Cleanup(func() {
		for _, c := range out.conns {
			c.CloseNow()
		}
	})
	var wg sync.WaitGroup
	for a := range attackers {
		ip := fmt.Sprintf("127.0.%d.1", 10+a) // each from its own network
		for i := range attemptsEach {
			wg.Add(1)
			go func() {
				defer wg.Done()
				attack(ts.url, ip, i%2 == 0, out)
			}()
		}
	}
	wg.Wait()

	// The server keeps its high-water marks: no sampling can miss a peak between two looks.
	st := ts.Stats()
	t.Logf("outcomes %v; now %+v", out.counts, st)
	if st.PeakRooms > maxRooms || st.PeakConns > maxConns {
		t.Fatalf("peak %d rooms and %d connections, caps %d and %d", st.PeakRooms, st.PeakConns, maxRooms, maxConns)
	}
	if st.Rooms != maxRooms {
		t.Fatalf("%d rooms after the flood, want the cap %d reached and held", st.Rooms, maxRooms)
	}
	if out.counts["refused"] == 0 || st.RefusedConns == 0 {
		t.Fatalf("no connection was refused: the flood did not reach the caps")
	}
	if n := out.counts["hosted "]; n != maxRooms-1 {
		t.Fatalf("%d attacker rooms created, want %d", n, maxRooms-1)
	}
	if n := out.counts["error unknown-room"]; n > attackers*failedJoins {
		t.Fatalf("%d wrong guesses answered, want at most %d (failed joins per address)", n, attackers*failedJoins)
	}
	if out.counts["error rate-limited"] == 0 || out.counts["thrown out"] == 0 {
		t.Fatalf("outcomes %v: want rate limits and vandals thrown out", out.counts)
	}

	// The honest room played on.
	peer.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`"through the storm"`)})
	if m := host.expect(wire.TypeFrom); string(m.Data) != `"through the storm"` {
		t.Fatalf("host got %+v", m)
	}
	host.send(wire.Message{T: wire.TypeTo, ID: "p1", Data: json.RawMessage(`"still here"`)})
	if m := peer.expect(wire.TypeFrom); string(m.Data) != `"still here"` {
		t.Fatalf("peer got %+v", m)
	}

	// Once the attackers are gone, connection slots come back.
	for _, c := range out.conns {
		c.CloseNow()
	}
	waitFor(t, "the attackers' connections to close", func() bool { return ts.Stats().Conns == 2 })
	newcomer := ts.dial(t, "127.0.9.4") // from another /24: the attackers' one has used up its guesses
	newcomer.join(room)
	host.expect(wire.TypePeer)
}

func TestShutdownClosesEverything(t *testing.T) {
	ts := startServer(t, Config{})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	peers := []*testClient{ts.dial(t, "127.0.0.3"), ts.dial(t, "127.0.0.4")}
	for _, p := range peers {
		p.join(room)
		host.expect(wire.TypePeer)
	}
	away := ts.dial(t, "127.0.0.5")
	away.host()
	away.conn.CloseNow() // leaves a room in its grace period, with a timer running
	idle := ts.dial(t, "127.0.0.6")
	waitFor(t, "one room away", func() bool { return ts.Stats().RoomsAway == 1 })

	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	shutdownErr := make(chan error, 1)
	go func() { shutdownErr <- ts.Shutdown(ctx) }()
	// The clients read, so they answer the close handshake.
	for _, c := range append([]*testClient{host, idle}, peers...) {
		if code := c.expectClosed(); code != websocket.StatusGoingAway {
			t.Fatalf("closed with %v, want going away", code)
		}
	}
	if err := <-shutdownErr; err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if st := ts.Stats(); st.Rooms != 0 || st.Conns != 0 {
		t.Fatalf("stats %+v after shutdown", st)
	}
	if _, status, err := ts.tryDial(t, "127.0.0.2"); err == nil || status != http.StatusServiceUnavailable {
		t.Fatalf("dial after shutdown: status %d, err %v; want 503", status, err)
	}
	// startServer's cleanup checks that no goroutine outlives the test.
}

// Clients that do not answer the close handshake cannot hold a shutdown up
// past its context.
func TestShutdownDropsUnresponsiveClients(t *testing.T) {
	ts := startServer(t, Config{})
	for i := range 3 {
		ts.dial(t, fmt.Sprintf("127.0.0.%d", i+2)).host() // then never read again
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := ts.Shutdown(ctx); err != context.DeadlineExceeded {
		t.Fatalf("shutdown returned %v, want the context's deadline", err)
	}
	if st := ts.Stats(); st.Conns != 0 || st.Rooms != 0 {
		t.Fatalf("stats %+v after shutdown", st)
	}
}
