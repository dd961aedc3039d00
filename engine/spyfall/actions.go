package spyfall

import "safehouse/engine"

// Host is the seat argument of Apply for the host's own operations (engine.Host).
const Host = engine.Host

// Action is one intent, sent by a seat (or the host) to Apply (engine.Action).
type Action = engine.Action

// Deal deals round Round (the next one) and shows everyone who deals. Any
// seat or the host may ask for the deal.
type Deal struct {
	Round int `json:"round"`
}

// StartClock is the dealer starting the round clock.
type StartClock struct {
	Round int `json:"round"`
}

// Ask moves the optional question tracker: the current asker asks
// Target. Question is the tracker's question number shown in the view.
type Ask struct {
	Round    int         `json:"round"`
	Question int         `json:"question"`
	Target   engine.Seat `json:"target"`
}

// Accuse stops the clock to accuse Suspect (once per seat and round), or is
// the accusation of the seat in turn at time up in the classic edition, or in
// the 2- and 3-player variants reveals Suspect's card at once.
type Accuse struct {
	Round   int         `json:"round"`
	Suspect engine.Seat `json:"suspect"`
}

// Vote answers the vote numbered Vote: yes to convict (or to agree to reveal
// the table card), no otherwise.
type Vote struct {
	Vote int  `json:"vote"`
	Yes  bool `json:"yes"`
}

// Guess is a spy revealing themselves and naming a location, or, with two
// spies, the second spy naming theirs once the first has.
type Guess struct {
	Round    int    `json:"round"`
	Location string `json:"location"`
}

// Pass is the seat in turn at a classic time up passing instead of
// accusing; the pass counts as its turn.
type Pass struct {
	Round int `json:"round"`
}

// RevealTable proposes to reveal the hidden table card; every other seat votes on it.
type RevealTable struct {
	Round int `json:"round"`
}

// Lead is a captain saying which captain acts first.
type Lead struct {
	Round   int         `json:"round"`
	Captain engine.Seat `json:"captain"`
}

// Pick is the captain in turn picking Agent into their team.
// Turn is the pick number shown in the view.
type Pick struct {
	Round int         `json:"round"`
	Turn  int         `json:"turn"`
	Agent engine.Seat `json:"agent"`
}

// StopPicking is the captain in turn refusing to pick; that captain is done
// for the round.
type StopPicking struct {
	Round int `json:"round"`
	Turn  int `json:"turn"`
}

// GuessBoth is the team spy naming both locations, once picked or once the
// picking is over:
// Locations[i] is the guess for the location of captain i of the view.
type GuessBoth struct {
	Round     int       `json:"round"`
	Locations [2]string `json:"locations"`
}

// Rename renames a seat: a player renames themselves, the host anyone.
type Rename struct {
	Seat engine.Seat `json:"seat"`
	Name string      `json:"name"`
}

// HostMoveSeat moves a seat to position To of the table order, before the
// game.
type HostMoveSeat struct {
	Seat engine.Seat `json:"seat"`
	To   int         `json:"to"`
}

// HostMarkAbsent marks a seat absent for the rest of round Round: it no
// longer votes; if the round cannot go on without it, it is voided.
type HostMarkAbsent struct {
	Round int         `json:"round"`
	Seat  engine.Seat `json:"seat"`
}

// HostPass is the host passing for a seat the game waits on, so one silent
// phone never stalls the table. With Vote 0 it passes for the
// dealer (the clock starts), the seat in turn at a classic time up, the
// second spy naming a location, the captain in turn picking, or the team spy
// naming the locations (Seat may be engine.NoSeat there: the host need not
// know who the spy is); otherwise for a voter of the open vote numbered
// Vote, whose ballot then counts neither yes nor no.
type HostPass struct {
	Round int         `json:"round"`
	Vote  int         `json:"vote"`
	Seat  engine.Seat `json:"seat"`
}

func (Deal) Kind() string           { return "deal" }
func (StartClock) Kind() string     { return "start_clock" }
func (Ask) Kind() string            { return "ask" }
func (Accuse) Kind() string         { return "accuse" }
func (Vote) Kind() string           { return "vote" }
func (Guess) Kind() string          { return "guess" }
func (Pass) Kind() string           { return "pass" }
func (RevealTable) Kind() string    { return "reveal_table" }
func (Lead) Kind() string           { return "lead" }
func (Pick) Kind() string           { return "pick" }
func (StopPicking) Kind() string    { return "stop_picking" }
func (GuessBoth) Kind() string      { return "guess_both" }
func (Rename) Kind() string         { return "rename" }
func (HostMoveSeat) Kind() string   { return "host_move_seat" }
func (HostMarkAbsent) Kind() string { return "host_mark_absent" }
func (HostPass) Kind() string       { return "host_pass" }

// codec knows Spyfall's own actions and the seat moves every game shares (engine.SeatMoves):
// engine.HostAddSeat seats a late joiner left of the last seat (its Seat must be the next
// seat number; added during a round, it waits for the next deal), engine.HostRemoveSeat
// removes a seat before the game or between rounds (its points stay in the history), and
// engine.HostEndGame ends the game, voiding a round in play.
var codec = engine.NewCodec("spyfall", append([]Action{
	Deal{}, StartClock{}, Ask{}, Accuse{}, Pass{}, Vote{}, Guess{}, RevealTable{}, Lead{}, Pick{},
	StopPicking{}, GuessBoth{}, Rename{}, HostMoveSeat{}, HostMarkAbsent{}, HostPass{},
}, engine.SeatMoves()...)...)

// EncodeAction writes an action for the wire: its fields plus "kind" (engine.Codec).
func EncodeAction(a Action) ([]byte, error) { return codec.Encode(a) }

// DecodeAction reads an action written by EncodeAction, strictly (engine.Codec): a message
// missing its round or suspect is refused rather than read as round 0 or seat 0.
func DecodeAction(data []byte) (Action, error) { return codec.Decode(data) }
