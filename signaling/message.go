package signaling

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"safehouse/wire"
)

// Bounds on the routing fields; anything longer is certainly not something this
// server handed out, so it is refused before any lookup.
const (
	maxRoomFieldLen  = 32
	maxClaimFieldLen = 128
	maxIDFieldLen    = 16
	maxPassFieldLen  = 64 // a pass or a gate: wire.PassLen
)

// ErrBadMessage is wrapped by every error DecodeMessage returns.
var ErrBadMessage = errors.New("bad message")

func badMessage(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadMessage, fmt.Sprintf(format, args...))
}

// DecodeMessage parses one client-to-server message and checks that it has the
// fields its type needs. Unknown fields are ignored so that newer clients can
// add some. The code of a join or a reclaim is checked later, when it is
// looked up: a malformed one is answered as any unknown code, a failed join.
// A code a host proposes for its new room is never looked up as a guess, and
// came from wire.NewRoomCode: a malformed one is a malformed message.
func DecodeMessage(b []byte) (wire.Message, error) {
	trimmed := bytes.TrimLeft(b, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return wire.Message{}, badMessage("a message must be one JSON object")
	}
	var m wire.Message
	if err := json.Unmarshal(trimmed, &m); err != nil {
		return wire.Message{}, badMessage("not valid JSON for a message: %v", err)
	}
	if len(m.Room) > maxRoomFieldLen {
		return wire.Message{}, badMessage("room is too long")
	}
	if len(m.Claim) > maxClaimFieldLen {
		return wire.Message{}, badMessage("claim is too long")
	}
	if len(m.ID) > maxIDFieldLen {
		return wire.Message{}, badMessage("id is too long")
	}
	if len(m.Gate) > maxPassFieldLen || len(m.Pass) > maxPassFieldLen {
		return wire.Message{}, badMessage("gate or pass is too long")
	}
	switch m.T {
	case wire.TypeHost:
		if m.Claim != "" && m.Room == "" {
			return wire.Message{}, badMessage(`reclaiming a room needs both "room" and "claim"`)
		}
		if _, ok := wire.CanonicalRoomCode(m.Room); m.Room != "" && m.Claim == "" && !ok {
			return wire.Message{}, badMessage("the proposed room code is malformed")
		}
	case wire.TypeJoin:
		if m.Room == "" {
			return wire.Message{}, badMessage(`"join" needs a "room"`)
		}
	case wire.TypeTo:
		if len(m.Data) == 0 || string(m.Data) == "null" {
			return wire.Message{}, badMessage(`"to" needs "data"`)
		}
	case wire.TypeAdmit, wire.TypeBlock:
		if m.ID == "" {
			return wire.Message{}, badMessage(`%q needs the peer's "id"`, m.T)
		}
	case wire.TypeBye:
	case "":
		return wire.Message{}, badMessage(`missing message type "t"`)
	default:
		return wire.Message{}, badMessage("unknown message type %q", m.T)
	}
	return m, nil
}

func encode(m wire.Message) []byte {
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
	return encode(wire.Message{T: wire.TypeError, Code: code, Msg: text})
}
