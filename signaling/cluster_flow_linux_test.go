//go:build !js

package signaling

import (
	"encoding/json"
	"net"
	"strings"
	"syscall"
	"testing"

	"safehouse/wire"
)

// smallSendBuffers gives every accepted connection a 16 KB send buffer (no autotuning), so
// that the server's writes to a client that reads nothing stop after little data.
type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		if rc, err := tc.SyscallConn(); err == nil {
			rc.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_SNDBUF, 16<<10) })
		}
	}
	return c, err
}

// floodUntilSlowedDown sends chunks of data from sender (to id, "" for the host) until the
// server tells it the recipient is not keeping up, and returns how many it sent, or fails
// after max.
func floodUntilSlowedDown(t *testing.T, sender *testClient, id string, max int) int {
	t.Helper()
	data := json.RawMessage(`"` + strings.Repeat("x", 60<<10) + `"`)
	slowed := make(chan string, 1)
	go func() {
		for {
			m, err := sender.read()
			if err != nil {
				return
			}
			if m.T == wire.TypeError {
				slowed <- m.Code
				return
			}
		}
	}()
	for n := 1; n <= max; n++ {
		sender.send(wire.Message{T: wire.TypeTo, ID: id, Data: data})
		select {
		case code := <-slowed:
			if code != wire.CodeRateLimited {
				t.Fatalf("after %d chunks the sender was told %q", n, code)
			}
			return n
		default:
		}
	}
	t.Fatalf("%d chunks of 60 KB sent to a recipient that reads nothing, and the sender was never told to slow down", max)
	return 0
}

// A recipient on another instance than its sender that does not keep up is felt by the
// sender as on one instance: it is told to slow down (rate-limited), the host by the
// peer's instance and the peer by the home.
func TestClusterSlowRecipientSlowsItsSenderDown(t *testing.T) {
	ns := startNATS(t)
	fast := Config{RelayRate: 1 << 30, RelayBurst: 1 << 30}
	small := func(l net.Listener) net.Listener { return smallSendBuffers{l} }
	a := startInstanceListening(t, ns.ClientURL(), fast, small)
	b := startInstanceListening(t, ns.ClientURL(), fast, small)

	host := a.dial(t, "127.0.0.1", withSmallReceiveBuffer("127.0.0.1"))
	room, _ := host.host()
	peer := b.dial(t, "127.0.0.2")
	peer.join(room)
	host.expect(wire.TypePeer)
	n := floodUntilSlowedDown(t, peer, "", 1000) // the host reads nothing
	t.Logf("the peer was slowed down after %d chunks", n)

	host2 := a.dial(t, "127.0.0.3")
	room2, _ := host2.host()
	peer2 := b.dial(t, "127.0.0.4", withSmallReceiveBuffer("127.0.0.4"))
	id2 := peer2.join(room2)
	host2.expect(wire.TypePeer)
	n = floodUntilSlowedDown(t, host2, id2, 1000) // the peer reads nothing
	t.Logf("the host was slowed down after %d chunks", n)
}
