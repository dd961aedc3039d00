package game

import (
	"time"

	"safehouse/engine"
)

// action forwards one engine action of a playing seat with the host's clock.
func (r *Room) action(seat int, raw []byte) error {
	if r.g == nil {
		return refusal(engine.ErrWrongPhase, "", "the game has not started")
	}
	a, err := r.g.decode(raw)
	if err != nil {
		return err
	}
	if engine.HostOnly(a) {
		return refusal(engine.ErrInvalidAction, "APP-ACT-1", "the host's controls are not game actions")
	}
	e := r.engineSeat(seat, false)
	if e == engine.NoSeat {
		return refusal(engine.ErrNoSuchSeat, "APP-LOBBY-1", "you are not seated in this game")
	}
	return r.play(e, a)
}

// hostAction forwards one of the host's in-round moves (Spyfall: passing for the seat the
// game waits on, or marking a seat absent for the rest of the round, SF-END-1a).
func (r *Room) hostAction(raw []byte) error {
	if r.g == nil {
		return noHostMoves()
	}
	a, err := r.g.hostMove(raw)
	if err != nil {
		return err
	}
	return r.play(engine.Host, a)
}

// play lets the game's time pass to the room's clock, then applies a (engine.Game: Apply
// never lets time pass), and settles what the room owes after each. So an action never
// lands on a moment that ran out before the host's timer woke, however late it wakes (a
// hidden tab's timers are slowed). Time that passed for an action then refused is shown at
// the next Advance.
func (r *Room) play(e engine.Seat, a engine.Action) error {
	now := r.catchUp()
	if err := r.g.game().Apply(e, a, now); err != nil {
		return err
	}
	r.g.settle(r)
	r.unshown = false
	return nil
}

// catchUp lets the game's time pass to the room's clock, and returns that instant.
func (r *Room) catchUp() engine.Instant {
	now := r.instant()
	if r.g.game().Advance(now) {
		r.g.settle(r)
		r.unshown = true
	}
	return now
}

// Kick takes a seat leaving the room out of the game (session.KickTable, APP-LOBBY-2): in
// the lobby it leaves its team; between rounds it leaves the Spyfall table (its points stay
// in the history); mid-round it is absent, and the round is voided if it was essential.
func (r *Room) Kick(seat int) error { return refused(r.kick(seat)) }

func (r *Room) kick(seat int) error {
	if r.g == nil {
		r.setTeam(seat, -1)
		return nil
	}
	r.catchUp()
	if err := r.g.kick(r, seat); err != nil {
		return err
	}
	r.g.settle(r)
	r.unshown = false
	return nil
}

// NextDeadline returns how long until the game's next deadline by the room's clock
// (session.TimedTable).
func (r *Room) NextDeadline() (time.Duration, bool) {
	if r.g == nil {
		return 0, false
	}
	at, ok := r.g.game().NextDeadline()
	return time.Duration(at-r.instant()) * time.Millisecond, ok
}

// Advance lets the game's time pass up to the room's clock (session.TimedTable): a clock
// that ran out moves the game on without anyone sending anything.
func (r *Room) Advance() bool {
	unshown := r.unshown
	r.unshown = false
	if r.g == nil || !r.g.game().Advance(r.instant()) {
		return unshown
	}
	r.g.settle(r)
	return true
}
