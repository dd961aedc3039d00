package spyfall

import (
	"safehouse/engine"
)

// pass is the seat in turn at a classic time up passing instead of
// accusing.
func (g *Game) pass(seat engine.Seat) error {
	r := g.s.Cur
	if err := g.player(seat); err != nil {
		return err
	}
	if g.s.Phase != PhaseEndAccuse {
		return refuse(engine.ErrWrongPhase, ruleTimeUpTurns, "a seat passes only on its turn to accuse at time up")
	}
	if turn := r.EndOrder[r.EndTurn]; seat != turn {
		return refuse(engine.ErrNotYourTurn, ruleTimeUpTurns, "seat %d accuses or passes now", turn)
	}
	r.Passed = append(r.Passed, seat)
	g.nextEndTurn()
	return nil
}

// hostPass is the host passing for the one seat the game waits on, so a
// silent phone never stalls the table. A pass never lets the seat win
// anything by its silence: a voter passed for counts neither yes nor no, as if absent for that vote
// alone; a spy passed for names no location.
func (g *Game) hostPass(a HostPass, now engine.Instant) error {
	r := g.s.Cur
	if a.Seat == engine.NoSeat && a.Vote == 0 && g.s.Phase == PhaseTeamGuess {
		// The host may not know who the team spy is: it passes unnamed.
		a.Seat = r.Spies[0]
	}
	if a.Seat < 0 || int(a.Seat) >= len(g.s.Seats) {
		return refuse(engine.ErrNoSuchSeat, "", "there is no seat %d", a.Seat)
	}
	if a.Vote != 0 {
		return g.passVote(a, now)
	}
	if !r.present(a.Seat) {
		return refuse(engine.ErrForbidden, ruleSeatsBetweenRounds, "seat %d is not playing this round", a.Seat)
	}
	waits := refuse(engine.ErrNotYourTurn, ruleTimeUpTurns, "the game does not wait on seat %d", a.Seat)
	switch g.s.Phase {
	case PhaseDealt:
		if r.Dealer != a.Seat {
			return waits
		}
		return g.startClock(Host, now)
	case PhaseEndAccuse:
		if r.EndOrder[r.EndTurn] != a.Seat {
			return waits
		}
		return g.pass(a.Seat)
	case PhaseSpyGuess:
		if !r.isSpy(a.Seat) || r.Guesses[0].Seat == a.Seat {
			return waits
		}
		// The second spy stays silent: the first spy's location decides.
		g.finishGuesses()
		return nil
	case PhaseTeamPick:
		t := r.Team
		if t.Captains[t.Turn] != a.Seat {
			return waits
		}
		return g.stopPicking(a.Seat, StopPicking{Round: a.Round, Turn: t.PickNo}, now)
	case PhaseTeamGuess:
		if !r.isSpy(a.Seat) {
			return waits
		}
		r.Guesses = nil
		ending := EndSpyNotPicked
		if r.Team.SpyPickedBy >= 0 {
			ending = EndSpyPicked
		}
		g.finish(outcome{ending: ending})
		return nil
	case PhaseVote, PhaseEndVote:
		return refuse(engine.ErrInvalidAction, ruleTimeUpTurns, "a pass for a voter names the vote")
	}
	return waits
}

// passVote is the host passing for a pending voter of the open vote.
func (g *Game) passVote(a HostPass, now engine.Instant) error {
	r := g.s.Cur
	v, err := g.namedVote(a.Vote)
	if err != nil {
		return err
	}
	if !r.present(a.Seat) {
		// Seats seated after the deal have no ballot at all.
		return refuse(engine.ErrForbidden, ruleSeatsBetweenRounds, "seat %d is not playing this round", a.Seat)
	}
	switch v.Ballots[a.Seat] {
	case ballotNone:
		return refuse(engine.ErrForbidden, ruleAccusationVote, "seat %d has no vote here", a.Seat)
	case ballotPending:
	default:
		return refuse(engine.ErrAlreadyDone, ruleAccusationVote, "seat %d already voted", a.Seat)
	}
	v.Ballots[a.Seat] = ballotAbstain
	g.maybeCloseVote(now)
	return nil
}

// passedFor lists the seats the host passed for in a vote.
func passedFor(ballots []int) []engine.Seat {
	out := []engine.Seat{}
	for i, b := range ballots {
		if b == ballotAbstain {
			out = append(out, engine.Seat(i))
		}
	}
	return out
}
