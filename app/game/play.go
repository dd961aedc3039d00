package game

import (
	"time"

	"safehouse/app/session"
	"safehouse/engine"
)

// action forwards one engine action of a playing seat with the host's clock.
func (r *Room) action(seat session.Seat, raw []byte) error {
	if r.g == nil {
		return refusal(engine.ErrWrongPhase, "", "the game has not started")
	}
	a, err := r.g.PlayerAction(raw)
	if err != nil {
		return err
	}
	if engine.HostOnly(a) {
		return refusal(engine.ErrInvalidAction, ruleActionChecked, "the host's controls are not game actions")
	}
	e := r.engineSeat(seat, false)
	if e == engine.NoSeat {
		return refusal(engine.ErrNoSuchSeat, ruleHostArrangesSeats, "you are not seated in this game")
	}
	return r.play(e, a)
}

// hostAction forwards one of the host's moves in the game (Play.HostMove says which the
// family has: Spyfall's passes for a silent seat and marking a seat absent).
func (r *Room) hostAction(raw []byte) error {
	if r.g == nil {
		return refusal(engine.ErrWrongPhase, "", "no game is running")
	}
	a, err := r.g.HostMove(raw)
	if err != nil {
		return err
	}
	return r.play(engine.Host, a)
}

// play lets the game's time pass to the room's clock, then applies a (engine.Game: Apply
// never lets time pass), and settles what the game owes after each. So an action never
// lands on a moment that ran out before the host's timer woke, however late it wakes (a
// hidden tab's timers are slowed). Time that passed for an action then refused is shown at
// the next Advance.
func (r *Room) play(e engine.Seat, a engine.Action) error {
	now := r.catchUp()
	if err := r.g.Apply(e, a, now); err != nil {
		return err
	}
	r.g.Settle(r.gone(), now)
	r.unshown = false
	return nil
}

// catchUp lets the game's time pass to the room's clock, and returns that instant.
func (r *Room) catchUp() engine.Instant {
	now := r.instant()
	if r.g.Advance(now) {
		r.g.Settle(r.gone(), now)
		r.unshown = true
	}
	return now
}

// Kick takes a seat leaving the room out of the game (session.KickTable): in
// the lobby it leaves its team; in the game the family says what leaving means
// (Play.Remove: gone between rounds, absent mid-round).
func (r *Room) Kick(seat session.Seat) error { return refused(r.kick(seat)) }

func (r *Room) kick(seat session.Seat) error {
	if r.g == nil {
		r.setTeam(seat, -1)
		return nil
	}
	now := r.catchUp()
	e := r.engineSeat(seat, false)
	if e == engine.NoSeat {
		return nil
	}
	if err := r.g.Remove(e, now); err != nil {
		return err
	}
	r.s.Seats[e] = -1
	r.g.Settle(r.gone(), now)
	r.unshown = false
	return nil
}

// NextDeadline returns how long until the game's next deadline by the room's clock
// (session.TimedTable).
func (r *Room) NextDeadline() (time.Duration, bool) {
	if r.g == nil {
		return 0, false
	}
	at, ok := r.g.NextDeadline()
	return time.Duration(at-r.instant()) * time.Millisecond, ok
}

// Advance lets the game's time pass up to the room's clock (session.TimedTable): a clock
// that ran out moves the game on without anyone sending anything.
func (r *Room) Advance() bool {
	unshown := r.unshown
	r.unshown = false
	now := r.instant()
	if r.g == nil || !r.g.Advance(now) {
		return unshown
	}
	r.g.Settle(r.gone(), now)
	return true
}
