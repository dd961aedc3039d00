package session

import "time"

// silentAfter is how many heartbeats of silence make the host give up on a remote player's
// connection. Clients ping every heartbeat and give up after deadAfter; the host waits twice
// as long, so it never drops a connection its client still trusts.
const silentAfter = 2 * deadAfter

// dropSilent closes the connections of remote players that said nothing for longer than
// limit: a phone that slept or lost its network. Players waiting for the host are left alone. Its seat then shows away at once, instead of
// after ICE gives up (tens of seconds in browsers), and the player's own reconnect brings it
// back.
func (h *hostCore) dropSilent(limit time.Duration) int {
	cutoff := time.Now().Add(-limit).UnixNano()
	var silent []Conn
	h.mu.Lock()
	for hc := range h.conns {
		// A player waiting for the host may have put its phone down meanwhile: its place in
		// the queue lasts until its connection really ends.
		if !hc.isHost && hc.knock == nil && hc.heard.Load() < cutoff {
			silent = append(silent, hc.conn)
		}
	}
	h.mu.Unlock()
	if len(silent) > 0 {
		h.log.Info("session: closing silent players' connections", "count", len(silent), "silent for", limit)
	}
	for _, c := range silent {
		_ = c.Close() // serve then sees the end and marks the seat away
	}
	return len(silent)
}

// watchSilence runs dropSilent every heartbeat until the host closes.
func (n *netHost) watchSilence() {
	defer n.waiters.Done()
	every := retryPolicyOf(n.opts).heartbeat
	ticker := time.NewTicker(every)
	defer ticker.Stop()
	for {
		select {
		case <-n.quiet:
			return
		case <-ticker.C:
			n.core.dropSilent(silentAfter * every)
		}
	}
}
