package spyfest

import "safehouse/engine"

// Action is one intent sent to Game.Apply (engine.Action). On the wire every
// action is a JSON object with a "kind" field (see DecodeAction).
type Action = engine.Action

// ChooseSpy names the Spy of the coming round. Any member of the
// active team may send it.
type ChooseSpy struct {
	Round int         `json:"round"`
	Spy   engine.Seat `json:"spy"`
}

// Draw is the Spy drawing the character and keyword cards.
type Draw struct {
	Round int `json:"round"`
}

// Keep is the Spy keeping one of the drawn characters (a carpet card or "two characters" drew several).
type Keep struct {
	Round     int    `json:"round"`
	Character string `json:"character"`
}

// Stop stops the game for an attempt.
type Stop struct {
	Round int `json:"round"`
}

// Guess submits a team's guess in an attempt's window: one name, or two when
// the team plays "two guesses". Names are character IDs, or keyword IDs in a
// reverse round.
type Guess struct {
	Round   int      `json:"round"`
	Attempt int      `json:"attempt"`
	Names   []string `json:"names"`
}

// StartIdle starts the 1-minute idle timer.
type StartIdle struct {
	Round int `json:"round"`
}

// CancelIdle cancels the idle timer when the Spy speaks again.
type CancelIdle struct {
	Round int `json:"round"`
}

// Play plays an action card of the sender's team. "Two guesses" is
// played by a Guess with two names instead.
type Play struct {
	Round int  `json:"round"`
	Card  Card `json:"card"`
}

// Answer is the Spy's Yes or No to an "ask the Spy" card.
type Answer struct {
	Round int  `json:"round"`
	Yes   bool `json:"yes"`
}

// CrossQuarter is the Spy's choice of quarter after "cross out a quarter".
type CrossQuarter struct {
	Round   int `json:"round"`
	Quarter int `json:"quarter"`
}

// Mark sets a team note on a character or keyword: MarkMaybe,
// MarkMinus, MarkCross, or MarkNone to clear it.
type Mark string

// The team note marks.
const (
	MarkNone  Mark = ""
	MarkMaybe Mark = "?"
	MarkMinus Mark = "-"
	MarkCross Mark = "x"
)

// Note sets the sender's team note on one entry of the sheets.
type Note struct {
	Round int    `json:"round"`
	ID    string `json:"id"`
	Mark  Mark   `json:"mark"`
}

func (ChooseSpy) Kind() string    { return "choose_spy" }
func (Draw) Kind() string         { return "draw" }
func (Keep) Kind() string         { return "keep" }
func (Stop) Kind() string         { return "stop" }
func (Guess) Kind() string        { return "guess" }
func (StartIdle) Kind() string    { return "idle_start" }
func (CancelIdle) Kind() string   { return "idle_cancel" }
func (Play) Kind() string         { return "play" }
func (Answer) Kind() string       { return "answer" }
func (CrossQuarter) Kind() string { return "cross_quarter" }
func (Note) Kind() string         { return "note" }

// codec knows Spyfest's own actions and the seat moves every game shares (engine.SeatMoves),
// all three the host's only: engine.HostAddSeat puts a late joiner in a team between rounds
// (its Name is not kept), engine.HostRemoveSeat takes a seat out of its team (mid-round it is
// absent from then on, and if it was the Spy the round is voided), engine.HostEndGame ends
// the game at once with no winner.
var codec = engine.NewCodec("spyfest", append([]Action{
	ChooseSpy{}, Draw{}, Keep{}, Stop{}, Guess{}, StartIdle{}, CancelIdle{}, Play{}, Answer{},
	CrossQuarter{}, Note{},
}, engine.SeatMoves()...)...)

// EncodeAction writes an action in its wire form, {"kind":...,...} (engine.Codec).
func EncodeAction(a Action) ([]byte, error) { return codec.Encode(a) }

// DecodeAction reads an action in its wire form, strictly (engine.Codec): unknown kinds,
// missing or unknown fields and malformed JSON are refused with engine.ErrInvalidAction.
func DecodeAction(data []byte) (Action, error) { return codec.Decode(data) }
