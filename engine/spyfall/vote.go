package spyfall

import (
	"safehouse/engine"
)

// VoteResult is the public outcome of the last closed vote.
type VoteResult struct {
	ID      int           `json:"id"`
	Kind    VoteKind      `json:"kind"`
	Accuser engine.Seat   `json:"accuser"`
	Suspect engine.Seat   `json:"suspect"`
	Yes     []engine.Seat `json:"yes"`
	No      []engine.Seat `json:"no"`
	// PassedFor lists the voters the host passed for: they
	// counted neither yes nor no.
	PassedFor []engine.Seat `json:"passed_for"`
	Passed    bool          `json:"passed"`
}

// accuse handles Accuse in every phase where it is legal.
func (g *Game) accuse(seat engine.Seat, a Accuse, now engine.Instant) error {
	r := g.s.Cur
	if err := g.player(seat); err != nil {
		return err
	}
	small := r.Variant == TwoPlayer || r.Variant == ThreePlayer
	switch {
	case g.s.Phase == PhaseEndAccuse:
		// Classic time up: the seat in turn accuses, used mid-round accusation or not.
		if seat != r.EndOrder[r.EndTurn] {
			return refuse(engine.ErrNotYourTurn, ruleTimeUpTurns, "seat %d accuses now", r.EndOrder[r.EndTurn])
		}
		if err := g.target(seat, a.Suspect, "accuse"); err != nil {
			return err
		}
		g.openVote(VoteEndAccusation, seat, a.Suspect)
		g.s.Phase = PhaseEndVote
		g.maybeCloseVote(now)
		return nil
	case r.Variant == Team:
		return refuse(engine.ErrForbidden, ruleCaptainsPick, "captains pick agents instead of accusing")
	}
	if err := g.clockRunning(now, ruleAccuseOnce); err != nil {
		return err
	}
	if err := g.target(seat, a.Suspect, "accuse"); err != nil {
		return err
	}
	if small {
		if r.isSpy(seat) {
			return refuse(engine.ErrForbidden, ruleSpyCannotAccuse, "the spy may not accuse; propose to reveal the table card instead")
		}
		// 2P/3P: the suspect's card is revealed at once, with no vote.
		if r.isSpy(a.Suspect) {
			g.finish(outcome{ending: EndSpyConvicted, convicted: a.Suspect, accuser: seat, midRound: true})
		} else {
			g.finish(outcome{ending: EndNonSpyConvicted, convicted: a.Suspect, accuser: seat, midRound: true})
		}
		return nil
	}
	if r.Accused[seat] {
		return refuse(engine.ErrAlreadyDone, ruleAccuseOnce, "each seat may stop the clock to accuse once per round")
	}
	r.Accused[seat] = true
	if r.FirstAccuser[a.Suspect] == engine.NoSeat {
		r.FirstAccuser[a.Suspect] = seat
	}
	r.Clock.Pause(now)
	g.openVote(VoteAccusation, seat, a.Suspect)
	g.s.Phase = PhaseVote
	g.maybeCloseVote(now)
	return nil
}

// revealTable proposes to reveal the hidden card; one no and play goes on.
func (g *Game) revealTable(seat engine.Seat, now engine.Instant) error {
	r := g.s.Cur
	if r.Table == nil {
		return refuse(engine.ErrForbidden, ruleTableCard, "there is no table card in this variant")
	}
	if err := g.player(seat); err != nil {
		return err
	}
	if err := g.clockRunning(now, ruleTableCard); err != nil {
		return err
	}
	r.Clock.Pause(now)
	g.openVote(VoteTable, seat, engine.NoSeat)
	g.s.Phase = PhaseVote
	g.maybeCloseVote(now)
	return nil
}

// openVote starts a vote: every present seat but the suspect votes; the
// accuser's (or proposer's) vote is a fixed yes.
func (g *Game) openVote(kind VoteKind, accuser, suspect engine.Seat) {
	r := g.s.Cur
	g.s.VoteSerial++
	v := &vote{ID: g.s.VoteSerial, Kind: kind, Accuser: accuser, Suspect: suspect, Ballots: make([]int, len(r.Cards))}
	for i := range r.Cards {
		s := engine.Seat(i)
		switch {
		case !r.present(s) || s == suspect:
		case s == accuser:
			v.Ballots[i] = ballotYes
		default:
			v.Ballots[i] = ballotPending
		}
	}
	r.Vote = v
}

// namedVote is the vote an action names (by its serial), refused when there was never such a
// vote or it is over.
func (g *Game) namedVote(id int) (*vote, error) {
	if id > g.s.VoteSerial || id < 1 {
		return nil, refuse(engine.ErrInvalidAction, "", "there is no vote %d", id)
	}
	if v := g.s.Cur.Vote; v != nil && v.ID == id {
		return v, nil
	}
	return nil, refuse(engine.ErrStale, "", "vote %d is over", id)
}

// vote records one ballot.
func (g *Game) vote(seat engine.Seat, a Vote, now engine.Instant) error {
	v, err := g.namedVote(a.Vote)
	if err != nil {
		return err
	}
	if err := g.player(seat); err != nil {
		return err
	}
	switch v.Ballots[seat] {
	case ballotNone:
		if seat == v.Suspect {
			return refuse(engine.ErrForbidden, ruleAccusationVote, "the accused does not vote")
		}
		return refuse(engine.ErrForbidden, ruleAccusationVote, "seat %d has no vote here", seat)
	case ballotYes, ballotNo, ballotAbstain:
		if seat == v.Accuser {
			return refuse(engine.ErrAlreadyDone, ruleAccusationVote, "the accuser's vote is a fixed yes")
		}
		return refuse(engine.ErrAlreadyDone, ruleAccusationVote, "seat %d already voted", seat)
	}
	if a.Yes {
		v.Ballots[seat] = ballotYes
	} else {
		v.Ballots[seat] = ballotNo
	}
	g.maybeCloseVote(now)
	return nil
}

// maybeCloseVote closes the vote once every voter has voted.
func (g *Game) maybeCloseVote(now engine.Instant) {
	v := g.s.Cur.Vote
	yes, no := 0, 0
	for _, b := range v.Ballots {
		switch b {
		case ballotPending:
			return
		case ballotYes:
			yes++
		case ballotNo:
			no++
		}
	}
	// Nobody's yes convicts nobody, even when every voter was passed for
	// or left (a time-up vote on the seat in turn has no accuser whose yes is fixed).
	passed := no == 0 && yes > 0
	if v.Kind != VoteTable && len(g.s.Cur.Spies) == 2 && g.s.Cur.presentCount() >= 6 {
		// With two spies, at most two voters may say no; but
		// when absences leave fewer than 6 seats the spies' own votes
		// could convict anyone, so every voter must say yes.
		passed = yes > 0 && no <= 2
	}
	g.closeVote(passed, now)
}

// presentCount is the number of seats dealt in and not absent.
func (r *round) presentCount() int {
	n := 0
	for i := range r.Cards {
		if r.present(engine.Seat(i)) {
			n++
		}
	}
	return n
}

// closeVote ends the vote and moves the round on.
func (g *Game) closeVote(passed bool, now engine.Instant) {
	r := g.s.Cur
	v := r.Vote
	res := &VoteResult{ID: v.ID, Kind: v.Kind, Accuser: v.Accuser, Suspect: v.Suspect, Passed: passed,
		Yes: []engine.Seat{}, No: []engine.Seat{}, PassedFor: passedFor(v.Ballots)}
	for i, b := range v.Ballots {
		switch b {
		case ballotYes:
			res.Yes = append(res.Yes, engine.Seat(i))
		case ballotNo:
			res.No = append(res.No, engine.Seat(i))
		}
	}
	g.s.LastVote = res
	r.Vote = nil
	switch v.Kind {
	case VoteTable:
		if !passed {
			g.resume(now)
		} else if r.Table.Spy {
			g.finish(outcome{ending: EndTableSpy})
		} else {
			g.finish(outcome{ending: EndTableLocation})
		}
	case VoteAccusation:
		if !passed {
			// A failed accusation: the clock runs on from where it stopped.
			g.resume(now)
		} else {
			g.convict(v.Suspect, v.Accuser, true)
		}
	case VoteEndAccusation, VoteEndSeat:
		if !passed {
			g.nextEndTurn()
		} else {
			g.convict(v.Suspect, v.Accuser, false)
		}
	}
}

func (g *Game) resume(now engine.Instant) {
	g.s.Cur.Clock.Start(now)
	g.s.Phase = PhasePlaying
}

// convict reveals the suspect's card and ends the round: a spy convicted wins for the non-spies, a non-spy for the spies.
func (g *Game) convict(suspect, accuser engine.Seat, midRound bool) {
	o := outcome{convicted: suspect, accuser: accuser, midRound: midRound, ending: EndNonSpyConvicted}
	if g.s.Cur.isSpy(suspect) {
		o.ending = EndSpyConvicted
	}
	g.finish(o)
}
