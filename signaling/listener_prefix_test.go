//go:build !js

package signaling

import (
	"fmt"
	"net"
	"testing"
)

// addrConn is one end of an in-memory pipe that says it comes from remote:
// a connection from any address, IPv6 included, which loopback cannot give.
type addrConn struct {
	net.Conn
	remote net.Addr
}

func (c addrConn) RemoteAddr() net.Addr { return c.remote }

// admitFrom runs a connection from ip through the listener's limits and says
// whether it was let through; admitted ones stay open until the test ends.
func admitFrom(t *testing.T, l *limitListener, ip string) bool {
	t.Helper()
	a, b := net.Pipe()
	t.Cleanup(func() { a.Close(); b.Close() })
	c, ok := l.admit(addrConn{Conn: a, remote: &net.TCPAddr{IP: net.ParseIP(ip), Port: 40000}})
	if ok {
		t.Cleanup(func() { c.Close() })
	}
	return ok
}

// limitListenerOf is the listener limits of a server with cfg, without a
// network listener under them (admit is called directly).
func limitListenerOf(cfg Config) *limitListener {
	return New(quietConfig(cfg)).Listen(nil).(*limitListener)
}

// One IPv6 host owns a whole /64: every address in it is the same client for
// the socket limit, as for every other per-address limit.
func TestSocketsPerAddressCountAnIPv6SlashSixtyFour(t *testing.T) {
	l := limitListenerOf(Config{MaxSockets: 100, SocketsPerAddress: 3})
	for i := range 3 {
		if !admitFrom(t, l, fmt.Sprintf("2001:db8:1:2::%x", i+1)) {
			t.Fatalf("socket %d from the /64 refused under the limit", i+1)
		}
	}
	if admitFrom(t, l, "2001:db8:1:2:ffff::9") {
		t.Fatal("a fourth socket from another address of the same /64 was let in")
	}
	if !admitFrom(t, l, "2001:db8:1:3::1") {
		t.Fatal("a socket from the next /64 was refused")
	}
}
