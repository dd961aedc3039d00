//go:build !js

package signaling

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// withSmallReceiveBuffer dials from ip with a 4 KB receive buffer (no
// autotuning), so that a client that stops reading holds up the server's
// writes to it within a few megabytes.
func withSmallReceiveBuffer(ip string) dialOption {
	return func(o *websocket.DialOptions) {
		dialer := &net.Dialer{
			LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)},
			Control: func(_, _ string, rc syscall.RawConn) error {
				var err error
				rc.Control(func(fd uintptr) {
					err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
				})
				return err
			},
		}
		o.HTTPClient = &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext, DisableKeepAlives: true}}
	}
}

// A peer cannot get its host dropped: relayed data fills only the places kept
// for it, and peers that join and leave before a slow host has read of them
// vanish from its queue instead of filling the places of the room's own
// messages. (Before, relay data and 40 join/leave cycles closed the host with
// 1013 "too slow to keep up"; the joins are let through here, as from a
// server whose join limits are raised, to show the queue itself holds.)
func TestPeersCannotGetTheHostDropped(t *testing.T) {
	const cycles = 200
	ts := startServer(t, Config{WriteTimeout: time.Minute, RelayBurst: 1 << 30, RelayRate: 1 << 30,
		JoinsPerMinute: cycles, RoomJoinsPerMinute: cycles})
	// The host's socket takes in little, so what the server writes to it piles
	// up in the server once the host stops reading.
	host := ts.dial(t, "127.0.0.2", withSmallReceiveBuffer("127.0.0.2"))
	room, _ := host.host()
	flooder := ts.dial(t, "127.0.0.3")
	flooder.join(room)
	host.expect(wire.TypePeer)

	// The host stops reading; the flooder sends until three rounds of its
	// messages in a row are refused whole, with a pause between them: the
	// host's queue for relayed data is full and the socket's buffers too, so
	// nothing queued for the host now is written.
	pad := strings.Repeat("x", 60<<10)
	stuck := 0
	for round := 0; round < 200 && stuck < 3; round++ {
		for i := range 20 {
			flooder.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(fmt.Sprintf(`{"n":%d,"pad":%q}`, round*20+i, pad))})
		}
		flooder.send(wire.Message{T: wire.TypeJoin, Room: room}) // a marker: answers before it belong to the round
		refused := 0
		for m := flooder.recv(); m.Code != wire.CodeAlreadyInRoom; m = flooder.recv() {
			if m.Code == wire.CodeRateLimited {
				refused++
			}
		}
		if refused == 20 {
			stuck++
		} else {
			stuck = 0
		}
		time.Sleep(20 * time.Millisecond) // lets a writer that can still write do so
	}
	if stuck < 3 {
		t.Fatal("the host's queue never filled")
	}
	for i := range cycles {
		c := ts.dial(t, fmt.Sprintf("127.0.%d.%d", 4+i/200, 1+i%200))
		c.join(room)
		c.conn.CloseNow()
	}
	waitFor(t, "the cycling peers to leave", func() bool { return ts.Stats().Peers == 1 })
	ts.mu.Lock()
	hostConn := ts.rooms[room].host
	ts.mu.Unlock()
	if hostConn == nil || hostConn.isClosing() {
		t.Fatalf("the host is being dropped (its socket is still full, so it is not closed yet)")
	}

	// The host catches up: the flood, and not one notice about the peers that
	// came and went meanwhile.
	flooder.send(wire.Message{T: wire.TypeTo, Data: json.RawMessage(`"last"`)})
	for {
		m := host.recv()
		if m.T == wire.TypeFrom && string(m.Data) == `"last"` {
			break
		}
		if m.T != wire.TypeFrom {
			t.Fatalf("host got %+v among the flood", m)
		}
	}
}
