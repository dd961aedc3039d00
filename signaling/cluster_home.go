package signaling

import (
	"encoding/json"
	"log/slog"
	"strconv"

	"github.com/gorilla/websocket"
	"github.com/nats-io/nats.go"

	"safehouse/wire"
)

// The home's side of the cluster: what other instances ask of the rooms
// homed here, and the stand-in clients of their peers.

// maxClusterData bounds the body of a cluster message: the largest message a
// client may send, with room for the envelope.
func (s *Server) maxClusterData() int { return int(s.cfg.MaxMessageSize) + 1024 }

// fromCluster handles one message from another instance.
func (s *Server) fromCluster(cl *cluster, m *nats.Msg) {
	if len(m.Data) > 2*s.maxClusterData() {
		cl.dropped.WithLabelValues(dropOversized).Inc()
		return
	}
	var w clusterMsg
	if err := json.Unmarshal(m.Data, &w); err != nil {
		cl.dropped.WithLabelValues(dropMalformed).Inc()
		return
	}
	if len(w.Data) > s.maxClusterData() {
		cl.dropped.WithLabelValues(dropOversized).Inc()
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case m.Subject == subjectFailures:
		s.fromFailuresLocked(cl, w)
	case w.Op == opSend || w.Op == opRelay || w.Op == opClose || w.Op == opSlowPeer:
		s.forPeerLocked(cl, w)
	default:
		s.forRoomLocked(cl, m, w)
	}
}

func (s *Server) answer(m *nats.Msg, w clusterMsg) {
	if m.Reply == "" {
		return
	}
	if b, err := json.Marshal(w); err == nil {
		m.Respond(b)
	}
}

// forRoomLocked acts on a message to a room homed here.
func (s *Server) forRoomLocked(cl *cluster, m *nats.Msg, w clusterMsg) {
	r := s.rooms[w.Room]
	if r == nil || s.closed {
		cl.dropped.WithLabelValues(dropWrongRoom).Inc()
		if w.Op == opJoin || w.Op == opReclaim {
			s.answer(m, clusterMsg{Op: opError, Code: codeNotHere})
		}
		return
	}
	switch w.Op {
	case opJoin:
		s.remoteJoinLocked(m, r, w)
	case opReclaim:
		if !claimMatches(w.Claim, r.claim) {
			s.logLimited("instance "+w.Inst, slog.LevelInfo, "reclaim refused", "reason", "bad claim", "room", r.code, "via", w.Inst)
			s.answer(m, clusterMsg{Op: opError, Code: wire.CodeBadClaim})
			return
		}
		s.answer(m, s.moveRoomLocked(cl, r, w.Inst))
	case opTo, opLeave, opSlowHost:
		p := r.peers[w.ID]
		if p == nil || p.remote == nil || p.remote.inst != w.Inst {
			cl.dropped.WithLabelValues(dropWrongPeer).Inc()
			if p == nil && w.Op == opTo && w.Inst != "" {
				s.closeLostPeerLocked(r, w.Inst, w.ID)
			}
			return
		}
		switch w.Op {
		case opLeave:
			delete(r.peers, w.ID)
			r.strangerLeft(p)
			p.room = nil
			if r.host != nil {
				r.host.peerLeft(w.ID)
			}
			s.dirtyLocked(r)
		case opSlowHost:
			if r.host != nil {
				s.refuse(r.host, wire.CodeRateLimited, "the recipient is not keeping up; send again later")
			}
		case opTo:
			if len(w.Data) > int(s.cfg.MaxMessageSize) {
				cl.dropped.WithLabelValues(dropOversized).Inc()
				return
			}
			if w.To != "" {
				if r.host == nil { // peers talk to each other only while the host is away (table.go)
					s.tableDeliverLocked(nil, r, w.ID, w.To, w.Data)
				}
				return
			}
			if r.host == nil {
				return
			}
			b := encodeFrom(w.ID, w.Data)
			if !r.host.relay(w.ID, b) {
				// The peer's instance tells its peer to slow down, as this one would.
				cl.publish(toInstance(w.Inst), clusterMsg{Op: opSlowPeer, Room: r.code, ID: w.ID})
				return
			}
			s.counters.relayed++
			s.metrics.relayBytes.Add(float64(len(b)))
		}
	default:
		cl.dropped.WithLabelValues(dropMalformed).Inc()
	}
}

// closeLostPeerLocked closes peer id of instance inst, which talks to room r
// as one of its peers though r does not have it: it joined the room's home
// that died after the entry r was adopted from was written (or r moved on
// while it left). Left alone, its signaling would be lost for good; it joins
// again, as a peer the adopting home holds is (adoptRoomLocked). Called with
// the mutex held.
func (s *Server) closeLostPeerLocked(r *room, inst, id string) {
	lost := &client{srv: s, remote: &remotePeer{inst: inst, room: r.code}, peerID: id}
	s.refuse(lost, wire.CodeUnavailable, "the room moved to another server; join again")
	lost.shutdown(websocket.CloseGoingAway, "room moved")
}

// remoteJoinLocked places a peer of another instance in room r, with the
// room's own limits; the address limits were that instance's to check.
func (s *Server) remoteJoinLocked(m *nats.Msg, r *room, w clusterMsg) {
	if len(w.Keys) != 1 || len(w.Keys[0]) == 0 || len(w.Keys[0]) > 64 || w.Inst == "" {
		s.answer(m, clusterMsg{Op: opError, Code: wire.CodeBadMessage, Msg: "a join names its instance and its address's limit key"})
		return
	}
	a := s.admitPeer(r, w.Pass, w.Keys[0])
	if a.code != "" {
		s.answer(m, clusterMsg{Op: opError, Code: a.code, Msg: a.msg})
		return
	}
	a.joins.tokens -= joinCost
	r.lastPeer++
	id := "p" + strconv.Itoa(r.lastPeer)
	stub := &client{srv: s, remote: &remotePeer{inst: w.Inst, room: r.code}, room: r, peerID: id, key: w.Keys[0], vouched: a.vouched}
	r.peers[id] = stub
	r.hadPeer = true
	s.metrics.joins.Inc()
	s.answer(m, clusterMsg{Op: opJoined, Room: r.code, ID: id, Away: r.host == nil, Epoch: r.epoch})
	s.dirtyLocked(r)
	if r.host != nil {
		r.host.peerJoined(id)
	}
}

// moveRoomLocked hands room r over to instance to, through which its host
// reclaimed it: the answer is the room's entry as it stands (its peers and
// where their sockets are) and the directory revision written last here, for
// the new home's take-over; the room is forgotten here, and the peers
// connected here stay, proxied.
func (s *Server) moveRoomLocked(cl *cluster, r *room, to string) clusterMsg {
	e := s.entryLocked(r)
	ans := clusterMsg{Op: opMoved, Room: r.code, Moved: &e, Rev: r.rev}
	for _, id := range r.peerIDs() {
		if p := r.peers[id]; p.remote == nil {
			p.room = &room{code: r.code, proxy: true}
			cl.proxyLocked(r.code, to, r.epoch+1, id, p)
		}
	}
	if old := r.host; old != nil {
		s.logLimited(old.key, slog.LevelWarn, "live host displaced by a reclaim on another instance", "room", r.code, "old_addr", old.addr)
		old.room = nil
		old.send(errorMessage(wire.CodeBadClaim, "the room was reclaimed by a newer connection"))
		old.shutdown(websocket.ClosePolicyViolation, "room reclaimed elsewhere")
	}
	r.stopGrace()
	s.forgetRoomLocked(r, false)
	s.logLimited(r.ownerKeys[0], slog.LevelInfo, "room moved to another instance", "room", r.code, "peers", len(e.Peers))
	return ans
}

// forgetRoomLocked takes r out of the rooms and of its owner's count; ended
// says the room is over (not moved), and its directory entry goes.
func (s *Server) forgetRoomLocked(r *room, ended bool) {
	if ended {
		s.endEntryLocked(r)
	} else if cl := s.cluster; cl != nil {
		delete(cl.dirty, r.code)
	}
	delete(s.rooms, r.code)
	s.roomsByKey.remove(r.ownerKeys)
}

// forward sends what the home has for stand-in client c to the instance
// holding its socket. Called with the server's mutex held.
func (s *Server) forward(c *client, op string, b []byte, status int, reason string) {
	if s.cluster == nil {
		return
	}
	w := clusterMsg{Op: op, Room: c.remote.room, ID: c.peerID, Data: b, Status: status, Msg: reason, Inst: s.cluster.id}
	if c.room != nil {
		w.Epoch = c.room.epoch
	}
	s.cluster.publish(toInstance(c.remote.inst), w)
}
