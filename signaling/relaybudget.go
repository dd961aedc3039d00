package signaling

import "time"

// Relayed data is budgeted per connection (Config.RelayRate, RelayBurst) and
// per network (Config.NetworkRelayRate): a network's connections share one
// token bucket, which lives while any of them is open.

// netRelay is one network's relay budget and how many of its connections
// use it. Guarded by the server's mutex.
type netRelay struct {
	bucket tokenBucket
	conns  int
}

// holdNetRelay gives c its network's budget, making one if it is the
// network's first connection. Called with the mutex held.
func (s *Server) holdNetRelay(c *client) {
	network := c.keys[len(c.keys)-1]
	nr := s.relayByNet[network]
	if nr == nil {
		nr = &netRelay{bucket: newTokenBucket(s.cfg.NetworkRelayRate, 4*s.cfg.RelayBurst, s.cfg.Now())}
		s.relayByNet[network] = nr
	}
	nr.conns++
	c.netRelay = nr
}

// releaseNetRelay lets go of c's network budget, forgetting it with the
// network's last connection. Called with the mutex held.
func (s *Server) releaseNetRelay(c *client) {
	if c.netRelay == nil {
		return
	}
	if c.netRelay.conns--; c.netRelay.conns == 0 {
		delete(s.relayByNet, c.keys[len(c.keys)-1])
	}
	c.netRelay = nil
}

// takeRelayBudget spends n bytes of c's budget and its network's, if both
// hold them; otherwise it spends nothing and says how long until both could.
// Called with the mutex held.
func (s *Server) takeRelayBudget(c *client, n int64) (wait time.Duration, ok bool) {
	now := s.cfg.Now()
	own := &c.relayBudget
	own.refill(now)
	network := &c.netRelay.bucket
	network.refill(now)
	if !own.take(n, now) {
		return max(own.wait(n), network.wait(n)), false
	}
	if !network.take(n, now) {
		own.tokens += float64(n) // give it back: nothing was relayed
		// The network's connections wait for the same tokens: woken as soon as one
		// message could pass, all of them but one were refused again, and each refusal
		// cost the server a read and a decode of a message it then dropped. A refused
		// connection waits for its turn instead: as long as the network's budget takes
		// to earn a message for each of its connections.
		turn := time.Duration(float64(n) * float64(c.netRelay.conns) / float64(s.cfg.NetworkRelayRate) * float64(time.Second))
		return max(own.wait(n), network.wait(n), turn), false
	}
	return 0, true
}
