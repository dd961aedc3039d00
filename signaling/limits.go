package signaling

import "time"

// joinsLimited refuses c's join or reclaim when its address has used up its
// failed joins for the current window. Called with the mutex held.
func (s *Server) joinsLimited(c *client) bool {
	now := s.cfg.Now()
	recent := s.recentFailures(c.key, now)
	_, tracked := s.failures[c.key]
	full := !tracked && len(s.failures) >= maxTrackedAddresses && s.pruneFailures(now) >= maxTrackedAddresses
	if recent < s.cfg.FailedJoinsPerMinute && !full {
		return false
	}
	s.log.Debug("join refused", "reason", "too many failed joins", "addr", c.addr)
	s.refuse(c, CodeRateLimited, "too many failed joins from this address; wait a minute")
	return true
}

// recentFailures drops c's failures older than the window and counts the rest.
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

// pruneFailures forgets every address without recent failures and returns how
// many are left.
func (s *Server) pruneFailures(now time.Time) int {
	for key := range s.failures {
		s.recentFailures(key, now)
	}
	return len(s.failures)
}
