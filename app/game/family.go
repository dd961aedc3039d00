package game

import (
	"fmt"
	"slices"

	"safehouse/app/session"
	"safehouse/engine"
)

// Family names a game family: its key in the settings, the views and the saves.
type Family string

// Rules is one game family as the room plays it, registered once (families, Register). The
// room knows a family only through its Rules and the game its Start makes (a Play); it knows
// none by name. Configs are the family's own Config values, by pointer.
type Rules interface {
	// Family is the family's name.
	Family() Family
	// DefaultConfig is a new room's config of this family.
	DefaultConfig() any
	// ReadConfig reads the family's config from the settings' JSON, strictly: an unknown
	// field or a value of the wrong type is an error.
	ReadConfig(data []byte) (any, error)
	// PublicConfig is a copy of config as every seat may see it, without what the room fills
	// in at start (the seed, the players' names, the teams).
	PublicConfig(config any) any
	// Warnings are legal but unwise choices in config, in words for the host.
	Warnings(config any) []string
	// Teams says the lobby deals the players into two teams before the game: a late joiner
	// is then seated when they pick a team, where a game without teams seats them as they
	// arrive (engine.HostAddSeat, both).
	Teams() bool
	// Check makes a game of config for the lobby, for a table of players (more may come),
	// and returns its public view; an error says why config makes no game.
	Check(config any, players int) (any, error)
	// Start makes the game of config for players in table order (engine seat i plays
	// players[i]) with seed, at now.
	Start(config any, players []Entrant, seed uint64, now engine.Instant) (Play, error)
	// Restore reads a game saved by its Play's MarshalBinary, whose engine seats the room
	// maps onto session seats by seats (one a seat); it may fill in or check that map.
	Restore(data []byte, seats []session.Seat) (Play, []session.Seat, error)
}

// Entrant is a player the room seats in a new game: the name and, in a game of teams, the
// team picked in the lobby (-1 for none) and the place in that team's list of picks.
type Entrant struct {
	Name       string
	Team, Pick int
}

// Play is one game in progress: the engine, and what the room asks of it beside the engine's
// contract about seats that come and go.
type Play interface {
	engine.Game
	// PlayerAction reads a seat's action, refusing the host's own moves and anything the
	// room does itself (a rename).
	PlayerAction(data []byte) (engine.Action, error)
	// HostMove reads one of the host's moves in the game (a pass for a silent seat).
	HostMove(data []byte) (engine.Action, error)
	// Rename tells the game a seat's name, as the room has it now; a game that keeps no
	// names does nothing.
	Rename(e engine.Seat, name string, now engine.Instant)
	// Remove takes engine seat e out of the game as its player leaves the room: between
	// rounds it leaves, mid-round it is absent (or voids the round). An error refuses the kick.
	Remove(e engine.Seat, now engine.Instant) error
	// Settle does what the game owes after any change: gone are the engine seats whose
	// players left the room, which a game may hold until their round is over.
	Settle(gone []engine.Seat, now engine.Instant)
}

// families are the registered families, a new room's first.
var families = []Rules{spyfallRules{}, spyfestRules{}}

// Register adds a family to every room made from then on, and to the settings and views
// read from then on: a game beside the two here registers with one line. It panics on a
// family registered twice; call it before any room is made (at init).
func Register(r Rules) {
	if _, ok := rulesOf(r.Family()); ok {
		panic(fmt.Sprintf("game: family %q registered twice", r.Family()))
	}
	families = append(families, r)
}

// Families lists the registered families, a new room's first.
func Families() []Family {
	out := make([]Family, len(families))
	for i, r := range families {
		out[i] = r.Family()
	}
	return out
}

// rulesOf finds a registered family by name.
func rulesOf(f Family) (Rules, bool) {
	i := slices.IndexFunc(families, func(r Rules) bool { return r.Family() == f })
	if i < 0 {
		return nil, false
	}
	return families[i], true
}
