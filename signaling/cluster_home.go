package signaling

import (
	"encoding/json"
	"log/slog"
	"strconv"
	"strings"

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
	if err := decodeWire(m.Data, &w); err != nil {
		cl.dropped.WithLabelValues(dropMalformed).Inc()
		return
	}
	if len(w.Data) > s.maxClusterData() {
		cl.dropped.WithLabelValues(dropOversized).Inc()
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if isRecord(m) {
		s.fromRecordsLocked(cl, w)
	} else if m.Subject == subjectFailures {
		s.fromFailuresLocked(cl, w)
	} else if code, ok := strings.CutPrefix(m.Subject, subjectRoomPrefix); ok {
		s.forRoomLocked(cl, m, code, w)
	} else {
		s.forPeerLocked(cl, w)
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
func (s *Server) forRoomLocked(cl *cluster, m *nats.Msg, code string, w clusterMsg) {
	r := s.rooms[code]
	if r == nil || w.Room != code || cl.rooms[code] == nil || s.closed {
		cl.dropped.WithLabelValues(dropWrongRoom).Inc()
		if w.Op == opJoin || w.Op == opReclaim {
			s.answer(m, clusterMsg{Op: opError, Code: wire.CodeUnknownRoom})
		}
		return
	}
	switch w.Op {
	case opProbe:
		s.answer(m, clusterMsg{Op: opProbe, Room: code})
	case opJoin:
		s.remoteJoinLocked(m, r, w)
	case opReclaim:
		if !claimMatches(w.Claim, r.claim) {
			s.logLimited("instance "+w.Inst, slog.LevelInfo, "reclaim refused", "reason", "bad claim", "room", r.code, "via", w.Inst)
			s.answer(m, clusterMsg{Op: opError, Code: wire.CodeBadClaim})
			return
		}
		s.answer(m, s.moveRoomLocked(cl, r))
	case opTo, opLeave:
		p := r.peers[w.ID]
		if p == nil || p.remote == nil || p.remote.inst != w.Inst {
			cl.dropped.WithLabelValues(dropWrongPeer).Inc()
			return
		}
		if w.Op == opLeave {
			delete(r.peers, w.ID)
			p.room = nil
			if r.host != nil {
				r.host.peerLeft(w.ID)
			}
			s.recordLocked(r, false)
			return
		}
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
		if r.host != nil {
			b := encodeFrom(w.ID, w.Data)
			if r.host.relay(w.ID, b) {
				s.counters.relayed++
				s.metrics.relayBytes.Add(float64(len(b)))
			}
		}
	default:
		cl.dropped.WithLabelValues(dropMalformed).Inc()
	}
}

// remoteJoinLocked places a peer of another instance in room r, with the
// room's own limits; the address limits were that instance's to check.
func (s *Server) remoteJoinLocked(m *nats.Msg, r *room, w clusterMsg) {
	if len(w.Keys) != 1 || len(w.Keys[0]) == 0 || len(w.Keys[0]) > 64 {
		s.answer(m, clusterMsg{Op: opError, Code: wire.CodeBadMessage, Msg: "a join names its address's limit key"})
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
	s.answer(m, clusterMsg{Op: opJoined, Room: r.code, ID: id, Away: r.host == nil})
	s.recordLocked(r, false)
	if r.host != nil {
		r.host.peerJoined(id)
	}
}

// moveRoomLocked hands room r over to the instance its host reclaimed it
// through: the answer lists its peers and where their sockets are, the room
// is forgotten here, and the peers connected here stay, proxied.
func (s *Server) moveRoomLocked(cl *cluster, r *room) clusterMsg {
	ans := clusterMsg{Op: opMoved, Room: r.code, LastPeer: r.lastPeer, HadPeer: r.hadPeer, Epoch: r.epoch, Gate: r.gate, Blocked: r.blocked}
	for _, id := range r.peerIDs() {
		p := r.peers[id]
		if p.remote != nil {
			ans.Peers = append(ans.Peers, wirePeer{ID: id, Inst: p.remote.inst, Key: p.key, Vouched: p.vouched})
			continue
		}
		ans.Peers = append(ans.Peers, wirePeer{ID: id, Inst: cl.id, Key: p.key, Vouched: p.vouched})
		p.room = &room{code: r.code, proxy: true}
		cl.proxyLocked(r.code, id, p)
	}
	if old := r.host; old != nil {
		s.logLimited(old.key, slog.LevelWarn, "live host displaced by a reclaim on another instance", "room", r.code, "old_addr", old.addr)
		old.room = nil
		old.send(errorMessage(wire.CodeBadClaim, "the room was reclaimed by a newer connection"))
		old.shutdown(websocket.ClosePolicyViolation, "room reclaimed elsewhere")
	}
	r.stopGrace()
	s.forgetRoomLocked(r, false)
	s.logLimited(r.ownerKeys[0], slog.LevelInfo, "room moved to another instance", "room", r.code, "peers", len(ans.Peers))
	return ans
}

// forgetRoomLocked takes r out of the rooms and of its owner's count; ended
// says the room is over (not moved), which the other instances are told.
func (s *Server) forgetRoomLocked(r *room, ended bool) {
	if ended {
		s.recordLocked(r, true)
	}
	delete(s.rooms, r.code)
	s.roomsByKey.remove(r.ownerKeys)
	s.unhomeRoomLocked(r.code)
}

func (cl *cluster) proxyLocked(code, id string, c *client) {
	if cl.proxied[code] == nil {
		cl.proxied[code] = make(map[string]*client)
	}
	cl.proxied[code][id] = c
}

func (cl *cluster) unproxyLocked(code, id string) {
	delete(cl.proxied[code], id)
	if len(cl.proxied[code]) == 0 {
		delete(cl.proxied, code)
	}
}

// forward sends what the home has for stand-in client c to the instance
// holding its socket. Called with the server's mutex held.
func (s *Server) forward(c *client, op string, b []byte, status int, reason string) {
	if s.cluster == nil {
		return
	}
	s.cluster.publish(subjectInstPrefix+c.remote.inst, clusterMsg{Op: op, Room: c.remote.room, ID: c.peerID, Data: b, Status: status, Msg: reason})
}
