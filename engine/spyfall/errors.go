package spyfall

import (
	"fmt"

	"safehouse/engine"
)

// refuseTableSize refuses a table size the edition does not take (PlayerRange says which sizes the
// edition takes): engine.ErrBadConfig, and engine.ErrTableSize for a device to name the range.
func refuseTableSize(format string, args ...any) *engine.Refusal {
	r := engine.Refuse(engine.ErrBadConfig, ruleEditionAndPacks, format, args...)
	r.Err = fmt.Errorf("%w: %w", engine.ErrBadConfig, engine.ErrTableSize)
	return r
}
