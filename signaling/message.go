package signaling

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Message types a client may send (field `t`).
const (
	TypeHost = "host"
	TypeJoin = "join"
	TypeTo   = "to"
	TypeBye  = "bye"
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
	// CodeUnavailable: an instance of a cluster has lost NATS (or another
	// instance did not answer); try again, perhaps through another instance.
	CodeUnavailable = "unavailable"
)

// Bounds on the routing fields; anything longer is certainly not something this
// server handed out, so it is refused before any lookup.
const (
	maxRoomFieldLen  = 32
	maxClaimFieldLen = 128
	maxIDFieldLen    = 16
)

// Message is one signaling message in either direction. Only the fields that
// belong to its type are set; Data is carried through untouched.
type Message struct {
	T     string          `json:"t"`
	Room  string          `json:"room,omitempty"`
	Claim string          `json:"claim,omitempty"`
	ID    string          `json:"id,omitempty"`
	Data  json.RawMessage `json:"data,omitempty"`
	Code  string          `json:"code,omitempty"`
	Msg   string          `json:"msg,omitempty"`
}

// ErrBadMessage is wrapped by every error DecodeMessage returns.
var ErrBadMessage = errors.New("bad message")

func badMessage(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadMessage, fmt.Sprintf(format, args...))
}

// DecodeMessage parses one client-to-server message and checks that it has the
// fields its type needs. Unknown fields are ignored so that newer clients can
// add some; the room code's alphabet is checked later, when it is looked up.
func DecodeMessage(b []byte) (Message, error) {
	trimmed := bytes.TrimLeft(b, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return Message{}, badMessage("a message must be one JSON object")
	}
	var m Message
	if err := json.Unmarshal(trimmed, &m); err != nil {
		return Message{}, badMessage("not valid JSON for a message: %v", err)
	}
	if len(m.Room) > maxRoomFieldLen {
		return Message{}, badMessage("room is too long")
	}
	if len(m.Claim) > maxClaimFieldLen {
		return Message{}, badMessage("claim is too long")
	}
	if len(m.ID) > maxIDFieldLen {
		return Message{}, badMessage("id is too long")
	}
	switch m.T {
	case TypeHost:
		if (m.Room == "") != (m.Claim == "") {
			return Message{}, badMessage(`reclaiming a room needs both "room" and "claim"`)
		}
	case TypeJoin:
		if m.Room == "" {
			return Message{}, badMessage(`"join" needs a "room"`)
		}
	case TypeTo:
		if len(m.Data) == 0 || string(m.Data) == "null" {
			return Message{}, badMessage(`"to" needs "data"`)
		}
	case TypeBye:
	case "":
		return Message{}, badMessage(`missing message type "t"`)
	default:
		return Message{}, badMessage("unknown message type %q", m.T)
	}
	return m, nil
}

func encode(m Message) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		// Only Data can fail to marshal, and it was validated JSON when it came in.
		panic(fmt.Sprintf("signaling: encoding a %q message: %v", m.T, err))
	}
	return b
}

// encodeFrom builds a `from` message around data without re-encoding it, so
// the recipient gets exactly the bytes the sender wrote (encoding/json would
// compact them and escape <, > and &).
func encodeFrom(id string, data json.RawMessage) []byte {
	quotedID, _ := json.Marshal(id)
	b := make([]byte, 0, len(data)+len(quotedID)+len(`{"t":"from","id":,"data":}`))
	b = append(b, `{"t":"from","id":`...)
	b = append(b, quotedID...)
	b = append(b, `,"data":`...)
	b = append(b, data...)
	return append(b, '}')
}

func errorMessage(code, text string) []byte {
	return encode(Message{T: TypeError, Code: code, Msg: text})
}
