package game

import (
	"safehouse/app/session"
	"safehouse/engine"
)

// family is one game family behind the room: its engine, through the contract every engine
// keeps (engine.Game), and what the room does around it: what a seat may send, what a
// leaving seat becomes. In every family engine seat e is played by session seat
// roomState.Seats[e] (-1 once it left the room). Each family has one adapter
// (spyfallFamily, spyfestFamily); the room knows no family beyond this.
type family interface {
	// game is the engine itself.
	game() engine.Game
	// view puts the engine's view for engine seat e into v.
	view(e engine.Seat, v *TableView)
	// decode reads a player's action, refusing the host's own moves and anything the room
	// does itself.
	decode(raw []byte) (engine.Action, error)
	// hostMove reads one of the host's in-round moves.
	hostMove(raw []byte) (engine.Action, error)
	// arrive takes a player who joins the room mid-game into the game, or refuses them
	// (the session then gives them no seat at all).
	arrive(r *Room, p session.Player) error
	// follow takes a new roster into the game: renames.
	follow(r *Room, players []session.Player)
	// kick takes a leaving session seat out of the game.
	kick(r *Room, seat int) error
	// settle does what the room owes after any change of the game.
	settle(r *Room)
}

// rules is what the room needs of a family before its game exists.
type rules struct {
	// check builds a game of these settings for the lobby's size check, returning its
	// public view.
	check func(s Settings, players int) (any, error)
	// build makes the game start would make from the room's seats, with what keeps it.
	build func(r *Room, seed uint64) (commit func(), err error)
	// restore reads a saved game and checks it against the room's saved state.
	restore func(st *roomState, data []byte) (family, error)
}

var families = map[Family]rules{
	Spyfall: {check: checkSpyfall, build: buildSpyfall, restore: restoreSpyfall},
	Spyfest: {check: checkSpyfest, build: buildSpyfest, restore: restoreSpyfest},
}

// noHostMoves refuses a host move in a game that has none.
func noHostMoves() error {
	return refusal(engine.ErrWrongPhase, "SF-END-1a", "the host passes for a seat only during a Spyfall game")
}
