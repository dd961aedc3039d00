package engine

import "errors"

// ErrNewerSnapshot refuses a saved game (an engine's UnmarshalBinary) written by a newer
// build than this one: it cannot be read, and is told apart from a damaged save so the host
// can be asked to update instead. It is not a refusal of an action, so it has no code.
//
// Each engine versions its snapshot and upgrades every older version it knows of on
// UnmarshalBinary (see the engines' snapshot.go), so a host's game survives an update.
var ErrNewerSnapshot = errors.New("saved by a newer version")
