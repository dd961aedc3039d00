package signaling

import (
	"log/slog"
	"time"
)

// joinsLimited refuses c's join or reclaim when its address has used up its
// failed joins for the current window, or when the failure memory is full of
// other addresses. Called with the mutex held.
func (s *Server) joinsLimited(c *client) bool {
	now := s.cfg.Now()
	if s.recentFailures(c.key, now) >= s.cfg.FailedJoinsPerMinute {
		s.logRefusal(c.key, slog.LevelInfo, "join refused", "reason", "too many failed joins", "addr", c.addr)
		s.refuse(c, CodeRateLimited, "too many failed joins from this address; wait a minute")
		return true
	}
	if _, tracked := s.failures[c.key]; !tracked && len(s.failures) >= s.maxTracked {
		// A failure of this address could not be remembered, so it may not try.
		// Pruning walks the whole memory: at most once a second.
		if now.Sub(s.lastPrune) >= time.Second {
			s.lastPrune = now
			s.pruneFailures(now)
		}
		if len(s.failures) >= s.maxTracked {
			s.logRefusal(c.key, slog.LevelWarn, "join refused", "reason", "failed-join memory full", "addr", c.addr)
			s.refuse(c, CodeRateLimited, "the server is under load; try again in a minute")
			return true
		}
	}
	return false
}

// recentFailures drops key's failures older than the window and counts the rest.
func (s *Server) recentFailures(key string, now time.Time) int {
	times := s.failures[key]
	keep := times[:0]
	for _, t := range times {
		if now.Sub(t) < failureWindow {
			keep = append(keep, t)
		}
	}
	if len(keep) == 0 {
		delete(s.failures, key)
		return 0
	}
	s.failures[key] = keep
	return len(keep)
}

func (s *Server) recordFailure(key string) {
	times := s.failures[key]
	if len(times) >= s.cfg.FailedJoinsPerMinute {
		times = times[1:] // only the newest ones matter for the window
	}
	s.failures[key] = append(times, s.cfg.Now())
}

// pruneFailures forgets every address without recent failures.
func (s *Server) pruneFailures(now time.Time) {
	for key := range s.failures {
		s.recentFailures(key, now)
	}
}
