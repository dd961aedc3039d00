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
	// ErrTableSize refuses a game with too few or too many players for its config. It comes
	// wrapped with ErrBadConfig, and names the table's size apart so a device can say the range.
	ErrTableSize = errors.New("too few or too many players for the game")
)

// The refusals of the room that hosts a game (app/game), for what no engine decides: who may
// ask, and what the lobby needs before a game starts.
var (
	ErrNotHost      = errors.New("only the host can do that")
	ErrSpectator    = errors.New("spectators watch the game and cannot take part")
	ErrNoTeam       = errors.New("a player has not joined a team yet")
	ErrGameTooLarge = errors.New("the game is too large to send to the players")
)

// codes are the sentinels' stable names: they travel to players' devices, which show a
// sentence of their own language for each, so they never change once given (the sentinels'
// English may). This is the one table of refusal codes: the room's go here too. A more
// precise sentinel comes before the one it is wrapped with (ErrTableSize, ErrBadConfig).
var codes = []struct {
	err  error
	code string
}{
	{ErrNotHost, "not-host"},
	{ErrSpectator, "spectator"},
	{ErrNoTeam, "no-team"},
	{ErrGameTooLarge, "game-too-large"},
	{ErrTableSize, "table-size"},
	{ErrNoSuchSeat, "no-such-seat"},
	{ErrWrongPhase, "wrong-phase"},
	{ErrNotYourTurn, "not-your-turn"},
	{ErrAlreadyDone, "already-done"},
	{ErrForbidden, "forbidden"},
	{ErrInvalidAction, "invalid-action"},
	{ErrBadConfig, "bad-config"},
	{ErrGameOver, "game-over"},
	{ErrStale, "stale"},
}

// Code is the stable name of the sentinel err wraps, "" when it wraps none.
func Code(err error) string {
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return ""
}

// Codes lists the stable name of every sentinel.
func Codes() []string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = c.code
	}
	return out
}

// Refusal is the typed error every engine returns for an illegal action.
// Rule names the RULES.md ID behind the refusal when there is one (each engine
// keeps its IDs in one table, its refusals.go); Reason is a
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

// RefusalCode names the refusal in words that outlive its English: its sentinel's stable
// code and its rule ID. The session layer sends both, so a device can say it in its language.
func (r *Refusal) RefusalCode() (code, rule string) { return Code(r.Err), r.Rule }

// Refuse builds a *Refusal around a sentinel error.
func Refuse(err error, rule, format string, args ...any) *Refusal {
	return &Refusal{Err: err, Rule: rule, Reason: fmt.Sprintf(format, args...)}
}
