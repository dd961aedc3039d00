package session

import "encoding/json"

// Table is the seam where a game plugs into the host (later work): the host asks it for
// each seat's part of the view and hands it the players' game intents. The host calls it
// with its own lock held, one call at a time, so a Table needs no locking of its own but
// must not call back into the HostSession.
type Table interface {
	// View returns the game as seat may see it, built from what that seat may know
	// (APP-HID-1), or nil when the game has nothing to show that seat.
	View(seat int) json.RawMessage
	// Apply performs a game action for seat. An error is a refusal: it is sent to that
	// player only, and the game must be unchanged.
	Apply(seat int, action json.RawMessage) error
}
