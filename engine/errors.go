package engine

import (
	"errors"
	"fmt"
)

// Sentinel refusals. Engines wrap them in a *Refusal that says what exactly
// was wrong; callers test with errors.Is. A refusal never changes the state.
var (
	ErrNoSuchSeat    = errors.New("no such seat")
	ErrWrongPhase    = errors.New("not possible at this point of the game")
	ErrNotYourTurn   = errors.New("not your turn")
	ErrAlreadyDone   = errors.New("already done")
	ErrForbidden     = errors.New("not allowed by the rules")
	ErrInvalidAction = errors.New("invalid action")
	ErrBadConfig     = errors.New("invalid game settings")
	ErrGameOver      = errors.New("the game is over")
	// ErrStale refuses an action aimed at a round, vote or window that is
	// already over, so a late or resent intent cannot land on a later one.
	ErrStale = errors.New("that moment of the game is already over")
)

// Refusal is the typed error every engine returns for an illegal action.
// Rule names the RULES.md ID behind the refusal when there is one; Reason is a
// short English sentence fit to show the player (the UI may translate by Err
// and Rule instead).
type Refusal struct {
	Err    error
	Rule   string
	Reason string
}

func (r *Refusal) Error() string {
	if r.Reason == "" {
		return r.Err.Error()
	}
	return r.Reason
}

func (r *Refusal) Unwrap() error { return r.Err }

// Refuse builds a *Refusal around a sentinel error.
func Refuse(err error, rule, format string, args ...any) *Refusal {
	return &Refusal{Err: err, Rule: rule, Reason: fmt.Sprintf(format, args...)}
}
