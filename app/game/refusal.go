package game

import (
	"errors"

	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// Why the room itself refuses an intent, beside the engines' sentinels (engine.ErrWrongPhase
// and the others), which the room also uses for its own refusals of the same kind.
var (
	ErrNotHost      = errors.New("only the host can do that")
	ErrSpectator    = errors.New("spectators watch the game and cannot take part")
	ErrNoTeam       = errors.New("a player has not joined a team yet")
	ErrGameTooLarge = errors.New("the game is too large to send to the players")
)

// roomCodes are the stable codes of the room's own sentinels and of the games' more precise
// ones, checked before the engine's; see engine.Code for why they never change.
var roomCodes = []struct {
	err  error
	code string
}{
	{ErrNotHost, "not-host"},
	{ErrSpectator, "spectator"},
	{ErrNoTeam, "no-team"},
	{ErrGameTooLarge, "game-too-large"},
	{spyfall.ErrTableSize, "table-size"},
}

// Code is the stable code of the sentinel err wraps, the room's or an engine's; "" for none.
func Code(err error) string {
	for _, c := range roomCodes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return engine.Code(err)
}

// Codes lists every code a room's refusal may carry: the engines' and the room's own.
func Codes() []string {
	out := engine.Codes()
	for _, c := range roomCodes {
		out = append(out, c.code)
	}
	return out
}

// Refusal is every error Room.Apply and Room.Kick return (APP-ACT-1). Its text is the
// engine's or the room's English, for logs and tests; a player is shown the sentence of
// their language for RefusalCode instead.
type Refusal struct{ Err error }

func (r *Refusal) Error() string { return r.Err.Error() }
func (r *Refusal) Unwrap() error { return r.Err }

// RefusalCode is the stable code of the refusal's sentinel and the rule behind it (""
// when none is named).
func (r *Refusal) RefusalCode() (code, rule string) {
	if er, ok := errors.AsType[*engine.Refusal](r.Err); ok {
		rule = er.Rule
	}
	return Code(r.Err), rule
}

// refusal is one of the room's own refusals, typed like the engines' (a sentinel and a rule).
func refusal(sentinel error, rule, format string, args ...any) error {
	return engine.Refuse(sentinel, rule, format, args...)
}

// refused types err for the session layer; nil stays nil.
func refused(err error) error {
	if err == nil {
		return nil
	}
	return &Refusal{Err: err}
}
