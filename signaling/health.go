package signaling

import (
	"context"
	"net/http"
	"time"

	"github.com/gorilla/websocket"
)

// An instance behind a load balancer is taken out of rotation before it
// stops: Drain makes /readyz fail and refuses new connections at once, then
// closes every open socket with status 1001 (going away). That is the close a
// client sees when any server stops, and the app already reconnects on it: a
// player's connection that was riding the socket (the relay) redials, a
// host's session reclaims its room, and the balancer sends both to another
// instance. Games on direct data channels do not notice at all.

// Healthz answers 200 while the process serves, draining included: it is for
// "restart me if I hang", not "send me traffic".
func (s *Server) Healthz() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		closed := s.closed
		s.mu.Unlock()
		w.Header().Set("Cache-Control", "no-store")
		if closed {
			http.Error(w, "stopped", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ok\n"))
	})
}

// Readyz answers 200 when the server takes new connections, and 503 with the
// reason when it does not (draining, stopped).
func (s *Server) Readyz() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if reason := s.notReady(); reason != "" {
			http.Error(w, reason, http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ready\n"))
	})
}

// notReady says why the server takes no new connections, or "".
func (s *Server) notReady() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closed:
		return "stopped"
	case s.draining:
		return "draining"
	case !s.clusterUp():
		return "nats disconnected"
	}
	return ""
}

// BeginDrain makes /readyz fail and refuses new connections (503), leaving
// the open ones be. Call it, give the load balancer time to notice, then
// Drain.
func (s *Server) BeginDrain() {
	s.mu.Lock()
	if !s.draining {
		s.log.Info("draining: no new connections")
	}
	s.draining = true
	s.mu.Unlock()
}

// Drain stops the server for a restart: BeginDrain, then every socket is
// closed with status 1001 and a reason asking the client to connect again,
// and Drain waits for them like Shutdown, dropping the stragglers when ctx
// ends.
//
// In a cluster, the rooms homed here are kept until their hosts have
// reclaimed them through other instances (which takes them there) or ctx
// ends; the rooms left then end like on Shutdown.
func (s *Server) Drain(ctx context.Context) error {
	const reason = "server restarting; connect again"
	s.BeginDrain()
	start := time.Now()
	if s.cluster != nil {
		s.mu.Lock()
		clients := s.clientList()
		s.mu.Unlock()
		for _, c := range clients {
			c.shutdown(closeStatus, reason)
		}
		s.awaitTakeOver(ctx)
	}
	err := s.stop(ctx, reason)
	s.log.Info("drained", "took", time.Since(start).Round(time.Millisecond))
	return err
}

// closeStatus is the close status of every socket the server ends itself
// when it stops.
const closeStatus = websocket.CloseGoingAway

// awaitTakeOver waits until no socket is open and no room is homed here, or
// ctx ends.
func (s *Server) awaitTakeOver(ctx context.Context) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		st := s.Stats()
		if st.Rooms == 0 && st.Conns == 0 {
			return
		}
		select {
		case <-ctx.Done():
			s.log.Warn("drain: rooms not taken over in time", "rooms", st.Rooms)
			return
		case <-tick.C:
		}
	}
}
