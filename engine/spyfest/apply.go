package spyfest

import (
	"slices"

	"safehouse/engine"
)

// Apply checks the action against the rules and the sender's seat and, if it
// is allowed, performs it at instant now. Apply never lets time pass
// (engine.Game): once a window or timer has run out, every action is refused
// with engine.ErrStale until Advance has settled it. A
// refused action returns a *engine.Refusal and leaves the state exactly as it
// was.
func (g *Game) Apply(seat engine.Seat, a Action, now engine.Instant) error {
	if a == nil {
		return engine.Refuse(engine.ErrInvalidAction, "", "no action")
	}
	if g.st.Phase == PhaseOver {
		return engine.Refuse(engine.ErrGameOver, "", "the game is over")
	}
	if _, at := g.st.nextDeadline(); at != 0 && at <= now {
		// The moment this action was meant for has run out; Advance settles it first.
		return engine.Refuse(engine.ErrStale, "", "time ran out before this arrived")
	}
	return g.st.apply(seat, a, now)
}

// Advance lets every deadline up to now take effect, each at its own instant, and reports
// whether anything changed (every deadline that passes changes the round).
func (g *Game) Advance(now engine.Instant) bool {
	if at, ok := g.NextDeadline(); !ok || at > now {
		return false
	}
	g.st.advance(now)
	return true
}

// NextDeadline is the earliest pending deadline: the guess window while stopped, the idle
// timer or the description limit while describing.
func (g *Game) NextDeadline() (engine.Instant, bool) {
	if g.st.Phase == PhaseOver {
		return 0, false
	}
	_, at := g.st.nextDeadline()
	return at, at != 0
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.st.Phase == PhaseOver }

func (st *state) apply(seat engine.Seat, a Action, now engine.Instant) error {
	switch a := a.(type) {
	case engine.HostAddSeat:
		return st.join(seat, a)
	case engine.HostRemoveSeat:
		return st.kick(seat, a, now)
	case engine.HostEndGame:
		return st.end(seat)
	}
	if st.teamOf(seat) == NoTeam {
		return engine.Refuse(engine.ErrNoSuchSeat, "", "only players in a team can do that")
	}
	switch a := a.(type) {
	case ChooseSpy:
		return st.chooseSpy(seat, a)
	case Draw:
		return st.draw(seat, a, now)
	case Keep:
		return st.keep(seat, a, now)
	case Stop:
		return st.stop(seat, a, now)
	case Guess:
		return st.guess(seat, a, now)
	case StartIdle:
		return st.startIdle(seat, a, now)
	case CancelIdle:
		return st.cancelIdle(a)
	case Play:
		return st.play(seat, a)
	case Answer:
		return st.answer(seat, a)
	case CrossQuarter:
		return st.crossQuarter(seat, a)
	case Note:
		return st.note(seat, a)
	}
	return engine.Refuse(engine.ErrInvalidAction, "", "unknown action %T", a)
}

// checkRound refuses an action aimed at another round than the current one.
func (st *state) checkRound(n int) error {
	switch {
	case n < st.Round.Number:
		return engine.Refuse(engine.ErrStale, "", "round %d is already over", n)
	case n > st.Round.Number:
		return engine.Refuse(engine.ErrInvalidAction, "", "round %d has not begun (this is round %d)", n, st.Round.Number)
	}
	return nil
}

// checkPhase refuses an action outside the given phases.
func (st *state) checkPhase(rule, what string, phases ...Phase) error {
	if !slices.Contains(phases, st.Phase) {
		return engine.Refuse(engine.ErrWrongPhase, rule, "%s is not possible now (%s)", what, st.Phase)
	}
	return nil
}

// notSpy refuses an action the Spy may not take.
func (st *state) notSpy(seat engine.Seat, rule, what string) error {
	if seat == st.Round.Spy {
		return engine.Refuse(engine.ErrForbidden, rule, "the Spy may not %s", what)
	}
	return nil
}

type deadlineKind int

const (
	noDeadline deadlineKind = iota
	windowDeadline
	idleDeadline
	descriptionDeadline
)

// nextDeadline returns the earliest pending deadline and its instant (0 if none).
func (st *state) nextDeadline() (deadlineKind, engine.Instant) {
	r := &st.Round
	switch st.Phase {
	case PhaseStopped:
		if r.Window != 0 {
			return windowDeadline, r.Window
		}
	case PhaseDescribing:
		kind, at := noDeadline, engine.Instant(0)
		if r.Idle != 0 {
			kind, at = idleDeadline, r.Idle
		}
		// On a tie the idle timer wins: the game was not stopped before it ran out.
		if r.Description.Running && (kind == noDeadline || r.Description.Deadline < at) {
			kind, at = descriptionDeadline, r.Description.Deadline
		}
		return kind, at
	}
	return noDeadline, 0
}

// advance lets every deadline up to now take effect, each at its own instant.
func (st *state) advance(now engine.Instant) {
	for {
		kind, at := st.nextDeadline()
		if kind == noDeadline || at > now {
			return
		}
		switch kind {
		case windowDeadline:
			// A team that does not submit in time spends its guess.
			st.resolveGuess(st.Round.Guessing, nil, at)
		case idleDeadline:
			// Nothing added for the idle time ends the round.
			st.endRound(EndIdle, NoTeam, at)
		case descriptionDeadline:
			// The description limit ran out: the Spy falls silent; the remaining attempts follow at once.
			st.Round.Description.Pause(at)
			st.Round.Silent = true
			st.startAttempt(at)
		}
	}
}
