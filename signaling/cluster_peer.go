package signaling

import (
	"cmp"
	"errors"
	"log/slog"

	"github.com/gorilla/websocket"
	"github.com/nats-io/nats.go"

	"safehouse/wire"
)

// The side of the cluster that holds a socket: hosting, joining and
// reclaiming rooms that may be homed on another instance, and the messages
// homes send to the peers connected here.

// forPeerLocked acts on a home's message for a peer connected here.
func (s *Server) forPeerLocked(cl *cluster, w clusterMsg) {
	peers := cl.proxied[w.Room]
	if peers == nil {
		cl.dropped.WithLabelValues(dropWrongRoom).Inc()
		return
	}
	p := peers[w.ID]
	if p == nil {
		cl.dropped.WithLabelValues(dropWrongPeer).Inc()
		return
	}
	switch w.Op {
	case opSend:
		p.send(w.Data)
	case opRelay:
		p.relay(wire.HostID, w.Data)
	case opClose:
		cl.unproxyLocked(w.Room, w.ID)
		p.room = nil
		p.shutdown(w.Status, w.Msg)
	default:
		cl.dropped.WithLabelValues(dropMalformed).Inc()
	}
}

// clustered handles the messages that may involve another instance: host,
// reclaim and join. It reports false for a message to handle locally (a
// reclaim or join of a room homed here). Called with the mutex held; it may
// release it while it waits for another instance, and holds it on return.
func (s *Server) clustered(c *client, m wire.Message) bool {
	cl := s.cluster
	if m.T != wire.TypeHost && m.T != wire.TypeJoin {
		return false
	}
	if !cl.nc.IsConnected() {
		s.refuse(c, wire.CodeUnavailable, "the server has lost its cluster; try again in a moment")
		return true
	}
	if c.room != nil {
		s.refuse(c, wire.CodeAlreadyInRoom, "this connection is already in a room")
		return true
	}
	if m.T == wire.TypeHost && m.Room == "" {
		s.mu.Unlock()
		code := s.freeCode(cl)
		s.mu.Lock()
		if code == "" {
			s.refuse(c, wire.CodeUnavailable, "the server cannot reach its cluster; try again in a moment")
		} else if !c.isClosing() && c.room == nil {
			s.createRoom(c, code, m.Gate)
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
		req.Op, req.Claim, req.Pass, req.Keys = opReclaim, m.Claim, "", nil
	}
	// A join of a code no instance has a record of is most likely a guess, and so is
	// any reclaim: it counts as failed while the answer is on its way.
	var hold *failureHold
	if m.T == wire.TypeHost || cl.records[code] == nil {
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
	ans, err := cl.request(subjectRoomPrefix+code, req)
	s.mu.Lock()
	orphan := errors.Is(err, nats.ErrNoResponders) && cl.orphanLocked(code) != nil && s.rooms[code] == nil
	switch {
	case orphan && m.T == wire.TypeHost && claimHash(m.Claim) == cl.orphanLocked(code).w.Claim:
		rec := cl.orphanLocked(code).w
		s.logLimited(c.key, slog.LevelWarn, "room adopted: its instance did not answer", "room", code, "old_home", rec.Inst)
		s.adoptRoomLocked(cl, c, clusterMsg{Room: code, Peers: rec.Peers, LastPeer: rec.LastPeer, HadPeer: rec.HadPeer, Epoch: rec.Epoch,
			Gate: cmp.Or(m.Gate, rec.Gate), Blocked: rec.Blocked})
	case orphan && m.T == wire.TypeHost:
		failed = true
		s.logLimited(c.key, slog.LevelInfo, "reclaim refused", "reason", "bad claim", "room", code, "addr", c.addr)
		s.refuse(c, wire.CodeBadClaim, "that claim does not belong to this room")
	case orphan:
		s.refuse(c, wire.CodeUnavailable, "this room's server went away; its host is expected back, try again in a moment")
	case errors.Is(err, nats.ErrNoResponders) || (err == nil && ans.Op == opError && ans.Code == wire.CodeUnknownRoom):
		failed = true
		s.refuseUnknownRoom(c, map[string]string{wire.TypeHost: "reclaim", wire.TypeJoin: "join"}[m.T])
	case err != nil:
		s.logLimited(c.key, slog.LevelWarn, "cluster request failed", "op", req.Op, "room", code, "err", err)
		s.refuse(c, wire.CodeUnavailable, "the server cannot reach this room's instance; try again in a moment")
	case ans.Op == opError && ans.Code == wire.CodeBadClaim:
		failed = true
		s.logLimited(c.key, slog.LevelInfo, "reclaim refused", "reason", "bad claim", "room", code, "addr", c.addr)
		s.refuse(c, wire.CodeBadClaim, "that claim does not belong to this room")
	case ans.Op == opError:
		s.refuse(c, ans.Code, ans.Msg)
	case c.isClosing() || c.room != nil || s.closed:
		// Gone meanwhile: the home must not keep a peer nobody holds.
		if ans.Op == opJoined {
			cl.publish(subjectRoomPrefix+code, clusterMsg{Op: opLeave, Room: code, ID: ans.ID, Inst: cl.id})
		}
	case ans.Op == opJoined:
		c.room, c.peerID = &room{code: code, proxy: true}, ans.ID
		cl.proxyLocked(code, ans.ID, c)
		c.send(encode(wire.Message{T: wire.TypeJoined, Room: code, ID: ans.ID}))
		if ans.Away {
			c.send(encode(wire.Message{T: wire.TypeHostAway}))
		}
	case ans.Op == opMoved:
		ans.Gate = cmp.Or(m.Gate, ans.Gate)
		s.adoptRoomLocked(cl, c, ans)
	default:
		s.refuse(c, wire.CodeUnavailable, "the server got an answer it does not understand; try again")
	}
	return true
}

// freeCode picks a room code no instance uses, or "" when the cluster does
// not answer.
func (s *Server) freeCode(cl *cluster) string {
	for range 8 {
		code := wire.NewRoomCode()
		s.mu.Lock()
		local := s.rooms[code] != nil
		s.mu.Unlock()
		if local {
			continue
		}
		_, err := cl.request(subjectRoomPrefix+code, clusterMsg{Op: opProbe, Room: code})
		if errors.Is(err, nats.ErrNoResponders) {
			return code
		}
		if err != nil && !cl.nc.IsConnected() {
			return ""
		}
	}
	return ""
}

// adoptRoomLocked makes this instance the home of a room its host reclaimed
// through c, from the old home's answer ans.
func (s *Server) adoptRoomLocked(cl *cluster, c *client, ans clusterMsg) {
	r := &room{code: ans.Room, claim: newClaimToken(), ownerKeys: c.keys, host: c, peers: make(map[string]*client),
		lastPeer: ans.LastPeer, hadPeer: ans.HadPeer, joins: s.joinBucket(s.cfg.RoomJoinsPerMinute), epoch: ans.Epoch + 1,
		knockJoins: s.joinBucket(knockJoinsPerPlace * s.cfg.KnocksPerRoom), gate: ans.Gate}
	for _, key := range ans.Blocked {
		r.block(key)
	}
	for _, p := range ans.Peers {
		if p.Inst == cl.id {
			if q := cl.proxied[r.code][p.ID]; q != nil {
				cl.unproxyLocked(r.code, p.ID)
				q.room, q.vouched = r, p.Vouched
				r.peers[p.ID] = q
			}
			continue
		}
		r.peers[p.ID] = &client{srv: s, remote: &remotePeer{inst: p.Inst, room: r.code}, room: r, peerID: p.ID, key: p.Key, vouched: p.Vouched}
	}
	s.rooms[r.code] = r
	s.counters.peakRooms = max(s.counters.peakRooms, len(s.rooms))
	s.roomsByKey.add(c.keys)
	s.homeRoomLocked(r)
	c.room = r
	s.metrics.reclaims.Inc()
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
	w := clusterMsg{Op: opTo, Room: c.room.code, ID: c.peerID, Inst: s.cluster.id, Data: m.Data}
	if m.ID != "" && m.ID != wire.HostID {
		w.To = m.ID // to other peers, which the home allows only while the host is away (table.go)
	}
	s.cluster.publish(subjectRoomPrefix+c.room.code, w)
}

// proxyLeave tells the home of c's room that c's socket closed.
func (s *Server) proxyLeaveLocked(c *client, r *room) {
	cl := s.cluster
	cl.unproxyLocked(r.code, c.peerID)
	cl.publish(subjectRoomPrefix+r.code, clusterMsg{Op: opLeave, Room: r.code, ID: c.peerID, Inst: cl.id})
}

// closeOrphansLocked ends the local peers of a room whose home was not heard
// of for longer than the host's grace: like an expiry.
func (s *Server) closeOrphansLocked(cl *cluster, code string) {
	for id, p := range cl.proxied[code] {
		cl.unproxyLocked(code, id)
		p.room = nil
		s.refuse(p, wire.CodeUnknownRoom, "the room expired: its host did not come back")
		p.shutdown(websocket.CloseGoingAway, "room expired")
	}
}
