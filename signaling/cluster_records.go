package signaling

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/nats-io/nats.go"

	"safehouse/wire"
)

// Every instance keeps the records of all the cluster's rooms: each home
// broadcasts a room's record (peers and where they are, a hash of its claim)
// when it changes and every recordRefresh, and forgets it when the room ends.
// When a home dies without a word (killed, its machine gone), its rooms'
// records live on elsewhere for the host's grace period: the host's reclaim
// through any instance that holds the record, with the right claim, makes
// that instance the room's home, with the peers it had. Only the claim holder
// adopts a room, so two instances never both do; a join meanwhile is told to
// try again (`unavailable`), not that the room is gone.

const subjectRecords = "safehouse.records"

// recordRefresh is how often a home repeats its rooms' records: instances
// that started since learn them, and a record not heard of for longer than
// the host's grace (and two refreshes) is forgotten.
func (s *Server) recordRefresh() time.Duration {
	return min(s.cfg.HostGrace/3, 30*time.Second)
}

// roomRecord is what an instance knows of a room homed elsewhere.
type roomRecord struct {
	w    clusterMsg // op opRecord: Room, Inst (the home), Epoch, Claim (hashed), Peers, LastPeer, HadPeer
	seen time.Time
}

const (
	opRecord = "record"
	opGone   = "gone"
)

func claimHash(claim string) string {
	sum := sha256.Sum256([]byte(claim))
	return hex.EncodeToString(sum[:])
}

// recordLocked broadcasts room r's record (or, gone, its end). Called with
// the mutex held by the room's home.
func (s *Server) recordLocked(r *room, gone bool) {
	cl := s.cluster
	if cl == nil || r.proxy {
		return
	}
	w := clusterMsg{Op: opRecord, Room: r.code, Inst: cl.id, Epoch: r.epoch, Claim: claimHash(r.claim), LastPeer: r.lastPeer, HadPeer: r.hadPeer,
		Gate: r.gate, Blocked: r.blocked}
	if gone {
		w = clusterMsg{Op: opGone, Room: r.code, Inst: cl.id, Epoch: r.epoch}
	} else {
		for _, id := range r.peerIDs() {
			q := r.peers[id]
			p := wirePeer{ID: id, Inst: cl.id, Key: q.key, Vouched: q.vouched}
			if q.remote != nil {
				p.Inst = q.remote.inst
			}
			w.Peers = append(w.Peers, p)
		}
	}
	cl.publish(subjectRecords, w)
}

// fromRecords keeps another home's record. Called with the mutex held.
func (s *Server) fromRecordsLocked(cl *cluster, w clusterMsg) {
	if w.Inst == cl.id {
		return
	}
	if _, ok := wire.CanonicalRoomCode(w.Room); !ok {
		cl.dropped.WithLabelValues(dropMalformed).Inc()
		return
	}
	old := cl.records[w.Room]
	if old != nil && old.w.Epoch > w.Epoch {
		return // from a home the room has moved away from
	}
	switch w.Op {
	case opRecord:
		if len(w.Peers) > (s.cfg.PeersPerRoom+s.cfg.KnocksPerRoom)*2 || len(w.Blocked) > maxBlocked {
			cl.dropped.WithLabelValues(dropOversized).Inc()
			return
		}
		cl.records[w.Room] = &roomRecord{w: w, seen: s.cfg.Now()}
	case opGone:
		delete(cl.records, w.Room)
	default:
		cl.dropped.WithLabelValues(dropMalformed).Inc()
	}
}

// refreshRecords repeats the records of the rooms homed here and forgets the
// others' that were not heard of for too long.
func (s *Server) refreshRecords(cl *cluster) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	for code := range cl.rooms {
		if r := s.rooms[code]; r != nil {
			s.recordLocked(r, false)
		}
	}
	stale := s.cfg.Now().Add(-s.cfg.HostGrace - 2*s.recordRefresh())
	for code, rec := range cl.records {
		if rec.seen.Before(stale) {
			delete(cl.records, code)
			s.closeOrphansLocked(cl, code)
		}
	}
}

// orphanLocked is the record of a room whose home did not answer, if this
// instance has one.
func (cl *cluster) orphanLocked(code string) *roomRecord {
	return cl.records[code]
}

func (s *Server) subscribeRecords(cl *cluster) error {
	sub, err := cl.nc.ChanSubscribe(subjectRecords, cl.inbox)
	if err == nil {
		cl.subs = append(cl.subs, sub)
	}
	return err
}

// isRecord says whether m came on the records' subject.
func isRecord(m *nats.Msg) bool { return m.Subject == subjectRecords }

// decodeWire is json.Unmarshal into a clusterMsg.
func decodeWire(b []byte, w *clusterMsg) error { return json.Unmarshal(b, w) }
