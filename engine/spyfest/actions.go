package spyfest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"safehouse/engine"
)

// Action is one intent sent to Game.Apply. On the wire every action is a
// JSON object with a "kind" field (see DecodeAction).
type Action interface {
	Kind() string
}

// ChooseSpy names the Spy of the coming round (SX-RND-1). Any member of the
// active team may send it.
type ChooseSpy struct {
	Round int         `json:"round"`
	Spy   engine.Seat `json:"spy"`
}

// Draw is the Spy drawing the character and keyword cards (SX-RND-3).
type Draw struct {
	Round int `json:"round"`
}

// Keep is the Spy keeping one of the drawn characters (SX-RC-5, SX-ACT-4).
type Keep struct {
	Round     int    `json:"round"`
	Character string `json:"character"`
}

// Stop stops the game for an attempt (SX-GUESS-1).
type Stop struct {
	Round int `json:"round"`
}

// Guess submits a team's guess in an attempt's window (SX-GUESS-2): one name,
// or two when the team plays "two guesses" (SX-ACT-2). Names are character
// IDs, or keyword IDs in a reverse round (SX-RC-8).
type Guess struct {
	Round   int      `json:"round"`
	Attempt int      `json:"attempt"`
	Names   []string `json:"names"`
}

// StartIdle starts the 1-minute idle timer (SX-GUESS-6).
type StartIdle struct {
	Round int `json:"round"`
}

// CancelIdle cancels the idle timer when the Spy speaks again (SX-GUESS-6).
type CancelIdle struct {
	Round int `json:"round"`
}

// Play plays an action card of the sender's team (SX-ACT). "Two guesses" is
// played by a Guess with two names instead.
type Play struct {
	Round int  `json:"round"`
	Card  Card `json:"card"`
}

// Answer is the Spy's Yes or No to an "ask the Spy" card (SX-ACT-1).
type Answer struct {
	Round int  `json:"round"`
	Yes   bool `json:"yes"`
}

// CrossQuarter is the Spy's choice of quarter after SX-ACT-3.
type CrossQuarter struct {
	Round   int `json:"round"`
	Quarter int `json:"quarter"`
}

// Mark sets a team note on a character or keyword (SX-RND-6): MarkMaybe,
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

// Tick lets time pass: expired windows and timers take effect. Anyone,
// the host included, may send it.
type Tick struct{}

// Join adds a late joiner to a team between rounds (APP-LOBBY-1); host only.
type Join struct {
	Seat engine.Seat `json:"seat"`
	Team int         `json:"team"`
}

// Kick removes a seat; mid-round it is absent from then on, and if it was
// the Spy the round is voided (APP-LOBBY-2); host only.
type Kick struct {
	Seat engine.Seat `json:"seat"`
}

// End ends the game at once with no winner; host only.
type End struct{}

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
func (Tick) Kind() string         { return "tick" }
func (Join) Kind() string         { return "join" }
func (Kick) Kind() string         { return "kick" }
func (End) Kind() string          { return "end" }

var actionKinds = map[string]func() Action{
	"choose_spy":    func() Action { return &ChooseSpy{} },
	"draw":          func() Action { return &Draw{} },
	"keep":          func() Action { return &Keep{} },
	"stop":          func() Action { return &Stop{} },
	"guess":         func() Action { return &Guess{} },
	"idle_start":    func() Action { return &StartIdle{} },
	"idle_cancel":   func() Action { return &CancelIdle{} },
	"play":          func() Action { return &Play{} },
	"answer":        func() Action { return &Answer{} },
	"cross_quarter": func() Action { return &CrossQuarter{} },
	"note":          func() Action { return &Note{} },
	"tick":          func() Action { return &Tick{} },
	"join":          func() Action { return &Join{} },
	"kick":          func() Action { return &Kick{} },
	"end":           func() Action { return &End{} },
}

// EncodeAction writes an action in its wire form, {"kind":...,...}.
func EncodeAction(a Action) ([]byte, error) {
	if a == nil {
		return nil, fmt.Errorf("spyfest: no action to encode")
	}
	body, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	kind, _ := json.Marshal(a.Kind())
	if bytes.Equal(body, []byte("{}")) {
		return []byte(`{"kind":` + string(kind) + `}`), nil
	}
	return append([]byte(`{"kind":`+string(kind)+`,`), body[1:]...), nil
}

// DecodeAction reads an action in its wire form. Unknown kinds, unknown
// fields and malformed JSON are refused with engine.ErrInvalidAction.
func DecodeAction(data []byte) (Action, error) {
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, engine.Refuse(engine.ErrInvalidAction, "", "malformed action: %v", err)
	}
	newAction, ok := actionKinds[head.Kind]
	if !ok {
		return nil, engine.Refuse(engine.ErrInvalidAction, "", "unknown action kind %q", head.Kind)
	}
	ptr := newAction()
	// Decode the body without the kind field, refusing fields that do not belong.
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, engine.Refuse(engine.ErrInvalidAction, "", "malformed action: %v", err)
	}
	delete(fields, "kind")
	body, _ := json.Marshal(fields)
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(ptr); err != nil {
		return nil, engine.Refuse(engine.ErrInvalidAction, "", "malformed %s action: %v", head.Kind, err)
	}
	return deref(ptr), nil
}

func deref(a Action) Action {
	switch p := a.(type) {
	case *ChooseSpy:
		return *p
	case *Draw:
		return *p
	case *Keep:
		return *p
	case *Stop:
		return *p
	case *Guess:
		return *p
	case *StartIdle:
		return *p
	case *CancelIdle:
		return *p
	case *Play:
		return *p
	case *Answer:
		return *p
	case *CrossQuarter:
		return *p
	case *Note:
		return *p
	case *Tick:
		return *p
	case *Join:
		return *p
	case *Kick:
		return *p
	case *End:
		return *p
	}
	return a
}
