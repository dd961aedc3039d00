//go:build !js

package signaling

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// fakeClock is a settable clock for the failed-join window.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func TestRoomsPerAddress(t *testing.T) {
	ts := startServer(t, Config{RoomsPerAddress: 2})
	for i := range 2 {
		if room, _ := ts.dial(t, "127.0.0.2").host(); room == "" {
			t.Fatalf("room %d not created", i)
		}
	}
	third := ts.dial(t, "127.0.0.2")
	third.send(wire.Message{T: wire.TypeHost})
	third.expect(wire.TypeError, wire.CodeRateLimited)

	// Another address is not affected.
	ts.dial(t, "127.0.0.3").host()
	if st := ts.Stats(); st.Rooms != 3 {
		t.Fatalf("%d rooms, want 3", st.Rooms)
	}
	// A refused host may still join someone else's room.
	other := ts.dial(t, "127.0.0.4")
	room, _ := other.host()
	third.join(room)
}

func TestFailedJoinsPerAddressPerMinute(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)}
	ts := startServer(t, Config{FailedJoinsPerMinute: 3, Now: clock.Now})
	host := ts.dial(t, "127.0.0.2")
	room, claim := host.host()

	guesser := ts.dial(t, "127.0.0.3")
	guesses := []wire.Message{
		{T: wire.TypeJoin, Room: "AAAAAA"},
		{T: wire.TypeJoin, Room: "BBBBBB"},
		{T: wire.TypeHost, Room: room, Claim: claim + "x"}, // a wrong claim counts too
	}
	wantCodes := []string{wire.CodeUnknownRoom, wire.CodeUnknownRoom, wire.CodeBadClaim}
	for i, m := range guesses {
		guesser.send(m)
		guesser.expect(wire.TypeError, wantCodes[i])
	}
	// Now even the right code is refused from that address...
	guesser.send(wire.Message{T: wire.TypeJoin, Room: room})
	guesser.expect(wire.TypeError, wire.CodeRateLimited)
	// ...from a new connection too, since the limit is per address...
	again := ts.dial(t, "127.0.0.3")
	again.send(wire.Message{T: wire.TypeJoin, Room: room})
	again.expect(wire.TypeError, wire.CodeRateLimited)
	// ...but not from another address.
	ts.dial(t, "127.0.0.4").join(room)
	host.expect(wire.TypePeer)

	clock.Advance(59 * time.Second)
	again.send(wire.Message{T: wire.TypeJoin, Room: room})
	again.expect(wire.TypeError, wire.CodeRateLimited)
	clock.Advance(2 * time.Second)
	if id := again.join(room); id != "p2" {
		t.Fatalf("id %q after the window passed", id)
	}
}

// The memory of failed joins is bounded, and filling it locks nobody out:
// an address it has never seen still joins with a right code, and the
// prefixes it holds are the stalest it could keep.
func TestFullFailureMemoryLocksNobodyOut(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)}
	ts := startServer(t, Config{Now: clock.Now})
	ts.mu.Lock()
	ts.maxTracked = 4
	ts.mu.Unlock()
	host := ts.dial(t, "127.0.0.2")
	room, _ := host.host()
	// Guessers from six /24s: twelve prefixes to remember, room for four.
	for i := range 6 {
		c := ts.dial(t, fmt.Sprintf("127.0.%d.3", 10+i))
		c.send(wire.Message{T: wire.TypeJoin, Room: "AAAAAA"})
		c.expect(wire.TypeError, wire.CodeUnknownRoom)
		clock.Advance(time.Second)
	}
	ts.mu.Lock()
	remembered := len(ts.failures)
	ts.mu.Unlock()
	if remembered > 4 {
		t.Fatalf("%d prefixes remembered, bound 4", remembered)
	}
	newcomer := ts.dial(t, "127.0.0.5")
	if id := newcomer.join(room); id != "p1" {
		t.Fatalf("id %q", id)
	}
}

func TestConnsPerAddress(t *testing.T) {
	ts := startServer(t, Config{ConnsPerAddress: 2})
	ts.dial(t, "127.0.0.2")
	ts.dial(t, "127.0.0.2")
	if _, status, err := ts.tryDial(t, "127.0.0.2"); err == nil || status != http.StatusTooManyRequests {
		t.Fatalf("third connection: status %d, err %v; want 429", status, err)
	}
	ts.dial(t, "127.0.0.3")
	if st := ts.Stats(); st.Conns != 3 || st.RefusedConns != 1 {
		t.Fatalf("stats %+v", st)
	}
}

func TestClientAddress(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.1/32")}
	tests := []struct {
		name   string
		remote string
		xff    []string
		want   string
	}{
		{"no proxy", "203.0.113.5:4000", nil, "203.0.113.5"},
		{"untrusted remote, header ignored", "203.0.113.5:4000", []string{"198.51.100.1"}, "203.0.113.5"},
		{"trusted proxy", "10.1.2.3:4000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"trusted chain", "10.1.2.3:4000", []string{"198.51.100.1, 10.9.9.9"}, "198.51.100.1"},
		{"spoofed left part is skipped", "10.1.2.3:4000", []string{"192.0.2.66, 198.51.100.1"}, "198.51.100.1"},
		{"several headers", "10.1.2.3:4000", []string{"192.0.2.66", "198.51.100.1"}, "198.51.100.1"},
		{"trusted proxy without header", "10.1.2.3:4000", nil, "10.1.2.3"},
		{"mangled header not believed", "10.1.2.3:4000", []string{"198.51.100.1, not-an-ip"}, "10.1.2.3"},
		{"all trusted", "127.0.0.1:4000", []string{"10.0.0.7"}, "10.0.0.7"},
		{"ipv6 remote", "[2001:db8::1]:4000", nil, "2001:db8::1"},
		{"ipv6 from proxy", "10.1.2.3:4000", []string{"2001:db8::2"}, "2001:db8::2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/signal", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := clientAddr(r, trusted); got.String() != tt.want {
				t.Fatalf("got %v, want %s", got, tt.want)
			}
		})
	}
}

func TestLimitKeyGroupsIPv6By64(t *testing.T) {
	a := limitKey(netip.MustParseAddr("2001:db8:1:2::1"))
	b := limitKey(netip.MustParseAddr("2001:db8:1:2:ffff::9"))
	c := limitKey(netip.MustParseAddr("2001:db8:1:3::1"))
	if a != b || a == c {
		t.Fatalf("keys %q %q %q: want the first two equal and the third different", a, b, c)
	}
	if limitKey(netip.MustParseAddr("192.0.2.1")) == limitKey(netip.MustParseAddr("192.0.2.2")) {
		t.Fatal("two IPv4 addresses share a key")
	}
}

// The forwarded address counts for the limits only when the connection comes
// from a trusted proxy.
func TestTrustedProxyHeaderForLimits(t *testing.T) {
	tests := []struct {
		name    string
		trusted string
		// second host comes from the same socket address with another forwarded address
		secondAllowed bool
	}{
		{"proxy trusted: forwarded addresses are distinct clients", "127.0.0.2/32", true},
		{"proxy not trusted: both are the socket's address", "127.0.0.9/32", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proxies, err := ParseTrustedProxies(tt.trusted)
			if err != nil {
				t.Fatal(err)
			}
			ts := startServer(t, Config{RoomsPerAddress: 1, TrustedProxies: proxies})
			ts.dial(t, "127.0.0.2", withHeader("X-Forwarded-For", "198.51.100.1")).host()
			second := ts.dial(t, "127.0.0.2", withHeader("X-Forwarded-For", "198.51.100.2"))
			second.send(wire.Message{T: wire.TypeHost})
			m := second.recv()
			if got := m.T == wire.TypeHosted; got != tt.secondAllowed {
				t.Fatalf("second host got %+v", m)
			}
			if !tt.secondAllowed && m.Code != wire.CodeRateLimited {
				t.Fatalf("second host got %+v, want rate-limited", m)
			}
		})
	}
}

func TestParseTrustedProxies(t *testing.T) {
	tests := []struct {
		in      string
		want    int
		wantErr bool
	}{
		{"", 0, false},
		{"10.0.0.0/8", 1, false},
		{"10.0.0.0/8, 192.168.1.1 ,::1", 3, false},
		{"10.0.0.0/33", 0, true},
		{"proxy.example", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseTrustedProxies(tt.in)
		if (err != nil) != tt.wantErr || len(got) != tt.want {
			t.Errorf("ParseTrustedProxies(%q) = %v, %v", tt.in, got, err)
		}
	}
}

func TestOriginAllowList(t *testing.T) {
	tests := []struct {
		name     string
		patterns []string
		origin   string // "" sends none; "SELF" sends the server's own origin
		allowed  bool
	}{
		{"no origin header (not a browser)", nil, "", true},
		{"same origin", nil, "SELF", true},
		{"other origin refused by default", nil, "https://evil.example", false},
		{"listed host", []string{"play.example.org"}, "https://play.example.org", true},
		{"wildcard subdomain", []string{"*.example.org"}, "https://cdn.example.org", true},
		{"wildcard does not match the apex", []string{"*.example.org"}, "https://example.org", false},
		{"scheme pattern", []string{"https://play.example.org"}, "https://play.example.org", true},
		{"scheme pattern, other scheme", []string{"https://play.example.org"}, "http://play.example.org", false},
		{"star allows all", []string{"*"}, "https://anything.example", true},
		{"garbage origin", []string{"play.example.org"}, "::::", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, Config{OriginPatterns: tt.patterns})
			var opts []dialOption
			switch tt.origin {
			case "":
			case "SELF":
				opts = append(opts, withHeader("Origin", ts.http.URL))
			default:
				opts = append(opts, withHeader("Origin", tt.origin))
			}
			c, status, err := ts.tryDial(t, "127.0.0.2", opts...)
			if tt.allowed {
				if err != nil {
					t.Fatalf("refused (status %d): %v", status, err)
				}
				c.host()
				return
			}
			if err == nil || status != http.StatusForbidden {
				t.Fatalf("status %d, err %v; want 403", status, err)
			}
			if st := ts.Stats(); st.Conns != 0 || st.RefusedConns != 1 {
				t.Fatalf("stats %+v", st)
			}
		})
	}
}

func TestHandshakeTimeout(t *testing.T) {
	// Long enough for a loopback client to say "host" in time; the silent
	// client's drop is awaited, not timed.
	ts := startServer(t, Config{HandshakeTimeout: 200 * time.Millisecond})
	// The honest host connects first, so its timer runs out before the silent
	// client's does: once the silent one is gone, the host has outlived its own.
	host := ts.dial(t, "127.0.0.3")
	room, _ := host.host()
	silent := ts.dial(t, "127.0.0.2")
	if code := silent.expectClosed(); code != websocket.StatusPolicyViolation {
		t.Fatalf("closed with %v", code)
	}
	waitFor(t, "the silent connection to go", func() bool { return ts.Stats().Conns == 1 })
	ts.dial(t, "127.0.0.4").join(room)
	host.expect(wire.TypePeer)
}

// A client that stops answering pings (a phone locked mid-game) is dropped,
// and its room waits for it as after any host disconnect.
func TestIdleTimeout(t *testing.T) {
	ts := startServer(t, Config{IdleTimeout: 200 * time.Millisecond})
	host := ts.dial(t, "127.0.0.2")
	host.host()
	// The coder/websocket client answers pings only while it reads; from here
	// on this one never reads again.
	waitFor(t, "the silent host to be dropped", func() bool {
		st := ts.Stats()
		return st.Conns == 0 && st.RoomsAway == 1
	})
}

func TestStatsCountsByState(t *testing.T) {
	ts := startServer(t, Config{})
	var hosts []*testClient
	for i := range 3 {
		h := ts.dial(t, fmt.Sprintf("127.0.2.%d", i+1))
		room, _ := h.host()
		for j := range i {
			ts.dial(t, fmt.Sprintf("127.0.3.%d", j+1)).join(room)
			h.expect(wire.TypePeer)
		}
		hosts = append(hosts, h)
	}
	hosts[2].conn.CloseNow()
	waitFor(t, "one room to wait for its host", func() bool { return ts.Stats().RoomsAway == 1 })
	if st := ts.Stats(); st.Rooms != 3 || st.Peers != 3 || st.Conns != 5 {
		t.Fatalf("stats %+v, want 3 rooms, 3 peers, 5 connections", st)
	}
}
