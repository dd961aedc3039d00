package signaling

import (
	"cmp"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/gorilla/websocket"

	"safehouse/wire"
)

// room is one game's meeting point. Guarded by the server's mutex.
type room struct {
	code       string
	claim      string
	ownerKeys  []string           // limit keys of the address that created it, at every level
	hadPeer    bool               // a peer has joined at some time: the host may have shared the code
	host       *client            // nil while the host is away
	peers      map[string]*client // by peer id
	lastPeer   int                // peer ids are never reused within a room
	grace      *time.Timer        // runs while the host is away
	joins      tokenBucket        // successful joins of invited players (see joinAllowed)
	gate       string             // the host's wire.InviteGate; "" from an older app (strangers.go)
	blocked    []string           // limit keys of addresses the host turned away, oldest first
	departed   []departedStranger // the strangers that left last, oldest first (strangers.go)
	knockJoins tokenBucket        // successful joins of strangers
	awayGen    int                // counts the host's departures, so a stale timer is ignored
	proxy      bool               // a room homed on another instance, seen from a peer's socket here (cluster.go)
	epoch      int                // how often the room moved between instances (cluster_dir.go)
	rev        uint64             // the revision of its directory entry this home wrote last; 0: none yet
	writing    bool               // a write of its directory entry is under way
}

func (r *room) stopGrace() {
	if r.grace != nil {
		r.grace.Stop()
		r.grace = nil
	}
}

// peerIDs lists the room's peers in the order they joined.
func (r *room) peerIDs() []string {
	ids := make([]string, 0, len(r.peers))
	for id := range r.peers {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b string) int { return cmp.Or(cmp.Compare(len(a), len(b)), cmp.Compare(a, b)) })
	return ids
}

// handle acts on one well-formed message from c.
func (s *Server) handle(c *client, m wire.Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.isClosing() {
		return // said bye, or is being closed: nothing more from it counts
	}
	if s.closed {
		return
	}
	if s.cluster != nil && s.clustered(c, m) {
		return
	}
	switch m.T {
	case wire.TypeHost:
		switch {
		case c.room != nil:
			s.refuse(c, wire.CodeAlreadyInRoom, "this connection is already in a room")
		case m.Claim == "":
			s.hostNewRoom(c, m.Room, m.Gate)
		default:
			s.reclaimRoom(c, m.Room, m.Claim, m.Gate)
		}
	case wire.TypeJoin:
		if c.room != nil {
			s.refuse(c, wire.CodeAlreadyInRoom, "this connection is already in a room")
		} else {
			s.joinRoom(c, m.Room, m.Pass)
		}
	case wire.TypeTo:
		s.relay(c, m)
	case wire.TypeAdmit, wire.TypeBlock:
		s.hostsWord(c, m)
	case wire.TypeBye:
		c.shutdown(websocket.CloseNormalClosure, "bye")
	}
}

// refuse answers c with an error. Called with the mutex held.
func (s *Server) refuse(c *client, code, text string) {
	s.counters.refusals++
	s.metrics.refusals.WithLabelValues(code).Inc()
	c.send(errorMessage(code, text))
}

// refuseRoomOverLimits refuses c a new room when the server's or its
// address's limits say so, and says whether it did. Called with the mutex held.
func (s *Server) refuseRoomOverLimits(c *client) bool {
	if len(s.rooms) >= s.cfg.MaxRooms {
		s.logLimited(c.key, slog.LevelWarn, "room refused", "reason", "server full", "addr", c.addr)
		s.refuse(c, wire.CodeRateLimited, "the server has no room for more games right now; try again later")
		return true
	}
	// Rooms waiting for their host count too: whoever opens rooms and drops the
	// sockets keeps them for the grace period without a socket.
	switch why := s.roomsByKey.refusal(c.keys, s.cfg.RoomsPerAddress, len(s.rooms), s.cfg.MaxRooms); why {
	case "address", "network":
		s.logLimited(c.key, slog.LevelInfo, "room refused", "reason", "rooms per "+why, "addr", c.addr)
		s.refuse(c, wire.CodeRateLimited, "this address has too many rooms open; close one or wait")
		return true
	case "network share":
		s.logLimited(c.key, slog.LevelWarn, "room refused", "reason", "the network's share of a filling server", "addr", c.addr)
		s.refuse(c, wire.CodeRateLimited, "the server has no room for more games from this network right now; try again later")
		return true
	}
	return false
}

// hostNewRoom opens a room with c as its host, under proposal, the code c
// proposed (DecodeMessage checked its form), when no room has it, else, or
// without a proposal, under a free code of the server's choosing. Called with
// the mutex held.
//
// A taken proposal tells its sender that the code is live, as a join would:
// it is a guess, and counts as a failed join (limits.go).
func (s *Server) hostNewRoom(c *client, proposal, gate string) {
	code, proposed := wire.CanonicalRoomCode(proposal)
	if proposed && s.joinsLimited(c) {
		return
	}
	// Before the proposal is looked at: a refused host learns nothing of its code.
	if s.refuseRoomOverLimits(c) {
		return
	}
	if proposed && s.rooms[code] != nil {
		s.recordFailure(c)
		s.logProposalTaken(c)
		proposed = false
	}
	if !proposed {
		code = s.freeRoomCode()
	}
	s.createRoom(c, code, gate, "", 0)
}

// freeRoomCode is a random code no room here has. Called with the mutex held.
func (s *Server) freeRoomCode() string {
	code := wire.NewRoomCode()
	for s.rooms[code] != nil {
		code = wire.NewRoomCode()
	}
	return code
}

// logProposalTaken notes that c proposed the code of a live room, without the
// code: as for an unknown one, a log shows guessing, not what was guessed.
func (s *Server) logProposalTaken(c *client) {
	s.logLimited(c.key, slog.LevelInfo, "proposed room code taken", "addr", c.addr)
}

// createRoom opens room code, which no room uses, with c as its host, gate as
// its invite gate and claim as its claim (a new one when ""). In a cluster the
// room's directory entry exists already, at revision rev (hostInCluster).
// Called with the mutex held, once the limits allowed it.
func (s *Server) createRoom(c *client, code, gate, claim string, rev uint64) {
	if claim == "" {
		claim = newClaimToken()
	}
	r := &room{code: code, claim: claim, ownerKeys: c.keys, host: c, peers: make(map[string]*client),
		joins: s.joinBucket(s.cfg.RoomJoinsPerMinute), knockJoins: s.joinBucket(knockJoinsPerPlace * s.cfg.KnocksPerRoom), gate: gate, rev: rev}
	s.rooms[code] = r
	s.counters.peakRooms = max(s.counters.peakRooms, len(s.rooms))
	s.roomsByKey.add(c.keys)
	c.room = r
	s.metrics.rooms.Inc()
	s.logLimited(c.key, slog.LevelInfo, "room created", "room", code, "addr", c.addr)
	c.send(encode(wire.Message{T: wire.TypeHosted, Room: code, Claim: r.claim}))
}

// reclaimRoom gives a room back to the holder of its claim token, with a new
// claim token. If the old host connection is still open (a reload can beat the
// old socket's close), the newest connection wins and the old one is closed.
//
// Reclaims take from the address's joins: a host reclaiming in a loop costs
// the server and its log as much as a join/leave loop does.
func (s *Server) reclaimRoom(c *client, code, claim, gate string) {
	if s.joinsLimited(c) || !s.addressJoinAllowed(c) {
		return
	}
	r := s.lookup(c, code, "reclaim")
	if r == nil {
		return
	}
	if !claimMatches(claim, r.claim) {
		s.recordFailure(c)
		s.logLimited(c.key, slog.LevelInfo, "reclaim refused", "reason", "bad claim", "room", r.code, "addr", c.addr)
		s.refuse(c, wire.CodeBadClaim, "that claim does not belong to this room")
		return
	}
	if old := r.host; old != nil {
		// A reload can beat the old socket's close; so can whoever learnt the
		// claim. Either way the operator should be able to tell.
		s.logLimited(c.key, slog.LevelWarn, "live host displaced by a reclaim", "room", r.code, "addr", c.addr, "old_addr", old.addr)
		old.room = nil
		old.send(errorMessage(wire.CodeBadClaim, "the room was reclaimed by a newer connection"))
		old.shutdown(websocket.ClosePolicyViolation, "room reclaimed elsewhere")
	}
	r.stopGrace()
	r.host = c
	c.room = r
	if gate != "" {
		r.gate = gate
	}
	// A claim serves once: whoever saw the one just used (in a log, over a
	// shoulder, in a stolen save) cannot displace the host with it later.
	r.claim = newClaimToken()
	s.dirtyLocked(r)
	s.metrics.reclaims.Inc()
	s.logLimited(c.key, slog.LevelInfo, "room reclaimed", "room", r.code, "addr", c.addr)
	c.send(encode(wire.Message{T: wire.TypeHosted, Room: r.code, Claim: r.claim}))
	for _, id := range r.peerIDs() {
		c.peerJoined(id)
	}
	for _, p := range r.peers {
		p.send(encode(wire.Message{T: wire.TypeHostBack}))
	}
}

func (s *Server) joinRoom(c *client, code, pass string) {
	if s.joinsLimited(c) {
		return
	}
	r := s.lookup(c, code, "join")
	if r == nil {
		return
	}
	a := s.admitPeer(r, pass, c.key)
	if a.code != "" {
		s.logLimited(c.key, slog.LevelInfo, "join refused", "reason", a.reason, "room", r.code, "addr", c.addr)
		s.refuse(c, a.code, a.msg)
		return
	}
	if !s.addressJoinAllowed(c) {
		return
	}
	a.joins.tokens -= joinCost
	r.lastPeer++
	id := "p" + strconv.Itoa(r.lastPeer)
	r.peers[id] = c
	r.hadPeer = true
	c.room, c.peerID, c.vouched = r, id, a.vouched
	s.dirtyLocked(r)
	s.metrics.joins.Inc()
	c.send(encode(wire.Message{T: wire.TypeJoined, Room: r.code, ID: id}))
	if r.host != nil {
		r.host.peerJoined(id)
	} else {
		c.send(encode(wire.Message{T: wire.TypeHostAway}))
	}
}

// lookup finds the room for a join or reclaim, counting a miss as a failure.
func (s *Server) lookup(c *client, code, what string) *room {
	canonical, ok := wire.CanonicalRoomCode(code)
	var r *room
	if ok {
		r = s.rooms[canonical]
	}
	if r == nil {
		s.recordFailure(c)
		s.refuseUnknownRoom(c, what)
	}
	return r
}

// refuseUnknownRoom answers a join or reclaim ("what") of a code no room has.
func (s *Server) refuseUnknownRoom(c *client, what string) {
	s.logLimited(c.key, slog.LevelInfo, what+" refused", "reason", "unknown room", "addr", c.addr)
	s.refuse(c, wire.CodeUnknownRoom, "no room has that code (it may have expired)")
}

func (s *Server) relay(c *client, m wire.Message) {
	r := c.room
	if r == nil {
		s.refuse(c, wire.CodeNotInRoom, `send "host" or "join" first`)
		return
	}
	if wait, ok := s.takeRelayBudget(c, int64(len(m.Data))); !ok {
		s.refuse(c, wire.CodeRateLimited, "too much data too fast; slow down")
		c.relayPause = min(wait, maxRelayPause)
		return
	}
	if r.proxy {
		s.proxyRelay(c, m)
		return
	}
	if c == r.host {
		p := r.peers[m.ID]
		if p == nil {
			s.refuse(c, wire.CodeUnknownPeer, fmt.Sprintf("no peer %q in this room", m.ID))
			return
		}
		s.deliver(c, wire.HostID, p, encodeFrom(wire.HostID, m.Data))
		return
	}
	if m.ID != "" && m.ID != wire.HostID {
		s.peerToPeer(c, r, m) // only while the host is away (table.go)
		return
	}
	if r.host == nil {
		s.refuse(c, wire.CodeUnknownPeer, "the host is away; wait for host-back")
		return
	}
	s.deliver(c, c.peerID, r.host, encodeFrom(c.peerID, m.Data))
}

func (s *Server) deliver(from *client, fromID string, to *client, b []byte) {
	if !to.relay(fromID, b) {
		s.refuse(from, wire.CodeRateLimited, "the recipient is not keeping up; send again later")
		return
	}
	s.counters.relayed++
	s.metrics.relayBytes.Add(float64(len(b)))
}

// leave takes a closed connection out of its room. A host's room waits for it
// through the grace period. Called with the mutex held.
func (s *Server) leave(c *client) {
	r := c.room
	if r == nil {
		return
	}
	c.room = nil
	if r.proxy {
		s.proxyLeaveLocked(c, r)
		return
	}
	if c != r.host {
		delete(r.peers, c.peerID)
		r.strangerLeft(c)
		s.dirtyLocked(r)
		if r.host != nil {
			r.host.peerLeft(c.peerID)
		}
		return
	}
	r.host = nil
	if s.closed {
		return
	}
	s.logLimited(c.key, slog.LevelInfo, "host away", "room", r.code, "addr", c.addr)
	s.startGraceLocked(r)
}

// startGraceLocked tells r's peers that its host is away and starts the wait
// for it. Called with the mutex held.
func (s *Server) startGraceLocked(r *room) {
	grace := s.cfg.HostGrace
	if !r.hadPeer {
		// Nobody has used the code yet, so only a reload needs it back soon;
		// a room opened and dropped for nothing is not kept for long.
		grace = min(grace, s.cfg.EmptyRoomGrace)
	}
	for _, p := range r.peers {
		p.send(encode(wire.Message{T: wire.TypeHostAway}))
	}
	r.awayGen++
	gen := r.awayGen
	r.grace = time.AfterFunc(grace, func() { s.expire(r, gen) })
}

// expire forgets a room whose host did not come back in time after its
// departure number gen.
func (s *Server) expire(r *room, gen int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rooms[r.code] != r || r.host != nil || r.awayGen != gen || s.closed {
		return // reclaimed (and maybe left again) or shut down meanwhile
	}
	r.grace = nil
	s.forgetRoomLocked(r, true)
	s.counters.expired++
	s.logLimited(r.ownerKeys[0], slog.LevelInfo, "room expired", "room", r.code, "peers", len(r.peers))
	for _, p := range r.peers {
		p.room = nil
		s.refuse(p, wire.CodeUnknownRoom, "the room expired: its host did not come back")
		p.shutdown(websocket.CloseGoingAway, "room expired")
	}
}
