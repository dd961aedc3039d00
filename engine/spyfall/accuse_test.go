package spyfall

import (
	"slices"
	"testing"
	"time"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// SF-ACC-1: while the clock runs any seat may stop it once per round to
// accuse another; not twice, not itself, not once time is up, but the
// accuser still takes part in SF-END.
func TestAccuseOncePerRound(t *testing.T) {
	g := newGame(t, config(Classic, 5, 11))
	r := start(t, g, t0)
	ns := nonSpies(g)
	a, b := ns[0], ns[1]
	enginetest.Refused(t, g, a, Accuse{Round: 1, Suspect: a}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, a, Accuse{Round: 1, Suspect: 9}, t0, engine.ErrNoSuchSeat)
	enginetest.Refused(t, g, a, Accuse{Round: 2, Suspect: b}, t0, engine.ErrInvalidAction)
	enginetest.Apply(t, g, a, Accuse{Round: 1, Suspect: b}, t0+1000)
	if g.Phase() != PhaseVote {
		t.Fatalf("phase %s", g.Phase())
	}
	// Stopping a clock that is already stopped: refused.
	enginetest.Refused(t, g, ns[2], Accuse{Round: 1, Suspect: b}, t0+1000, engine.ErrWrongPhase)
	voteAll(t, g, t0+2000, ns[2])
	enginetest.Refused(t, g, a, Accuse{Round: 1, Suspect: ns[2]}, t0+3000, engine.ErrAlreadyDone)
	if !g.View(engine.NoSeat).Seats[g.orderIndex(a)].Accused {
		t.Fatal("view does not show that the seat used its accusation")
	}
	enginetest.Apply(t, g, b, Accuse{Round: 1, Suspect: ns[2]}, t0+3000)
	voteAll(t, g, t0+3000, ns[3])
	deadline := r.Clock.Deadline
	enginetest.Refused(t, g, ns[2], Accuse{Round: 1, Suspect: b}, deadline, engine.ErrWrongPhase)
	g.Advance(deadline)
	// SF-END-1a: the seat in turn accuses even if it used its accusation.
	for g.Phase() == PhaseEndAccuse {
		turn := r.EndOrder[r.EndTurn]
		suspect := r.Spies[0]
		if suspect == turn {
			suspect = turn.Left(5)
		}
		enginetest.Apply(t, g, turn, Accuse{Round: 1, Suspect: suspect}, deadline)
		if g.Phase() == PhaseEndVote {
			voteAll(t, g, deadline, r.Spies[0]) // the spy votes no (if a voter)
			if g.Phase() == PhaseEndVote {
				t.Fatal("vote did not close")
			}
		}
	}
}

// SF-ACC-2: every seat but the accused votes; the accused may not; the
// accuser's vote is a fixed yes; nobody votes twice; stale votes refused.
func TestVoters(t *testing.T) {
	g := newGame(t, config(Classic, 5, 12))
	start(t, g, t0)
	ns := nonSpies(g)
	enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: ns[1]}, t0)
	v := g.s.Cur.Vote
	vv := g.View(engine.NoSeat).Vote
	if len(vv.Voters) != 4 || slices.Contains(vv.Voters, ns[1]) || !slices.Equal(vv.Voted, []engine.Seat{ns[0]}) {
		t.Fatalf("voters %v voted %v", vv.Voters, vv.Voted)
	}
	enginetest.Refused(t, g, ns[1], Vote{Vote: v.ID, Yes: false}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, ns[0], Vote{Vote: v.ID, Yes: false}, t0, engine.ErrAlreadyDone)
	enginetest.Refused(t, g, ns[0], Vote{Vote: v.ID + 1, Yes: true}, t0, engine.ErrInvalidAction)
	enginetest.Apply(t, g, ns[2], Vote{Vote: v.ID, Yes: true}, t0)
	enginetest.Refused(t, g, ns[2], Vote{Vote: v.ID, Yes: false}, t0, engine.ErrAlreadyDone)
	if g.View(ns[2]).Vote.Mine != "yes" || g.View(ns[3]).Vote.Mine != "pending" {
		t.Fatal("own ballot not shown")
	}
	voteAll(t, g, t0, g.s.Cur.Spies[0])
	if g.s.LastVote.Passed || len(g.s.LastVote.No) != 1 || len(g.s.LastVote.Yes) != 3 {
		t.Fatalf("last vote %+v", g.s.LastVote)
	}
	// A resent ballot for the closed vote is stale.
	enginetest.Refused(t, g, ns[3], Vote{Vote: v.ID, Yes: true}, t0, engine.ErrStale)
}

// SF-ACC-3: one spy: every voter must say yes; two spies: at most two no.
func TestConvictionThreshold(t *testing.T) {
	cases := []struct {
		ed       Edition
		n, spies int
		noVotes  int
		passes   bool
	}{
		{Classic, 6, 1, 0, true},
		{Classic, 6, 1, 1, false},
		{Spyfall2, 8, 1, 1, false},
		{Spyfall2, 9, 2, 0, true},
		{Spyfall2, 9, 2, 1, true},
		{Spyfall2, 9, 2, 2, true},
		{Spyfall2, 9, 2, 3, false},
		{Spyfall2, 6, 2, 2, true},
		{Spyfall2, 6, 2, 3, false},
	}
	for _, tc := range cases {
		c := config(tc.ed, tc.n, 21)
		c.Spies = tc.spies
		g := newGame(t, c)
		start(t, g, t0)
		ns := nonSpies(g)
		enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: ns[1]}, t0)
		var voters []engine.Seat
		for i, b := range g.s.Cur.Vote.Ballots {
			if b == ballotPending {
				voters = append(voters, engine.Seat(i))
			}
		}
		voteAll(t, g, t0, voters[:tc.noVotes]...)
		if g.s.LastVote.Passed != tc.passes {
			t.Errorf("%+v: passed %v", tc, g.s.LastVote.Passed)
		}
	}
}

// SF-ACC-4: a passed accusation ends the round and reveals the card; a
// failed one restarts the clock where it stopped; the same seat may be
// accused again.
func TestAccusationResult(t *testing.T) {
	g := newGame(t, config(Classic, 5, 13))
	r := start(t, g, t0)
	ns := nonSpies(g)
	spy := r.Spies[0]
	enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: spy}, t0+1000)
	voteAll(t, g, t0+2000, ns[1])
	if g.Phase() != PhasePlaying || r.Clock.Remaining(t0+2000) != 8*time.Minute-time.Second {
		t.Fatalf("failed accusation: phase %s clock %v", g.Phase(), r.Clock.Remaining(t0+2000))
	}
	enginetest.Apply(t, g, ns[1], Accuse{Round: 1, Suspect: spy}, t0+3000)
	voteAll(t, g, t0+3000)
	res := lastResult(g)
	if g.Phase() != PhaseRoundOver || res.Convicted != spy || res.Ending != EndSpyConvicted || !res.MidRound {
		t.Fatalf("passed accusation: phase %s result %+v", g.Phase(), res)
	}
	if v := g.View(ns[2]); v.LastRound == nil || !slices.ContainsFunc(v.LastRound.Cards, func(c RevealedCard) bool { return c.Seat == spy && c.Spy }) {
		t.Fatalf("the accused's card is not revealed: %+v", v.LastRound)
	}
}

// SF-ACC-5: a spy may accuse (and the vote can convict a non-spy).
func TestSpyMayAccuse(t *testing.T) {
	g := newGame(t, config(TimeTravel, 5, 14))
	r := start(t, g, t0)
	spy, victim := r.Spies[0], nonSpies(g)[0]
	enginetest.Apply(t, g, spy, Accuse{Round: 1, Suspect: victim}, t0)
	voteAll(t, g, t0)
	if res := lastResult(g); res.Ending != EndNonSpyConvicted || res.Points[spy] != 4 {
		t.Fatalf("spy's accusation: %+v", res)
	}
}

// SF-ACC-6 and SF-END-2: a mid-round vote carries the no-discussion notice;
// the votes at time up do not.
func TestQuietVoteNotice(t *testing.T) {
	for _, ed := range []Edition{Classic, Spyfall2} {
		g := newGame(t, config(ed, 5, 15))
		r := start(t, g, t0)
		ns := nonSpies(g)
		enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: ns[1]}, t0)
		for s := engine.Seat(-1); s < 5; s++ {
			if !g.View(s).QuietVote {
				t.Fatalf("%s: seat %d has no notice during a mid-round vote", ed, s)
			}
		}
		voteAll(t, g, t0, ns[2])
		if g.View(0).QuietVote {
			t.Fatal("notice outlives the vote")
		}
		g.Advance(r.Clock.Deadline)
		if ed == Classic {
			turn := r.EndOrder[r.EndTurn]
			enginetest.Apply(t, g, turn, Accuse{Round: 1, Suspect: turn.Left(5)}, r.Clock.Deadline)
		}
		if g.Phase() != PhaseEndVote {
			t.Fatalf("%s: phase %s", ed, g.Phase())
		}
		for s := engine.Seat(-1); s < 5; s++ {
			if g.View(s).QuietVote {
				t.Fatalf("%s: discussion discouraged at time up", ed)
			}
		}
	}
}
