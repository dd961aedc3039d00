package engine

import (
	"encoding"
	"strings"
)

// Host is the seat argument of Apply for the host's own moves: the Host* actions, and
// anything the host does on the table's behalf. It is no seat at the table and differs from
// NoSeat, which an action may carry to say "nobody" or "whoever it is". The session layer
// never lets a peer act as Host.
const Host Seat = -2

// Action is one move sent to a Game: a plain struct whose wire form is a JSON object with a
// "kind" field (see Codec). Actions only the host may send have kinds that start with
// "host_", and Go names that start with Host.
type Action interface {
	Kind() string
}

// HostOnly reports whether only Host may send a.
func HostOnly(a Action) bool {
	return strings.HasPrefix(a.Kind(), "host_")
}

// Game is what every game engine implements: a deterministic state machine driven by
// actions and by time, saved and restored whole, that shows each seat only its own view.
//
// Time passes only through Advance. Apply never lets it pass: an action that needs a moment
// which has already run out by now (a clock at zero, a closed window) is refused, with
// ErrStale where the moment is over, until Advance has settled it; so the caller advances to
// now before each action (game.Room does), and no action ever lands on a moment that ran
// out. A refused action returns a *Refusal and leaves the state exactly as it was.
type Game interface {
	// Apply performs action a sent by seat (or Host) at instant now.
	Apply(seat Seat, a Action, now Instant) error
	// Advance lets every deadline up to now take effect and reports whether anything changed.
	Advance(now Instant) bool
	// NextDeadline is the earliest instant at which Advance would change something.
	NextDeadline() (Instant, bool)
	// Over reports whether the game has ended; nothing but time-free reads follow.
	Over() bool
	// SeatView is what seat may see of the game, built from that seat's knowledge only, and
	// NoSeat's the public view, a plain value that marshals to JSON: the room sends it to
	// that seat's device. Each game also has a typed View of its own behind it.
	SeatView(seat Seat) any
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}
