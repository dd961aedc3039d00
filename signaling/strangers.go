package signaling

import (
	"log/slog"
	"slices"

	"github.com/gorilla/websocket"

	"safehouse/wire"
)

// A room code is read aloud at the table, so anyone near it can join: without
// more, 32 idle connections filled a room (room-full for the real players)
// and spent its joins for a minute. The host registers its room's invite gate
// (wire.InviteGate) and an invited player shows its pass (wire.InvitePass), so
// the server tells invited players from strangers without knowing the secret.
// Strangers (no pass: a typed code, a guess) get a small quota of their own in
// each room, places and joins a minute, which invited players never compete
// for: an invited player always gets in. The host, who sees each stranger
// knock, tells the server its word: admit (seated: no longer a stranger) or
// block (closed, and its address may not come back without a pass). A room
// whose host registered no gate (an older app) counts everyone as invited.

// maxBlocked bounds the addresses one room remembers as blocked; the oldest
// are forgotten first.
const maxBlocked = 64

// knockJoinsPerPlace is how many joins a minute strangers get per place of
// their quota.
const knockJoinsPerPlace = 2

// admission is what a room says to one join.
type admission struct {
	vouched bool         // an invited player (or a room without a gate): not a stranger
	joins   *tokenBucket // the room's joins it takes one from, once its address's limits let it in
	code    string       // "" to let it in, else the refusal's error code
	msg     string       // the refusal's sentence for people
	reason  string       // the refusal's reason for the log
}

// admitPeer decides on a join of room r by a client showing pass, whose
// address has limit key key; the caller takes the join (joinCost) from
// admission.joins once it lets the client in. Called with the mutex held.
func (s *Server) admitPeer(r *room, pass, key string) admission {
	vouched := r.gate == "" || wire.PassOpens(pass, r.gate)
	invited, strangers := r.headcount()
	bucket := &r.joins
	switch {
	case vouched && invited >= s.cfg.PeersPerRoom:
		return admission{code: wire.CodeRoomFull, msg: "this room is full", reason: "room full"}
	case !vouched && slices.Contains(r.blocked, key):
		return admission{code: wire.CodeBlocked, msg: "the host of this room turned this address away; ask the host for the invite link", reason: "blocked by the host"}
	case !vouched && strangers >= s.cfg.KnocksPerRoom:
		return admission{code: wire.CodeRoomFull, msg: "this room takes no more players without its invite link right now; ask the host for the link", reason: "strangers' places full"}
	case !vouched:
		bucket = &r.knockJoins
	}
	bucket.refill(s.cfg.Now())
	if bucket.tokens < joinCost {
		return admission{code: wire.CodeRateLimited, msg: "too many joins to this room; wait a moment", reason: "too many joins to this room"}
	}
	return admission{vouched: vouched, joins: bucket}
}

// headcount counts the room's invited peers and its strangers.
func (r *room) headcount() (invited, strangers int) {
	for _, p := range r.peers {
		if p.vouched {
			invited++
		} else {
			strangers++
		}
	}
	return invited, strangers
}

// hostsWord acts on the host's admit or block of its peer m.ID. Called with
// the mutex held.
func (s *Server) hostsWord(c *client, m wire.Message) {
	r := c.room
	if r == nil || r.host != c || r.proxy {
		s.refuse(c, wire.CodeNotInRoom, "only a room's host can admit or block its peers")
		return
	}
	p := r.peers[m.ID]
	if p == nil && m.T == wire.TypeBlock {
		if key, ok := r.departedKey(m.ID); ok {
			r.block(key)
			s.logLimited(c.key, slog.LevelInfo, "peer blocked by its host after it left", "room", r.code, "peer", m.ID)
			s.dirtyLocked(r)
			return
		}
	}
	if p == nil {
		s.refuse(c, wire.CodeUnknownPeer, "no such peer in this room")
		return
	}
	if m.T == wire.TypeAdmit {
		p.vouched = true
		s.dirtyLocked(r)
		return
	}
	r.block(p.key)
	s.logLimited(c.key, slog.LevelInfo, "peer blocked by its host", "room", r.code, "peer", m.ID, "addr", p.addr)
	delete(r.peers, m.ID)
	p.room = nil
	s.dirtyLocked(r)
	c.peerLeft(m.ID)
	s.refuse(p, wire.CodeBlocked, "the host did not let you in")
	p.shutdown(websocket.ClosePolicyViolation, "blocked by the host")
}

// maxDeparted bounds the strangers a room remembers after they left.
const maxDeparted = 8

// departedStranger is a stranger that left the room: the host's block for it may come after
// it, since the host turns a knock away over their direct channel and tells this server
// beside it, and the stranger, told first, may have closed its socket already.
type departedStranger struct {
	id, key string
}

// strangerLeft remembers p, which left r, if it was a stranger (only a knock is turned away).
func (r *room) strangerLeft(p *client) {
	if p.vouched {
		return
	}
	if len(r.departed) >= maxDeparted {
		r.departed = slices.Delete(r.departed, 0, 1)
	}
	r.departed = append(r.departed, departedStranger{id: p.peerID, key: p.key})
}

// departedKey is the limit key of the stranger id that left r lately.
func (r *room) departedKey(id string) (string, bool) {
	for _, d := range r.departed {
		if d.id == id {
			return d.key, true
		}
	}
	return "", false
}

// block remembers key as turned away by the host.
func (r *room) block(key string) {
	if slices.Contains(r.blocked, key) {
		return
	}
	if len(r.blocked) >= maxBlocked {
		r.blocked = slices.Delete(r.blocked, 0, 1)
	}
	r.blocked = append(r.blocked, key)
}
