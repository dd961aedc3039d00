package engine

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ErrNewerSnapshot refuses a saved game (an engine's UnmarshalBinary) written by a newer
// build than this one: it cannot be read, and is told apart from a damaged save so the host
// can be asked to update instead. It is not a refusal of an action, so it has no code.
//
// Each engine versions its snapshot and upgrades every older version it knows of on
// UnmarshalBinary (see the engines' snapshot.go), so a host's game survives an update.
var ErrNewerSnapshot = errors.New("saved by a newer version")

// ReadSnapshot begins reading a saved game, as each engine's UnmarshalBinary does: it reads
// the version ("v", 0 when absent) and refuses one newer than current with ErrNewerSnapshot.
// A snapshot of the current version is decoded into into (a pointer to the engine's state);
// an older one is not, and its version is returned for the engine to upgrade it from the
// form it had then. game names the engine in the errors.
func ReadSnapshot(game string, data []byte, current int, into any) (version int, err error) {
	var head struct {
		Version int `json:"v"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return 0, fmt.Errorf("%s: bad snapshot: %w", game, err)
	}
	switch {
	case head.Version > current:
		return 0, fmt.Errorf("%s: snapshot version %d, this build reads up to %d: %w", game, head.Version, current, ErrNewerSnapshot)
	case head.Version < current:
		return head.Version, nil
	}
	if err := json.Unmarshal(data, into); err != nil {
		return 0, fmt.Errorf("%s: bad snapshot: %w", game, err)
	}
	return current, nil
}
