package session

import (
	"fmt"
	"time"
)

// The planned handoff: the host asks one seated device to take the game, stops
// taking actions once it says yes, sends it the whole HostState over their channel, and forgets
// the state only once that device holds the room at the signaling server. PROTOCOL.md, "The
// game outlives its host", has the messages; handoff_host.go is the host's side,
// handoff_player.go the receiving device's.

// Envelope types of the handoff.
const (
	TypeHandoffAsk    = "handoff-ask"    // host -> player: will you take the game? {"id"}
	TypeHandoffAnswer = "handoff-answer" // player -> host: {"id","yes"} (or, after the state, "no" with why)
	TypeHandoffState  = "handoff-state"  // host -> player: one part of the HostState {"id","part","parts","now","data"}
	TypeHandoffTaken  = "handoff-taken"  // player -> host: the room is mine now {"id"}
	TypeHandoffCancel = "handoff-cancel" // host -> player: the handoff is off {"id","msg"}
)

// Codes of the handoff.
const (
	// CodeHostMoved closes every connection of a host that handed its game over: the client
	// reconnects at once, and finds the new host under the same room code.
	CodeHostMoved = "host-moved"
	// CodeNoHandoff refuses a handoff answer or "taken" that belongs to no handoff under way
	// (a replayed or late one, another seat's): nothing changes.
	CodeNoHandoff = "no-handoff"
)

// HandoffAsk is the body of handoff-ask, and what Update.HandOff tells the asked player.
type HandoffAsk struct {
	ID string `json:"id"`
}

// handoffAnswer is the body of handoff-answer.
type handoffAnswer struct {
	ID  string `json:"id"`
	Yes bool   `json:"yes"`
	Msg string `json:"msg,omitempty"` // why not, when the state came and could not be taken
}

// handoffPart is the body of handoff-state: the encoded HostState travels in parts, each
// under the message cap.
type handoffPart struct {
	ID    string `json:"id"`
	Part  int    `json:"part"`
	Parts int    `json:"parts"`
	Now   int64  `json:"now"` // the game's clock when the host stopped, Unix ms
	Data  []byte `json:"data"`
}

// handoffID is the body of handoff-taken and handoff-cancel.
type handoffID struct {
	ID  string `json:"id"`
	Msg string `json:"msg,omitempty"`
}

// partBytes is how much of a HostState one handoff-state carries: base64 makes it 4/3 as
// long, which stays under MaxMessageBytes with its envelope.
const partBytes = 16 << 10

// maxParts bounds the parts of one state, as DecodeHostState bounds the state.
const maxParts = maxHostStateBytes / partBytes

// How long each side of a handoff waits.
const (
	// handoffAskWait is how long a host waits for the asked player's yes, unless its ctx
	// ends first: a person has to read the question and press.
	handoffAskWait = 60 * time.Second
	// handoffTakeWait is how long the asked device may take to get the room after the state
	// arrived; the host waits twice as long for its "taken" before it takes the game back.
	handoffTakeWait = 10 * time.Second
)

// HandedOver is where the game went after a handoff: the same room, the same invite secret,
// and the token of the seat the old host's device had, to come back as an ordinary player
// (Options.Token with Join).
type HandedOver struct {
	Room, Secret, Token string
}

// handoffParts cuts an encoded HostState into handoff-state bodies.
func handoffParts(id string, now int64, data []byte) ([]handoffPart, error) {
	n := (len(data) + partBytes - 1) / partBytes
	if n == 0 || n > maxParts {
		return nil, fmt.Errorf("session: a state of %d bytes cannot be handed over", len(data))
	}
	parts := make([]handoffPart, n)
	for i := range parts {
		end := min((i+1)*partBytes, len(data))
		parts[i] = handoffPart{ID: id, Part: i, Parts: n, Now: now, Data: data[i*partBytes : end]}
	}
	return parts, nil
}

// gameClock is the game's clock on a device whose clock is offset ms behind the game's: a
// game handed over or taken over keeps the old host's time, so its deadlines stay where
// they were.
func gameClock(offset int64) func() time.Time {
	if offset == 0 {
		return time.Now
	}
	d := time.Duration(offset) * time.Millisecond
	return func() time.Time { return time.Now().Add(d) }
}

// GameClock is the clock a Table restored from st must run on (HostState.Clock).
func (st HostState) GameClock() func() time.Time { return gameClock(st.Clock) }
