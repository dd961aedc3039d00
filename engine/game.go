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
// actions and by time, saved and restored whole.
//
// Time passes only through the instants the caller hands in. Apply first lets every deadline
// up to now take effect, each at its own instant, as Advance would, and then performs the
// action; a refused action returns a *Refusal and leaves the state exactly as it was, time
// not passed either. So no action can ever land on a moment that has already run out,
// whether or not the caller advanced first.
type Game interface {
	// Apply performs action a sent by seat (or Host) at instant now.
	Apply(seat Seat, a Action, now Instant) error
	// Advance lets every deadline up to now take effect and reports whether anything changed.
	Advance(now Instant) bool
	// NextDeadline is the earliest instant at which Advance would change something.
	NextDeadline() (Instant, bool)
	// Over reports whether the game has ended; nothing but time-free reads follow.
	Over() bool
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}
