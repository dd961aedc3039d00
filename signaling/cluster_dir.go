package signaling

import (
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"time"

	"github.com/gorilla/websocket"
	"github.com/nats-io/nats.go/jetstream"

	"safehouse/wire"
)

// The room directory: one JetStream key-value entry per room code, naming the
// room's home and holding what another instance needs to adopt the room if
// its home dies (a hash of its claim, its invite gate and blocked addresses,
// its peers and where their sockets are). Only the home writes an entry, and
// always against the revision it wrote last; a new code is created only if
// absent; a move or an adoption is a revision-checked update of the entry the
// new home read. Every entry has its own TTL (the room's grace period, and
// two refreshes), renewed by its home every dirRefresh: a room whose home
// died is forgotten when its host did not come back in time.
//
// Every instance watches the whole directory: it routes joins and its peers'
// data to the homes it names, and a home that sees its room's entry name
// another instance yields the room. An instance that lost NATS is out of sync
// (not ready, no new rooms or joins) until it has read the entry of every
// room it homes again: it keeps those still its own and yields the others,
// so a cut, however long, never leaves two live homes.

const (
	dirBucket = "safehouse_rooms"
	// dirMarkerTTL is how long the directory keeps the marker of an entry that expired.
	dirMarkerTTL = time.Minute
	// maxEntrySize bounds an entry read from the directory.
	maxEntrySize = 64 << 10
	// dirSettle is how long a directory made anew, while rooms existed, may not know
	// every room: until then a code it does not have is answered `unavailable` (try
	// again), not `unknown-room`.
	dirSettle = 10 * time.Second
)

// dirEntry is one room's directory entry.
type dirEntry struct {
	Inst     string     `json:"inst"`  // the home
	Epoch    int        `json:"epoch"` // counts the room's moves and adoptions
	Claim    string     `json:"claim"` // claimHash of the room's claim
	Gate     string     `json:"gate,omitempty"`
	Blocked  []string   `json:"blocked,omitempty"`
	Peers    []wirePeer `json:"peers,omitempty"`
	LastPeer int        `json:"last,omitempty"`
	HadPeer  bool       `json:"had,omitempty"`
}

// dirCached is an entry as this instance last heard it, with its revision.
type dirCached struct {
	e   dirEntry
	rev uint64
}

// dirUpdate is one update from a directory watcher of generation gen; a nil
// entry has been deleted (or expired).
type dirUpdate struct {
	gen  int
	code string
	e    *dirEntry
	rev  uint64
}

func claimHash(claim string) string {
	sum := sha256.Sum256([]byte(claim))
	return hex.EncodeToString(sum[:])
}

// dirRefresh is how often a home renews its rooms' entries.
func (s *Server) dirRefresh() time.Duration {
	return min(s.cfg.HostGrace/3, 30*time.Second)
}

// entryTTL is how long r's entry lives without a renewal: long enough for its
// host to come back and adopt it if its home dies right after a renewal.
func (s *Server) entryTTL(hadPeer bool) time.Duration {
	grace := s.cfg.HostGrace
	if !hadPeer {
		grace = min(grace, s.cfg.EmptyRoomGrace)
	}
	return max(grace+2*s.dirRefresh(), time.Second) // JetStream's shortest TTL is a second
}

// entryLocked is room r's directory entry. Called with the mutex held.
func (s *Server) entryLocked(r *room) dirEntry {
	e := dirEntry{Inst: s.cluster.id, Epoch: r.epoch, Claim: claimHash(r.claim), Gate: r.gate, Blocked: r.blocked,
		LastPeer: r.lastPeer, HadPeer: r.hadPeer}
	for _, id := range r.peerIDs() {
		q := r.peers[id]
		p := wirePeer{ID: id, Inst: s.cluster.id, Key: q.key, Vouched: q.vouched}
		if q.remote != nil {
			p.Inst = q.remote.inst
		}
		e.Peers = append(e.Peers, p)
	}
	return e
}

// dirtyLocked marks r's entry for writing. Called with the mutex held by the
// room's home.
func (s *Server) dirtyLocked(r *room) {
	cl := s.cluster
	if cl == nil || r.proxy {
		return
	}
	cl.dirty[r.code] = struct{}{}
	cl.wake()
}

// endEntryLocked has the entry of r, which ended, deleted. Called with the
// mutex held.
func (s *Server) endEntryLocked(r *room) {
	cl := s.cluster
	if cl == nil || r.proxy {
		return
	}
	delete(cl.dirty, r.code)
	if r.rev != 0 {
		cl.deletes[r.code] = r.rev
		cl.wake()
	}
}

func (cl *cluster) wake() {
	select {
	case cl.kick <- struct{}{}:
	default:
	}
}

func (cl *cluster) dirConfig(replicas int) jetstream.KeyValueConfig {
	return jetstream.KeyValueConfig{Bucket: dirBucket, Description: "Safehouse rooms and their homes",
		History: 1, Storage: jetstream.MemoryStorage, Replicas: replicas, LimitMarkerTTL: dirMarkerTTL}
}

// fromDirectory acts on one update of the directory.
func (s *Server) fromDirectory(cl *cluster, u dirUpdate) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u.gen != cl.dirGen {
		return // from a watcher replaced since
	}
	if u.e == nil {
		delete(cl.dir, u.code)
		if r := s.rooms[u.code]; r != nil && r.rev != 0 {
			// This home could not renew its room's entry in time (it was cut off): it is
			// written again, unless another room has taken the code meanwhile.
			r.rev = 0
			s.dirtyLocked(r)
			return
		}
		s.closeOrphansLocked(cl, u.code) // a room whose home died ended with its grace period
		return
	}
	if len(u.e.Peers) > 2*(s.cfg.PeersPerRoom+s.cfg.KnocksPerRoom) || len(u.e.Blocked) > maxBlocked {
		cl.dropped.WithLabelValues(dropOversized).Inc()
		return
	}
	if old, ok := cl.dir[u.code]; ok && old.rev > u.rev {
		return // older than what this instance read or wrote itself since
	}
	cl.dir[u.code] = dirCached{*u.e, u.rev}
	if pr := cl.proxied[u.code]; pr != nil && u.e.Inst != cl.id {
		pr.follow(u.e.Inst, u.e.Epoch)
	}
	// An entry of another home, newer than this home's last write: the room was taken
	// over (an older one is the watcher catching up with a room that moved here).
	if r := s.rooms[u.code]; r != nil && u.e.Inst != cl.id && u.rev > r.rev {
		s.yieldRoomLocked(cl, r, *u.e)
	}
}

// yieldRoomLocked gives up room r, which the directory now gives to another
// home (e): the host's reclaim went there while this instance was cut off.
// Peers connected here that the new home knows of stay, proxied to it, and
// hear host-back; others are closed, to join again; the old host socket, if
// still open, is closed like a displaced host's. Called with the mutex held.
func (s *Server) yieldRoomLocked(cl *cluster, r *room, e dirEntry) {
	known := map[string]bool{}
	for _, p := range e.Peers {
		if p.Inst == cl.id {
			known[p.ID] = true
		}
	}
	s.logLimited(r.ownerKeys[0], slog.LevelWarn, "room taken over by another instance", "room", r.code, "new_home", e.Inst)
	for _, id := range r.peerIDs() {
		p := r.peers[id]
		if p.remote != nil {
			continue // the new home has it, from the entry
		}
		if !known[id] {
			p.room = nil
			s.refuse(p, wire.CodeUnavailable, "the room moved to another server; join again")
			p.shutdown(websocket.CloseGoingAway, "room moved")
			continue
		}
		p.room = &room{code: r.code, proxy: true}
		cl.proxyLocked(r.code, e.Inst, e.Epoch, id, p)
		p.send(encode(wire.Message{T: wire.TypeHostBack}))
	}
	if old := r.host; old != nil {
		old.room = nil
		old.send(errorMessage(wire.CodeBadClaim, "the room was reclaimed by a newer connection"))
		old.shutdown(websocket.ClosePolicyViolation, "room reclaimed elsewhere")
	}
	r.stopGrace()
	s.forgetRoomLocked(r, false)
}
