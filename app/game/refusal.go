package game

import (
	"errors"

	"safehouse/engine"
)

// Every error Room.Apply, Room.Join and Room.Kick return is an *engine.Refusal, told to its sender alone:
// an engine sentinel (engine.ErrWrongPhase, the room's own engine.ErrNotHost...) and the
// rule behind it, which the session sends so a device says why in its language. Its text is
// the engine's or the room's English, for logs and tests.

// refusal is one of the room's own refusals, typed like the engines'.
func refusal(sentinel error, rule, format string, args ...any) error {
	return engine.Refuse(sentinel, rule, format, args...)
}

// refused types err for the session layer, keeping the code and rule of the refusal it
// wraps and its whole text; nil stays nil.
func refused(err error) error {
	if err == nil {
		return nil
	}
	r, ok := errors.AsType[*engine.Refusal](err)
	switch {
	case !ok:
		return &engine.Refusal{Err: err}
	case r == err:
		return r
	}
	return &engine.Refusal{Err: r.Err, Rule: r.Rule, Reason: err.Error()}
}
