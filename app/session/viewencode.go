package session

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// The host sends every seat its own view after every change: with 24 screens that is the
// host's main work per intent, and in the browser encoding/json costs far more than natively.
// These writers produce exactly the bytes json.Marshal gives (viewencode_test.go checks it),
// but encode what every seat shares once per change and never re-read a body that
// json.Marshal already made.

// appendEnvelope writes the envelope around body as json.Marshal(Envelope{...}) would. body
// must be compact JSON as json.Marshal writes it (it is not read again; Marshal would only
// compact it once more); t is one of the Type constants.
func appendEnvelope(dst []byte, t string, seq uint64, body []byte) []byte {
	dst = append(dst, `{"v":`...)
	dst = strconv.AppendInt(dst, ProtocolVersion, 10)
	dst = append(dst, `,"t":`...)
	dst = appendJSONString(dst, t)
	if seq != 0 {
		dst = append(dst, `,"seq":`...)
		dst = strconv.AppendUint(dst, seq, 10)
	}
	if len(body) > 0 {
		dst = append(dst, `,"body":`...)
		dst = append(dst, body...)
	}
	return append(dst, '}')
}

// appendJSONString writes s as a JSON string: plain ASCII letters, digits and dashes as they
// are (every type and code of this package), anything else through encoding/json.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			quoted, _ := json.Marshal(s) // a string always encodes
			return append(dst, quoted...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// viewEncoder writes the views of one change of state. The state, room and players are the
// same for every seat and are encoded once; each seat adds its number, its game part and its
// ack. A game part goes out as the table wrote it: Table.View returns compact JSON as
// json.Marshal writes it, and compacting it once more, which json.Marshal does with a
// json.RawMessage, was about a twentieth of the browser host's busy time per change at a
// table of 21 screens (make bench's evening, -host-profile).
type viewEncoder struct {
	state   []byte // `{"state":7,"room":"K7MPQ2","you":`
	players []byte // `,"players":[...]`
}

func newViewEncoder(state uint64, room string, players []Player) (*viewEncoder, error) {
	list, err := json.Marshal(players)
	if err != nil {
		return nil, fmt.Errorf("session: encoding the players: %w", err)
	}
	e := &viewEncoder{}
	e.state = append(e.state, `{"state":`...)
	e.state = strconv.AppendUint(e.state, state, 10)
	e.state = append(e.state, `,"room":`...)
	e.state = appendJSONString(e.state, room)
	e.state = append(e.state, `,"you":`...)
	e.players = append(e.players, `,"players":`...)
	e.players = append(e.players, list...)
	return e, nil
}

// body is the view of seat you, as json.Marshal(View{...}) writes it when game is compact
// (Table.View). waiting is only ever the host seat's.
func (e *viewEncoder) body(you int, game json.RawMessage, ack uint64, waiting []Knock) ([]byte, error) {
	b := make([]byte, 0, len(e.state)+len(e.players)+len(game)+48)
	b = append(b, e.state...)
	b = strconv.AppendInt(b, int64(you), 10)
	b = append(b, e.players...)
	if len(game) > 0 {
		b = append(b, `,"game":`...)
		b = append(b, game...)
	}
	if ack != 0 {
		b = append(b, `,"ack":`...)
		b = strconv.AppendUint(b, ack, 10)
	}
	if len(waiting) > 0 {
		list, err := json.Marshal(waiting)
		if err != nil {
			return nil, fmt.Errorf("session: encoding the waiting list: %w", err)
		}
		b = append(b, `,"waiting":`...)
		b = append(b, list...)
	}
	return append(b, '}'), nil
}
