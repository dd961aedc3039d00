package spyfest

import (
	"slices"

	"safehouse/engine"
)

// stop starts an attempt: anyone but the Spy, while the Spy describes.
func (st *state) stop(seat engine.Seat, a Stop, now engine.Instant) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	if err := st.checkPhase(ruleStopForAttempt, "stopping the game", PhaseDescribing); err != nil {
		return err
	}
	if err := st.notSpy(seat, ruleStopForAttempt, "stop the game"); err != nil {
		return err
	}
	st.Round.Description.Pause(now)
	st.startAttempt(now)
	return nil
}

// startAttempt stops the game; the intercepting team guesses first.
func (st *state) startAttempt(at engine.Instant) {
	r := &st.Round
	r.Attempt++
	r.Lapsed = false
	r.Idle = 0 // the game was stopped before the idle timer ran out
	st.Phase = PhaseStopped
	st.openWindow(r.intercepting(), at)
}

// openWindow gives team t its guess window from instant at; a team
// with nobody left to guess spends its guess at once.
func (st *state) openWindow(t int, at engine.Instant) {
	r := &st.Round
	r.Guessing = t
	r.Window = 0
	if st.GuessWindow > 0 {
		r.Window = at.Add(st.GuessWindow)
	}
	if len(st.guessers(t)) == 0 {
		st.resolveGuess(t, nil, at)
	}
}

// guessers are the members of team t who may submit its guess.
func (st *state) guessers(t int) []engine.Seat {
	var out []engine.Seat
	for _, s := range st.Teams[t].Members {
		if s != st.Round.Spy {
			out = append(out, s)
		}
	}
	return out
}

func (st *state) guess(seat engine.Seat, a Guess, now engine.Instant) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	r := &st.Round
	switch {
	case a.Attempt < 1:
		return engine.Refuse(engine.ErrInvalidAction, ruleGuessWindows, "attempts are counted from 1")
	case a.Attempt < r.Attempt || (a.Attempt == r.Attempt && st.Phase != PhaseStopped):
		return engine.Refuse(engine.ErrStale, ruleGuessWindows, "attempt %d is already over", a.Attempt)
	case a.Attempt > r.Attempt || st.Phase != PhaseStopped:
		return engine.Refuse(engine.ErrWrongPhase, ruleStopForAttempt, "attempt %d has not started: stop the game first", a.Attempt)
	}
	if err := st.notSpy(seat, ruleGuessWindows, "guess"); err != nil {
		return err
	}
	t := st.teamOf(seat)
	if t != r.Guessing {
		if t == r.intercepting() {
			// Only a team's first submission counts: the intercepting team's already counted (or its time ran out).
			return engine.Refuse(engine.ErrStale, ruleGuessWindows, "your team's guess for attempt %d is already spent", a.Attempt)
		}
		return engine.Refuse(engine.ErrNotYourTurn, ruleGuessWindows, "the intercepting team guesses first")
	}
	switch len(a.Names) {
	case 1:
	case 2:
		if st.Teams[t].Cards[CardTwoGuesses] == 0 {
			return engine.Refuse(engine.ErrForbidden, ruleTwoGuesses, "two names need a \"two guesses\" card, and your team has none left")
		}
		if a.Names[0] == a.Names[1] {
			return engine.Refuse(engine.ErrInvalidAction, ruleTwoGuesses, "the two names must differ")
		}
	default:
		return engine.Refuse(engine.ErrInvalidAction, ruleGuessWindows, "a guess names one character (two with the \"two guesses\" card)")
	}
	for _, name := range a.Names {
		if err := st.guessable(name); err != nil {
			return err
		}
	}
	if len(a.Names) == 2 {
		st.spendCard(t, CardTwoGuesses)
	}
	st.resolveGuess(t, a.Names, now)
	return nil
}

// guessable refuses names that cannot be the answer: unknown ones, and
// characters already out of the game.
func (st *state) guessable(name string) error {
	if st.Round.reverse() {
		if !slices.Contains(st.keywordIDs(st.KeywordSet), name) {
			return engine.Refuse(engine.ErrInvalidAction, ruleReverseRound, "%q is not a keyword of the set in play", name)
		}
		return nil
	}
	if !slices.ContainsFunc(st.Sheet, func(s SheetCharacter) bool { return s.ID == name }) {
		return engine.Refuse(engine.ErrInvalidAction, ruleWholeListsShown, "%q is not a character of the deck in play", name)
	}
	if slices.Contains(st.Out, name) {
		return engine.Refuse(engine.ErrForbidden, ruleCharacterLeaves, "%q is already out of the game", name)
	}
	return nil
}

// resolveGuess settles team t's guess (nil when its time ran out).
func (st *state) resolveGuess(t int, names []string, at engine.Instant) {
	r := &st.Round
	if slices.Contains(names, r.target()) {
		st.endRound(EndGuessed, t, at)
		return
	}
	for _, n := range names {
		if !slices.Contains(r.Wrong, n) {
			r.Wrong = append(r.Wrong, n) // a minus on both sheets for the rest of the round
		}
	}
	if t == r.intercepting() {
		r.Lapsed = names == nil
		st.openWindow(r.Team, at)
		return
	}
	if r.Attempt >= r.maxAttempts() {
		st.endRound(EndNoAttempts, NoTeam, at)
		return
	}
	// Both guesses wrong: play resumes; a silenced Spy's remaining attempts follow at once.
	r.Guessing, r.Window = NoTeam, 0
	if r.Silent {
		st.startAttempt(at)
		return
	}
	st.Phase = PhaseDescribing
	if st.DescLimit > 0 {
		st.Round.Description.Start(at)
	}
}

func (st *state) startIdle(seat engine.Seat, a StartIdle, now engine.Instant) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	if err := st.checkPhase(ruleIdleTimer, "starting the idle timer", PhaseDescribing); err != nil {
		return err
	}
	r := &st.Round
	switch {
	case st.IdleTimer == 0:
		return engine.Refuse(engine.ErrForbidden, ruleTimers, "the idle timer is off in this game")
	case r.Idle != 0:
		return engine.Refuse(engine.ErrAlreadyDone, ruleIdleTimer, "the idle timer is already running")
	}
	r.Idle = now.Add(st.IdleTimer)
	return nil
}

func (st *state) cancelIdle(a CancelIdle) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	if err := st.checkPhase(ruleIdleTimer, "cancelling the idle timer", PhaseDescribing); err != nil {
		return err
	}
	if st.Round.Idle == 0 {
		return engine.Refuse(engine.ErrAlreadyDone, ruleIdleTimer, "the idle timer is not running")
	}
	st.Round.Idle = 0
	return nil
}
