package signaling

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Server is the signaling endpoint: an http.Handler that upgrades each request
// to a WebSocket and speaks the protocol of PROTOCOL.md on it. Mount it at
// /signal. All state is in memory.
type Server struct {
	cfg Config
	log *slog.Logger

	mu            sync.Mutex
	closed        bool
	rooms         map[string]*room // by canonical code
	clients       map[*client]struct{}
	pending       int                     // connections admitted but not yet upgraded
	connsByKey    prefixCounts            // open and pending connections per prefix of their addresses
	roomsByKey    prefixCounts            // existing rooms per prefix of their creators' addresses
	failures      map[string]*failRecord  // recent failed joins per prefix (limits.go)
	allFailures   []time.Time             // the server's recent failed joins, for FailedJoinsTotal
	joinsByKey    map[string]*tokenBucket // successful joins per limit key
	relayByNet    map[string]*netRelay    // relay budgets of the networks with connections here
	lastJoinPrune time.Time
	maxTracked    int // bound on len(failures) and len(joinsByKey)
	lastPrune     time.Time
	counters      counters
	connections   sync.WaitGroup // one per admitted connection, until fully torn down
	upgrader      websocket.Upgrader
	limitedLog    *limitedLog
	metrics       *metrics
	draining      bool     // Drain was called: not ready, no new connections (health.go)
	cluster       *cluster // nil when alone (cluster.go)
}

type counters struct {
	// peakRooms and peakConns are the most rooms and connections held at once since the
	// server started: what a flood reached, without sampling.
	peakRooms, peakConns int

	refusedConns   uint64
	refusedSockets uint64
	refusals       uint64
	relayed        uint64
	badMessages    uint64
	expired        uint64
}

// Stats is a snapshot of the server's state, for tests, benchmarks and logs.
type Stats struct {
	Rooms          int    // rooms that exist, hosted or waiting for their host
	PeakRooms      int    // the most rooms held at once since the server started
	PeakConns      int    // the most connections held (and being upgraded) at once
	RoomsAway      int    // rooms waiting for their host to come back
	Peers          int    // peers in rooms
	Conns          int    // open WebSocket connections (and ones being upgraded)
	RefusedConns   uint64 // connection attempts refused before the upgrade
	RefusedSockets uint64 // connections closed as soon as accepted (see Listen)
	Refusals       uint64 // `error` answers sent
	BadMessages    uint64 // malformed, oversized or binary messages received
	Relayed        uint64 // `to` messages delivered
	Expired        uint64 // rooms forgotten after their host's grace period
}

// New returns a server with cfg's limits (zero fields take their defaults).
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{
		cfg:        cfg,
		log:        cfg.Logger,
		rooms:      make(map[string]*room),
		clients:    make(map[*client]struct{}),
		connsByKey: make(prefixCounts),
		roomsByKey: make(prefixCounts),
		failures:   make(map[string]*failRecord),
		joinsByKey: make(map[string]*tokenBucket),
		relayByNet: make(map[string]*netRelay),
		maxTracked: maxTrackedAddresses,
		upgrader:   newUpgrader(),
		limitedLog: newLimitedLog(cfg.Logger),
	}
	s.metrics = newMetrics(s)
	if bad := badOriginPatterns(cfg.OriginPatterns); len(bad) > 0 {
		s.log.Warn("origin patterns that can never match", "patterns", bad)
	}
	if bad := badOriginPatterns(cfg.AllowedHosts); len(bad) > 0 {
		s.log.Warn("host patterns that can never match", "patterns", bad)
	}
	return s
}

// Stats returns the current counts.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := Stats{
		Rooms:          len(s.rooms),
		Conns:          len(s.clients) + s.pending,
		PeakRooms:      s.counters.peakRooms,
		PeakConns:      s.counters.peakConns,
		RefusedConns:   s.counters.refusedConns,
		RefusedSockets: s.counters.refusedSockets,
		Refusals:       s.counters.refusals,
		BadMessages:    s.counters.badMessages,
		Relayed:        s.counters.relayed,
		Expired:        s.counters.expired,
	}
	for _, r := range s.rooms {
		if r.host == nil {
			st.RoomsAway++
		}
		st.Peers += len(r.peers)
	}
	return st
}

// ServeHTTP admits the connection if the limits allow it, upgrades it and
// returns, leaving the connection to a goroutine of its own that serves it
// until it closes (so the HTTP server's goroutine, request and buffers are
// not held for the connection's life). Shutdown waits for those goroutines.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	addr := clientAddr(r, s.cfg.TrustedProxies)
	keys := prefixKeys(addr)
	key := keys[0]
	if !hostAllowed(r, s.cfg.AllowedHosts) {
		s.refuseConn(w, key, http.StatusMisdirectedRequest, reasonHost, "host not served here", "addr", addr, "host", clip(r.Host))
		return
	}
	if !originAllowed(r, s.cfg.OriginPatterns) {
		s.refuseConn(w, key, http.StatusForbidden, reasonOrigin, "origin not allowed", "addr", addr, "origin", clip(r.Header.Get("Origin")))
		return
	}
	if status, label, reason := s.admit(keys); status != 0 {
		s.refuseConn(w, key, status, label, reason, "addr", addr)
		return
	}
	conn, err := s.upgrade(w, r)
	if err != nil {
		s.log.Debug("websocket upgrade failed", "addr", addr, "err", err)
		s.mu.Lock()
		s.pending--
		s.connsByKey.remove(keys)
		s.mu.Unlock()
		s.connections.Done()
		return
	}
	c := newClient(s, conn, addr, key)
	s.mu.Lock()
	s.holdNetRelay(c)
	s.pending--
	s.clients[c] = struct{}{}
	closed := s.closed
	s.mu.Unlock()
	if closed {
		c.shutdown(websocket.CloseGoingAway, "server shutting down")
	}
	go c.serve()
}

// admit reserves a connection slot for the address with limit keys keys, or
// says why there is none (with the reason's metrics label).
func (s *Server) admit(keys []string) (status int, label, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	used := len(s.clients) + s.pending
	switch {
	case s.closed:
		return http.StatusServiceUnavailable, reasonDraining, "server shutting down"
	case s.draining:
		return http.StatusServiceUnavailable, reasonDraining, "server restarting; connect again"
	case used >= s.cfg.MaxConns:
		return http.StatusServiceUnavailable, reasonFull, "too many connections"
	}
	switch s.connsByKey.refusal(keys, s.cfg.ConnsPerAddress, used, s.cfg.MaxConns) {
	case "address":
		return http.StatusTooManyRequests, reasonAddressConns, "too many connections from this address"
	case "network", "network share":
		return http.StatusTooManyRequests, reasonNetworkConns, "too many connections from this network"
	}
	s.pending++
	s.counters.peakConns = max(s.counters.peakConns, len(s.clients)+s.pending)
	s.connsByKey.add(keys)
	s.connections.Add(1)
	return 0, "", ""
}

func (s *Server) refuseConn(w http.ResponseWriter, key string, status int, label, reason string, attrs ...any) {
	s.mu.Lock()
	s.counters.refusedConns++
	s.mu.Unlock()
	s.metrics.connRefusals.WithLabelValues(label).Inc()
	s.logLimited(key, slog.LevelInfo, "connection refused", append([]any{"reason", reason}, attrs...)...)
	http.Error(w, reason, status)
}

// logLimited logs msg, a line the client with limit key key caused, once per
// address, kind and window (see limitedLog).
func (s *Server) logLimited(key string, level slog.Level, msg string, attrs ...any) {
	s.limitedLog.note(key, level, msg, attrs...)
}

// closeGrace is how long Close lets clients answer the going-away close
// frame before their sockets are simply dropped.
const closeGrace = 2 * time.Second

// Close shuts the server down like Shutdown, giving clients a moment to
// answer the close frame before dropping them.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	err := s.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		return nil // the stragglers were dropped, which is what Close promises
	}
	return err
}

// Shutdown refuses new connections, closes every open one with a going-away
// status, forgets all rooms and stops their timers, then waits until every
// connection has ended. If ctx ends first, the remaining sockets are dropped
// without waiting for their close handshake, and ctx's error is returned once
// their goroutines are gone. It does not stop the http.Server the handler is
// mounted on (and http.Server.Shutdown does not wait for WebSockets).
func (s *Server) Shutdown(ctx context.Context) error {
	return s.stop(ctx, "server shutting down")
}

// stop is Shutdown, closing the sockets with reason.
func (s *Server) stop(ctx context.Context, reason string) error {
	s.mu.Lock()
	s.closed = true
	// In a cluster the rooms homed here live on as the records the other
	// instances hold: their hosts can still reclaim them elsewhere.
	s.stopClusterLocked()
	for code, r := range s.rooms {
		r.stopGrace()
		delete(s.rooms, code)
	}
	clear(s.roomsByKey)
	clients := s.clientList()
	s.mu.Unlock()
	s.waitCluster()
	for _, c := range clients {
		c.shutdown(closeStatus, reason)
	}
	s.limitedLog.close()
	done := make(chan struct{})
	go func() {
		s.connections.Wait()
		close(done)
	}()
	select {
	case <-done:
		s.log.Info("signaling server stopped", "closed_connections", len(clients))
		return nil
	case <-ctx.Done():
	}
	s.mu.Lock()
	stragglers := s.clientList()
	s.mu.Unlock()
	for _, c := range stragglers {
		c.drop()
	}
	<-done
	s.log.Info("signaling server stopped", "closed_connections", len(clients), "dropped", len(stragglers))
	return ctx.Err()
}

func (s *Server) clientList() []*client {
	list := make([]*client, 0, len(s.clients))
	for c := range s.clients {
		list = append(list, c)
	}
	return list
}
