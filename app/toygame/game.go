package toygame

import (
	"encoding/json"
	"fmt"
	"slices"

	"safehouse/engine"
)

// Config is a toy game's settings: the largest number (10 by default) and the seed of the
// number drawn (the room fills it in at start).
type Config struct {
	Max  int    `json:"max"`
	Seed uint64 `json:"seed"`
}

// Guess is the seat in turn guessing Number at turn Turn (stale once the turn has passed).
type Guess struct {
	Turn   int `json:"turn"`
	Number int `json:"number"`
}

func (Guess) Kind() string { return "guess" }

var codec = engine.NewCodec("toy", append([]engine.Action{Guess{}}, engine.SeatMoves()...)...)

// Tried is one guess and its answer: -1 higher, 1 lower, 0 right.
type Tried struct {
	Seat   engine.Seat `json:"seat"`
	Number int         `json:"number"`
	Answer int         `json:"answer"`
}

// View is what a seat sees: everything but the number, until it is guessed.
type View struct {
	Seat   engine.Seat   `json:"seat"`
	Max    int           `json:"max"`
	Seats  []engine.Seat `json:"seats"` // in turn order
	Turn   int           `json:"turn"`
	InTurn engine.Seat   `json:"in_turn"`
	Tries  []Tried       `json:"tries"`
	Winner engine.Seat   `json:"winner"`
	Over   bool          `json:"over"`
}

// stateVersion is the version of state's saved form ("v").
const stateVersion = 1

// state is the whole game, saved as it is.
type state struct {
	Version int           `json:"v"`
	Max     int           `json:"max"`
	Number  int           `json:"number"`
	Seats   []engine.Seat `json:"seats"`
	Turn    int           `json:"turn"`
	Tries   []Tried       `json:"tries"`
	Winner  engine.Seat   `json:"winner"`
	Over    bool          `json:"over"`
}

// Game is one game of guess the number.
type Game struct{ s state }

var _ engine.Game = (*Game)(nil)

// New draws the number for seats 0..seats-1, who guess in that order.
func New(c Config, seats int) (*Game, error) {
	switch {
	case c.Max < 2 || c.Max > 100:
		return nil, engine.Refuse(engine.ErrBadConfig, "", "numbers from 1 to %d: choose 2 to 100", c.Max)
	case seats < 1:
		return nil, engine.Refuse(engine.ErrBadConfig, "", "nobody to guess")
	}
	g := &Game{state{Version: stateVersion, Max: c.Max, Number: 1 + engine.NewRand(c.Seed).IntN(c.Max), Winner: engine.NoSeat}}
	for s := range seats {
		g.s.Seats = append(g.s.Seats, engine.Seat(s))
	}
	return g, nil
}

func (g *Game) inTurn() engine.Seat { return g.s.Seats[g.s.Turn%len(g.s.Seats)] }

// Apply: a seat guesses in turn; the host seats, removes and ends.
func (g *Game) Apply(seat engine.Seat, a engine.Action, _ engine.Instant) error {
	if g.s.Over {
		return engine.Refuse(engine.ErrGameOver, "", "the number was found")
	}
	if engine.HostOnly(a) && seat != engine.Host {
		return engine.Refuse(engine.ErrForbidden, "", "only the host may do that")
	}
	switch a := a.(type) {
	case Guess:
		return g.guess(seat, a)
	case engine.HostAddSeat:
		if slices.Contains(g.s.Seats, a.Seat) || a.Seat < 0 {
			return engine.Refuse(engine.ErrAlreadyDone, "", "seat %d is at the table", a.Seat)
		}
		g.s.Seats = append(g.s.Seats, a.Seat)
	case engine.HostRemoveSeat:
		i := slices.Index(g.s.Seats, a.Seat)
		if i < 0 {
			return engine.Refuse(engine.ErrNoSuchSeat, "", "seat %d is not at the table", a.Seat)
		}
		if len(g.s.Seats) == 1 {
			g.s.Over = true
		}
		g.s.Seats = slices.Delete(g.s.Seats, i, i+1)
	case engine.HostEndGame:
		g.s.Over = true
	default:
		return engine.Refuse(engine.ErrInvalidAction, "", "%q is no move of this game", a.Kind())
	}
	return nil
}

func (g *Game) guess(seat engine.Seat, a Guess) error {
	switch {
	case a.Turn != g.s.Turn:
		return engine.Refuse(engine.ErrStale, "", "turn %d is over", a.Turn)
	case seat != g.inTurn():
		return engine.Refuse(engine.ErrNotYourTurn, "", "seat %d guesses now", g.inTurn())
	case a.Number < 1 || a.Number > g.s.Max:
		return engine.Refuse(engine.ErrInvalidAction, "", "guess from 1 to %d", g.s.Max)
	}
	t := Tried{Seat: seat, Number: a.Number}
	switch {
	case a.Number < g.s.Number:
		t.Answer = -1
	case a.Number > g.s.Number:
		t.Answer = 1
	default:
		g.s.Over, g.s.Winner = true, seat
	}
	g.s.Tries = append(g.s.Tries, t)
	g.s.Turn++
	return nil
}

// Advance: no clock runs in this game.
func (g *Game) Advance(engine.Instant) bool { return false }

// NextDeadline: none.
func (g *Game) NextDeadline() (engine.Instant, bool) { return 0, false }

// Over reports whether the number was found or the host ended the game.
func (g *Game) Over() bool { return g.s.Over }

// View is what seat sees.
func (g *Game) View(seat engine.Seat) View {
	v := View{Seat: seat, Max: g.s.Max, Seats: slices.Clone(g.s.Seats), Turn: g.s.Turn, InTurn: engine.NoSeat,
		Tries: slices.Clone(g.s.Tries), Winner: g.s.Winner, Over: g.s.Over}
	if !g.s.Over && len(g.s.Seats) > 0 {
		v.InTurn = g.inTurn()
	}
	return v
}

// SeatView is View behind the engine contract.
func (g *Game) SeatView(seat engine.Seat) any { return g.View(seat) }

func (g *Game) MarshalBinary() ([]byte, error) { return json.Marshal(g.s) }

// UnmarshalBinary reads a save as every engine does (engine.ReadSnapshot): a newer version
// is refused with ErrNewerSnapshot; the toy has had one version, so an older one is damage.
func (g *Game) UnmarshalBinary(data []byte) error {
	var s state
	version, err := engine.ReadSnapshot("toy", data, stateVersion, &s)
	if err != nil {
		return err
	}
	if version != stateVersion {
		return fmt.Errorf("toy: snapshot version %d was never written", version)
	}
	g.s = s
	return nil
}
