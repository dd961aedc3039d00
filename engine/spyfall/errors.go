package spyfall

import (
	"fmt"

	"safehouse/engine"
)

// refuseTableSize is the SF-ED-1 refusal of a table size (PlayerRange says which sizes the
// edition takes): engine.ErrBadConfig, and engine.ErrTableSize for a device to name the range.
func refuseTableSize(format string, args ...any) *engine.Refusal {
	r := engine.Refuse(engine.ErrBadConfig, ruleEditionAndPacks, format, args...)
	r.Err = fmt.Errorf("%w: %w", engine.ErrBadConfig, engine.ErrTableSize)
	return r
}
