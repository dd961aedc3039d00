package wire

import "encoding/json"

// Message is one signaling message in either direction (signaling/PROTOCOL.md, version 1).
// Only the fields that belong to its type are set; Data is carried through untouched.
type Message struct {
	T     string          `json:"t"`
	Room  string          `json:"room,omitempty"` // host: with Claim, the room reclaimed; without, the code proposed for a new one
	Claim string          `json:"claim,omitempty"`
	ID    string          `json:"id,omitempty"`
	Data  json.RawMessage `json:"data,omitempty"`
	Code  string          `json:"code,omitempty"`
	Msg   string          `json:"msg,omitempty"`
	Gate  string          `json:"gate,omitempty"` // host: the room's InviteGate, with host
	Pass  string          `json:"pass,omitempty"` // peer: its InvitePass, with join
}

// Message types a client may send (field `t`).
const (
	TypeHost = "host"
	TypeJoin = "join"
	TypeTo   = "to"
	TypeBye  = "bye"
	// TypeAdmit and TypeBlock are the host's word on one of its peers (ID): admit, the
	// host seated it, so it no longer counts as a stranger knocking; block, the host
	// turned it away: the server closes it and lets nobody from its address join the
	// room again without a pass.
	TypeAdmit = "admit"
	TypeBlock = "block"
)

// Message types the server sends.
const (
	TypeHosted   = "hosted"
	TypeJoined   = "joined"
	TypePeer     = "peer"
	TypeLeft     = "left"
	TypeFrom     = "from"
	TypeHostAway = "host-away"
	TypeHostBack = "host-back"
	TypeError    = "error"
)

// HostID is the id under which a peer sees the messages of its room's host.
const HostID = "host"

// AllPeers, as the id of a peer's `to` while its room's host is away, sends to every other
// peer of the room (the table's own line, for a takeover of the game).
const AllPeers = "*"

// Error codes of the `error` message, stable for clients to act on.
const (
	CodeBadMessage    = "bad-message"
	CodeTooLarge      = "too-large"
	CodeUnknownRoom   = "unknown-room"
	CodeRoomFull      = "room-full"
	CodeBadClaim      = "bad-claim"
	CodeNotInRoom     = "not-in-room"
	CodeUnknownPeer   = "unknown-peer"
	CodeRateLimited   = "rate-limited"
	CodeAlreadyInRoom = "already-in-room"
	// CodeBlocked: the room's host turned this connection (or its address) away.
	CodeBlocked = "blocked"
	// CodeUnavailable: an instance of a cluster has lost NATS (or another
	// instance did not answer); try again, perhaps through another instance.
	CodeUnavailable = "unavailable"
)
