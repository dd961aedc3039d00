package session

import (
	"encoding/json"
	"time"
)

// Seat is a seat of the room: a player's or a table screen's, numbered by the host as each
// sits down (Player.Seat, View.You). It is the room's number, not a game's: a game numbers
// its own seats (engine.Seat), and the table maps one onto the other.
type Seat int

// Table is the seam where a game plugs into the host: the host asks it for each seat's part
// of the view and hands it the players' game intents. The host calls it with its own lock
// held, one call at a time, so a Table needs no locking of its own but must not call back
// into the HostSession.
type Table interface {
	// View returns the game as seat may see it, built from what that seat may know
	// (never a secret of another seat), or nil when the game has nothing to show that seat.
	// It must be compact JSON as json.Marshal writes it: the host sends it as it is.
	View(seat Seat) json.RawMessage
	// Apply performs a game action for seat. An error is a refusal: it is sent to that
	// player only, and the game must be unchanged. An error that is (or wraps) a
	// CodedRefusal reaches the player with its code, so their device can say why in their
	// language.
	Apply(seat Seat, action json.RawMessage) error
}

// CodedRefusal is a game's refusal that names itself: a stable code (never the English of
// the moment) and the rule behind it, sent as Refusal.Reason and Refusal.Rule.
type CodedRefusal interface {
	error
	RefusalCode() (code, rule string)
}

// RosterTable is a Table that follows the seats. The host calls SetRoster with every seat in
// table order (names, host and spectator flags, presence) before each Apply and before each
// round of views, so the table knows who is asking and who sits where.
type RosterTable interface {
	Table
	SetRoster(players []Player)
}

// JoinTable is a Table asked before the host gives a new player a seat in the room (a new
// player or table screen, never a returning one). It takes them into the game (a late
// joiner's seat) or refuses them. A refusal means no seat is made and nothing else changes:
// the player is refused with CodeRoomFull and the host is told the same, each with the
// table's code and rule when the error is a CodedRefusal.
type JoinTable interface {
	Table
	Join(p Player) error
}

// KickTable is a Table asked before the host removes a seat from the room:
// it takes the seat out of the game (absent mid-round, or removed between rounds). An error
// refuses the kick, which then changes nothing.
type KickTable interface {
	Table
	Kick(seat Seat) error
}

// TimedTable is a Table with deadlines of its own (round clocks, guess windows, idle
// timers). After every change the host asks NextDeadline and, when it says so, calls Advance
// that much later; when Advance reports a change the host bumps the state and sends
// everyone their view, without anyone having sent anything.
type TimedTable interface {
	Table
	// NextDeadline returns how long from now (by the table's clock) until the game's next
	// deadline, and false when nothing is pending.
	NextDeadline() (time.Duration, bool)
	// Advance lets the game's time pass up to the table's clock and reports whether
	// anything changed.
	Advance() bool
}
