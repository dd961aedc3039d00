package spyfall

import (
	"errors"
	"fmt"

	"safehouse/engine"
)

// ErrTableSize is why a game with too few or too many players for its edition cannot be
// made (SF-ED-1; PlayerRange says how many). The refusal also matches
// engine.ErrBadConfig; the app tells it apart to name the range in the player's words.
var ErrTableSize = errors.New("too few or too many players for the edition")

// refuseTableSize is the SF-ED-1 refusal of a table size.
func refuseTableSize(format string, args ...any) *engine.Refusal {
	r := engine.Refuse(engine.ErrBadConfig, "SF-ED-1", format, args...)
	r.Err = fmt.Errorf("%w: %w", engine.ErrBadConfig, ErrTableSize)
	return r
}
