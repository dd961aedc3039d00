package spyfest

import (
	"slices"

	"safehouse/engine"
)

func hostOnly(seat engine.Seat, what string) error {
	if seat != Host {
		return engine.Refuse(engine.ErrForbidden, ruleHostArrangesSeats, "only the host can %s", what)
	}
	return nil
}

// join adds a late joiner to a team between rounds.
func (st *state) join(seat engine.Seat, a engine.HostAddSeat) error {
	if err := hostOnly(seat, "add players"); err != nil {
		return err
	}
	switch {
	case a.Seat < 0:
		return engine.Refuse(engine.ErrNoSuchSeat, ruleHostArrangesSeats, "seat %d is not a seat", a.Seat)
	case a.Team != 0 && a.Team != 1:
		return engine.Refuse(engine.ErrInvalidAction, ruleHostArrangesSeats, "team %d does not exist (0 or 1)", a.Team)
	case st.teamOf(a.Seat) != NoTeam:
		return engine.Refuse(engine.ErrAlreadyDone, ruleHostArrangesSeats, "seat %d is already in a team", a.Seat)
	}
	if err := st.checkPhase(ruleHostArrangesSeats, "joining a team (wait for the round to end)", PhaseSpyChoice); err != nil {
		return err
	}
	st.Teams[a.Team].Members = append(st.Teams[a.Team].Members, a.Seat)
	return nil
}

// kick removes a seat. Mid-round it is absent from then on; if it was the
// Spy the round is voided with no points.
func (st *state) kick(seat engine.Seat, a engine.HostRemoveSeat, now engine.Instant) error {
	if err := hostOnly(seat, "remove players"); err != nil {
		return err
	}
	t := st.teamOf(a.Seat)
	if t == NoTeam {
		return engine.Refuse(engine.ErrNoSuchSeat, ruleSeatsBetweenRounds, "seat %d is not in a team", a.Seat)
	}
	members := &st.Teams[t].Members
	*members = slices.DeleteFunc(*members, func(s engine.Seat) bool { return s == a.Seat })
	r := &st.Round
	switch {
	case a.Seat == r.Spy && st.Phase != PhaseSpyChoice:
		st.endRound(EndVoided, NoTeam, now)
	case st.Phase == PhaseStopped && r.Guessing == t && len(st.guessers(t)) == 0:
		// Nobody is left to submit this team's guess: it is spent.
		st.resolveGuess(t, nil, now)
	}
	return nil
}

func (st *state) end(seat engine.Seat) error {
	if err := hostOnly(seat, "end the game"); err != nil {
		return err
	}
	if st.Phase != PhaseSpyChoice {
		// A round in play is abandoned: its cards go back as at any round's end, so the
		// deck, the characters out and the keywords still add up in the saved game.
		st.returnRoundCards()
	}
	st.finish(NoTeam, EndByHost)
	return nil
}
