//go:build !js

package signaling

import (
	"context"
	"net"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gorilla "github.com/gorilla/websocket"

	"safehouse/wire"
)

// serverGoroutines counts the goroutines running the server's connection
// code: readers, and any other (writers, timer callbacks, message handlers).
func serverGoroutines() (readers, others int) {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	for _, g := range strings.Split(string(buf), "\n\n") {
		switch {
		case strings.Contains(g, "signaling.(*client).readLoop"):
			readers++
		case strings.Contains(g, "signaling.(*client)."), strings.Contains(g, "signaling.(*Server)."):
			others++
		}
	}
	return readers, others
}

// An idle connection holds one goroutine, its reader: replies are written by a
// goroutine that lives only while something is queued, and the keep-alive is a
// timer. With thousands of connections open, these stacks are most of the
// server's memory.
func TestIdleConnectionHoldsOnlyItsReader(t *testing.T) {
	ts := startServer(t, Config{})
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	const peers = 5
	for range peers {
		ts.dial(t, "127.0.0.3").join(room)
		host.expect(wire.TypePeer)
	}
	waitFor(t, "the writers to end", func() bool {
		_, others := serverGoroutines()
		return others == 0
	})
	if readers, others := serverGoroutines(); readers != peers+1 || others != 0 {
		t.Fatalf("%d readers and %d other goroutines for %d idle connections", readers, others, peers+1)
	}
}

// A client that answers pings stays connected through any number of them, and
// they keep coming at every half of the idle timeout. The client here is
// gorilla/websocket's, which lets the test count the pings.
func TestKeepAliveKeepsAnsweringClients(t *testing.T) {
	ts := startServer(t, Config{IdleTimeout: 600 * time.Millisecond})
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	conn, _, err := (&gorilla.Dialer{NetDialContext: dialer.DialContext}).DialContext(ctx, ts.url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	var pings atomic.Int32
	conn.SetPingHandler(func(data string) error {
		pings.Add(1)
		return conn.WriteControl(gorilla.PongMessage, []byte(data), time.Now().Add(waitLimit))
	})
	if err := conn.WriteMessage(gorilla.TextMessage, []byte(`{"t":"host"}`)); err != nil {
		t.Fatal(err)
	}
	replies := make(chan string, 8)
	go func() {
		defer close(replies)
		for {
			_, b, err := conn.ReadMessage() // also answers the pings
			if err != nil {
				return
			}
			replies <- string(b)
		}
	}()
	if m := <-replies; !strings.Contains(m, `"hosted"`) {
		t.Fatalf("host answered %s", m)
	}
	waitFor(t, "four pings", func() bool { return pings.Load() >= 4 })
	if st := ts.Stats(); st.Conns != 1 || st.Rooms != 1 || st.RoomsAway != 0 {
		t.Fatalf("stats %+v after %d pings answered: the client was dropped", st, pings.Load())
	}
}
