package signaling

import (
	"log/slog"
	"net"
	"sync"
	"time"
)

// Listen wraps ln so that the server's socket limits apply before any byte
// of a request is read: at most MaxSockets connections are open at once, and
// at most SocketsPerAddress from one client address, an IPv6 /64 counting as
// one address, and at most a share of them from one network (prefixes.go: four
// times as many from an IPv4 /24 or IPv6 /56, sixteen from an IPv6 /48, and
// never the last places). A trusted proxy's connections count only towards
// the total. A connection beyond a limit is
// closed as soon as it is accepted, which costs a file descriptor for an
// instant rather than a descriptor, a goroutine and buffers for as long as
// the client likes to trickle its headers. (MaxConns counts only WebSockets
// that were upgraded: 20,000 half-open requests exhausted the descriptors.)
// Accept errors are logged as warnings, at most once a second.
func (s *Server) Listen(ln net.Listener) net.Listener {
	return &limitListener{Listener: ln, srv: s, perKey: make(prefixCounts)}
}

type limitListener struct {
	net.Listener
	srv *Server

	mu         sync.Mutex
	open       int
	perKey     prefixCounts // open sockets by prefix of their addresses
	lastErrLog time.Time
	errors     int // accept errors not logged since lastErrLog
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil {
			l.logAcceptError(err)
			return nil, err
		}
		if c, ok := l.admit(conn); ok {
			return c, nil
		}
	}
}

func (l *limitListener) admit(conn net.Conn) (net.Conn, bool) {
	cfg := &l.srv.cfg
	addr := parseHostAddr(conn.RemoteAddr().String())
	keys := prefixKeys(addr)
	perAddress := !isTrusted(addr, cfg.TrustedProxies)
	l.mu.Lock()
	var reason string
	switch {
	case l.open >= cfg.MaxSockets:
		reason = "too many sockets"
	case perAddress:
		if why := l.perKey.refusal(keys, cfg.SocketsPerAddress, l.open, cfg.MaxSockets); why != "" {
			reason = "too many sockets from this " + why
		}
	}
	if reason == "" {
		l.open++
		if perAddress {
			l.perKey.add(keys)
		}
	}
	l.mu.Unlock()
	if reason != "" {
		// Counted before the close, which the client sees: the count is never behind it.
		l.srv.mu.Lock()
		l.srv.counters.refusedSockets++
		l.srv.mu.Unlock()
		conn.Close()
		l.srv.logLimited(keys[0], slog.LevelWarn, "connection refused", "reason", reason, "addr", addr)
		return nil, false
	}
	return &limitedConn{Conn: conn, release: func() { l.release(keys, perAddress) }}, true
}

func (l *limitListener) release(keys []string, perAddress bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if perAddress {
		l.perKey.remove(keys)
	}
}

// logAcceptError warns of a failed accept (`too many open files` above all),
// once a second at most, with the count of those not logged.
func (l *limitListener) logAcceptError(err error) {
	l.mu.Lock()
	now := time.Now()
	if now.Sub(l.lastErrLog) < time.Second {
		l.errors++
		l.mu.Unlock()
		return
	}
	skipped := l.errors
	l.lastErrLog, l.errors = now, 0
	l.mu.Unlock()
	l.srv.log.Warn("accepting a connection failed", "err", err, "not_logged_before", skipped)
}

// limitedConn gives its place back when it is closed (once, however often
// Close is called: the HTTP server and a WebSocket both may).
type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}
