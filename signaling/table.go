package signaling

import (
	"encoding/json"

	"safehouse/wire"
)

// The table's own line: while a room's host is away, its peers may write to each other, one
// peer by its id or every other peer with wire.AllPeers. A game whose host's device is gone
// uses it to agree on who continues it (app/session, the takeover); the data is opaque here
// like every relayed datum, and whatever the peers say to each other is theirs to protect.
// Once the host is back, a peer writes to the host alone again.

// peerToPeer carries a peer's data to other peers of its room while the host is away. Called
// with the mutex held.
func (s *Server) peerToPeer(c *client, r *room, m wire.Message) {
	if r.host != nil {
		s.refuse(c, wire.CodeUnknownPeer, "peers can only write to the host while it is there")
		return
	}
	s.tableDeliverLocked(c, r, c.peerID, m.ID, m.Data)
}

// tableDeliverLocked delivers data from peer fromID to peer to, or to every other peer. sender
// is the peer's socket when it is on this instance (nil when it came through another
// instance, which has no answer to hear): it is told of an unknown peer and of a budget
// spent, and pays for every copy of a broadcast beyond the first, which relay took.
func (s *Server) tableDeliverLocked(sender *client, r *room, fromID, to string, data json.RawMessage) {
	var targets []*client
	switch p := r.peers[to]; {
	case to == wire.AllPeers:
		for id, p := range r.peers {
			if id != fromID {
				targets = append(targets, p)
			}
		}
	case p != nil && to != fromID:
		targets = append(targets, p)
	default:
		if sender != nil {
			s.refuse(sender, wire.CodeUnknownPeer, "no such peer in this room")
		}
		return
	}
	if sender != nil && len(targets) > 1 && !sender.relayBudget.take(int64(len(data))*int64(len(targets)-1), s.cfg.Now()) {
		s.refuse(sender, wire.CodeRateLimited, "too much data too fast; slow down")
		return
	}
	b := encodeFrom(fromID, data)
	for _, p := range targets {
		if !p.relay(fromID, b) {
			if sender != nil {
				s.refuse(sender, wire.CodeRateLimited, "a peer is not keeping up; send again later")
			}
			continue
		}
		s.counters.relayed++
		s.metrics.relayBytes.Add(float64(len(b)))
	}
}
