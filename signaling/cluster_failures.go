package signaling

// Failed joins (unknown codes, wrong claims) count on every instance of a
// cluster: each instance tells the others of every failure it records, so
// that guessing codes through one instance after another meets the same
// per-address, per-network and server-wide limits as through one. A guess is
// refused before it is recorded once its address is over the limit, so the
// messages stay bounded by the limits themselves.

const subjectFailures = "safehouse.failures"

// maxFailureKeys bounds the keys of a shared failure: an address has at most
// three (IPv6 /64, /56, /48).
const maxFailureKeys = 3

// shareFailureLocked tells the other instances of a failed join from the
// address with limit keys keys. Called with the mutex held.
func (s *Server) shareFailureLocked(keys []string) {
	if cl := s.cluster; cl != nil {
		cl.publish(subjectFailures, clusterMsg{Op: opFailure, Inst: cl.id, Keys: keys})
	}
}

const opFailure = "failure"

// fromFailuresLocked records another instance's failed join. Called with the
// mutex held.
func (s *Server) fromFailuresLocked(cl *cluster, w clusterMsg) {
	if w.Inst == cl.id {
		return
	}
	if w.Op != opFailure || len(w.Keys) == 0 || len(w.Keys) > maxFailureKeys {
		cl.dropped.WithLabelValues(dropMalformed).Inc()
		return
	}
	for _, k := range w.Keys {
		if len(k) == 0 || len(k) > 64 {
			cl.dropped.WithLabelValues(dropMalformed).Inc()
			return
		}
	}
	s.recordFailureKeys(w.Keys)
}
