package game

import (
	"bytes"
	"slices"
	"strings"
	"time"

	"safehouse/engine"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// action forwards one engine action of a playing seat with the host's clock.
func (r *Room) action(seat int, raw []byte) error {
	now := r.instant()
	switch {
	case r.sf != nil:
		a, err := spyfall.DecodeAction(raw)
		if err != nil {
			return err
		}
		switch {
		case strings.HasPrefix(a.Kind(), "host_"):
			return refusal(engine.ErrInvalidAction, "APP-ACT-1", "the host's controls are not game actions")
		case a.Kind() == (spyfall.Rename{}).Kind():
			return refusal(engine.ErrInvalidAction, "APP-ACT-1", "rename through the room, not the game")
		}
		e := slices.Index(r.s.Seats, seat)
		if e < 0 {
			return refusal(engine.ErrNoSuchSeat, "APP-LOBBY-1", "you are not seated in this game")
		}
		if err := r.sf.Apply(engine.Seat(e), a, now); err != nil {
			return err
		}
		r.settleLeavers()
		return nil
	case r.sx != nil:
		a, err := spyfest.DecodeAction(raw)
		if err != nil {
			return err
		}
		switch a.(type) {
		case spyfest.Join, spyfest.Kick, spyfest.End:
			return refusal(engine.ErrInvalidAction, "APP-ACT-1", "the host's controls are not game actions")
		}
		return r.sx.Apply(engine.Seat(seat), a, now)
	}
	return refusal(engine.ErrWrongPhase, "", "the game has not started")
}

// hostAction forwards one of the host's in-round Spyfall actions: passing for the seat the
// game waits on, or marking a seat absent for the rest of the round (SF-END-1a). The room's
// own controls (seats, ending the game) have ops and intents of their own.
func (r *Room) hostAction(raw []byte) error {
	if r.sf == nil {
		return refusal(engine.ErrWrongPhase, "SF-END-1a", "the host passes for a seat only during a Spyfall game")
	}
	a, err := spyfall.DecodeAction(raw)
	if err != nil {
		return err
	}
	switch a.(type) {
	case spyfall.HostPass, spyfall.HostMarkAbsent:
	default:
		return refusal(engine.ErrInvalidAction, "APP-ACT-1", "%q is not one of the host's moves in a round", a.Kind())
	}
	if err := r.sf.Apply(spyfall.Host, a, r.instant()); err != nil {
		return err
	}
	r.settleLeavers()
	return nil
}

// Kick takes a seat leaving the room out of the game (session.KickTable, APP-LOBBY-2): in
// the lobby it leaves its team; between rounds it leaves the Spyfall table (its points stay
// in the history); mid-round it is absent, and the round is voided if it was essential.
func (r *Room) Kick(seat int) error { return refused(r.kick(seat)) }

func (r *Room) kick(seat int) error {
	switch {
	case r.sf != nil:
		e := slices.Index(r.s.Seats, seat)
		if e < 0 {
			return nil
		}
		switch r.sf.Phase() {
		case spyfall.PhaseGameOver:
		case spyfall.PhaseLobby, spyfall.PhaseRoundOver:
			if err := r.sf.Apply(spyfall.Host, spyfall.HostRemoveSeat{Seat: engine.Seat(e)}, r.instant()); err != nil {
				return err
			}
		default:
			if r.dealtIn(e) {
				mark := spyfall.HostMarkAbsent{Round: r.sf.Round(), Seat: engine.Seat(e)}
				if err := r.sf.Apply(spyfall.Host, mark, r.instant()); err != nil {
					return err
				}
			}
			r.s.Leaving = append(r.s.Leaving, e)
		}
		r.s.Seats[e] = -1
		r.settleLeavers()
	case r.sx != nil:
		if r.sx.TeamOf(engine.Seat(seat)) == spyfest.NoTeam {
			return nil
		}
		return r.sx.Apply(spyfest.Host, spyfest.Kick{Seat: engine.Seat(seat)}, r.instant())
	default:
		r.setTeam(seat, -1)
	}
	return nil
}

// dealtIn reports whether Spyfall engine seat e plays the round in progress.
func (r *Room) dealtIn(e int) bool {
	for _, s := range r.sf.View(engine.NoSeat).Seats {
		if int(s.ID) == e {
			return s.InRound
		}
	}
	return false
}

// settleLeavers removes seats kicked mid-round once their round is over. A table left too
// small to play on ends the game.
func (r *Room) settleLeavers() {
	if r.sf == nil || len(r.s.Leaving) == 0 {
		return
	}
	switch r.sf.Phase() {
	case spyfall.PhaseRoundOver, spyfall.PhaseLobby:
	case spyfall.PhaseGameOver:
		r.s.Leaving = nil
		return
	default:
		return
	}
	now := r.instant()
	for _, e := range r.s.Leaving {
		if r.sf.Apply(spyfall.Host, spyfall.HostRemoveSeat{Seat: engine.Seat(e)}, now) != nil {
			_ = r.sf.Apply(spyfall.Host, spyfall.HostEndGame{}, now)
			break
		}
	}
	r.s.Leaving = nil
}

// NextDeadline returns how long until the game's next deadline by the room's clock
// (session.TimedTable).
func (r *Room) NextDeadline() (time.Duration, bool) {
	now := r.instant()
	switch {
	case r.sf != nil:
		at, ok := r.sf.NextDeadline()
		return time.Duration(at-now) * time.Millisecond, ok
	case r.sx != nil:
		at, ok := spyfestDeadline(r.sx.View(engine.NoSeat))
		return time.Duration(at-now) * time.Millisecond, ok
	}
	return 0, false
}

// spyfestDeadline is the earliest pending deadline shown in a Spyfest view: the guess
// window while stopped, the idle timer and the description limit while describing.
func spyfestDeadline(v spyfest.View) (engine.Instant, bool) {
	var at engine.Instant
	consider := func(i engine.Instant) {
		if i != 0 && (at == 0 || i < at) {
			at = i
		}
	}
	switch v.Phase {
	case spyfest.PhaseStopped:
		consider(v.Window)
	case spyfest.PhaseDescribing:
		consider(v.Idle)
		if v.Description.Running {
			consider(v.Description.Deadline)
		}
	}
	return at, at != 0
}

// Advance lets the game's time pass up to the room's clock (session.TimedTable): a clock
// that ran out moves the game on without anyone sending anything.
func (r *Room) Advance() bool {
	now := r.instant()
	switch {
	case r.sf != nil:
		changed := r.sf.Advance(now)
		if changed {
			r.settleLeavers()
		}
		return changed
	case r.sx != nil:
		before, _ := r.sx.MarshalBinary()
		r.sx.Advance(now)
		after, _ := r.sx.MarshalBinary()
		return !bytes.Equal(before, after)
	}
	return false
}
