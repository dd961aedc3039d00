package signaling

import (
	"log/slog"
	"slices"
	"time"

	"safehouse/wire"
)

// Failed joins (unknown codes, wrong claims) are guesses, limited at every
// prefix level (prefixes.go), and all together by a small budget for the
// whole server: once it is spent, an address that has failed once in the
// window may not guess again until the window has passed, while addresses
// without failures still get their try. The memory of failures is bounded:
// when it is full the finest, stalest entries are forgotten (their coarser
// prefixes still count), so that filling it never locks out anyone.

// failRecord is one prefix's recent failures, oldest first.
type failRecord struct {
	level int
	times []time.Time
}

// joinsLimited refuses c's join or reclaim when one of its prefixes has used
// up its failed joins for the current window. Called with the mutex held.
func (s *Server) joinsLimited(c *client) bool {
	now := s.cfg.Now()
	underPressure := s.globalFailures(now) >= s.cfg.FailedJoinsTotal
	for level, key := range c.keys {
		limit := levelLimit(s.cfg.FailedJoinsPerMinute, level)
		if level == 0 && underPressure {
			limit = 1
		}
		if s.recentFailures(key, now) >= limit {
			reason := "too many failed joins"
			if level > 0 {
				reason = "too many failed joins from the network " + key
			} else if underPressure {
				reason = "failed joins over the server's budget"
			}
			s.logLimited(c.key, slog.LevelInfo, "join refused", "reason", reason, "addr", c.addr)
			s.refuse(c, wire.CodeRateLimited, "too many failed joins from this address; wait a minute")
			return true
		}
	}
	return false
}

// recentFailures drops key's failures older than the window and counts the rest.
func (s *Server) recentFailures(key string, now time.Time) int {
	rec := s.failures[key]
	if rec == nil {
		return 0
	}
	keep := rec.times[:0]
	for _, t := range rec.times {
		if now.Sub(t) < failureWindow {
			keep = append(keep, t)
		}
	}
	if len(keep) == 0 {
		delete(s.failures, key)
		return 0
	}
	rec.times = keep
	return len(keep)
}

// recordFailure counts a failed join of c at every level and in the budget,
// here and, in a cluster, on every instance (cluster_failures.go).
func (s *Server) recordFailure(c *client) {
	s.recordFailureKeys(c.keys)
	s.shareFailureLocked(c.keys)
}

// failureHold is a failed join counted before its outcome is known. A join
// through a cluster waits for another instance's answer with the mutex
// released; parallel guesses must meet the limit meanwhile, so each one
// counts as a failure from the start and is taken back if the join works.
type failureHold struct {
	keys []string
	at   time.Time
}

// holdFailure counts a failed join of c here, for now (see failureHold).
func (s *Server) holdFailure(c *client) failureHold {
	return failureHold{keys: c.keys, at: s.recordFailureKeys(c.keys)}
}

// settleFailure ends a hold: a failure stays and the other instances hear of
// it; a join that did not fail takes its place back.
func (s *Server) settleFailure(h failureHold, failed bool) {
	if failed {
		s.shareFailureLocked(h.keys)
		return
	}
	for _, key := range h.keys {
		if rec := s.failures[key]; rec != nil {
			if i := slices.Index(rec.times, h.at); i >= 0 {
				rec.times = slices.Delete(rec.times, i, i+1)
			}
		}
	}
	if i := slices.Index(s.allFailures, h.at); i >= 0 {
		s.allFailures = slices.Delete(s.allFailures, i, i+1)
	}
}

// recordFailureKeys counts a failed join from the address with limit keys
// keys (finest first) at every level and in the budget, and returns the time
// it counted it at.
func (s *Server) recordFailureKeys(keys []string) time.Time {
	now := s.cfg.Now()
	for level, key := range keys {
		rec := s.failures[key]
		if rec == nil {
			s.makeRoomForFailure(now)
			rec = &failRecord{level: level}
			s.failures[key] = rec
		}
		// Only the newest ones matter for the window.
		if limit := levelLimit(s.cfg.FailedJoinsPerMinute, level); len(rec.times) >= limit {
			rec.times = append(rec.times[:0], rec.times[len(rec.times)-limit+1:]...)
		}
		rec.times = append(rec.times, now)
	}
	s.allFailures = append(s.allFailures, now)
	if len(s.allFailures) > s.cfg.FailedJoinsTotal {
		s.allFailures = append(s.allFailures[:0], s.allFailures[len(s.allFailures)-s.cfg.FailedJoinsTotal:]...)
	}
	return now
}

// globalFailures counts the server's failed joins in the window.
func (s *Server) globalFailures(now time.Time) int {
	i := 0
	for i < len(s.allFailures) && now.Sub(s.allFailures[i]) >= failureWindow {
		i++
	}
	s.allFailures = append(s.allFailures[:0], s.allFailures[i:]...)
	return len(s.allFailures)
}

// makeRoomForFailure keeps the failure memory under its bound: it forgets
// prefixes without recent failures (walking the whole memory at most once a
// second), and if that is not enough, the finest and stalest of a few
// entries.
func (s *Server) makeRoomForFailure(now time.Time) {
	if len(s.failures) < s.maxTracked {
		return
	}
	if now.Sub(s.lastPrune) >= time.Second {
		s.lastPrune = now
		for key := range s.failures {
			s.recentFailures(key, now)
		}
	}
	for len(s.failures) >= s.maxTracked {
		s.evictFailure()
	}
}

// evictSample is how many entries eviction compares.
const evictSample = 16

func (s *Server) evictFailure() {
	var victim string
	var worst *failRecord
	n := 0
	for key, rec := range s.failures { // map order is random: a random sample
		if worst == nil || rec.level < worst.level ||
			(rec.level == worst.level && rec.times[len(rec.times)-1].Before(worst.times[len(worst.times)-1])) {
			victim, worst = key, rec
		}
		if n++; n == evictSample {
			break
		}
	}
	s.logLimited("failed-join memory", slog.LevelWarn, "failed-join memory full: forgetting the stalest entries", "level", worst.level)
	delete(s.failures, victim)
}
