package signaling

import (
	"cmp"
	"errors"
	"log/slog"
	"time"

	"github.com/gorilla/websocket"
	"github.com/nats-io/nats.go"

	"safehouse/wire"
)

// The side of the cluster that holds a socket: hosting, joining and
// reclaiming rooms that may be homed on another instance, and the messages
// homes send to the peers connected here.

// forPeerLocked acts on a home's message for a peer connected here.
func (s *Server) forPeerLocked(cl *cluster, w clusterMsg) {
	pr := cl.proxied[w.Room]
	if pr == nil {
		cl.dropped.WithLabelValues(dropWrongRoom).Inc()
		return
	}
	p := pr.peers[w.ID]
	if p == nil {
		cl.dropped.WithLabelValues(dropWrongPeer).Inc()
		return
	}
	// A word from a newer home than the one known: the room moved there, and the
	// directory's watcher may not have said so yet.
	pr.follow(w.Inst, w.Epoch)
	switch w.Op {
	case opSend:
		p.send(w.Data)
	case opRelay:
		if !p.relay(wire.HostID, w.Data) {
			// The home tells its host to slow down, as it would for a peer of its own.
			cl.publish(toInstance(pr.home), clusterMsg{Op: opSlowHost, Room: w.Room, ID: w.ID, Inst: cl.id})
		}
	case opSlowPeer:
		s.refuse(p, wire.CodeRateLimited, "the recipient is not keeping up; send again later")
	case opClose:
		cl.unproxyLocked(w.Room, w.ID)
		p.room = nil
		p.shutdown(w.Status, w.Msg)
	default:
		cl.dropped.WithLabelValues(dropMalformed).Inc()
	}
}

// homeAnswer is what asking a room's home (by the directory) came to.
type homeAnswer struct {
	ans     clusterMsg
	err     error
	unknown bool       // the directory has no such room
	moving  bool       // the directory names a home that does not have the room (it is moving)
	orphan  *dirCached // the home the directory names did not answer: its entry
	home    string     // the instance that answered
}

// askHome sends req about room code to its home: the one the cached entry
// names (nil: none cached), or, when there is none or that instance no
// longer has the room, the one the directory itself names. A home that does
// not answer (gone from NATS, or silent until the timeout) makes the room an
// orphan, which its host's reclaim adopts; but when the cache named it, it
// may have died after the room moved on, the cache only behind: the
// directory is read again first, so that a join waits at most a request's
// timeout and a directory read before it reaches the room's live home.
// Called without the mutex.
func (s *Server) askHome(cl *cluster, code string, req clusterMsg, cached *dirCached) homeAnswer {
	s.mu.Lock()
	kv := cl.kv
	s.mu.Unlock()
	var silent *homeAnswer // what asking the cached entry's home came to, when it did not answer
	for attempt := 0; attempt < 3; attempt++ {
		read := cached == nil || attempt > 0
		if read {
			// The directory is asked before a join is refused.
			fresh, err := s.lookupEntry(cl, kv, code)
			if err != nil {
				return homeAnswer{err: err}
			}
			if fresh == nil {
				return homeAnswer{unknown: true}
			}
			if silent != nil && fresh.e.Inst == cached.e.Inst {
				// The directory still names the home that did not answer.
				if silent.orphan != nil {
					silent.orphan = fresh
				}
				return *silent
			}
			silent = nil
			if cached != nil && attempt > 0 && fresh.e.Inst == cached.e.Inst && fresh.rev == cached.rev {
				return homeAnswer{moving: true}
			}
			cached = fresh
		}
		if cached.e.Inst == cl.id {
			continue // named here, yet not here: moving in or out; read again
		}
		ans, err := cl.request(toInstance(cached.e.Inst), req)
		var a homeAnswer
		switch {
		case errors.Is(err, nats.ErrNoResponders), errors.Is(err, nats.ErrTimeout):
			// Gone from NATS, or silent for the whole timeout while NATS still holds its
			// subscription (frozen, its machine gone, killed as the request went out): to
			// its rooms' hosts, a home that does not answer is a dead one.
			a = homeAnswer{orphan: cached}
		case err != nil:
			a = homeAnswer{err: err}
		case ans.Op == opError && ans.Code == codeNotHere:
			continue
		default:
			return homeAnswer{ans: ans, home: cached.e.Inst}
		}
		if read {
			return a // the directory named that home just now
		}
		silent = &a
	}
	return homeAnswer{moving: true}
}

// clustered handles the messages that may involve another instance: host,
// reclaim and join. It reports false for a message to handle locally (a
// reclaim or join of a room homed here). Called with the mutex held; it may
// release it while it waits for another instance or the directory, and holds
// it on return.
func (s *Server) clustered(c *client, m wire.Message) bool {
	cl := s.cluster
	if m.T != wire.TypeHost && m.T != wire.TypeJoin {
		return false
	}
	if !s.clusterUp() {
		s.refuse(c, wire.CodeUnavailable, "the server has lost its cluster; try again in a moment")
		return true
	}
	if c.room != nil {
		s.refuse(c, wire.CodeAlreadyInRoom, "this connection is already in a room")
		return true
	}
	if m.T == wire.TypeHost && m.Claim == "" {
		proposal, _ := wire.CanonicalRoomCode(m.Room) // "": none (DecodeMessage refused a malformed one)
		if proposal == "" || !s.joinsLimited(c) {
			s.hostInCluster(cl, c, proposal, m.Gate)
		}
		return true
	}
	code, ok := wire.CanonicalRoomCode(m.Room)
	if ok && s.rooms[code] != nil {
		return false
	}
	if s.joinsLimited(c) {
		return true
	}
	if !ok {
		s.lookup(c, m.Room, map[string]string{wire.TypeHost: "reclaim", wire.TypeJoin: "join"}[m.T]) // refuses and counts the failure
		return true
	}
	if !s.addressJoinAllowed(c) { // a reclaim too (see reclaimRoom)
		return true
	}
	req := clusterMsg{Op: opJoin, Room: code, Inst: cl.id, Pass: m.Pass, Keys: c.keys[:1]}
	if m.T == wire.TypeHost {
		req = clusterMsg{Op: opReclaim, Room: code, Inst: cl.id, Claim: m.Claim}
	}
	var cached *dirCached
	if e, ok := cl.dir[code]; ok {
		cached = &e
	}
	// A join of a code the directory did not have is most likely a guess, and so is
	// any reclaim: it counts as failed while the answer is on its way, so that guesses
	// sent in parallel meet the limit too.
	var hold *failureHold
	if m.T == wire.TypeHost || cached == nil {
		h := s.holdFailure(c)
		hold = &h
	}
	failed := false
	defer func() {
		if hold != nil {
			s.settleFailure(*hold, failed)
		} else if failed {
			s.recordFailure(c)
		}
	}()
	s.mu.Unlock()
	a := s.askHome(cl, code, req, cached)
	s.mu.Lock()
	what := map[string]string{wire.TypeHost: "reclaim", wire.TypeJoin: "join"}[m.T]
	switch {
	case a.unknown && time.Now().Before(cl.youngUntil):
		s.refuse(c, wire.CodeUnavailable, "the cluster is rebuilding its list of rooms; try again in a moment")
	case a.unknown || (a.err == nil && a.ans.Op == opError && a.ans.Code == wire.CodeUnknownRoom):
		failed = true
		s.refuseUnknownRoom(c, what)
	case a.moving:
		s.refuse(c, wire.CodeUnavailable, "this room is moving between servers; try again in a moment")
	case a.err != nil:
		s.logLimited(c.key, slog.LevelWarn, "cluster request failed", "op", req.Op, "room", code, "err", a.err)
		s.refuse(c, wire.CodeUnavailable, "the server cannot reach this room's instance; try again in a moment")
	case a.orphan != nil && m.T == wire.TypeHost && claimHash(m.Claim) == a.orphan.e.Claim:
		s.logLimited(c.key, slog.LevelWarn, "room adopted: its instance did not answer", "room", code, "old_home", a.orphan.e.Inst)
		s.takeOverLocked(cl, c, code, a.orphan.e, a.orphan.rev, m.Gate, adoptedPeerIDGap)
	case a.orphan != nil && m.T == wire.TypeHost:
		failed = true
		s.logLimited(c.key, slog.LevelInfo, "reclaim refused", "reason", "bad claim", "room", code, "addr", c.addr)
		s.refuse(c, wire.CodeBadClaim, "that claim does not belong to this room")
	case a.orphan != nil:
		s.refuse(c, wire.CodeUnavailable, "this room's server went away; its host is expected back, try again in a moment")
	case a.ans.Op == opError && a.ans.Code == wire.CodeBadClaim:
		failed = true
		s.logLimited(c.key, slog.LevelInfo, "reclaim refused", "reason", "bad claim", "room", code, "addr", c.addr)
		s.refuse(c, wire.CodeBadClaim, "that claim does not belong to this room")
	case a.ans.Op == opError:
		s.refuse(c, a.ans.Code, a.ans.Msg)
	case c.isClosing() || c.room != nil || s.closed:
		// Gone meanwhile: the home must not keep a peer nobody holds.
		if a.ans.Op == opJoined {
			cl.publish(toInstance(a.home), clusterMsg{Op: opLeave, Room: code, ID: a.ans.ID, Inst: cl.id})
		}
	case a.ans.Op == opJoined:
		c.room, c.peerID = &room{code: code, proxy: true}, a.ans.ID
		cl.proxyLocked(code, a.home, a.ans.Epoch, a.ans.ID, c)
		c.send(encode(wire.Message{T: wire.TypeJoined, Room: code, ID: a.ans.ID}))
		if a.ans.Away {
			c.send(encode(wire.Message{T: wire.TypeHostAway}))
		}
	case a.ans.Op == opMoved && a.ans.Moved != nil:
		pred := *a.ans.Moved
		s.takeOverLocked(cl, c, code, pred, a.ans.Rev, m.Gate, 0)
	default:
		s.refuse(c, wire.CodeUnavailable, "the server got an answer it does not understand; try again")
	}
	return true
}

// adoptedPeerIDGap is how far the peer ids of a room adopted from a dead home
// skip past the last its entry shows. The entry may be behind the home (the
// writer's round, a write tried again), and a peer that joined meanwhile has
// an id the entry does not know; a room never gives an id twice (the host
// took a second peer with the same id for the first one's ICE restart, and the
// newcomer never connected). The room's join limits allow far fewer joins in
// any such lag.
const adoptedPeerIDGap = 1 << 20

// takeOverLocked makes this instance the home of room code, which its host
// reclaimed through c: the entry of the previous home (pred, at revision rev)
// is replaced by this one's, then the room is made here with the peers pred
// lists, its next peer ids skipIDs past pred's last (adoptedPeerIDGap when
// the previous home died, so pred may be behind). Called with the mutex held,
// which it releases while it writes the directory.
func (s *Server) takeOverLocked(cl *cluster, c *client, code string, pred dirEntry, rev uint64, gate string, skipIDs int) {
	e := pred
	e.Inst, e.Epoch, e.Gate = cl.id, pred.Epoch+1, cmp.Or(gate, pred.Gate)
	e.LastPeer += skipIDs
	claim := newClaimToken()
	e.Claim = claimHash(claim)
	kv := cl.kv
	s.mu.Unlock()
	newRev, err := s.takeOver(cl, kv, code, pred, rev, e)
	if errors.Is(err, errEntryGone) {
		// The entry expired meanwhile (a long move): nobody else has the room, so it is
		// made again here.
		var created uint64
		if created, err = s.createWith(cl, kv, code, e); err == nil {
			newRev = created
		}
	}
	s.mu.Lock()
	if err != nil {
		s.logLimited(c.key, slog.LevelWarn, "room not taken over", "room", code, "err", err)
		s.refuse(c, wire.CodeUnavailable, "this room is moving between servers; try again in a moment")
		return
	}
	s.adoptRoomLocked(cl, c, code, e, claim, newRev)
}

// adoptRoomLocked makes this instance the home of a room its host reclaimed
// through c, as its entry e describes it (written at revision rev, with
// claim's hash).
func (s *Server) adoptRoomLocked(cl *cluster, c *client, code string, e dirEntry, claim string, rev uint64) {
	r := &room{code: code, claim: claim, ownerKeys: c.keys, host: c, peers: make(map[string]*client),
		lastPeer: e.LastPeer, hadPeer: e.HadPeer, joins: s.joinBucket(s.cfg.RoomJoinsPerMinute), epoch: e.Epoch,
		knockJoins: s.joinBucket(knockJoinsPerPlace * s.cfg.KnocksPerRoom), gate: e.Gate, rev: rev}
	for _, key := range e.Blocked {
		r.block(key)
	}
	for _, p := range e.Peers {
		if p.Inst == cl.id {
			if pr := cl.proxied[code]; pr != nil {
				if q := pr.peers[p.ID]; q != nil {
					cl.unproxyLocked(code, p.ID)
					q.room, q.vouched = r, p.Vouched
					r.peers[p.ID] = q
				}
			}
			continue
		}
		r.peers[p.ID] = &client{srv: s, remote: &remotePeer{inst: p.Inst, room: code}, room: r, peerID: p.ID, key: p.Key, vouched: p.Vouched}
	}
	if c.isClosing() || c.room != nil || s.closed {
		r.host = nil // the room is ours in the directory; it waits for its host here
	}
	s.rooms[code] = r
	s.counters.peakRooms = max(s.counters.peakRooms, len(s.rooms))
	s.roomsByKey.add(c.keys)
	if pr := cl.proxied[code]; pr != nil {
		// Peers here the entry does not list (they joined as it was being written) are
		// not in the room: they join again.
		for id, p := range pr.peers {
			cl.unproxyLocked(code, id)
			p.room = nil
			s.refuse(p, wire.CodeUnavailable, "the room moved to another server; join again")
			p.shutdown(websocket.CloseGoingAway, "room moved")
		}
	}
	s.metrics.reclaims.Inc()
	if r.host == nil {
		s.dirtyLocked(r)
		s.startGraceLocked(r)
		return
	}
	c.room = r
	s.dirtyLocked(r)
	s.logLimited(c.key, slog.LevelInfo, "room reclaimed from another instance", "room", r.code, "addr", c.addr, "peers", len(r.peers))
	c.send(encode(wire.Message{T: wire.TypeHosted, Room: r.code, Claim: r.claim}))
	for _, id := range r.peerIDs() {
		c.peerJoined(id)
	}
	for _, p := range r.peers {
		p.send(encode(wire.Message{T: wire.TypeHostBack}))
	}
}

// proxyRelay sends a peer's data to its room's home. Called with the mutex held.
func (s *Server) proxyRelay(c *client, m wire.Message) {
	cl := s.cluster
	w := clusterMsg{Op: opTo, Room: c.room.code, ID: c.peerID, Inst: cl.id, Data: m.Data}
	if m.ID != "" && m.ID != wire.HostID {
		w.To = m.ID // to other peers, which the home allows only while the host is away (table.go)
	}
	if pr := cl.proxied[c.room.code]; pr != nil {
		cl.publish(toInstance(pr.home), w)
	}
}

// proxyLeave tells the home of c's room that c's socket closed.
func (s *Server) proxyLeaveLocked(c *client, r *room) {
	cl := s.cluster
	if pr := cl.proxied[r.code]; pr != nil {
		cl.publish(toInstance(pr.home), clusterMsg{Op: opLeave, Room: r.code, ID: c.peerID, Inst: cl.id})
	}
	cl.unproxyLocked(r.code, c.peerID)
}

// closeOrphansLocked ends the local peers of a room whose entry expired (its
// home died and its host did not come back in time): like an expiry.
func (s *Server) closeOrphansLocked(cl *cluster, code string) {
	pr := cl.proxied[code]
	if pr == nil {
		return
	}
	for id, p := range pr.peers {
		cl.unproxyLocked(code, id)
		p.room = nil
		s.refuse(p, wire.CodeUnknownRoom, "the room expired: its host did not come back")
		p.shutdown(websocket.CloseGoingAway, "room expired")
	}
}
