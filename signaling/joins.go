package signaling

import (
	"log/slog"
	"time"

	"safehouse/wire"
)

// Successful joins are limited too, per address and per room: joining and
// leaving in a loop (one address managed 1,214 cycles a second) costs the
// server and the room's host work for nothing. Each limit is a token bucket
// holding a minute's worth of joins, so a whole party arriving at once, or
// coming back after the venue's Wi-Fi dropped, is let in.

func (s *Server) joinBucket(perMinute int) tokenBucket {
	return newTokenBucket(int64(perMinute), int64(perMinute)*joinCost, s.cfg.Now())
}

// joinCost is what one join takes from a join bucket, whose rate is in joins
// a minute: sixty tokens a join make the bucket's rate per second a rate per
// minute.
const joinCost = 60

// addressJoins is the join bucket of c's address, refilled. Called with the
// mutex held.
func (s *Server) addressJoins(c *client, now time.Time) *tokenBucket {
	b := s.joinsByKey[c.key]
	if b == nil {
		s.boundJoinMemory(now)
		fresh := s.joinBucket(s.cfg.JoinsPerMinute)
		b = &fresh
		s.joinsByKey[c.key] = b
	}
	b.refill(now)
	return b
}

// addressJoinAllowed takes one join from c's address only, for a reclaim or
// a room homed on another instance (whose home checks the room's own limit),
// or refuses c.
func (s *Server) addressJoinAllowed(c *client) bool {
	b := s.addressJoins(c, s.cfg.Now())
	if b.tokens < joinCost {
		s.logLimited(c.key, slog.LevelInfo, "join refused", "reason", "too many joins from this address", "addr", c.addr)
		s.refuse(c, wire.CodeRateLimited, "too many joins from this address; wait a moment")
		return false
	}
	b.tokens -= joinCost
	return true
}

// boundJoinMemory makes room for one more address in the join memory: first
// by forgetting addresses whose buckets have refilled (they are as good as
// new), at most once a second, then by forgetting any one.
func (s *Server) boundJoinMemory(now time.Time) {
	if len(s.joinsByKey) < s.maxTracked {
		return
	}
	if now.Sub(s.lastJoinPrune) >= time.Second {
		s.lastJoinPrune = now
		for key, b := range s.joinsByKey {
			if b.full(now) {
				delete(s.joinsByKey, key)
			}
		}
	}
	for key := range s.joinsByKey {
		if len(s.joinsByKey) < s.maxTracked {
			return
		}
		delete(s.joinsByKey, key)
	}
}
