package spyfall

import (
	"encoding/json"
	"fmt"

	"safehouse/engine"
)

// Phase is where the game stands; it decides which actions are legal.
type Phase string

// The phases, in the order a round goes through them (see doc.go).
const (
	PhaseLobby     Phase = "lobby"      // before round 1: seats may move
	PhaseDealt     Phase = "dealt"      // cards seen, the dealer starts the clock
	PhasePlaying   Phase = "playing"    // the clock runs
	PhaseVote      Phase = "vote"       // clock stopped for a mid-round vote
	PhaseSpyGuess  Phase = "spy_guess"  // the second spy names a location
	PhaseEndAccuse Phase = "end_accuse" // time up, classic: the seat in turn accuses
	PhaseEndVote   Phase = "end_vote"   // time up: a vote on a seat
	PhaseTeamLead  Phase = "team_lead"  // team: captains decide who acts first
	PhaseTeamPick  Phase = "team_pick"  // team: captains pick agents
	PhaseTeamGuess Phase = "team_guess" // team: the spy names both locations
	PhaseRoundOver Phase = "round_over" // between rounds
	PhaseGameOver  Phase = "game_over"
)

// VoteKind says what a vote is about.
type VoteKind string

// The kinds of vote.
const (
	VoteAccusation    VoteKind = "accusation"     // mid-round
	VoteEndAccusation VoteKind = "end_accusation" // classic time up: the seat in turn accused
	VoteEndSeat       VoteKind = "end_seat"       // time up: the seat in turn is voted on
	VoteTable         VoteKind = "table"          // turning up the table card
)

// Ending says how a round ended.
type Ending string

// The endings.
const (
	EndNoConviction    Ending = "no_conviction"     // time up, nobody convicted
	EndSpyConvicted    Ending = "spy_convicted"     // a spy convicted (or accused in 2P/3P)
	EndNonSpyConvicted Ending = "non_spy_convicted" // a non-spy convicted (or accused in 2P/3P)
	EndSpyGuessed      Ending = "spy_guessed"       // a spy named the location
	EndSpyMissed       Ending = "spy_missed"        // the spies named wrong locations
	EndTableSpy        Ending = "table_spy"         // 2P/3P: the table card was the spy
	EndTableLocation   Ending = "table_location"    // 2P/3P: the table card was a location
	EndSpyPicked       Ending = "spy_picked"        // team: a captain picked the spy
	EndSpyNotPicked    Ending = "spy_not_picked"    // team: the picks ended without the spy
	EndVoided          Ending = "voided"            // an essential seat left, or the game was ended
)

const (
	ballotNone    = 0 // not a voter
	ballotPending = 1
	ballotYes     = 2
	ballotNo      = 3
	ballotAbstain = 4 // the host passed for this voter
)

// Game is one game of the Spyfall family. The zero Game is not usable: use
// New, or UnmarshalBinary a snapshot.
type Game struct {
	s state
}

var _ engine.Game = (*Game)(nil)

type state struct {
	Version   int           `json:"v"`
	Settings  settings      `json:"settings"`
	Locations []Location    `json:"locations"`
	Rand      *engine.Rand  `json:"rand"`
	Seats     []seatState   `json:"seats"` // by seat ID; removed seats stay
	Order     []engine.Seat `json:"order"`
	Phase     Phase         `json:"phase"`
	Round     int           `json:"round"`
	// Rounds is the number of rounds the game will have (team: recomputed
	// as the captain queue changes).
	Rounds       int           `json:"rounds"`
	NextDealer   engine.Seat   `json:"next_dealer"`
	Played       []bool        `json:"played"` // by location index
	VoteSerial   int           `json:"vote_serial"`
	Cur          *round        `json:"cur,omitempty"`
	LastVote     *VoteResult   `json:"last_vote,omitempty"`
	History      []RoundResult `json:"history"`
	Winners      []engine.Seat `json:"winners,omitempty"`
	CaptainQueue []engine.Seat `json:"captain_queue,omitempty"`
	FirstCaptain engine.Seat   `json:"first_captain"`
}

type seatState struct {
	Name    string `json:"name"`
	Removed bool   `json:"removed,omitempty"`
	Points  int    `json:"points"`
	// HadSpy marks a seat dealt the spy card in the current fair-rotation
	// cycle.
	HadSpy bool `json:"had_spy,omitempty"`
}

// card is what one seat holds in a round.
type card struct {
	Dealt    bool `json:"dealt,omitempty"`
	Spy      bool `json:"spy,omitempty"`
	Location int  `json:"loc"`  // index into Locations, -1 for the spy
	Role     int  `json:"role"` // index into the location's roles, -1 for none
}

type round struct {
	Number  int           `json:"number"`
	Variant Variant       `json:"variant"`
	Loc     int           `json:"loc"`            // the location (captain 0's in team)
	Loc2    int           `json:"loc2,omitempty"` // team: captain 1's location
	Spies   []engine.Seat `json:"spies"`          // ascending
	Cards   []card        `json:"cards"`          // by seat ID
	Table   *card         `json:"table,omitempty"`
	Dealer  engine.Seat   `json:"dealer"`
	Clock   engine.Clock  `json:"clock"`
	Absent  []bool        `json:"absent"`
	// Question tracker.
	Asker     engine.Seat `json:"asker"`
	AskedBy   engine.Seat `json:"asked_by"`
	Questions int         `json:"questions"`
	// Accused marks seats that used their mid-round accusation; FirstAccuser
	// is, per seat, the first seat that accused it mid-round.
	Accused      []bool        `json:"accused"`
	FirstAccuser []engine.Seat `json:"first_accuser"`
	Vote         *vote         `json:"vote,omitempty"`
	Guesses      []spyGuess    `json:"guesses,omitempty"`
	EndOrder     []engine.Seat `json:"end_order,omitempty"`
	EndTurn      int           `json:"end_turn"`
	// Passed lists the seats that passed their turn at time up.
	Passed []engine.Seat `json:"passed,omitempty"`
	Team   *teamRound    `json:"team,omitempty"`
}

type vote struct {
	ID      int         `json:"id"`
	Kind    VoteKind    `json:"kind"`
	Accuser engine.Seat `json:"accuser"`
	Suspect engine.Seat `json:"suspect"`
	Ballots []int       `json:"ballots"` // by seat ID
}

type spyGuess struct {
	Seat     engine.Seat `json:"seat"`
	Location int         `json:"loc"`
}

type teamRound struct {
	Captains [2]engine.Seat `json:"captains"`
	Turn     int            `json:"turn"`    // index into Captains
	PickNo   int            `json:"pick_no"` // number of the pick in turn
	Done     [2]bool        `json:"done"`
	PickedBy []int          `json:"picked_by"` // by seat ID: -1, or captain index
	// SpyPickedBy is the captain index that picked the spy, or -1.
	SpyPickedBy int `json:"spy_picked_by"`
}

// New starts a game in the lobby phase: seats may still be added, removed and
// reordered; the first Deal starts round 1.
func New(c Config) (*Game, error) {
	set, names, locs, err := c.resolve()
	if err != nil {
		return nil, err
	}
	g := &Game{s: state{
		Version:      stateVersion,
		Settings:     set,
		Locations:    locs,
		Rand:         engine.NewRand(c.Seed),
		Phase:        PhaseLobby,
		Rounds:       set.Rounds,
		NextDealer:   engine.NoSeat,
		Played:       make([]bool, len(locs)),
		History:      []RoundResult{},
		FirstCaptain: engine.NoSeat,
	}}
	for i, n := range names {
		g.s.Seats = append(g.s.Seats, seatState{Name: n})
		g.s.Order = append(g.s.Order, engine.Seat(i))
	}
	if set.Team {
		g.s.Rounds = (len(names)*set.CaptainTurns + 1) / 2
	}
	return g, nil
}

// MarshalBinary saves the whole state (JSON inside) for the host's storage, at the newest
// snapshot version (see snapshot.go).
func (g *Game) MarshalBinary() ([]byte, error) { return json.Marshal(&g.s) }

// UnmarshalBinary restores a state saved by MarshalBinary, by this build or an earlier one
// (older snapshots are upgraded; see snapshot.go). A snapshot of a newer build is refused
// with engine.ErrNewerSnapshot, a damaged one with another error.
func (g *Game) UnmarshalBinary(b []byte) error {
	s, err := readSnapshot(b)
	if err != nil {
		return err
	}
	if err := s.check(); err != nil {
		return fmt.Errorf("spyfall: damaged snapshot: %w", err)
	}
	g.s = s
	return nil
}

// Phase returns the current phase.
func (g *Game) Phase() Phase { return g.s.Phase }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.s.Phase == PhaseGameOver }

// Round returns the number of the current (or last) round, 0 before any.
func (g *Game) Round() int { return g.s.Round }

// Seats returns the seats at the table, in table order.
func (g *Game) Seats() []engine.Seat { return append([]engine.Seat(nil), g.s.Order...) }

// Seated reports whether seat s is at the table (seated and not removed).
func (g *Game) Seated(s engine.Seat) bool { return g.seated(s) }

// Name returns the name of seat s ("" for a seat never seated).
func (g *Game) Name(s engine.Seat) string {
	if !s.Valid(len(g.s.Seats)) {
		return ""
	}
	return g.s.Seats[s].Name
}

// Locations returns the game's whole location list, which everyone may see.
func (g *Game) Locations() []Location {
	out := make([]Location, len(g.s.Locations))
	for i, l := range g.s.Locations {
		out[i] = l.clone()
	}
	return out
}

// Points returns the points of every seat ever seated, by seat ID.
func (g *Game) Points() []int {
	out := make([]int, len(g.s.Seats))
	for i, s := range g.s.Seats {
		out[i] = s.Points
	}
	return out
}

// History returns the results of the finished rounds.
func (g *Game) History() []RoundResult { return cloneResults(g.s.History) }

// Winners returns the winners once the game is over.
func (g *Game) Winners() []engine.Seat { return append([]engine.Seat(nil), g.s.Winners...) }

// NextDeadline returns the instant at which the running clock runs out, so
// the host knows when to Advance.
func (g *Game) NextDeadline() (engine.Instant, bool) {
	if r := g.s.Cur; r != nil && r.Clock.Running {
		return r.Clock.Deadline, true
	}
	return 0, false
}

// Advance lets time pass up to now and reports whether
// anything changed.
func (g *Game) Advance(now engine.Instant) bool {
	before := g.s.Phase
	round := g.s.Round
	g.tick(now)
	return before != g.s.Phase || round != g.s.Round
}

// inRound reports whether seat s was dealt into the current round.
func (r *round) inRound(s engine.Seat) bool {
	return s >= 0 && int(s) < len(r.Cards) && r.Cards[s].Dealt
}

// dealtCount is the number of seats dealt into the round.
func (r *round) dealtCount() int {
	n := 0
	for _, c := range r.Cards {
		if c.Dealt {
			n++
		}
	}
	return n
}

// present reports whether s was dealt in and is not absent.
func (r *round) present(s engine.Seat) bool { return r.inRound(s) && !r.Absent[s] }

func (r *round) isSpy(s engine.Seat) bool { return r.inRound(s) && r.Cards[s].Spy }

// seated reports whether s is a seat at the table now.
func (g *Game) seated(s engine.Seat) bool {
	return s >= 0 && int(s) < len(g.s.Seats) && !g.s.Seats[s].Removed
}

// orderIndex returns the position of s in the table order, or -1.
func (g *Game) orderIndex(s engine.Seat) int {
	for i, o := range g.s.Order {
		if o == s {
			return i
		}
	}
	return -1
}

// leftOf returns the seat to the left of s in table order among seats for
// which keep is true, or NoSeat.
func (g *Game) leftOf(s engine.Seat, keep func(engine.Seat) bool) engine.Seat {
	i := g.orderIndex(s)
	n := len(g.s.Order)
	for k := 1; k <= n; k++ {
		c := g.s.Order[(i+k+n)%n]
		if keep(c) {
			return c
		}
	}
	return engine.NoSeat
}

// orderFrom returns the table order starting at s, keeping seats for which
// keep is true.
func (g *Game) orderFrom(s engine.Seat, keep func(engine.Seat) bool) []engine.Seat {
	i := g.orderIndex(s)
	if i < 0 {
		i = 0
	}
	n := len(g.s.Order)
	var out []engine.Seat
	for k := 0; k < n; k++ {
		c := g.s.Order[(i+k)%n]
		if keep(c) {
			out = append(out, c)
		}
	}
	return out
}
