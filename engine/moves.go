package engine

// The host's seat and end-of-game moves, the same in every game: the room sends them (as
// Host) when a player arrives during a game, leaves it, or the host ends it. Each game's
// codec knows them (SeatMoves), and each game says in its Apply what they do to its table.

// HostAddSeat seats a player who arrives during the game at engine seat Seat. Name is their
// name, for a game that names its seats; Team is the team they join, in a game of teams (0
// elsewhere). A game may require Seat to be the next seat number, and may take the seat in
// only at a moment of its own (between rounds).
type HostAddSeat struct {
	Seat Seat   `json:"seat"`
	Name string `json:"name"`
	Team int    `json:"team"`
}

// HostRemoveSeat takes a leaving player's seat out of the game. A game may refuse it in the
// middle of a round, or keep the seat absent until the round is over.
type HostRemoveSeat struct {
	Seat Seat `json:"seat"`
}

// HostEndGame ends the game now; a round in play is voided.
type HostEndGame struct{}

func (HostAddSeat) Kind() string    { return "host_add_seat" }
func (HostRemoveSeat) Kind() string { return "host_remove_seat" }
func (HostEndGame) Kind() string    { return "host_end_game" }

// SeatMoves are the moves every game's codec knows (NewCodec with a game's own actions).
func SeatMoves() []Action { return []Action{HostAddSeat{}, HostRemoveSeat{}, HostEndGame{}} }
