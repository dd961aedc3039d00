package signaling

import (
	"context"
	"encoding/json"

	"github.com/nats-io/nats.go/jetstream"

	"safehouse/wire"
)

// A new room in a cluster: its directory entry first, made only if absent,
// so that two instances never give out one code, then the room.

// hostInCluster opens a new room for c under proposal, the code c proposed,
// when no room in the cluster has it, else, or without a proposal (""), under
// a free code. Called with the mutex held, which it releases while it writes
// the directory.
func (s *Server) hostInCluster(cl *cluster, c *client, proposal, gate string) {
	// Before the proposal is looked at: a refused host learns nothing of its code.
	if s.refuseRoomOverLimits(c) {
		return
	}
	claim := newClaimToken()
	e := dirEntry{Inst: cl.id, Claim: claimHash(claim), Gate: gate}
	kv := cl.kv
	// A taken proposal tells its sender a live code, as a guessed join does; so
	// it counts as failed while the directory answers, that proposals sent in
	// parallel meet the limit too (clustered).
	var hold *failureHold
	if proposal != "" {
		h := s.holdFailure(c)
		hold = &h
	}
	s.mu.Unlock()
	code, rev, taken := s.createNewEntry(cl, kv, proposal, e)
	s.mu.Lock()
	if hold != nil {
		s.settleFailure(*hold, taken)
	}
	if taken {
		s.logProposalTaken(c)
	}
	switch {
	case code == "":
		s.refuse(c, wire.CodeUnavailable, "the server cannot reach its cluster; try again in a moment")
	case c.isClosing() || c.room != nil || s.closed || s.rooms[code] != nil || s.refuseRoomOverLimits(c):
		cl.deletes[code] = rev // not made after all
		cl.wake()
	default:
		s.createRoom(c, code, gate, claim, rev)
	}
}

// createNewEntry makes the entry e of a new room: under proposal when it is
// not "" and no room has it (taken says one has), else under a free code. It
// returns the code, "" when the directory cannot be reached. Called without
// the mutex.
func (s *Server) createNewEntry(cl *cluster, kv jetstream.KeyValue, proposal string, e dirEntry) (code string, rev uint64, taken bool) {
	if proposal != "" {
		s.mu.Lock()
		taken = s.rooms[proposal] != nil
		s.mu.Unlock()
		if !taken {
			var err error
			rev, err = s.createWith(cl, kv, proposal, e)
			if err == nil {
				return proposal, rev, false
			}
			if !wrongRevision(err) {
				return "", 0, false
			}
			taken = true
		}
	}
	code, rev = s.createEntry(cl, kv, e)
	return code, rev, taken
}

// createEntry makes the entry of a new room with a free code, trying a few
// codes: the code, or "" when the directory cannot be reached.
func (s *Server) createEntry(cl *cluster, kv jetstream.KeyValue, e dirEntry) (string, uint64) {
	ctx, cancel := context.WithTimeout(cl.ctx, clusterTimeout)
	defer cancel()
	value, _ := json.Marshal(e)
	for range 8 {
		code := wire.NewRoomCode()
		s.mu.Lock()
		local := s.rooms[code] != nil
		s.mu.Unlock()
		if local {
			continue
		}
		rev, err := kv.Create(ctx, code, value, jetstream.KeyTTL(s.entryTTL(false)))
		if err == nil {
			return code, rev
		}
		if !wrongRevision(err) {
			return "", 0
		}
	}
	return "", 0
}
