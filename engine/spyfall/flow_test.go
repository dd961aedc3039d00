package spyfall

import (
	"bytes"
	"slices"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// SF-SPY-1: a spy may reveal and name a location while the clock runs:
// not a non-spy, not while someone else stopped the clock, not after time is
// up, not a location outside the game.
func TestSpyGuessWhen(t *testing.T) {
	g := newGame(t, config(Classic, 5, 16))
	r := start(t, g, t0)
	spy := r.Spies[0]
	ns := nonSpies(g)
	loc := locID(g, r.Loc)
	enginetest.Refused(t, g, ns[0], Guess{Round: 1, Location: loc}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, spy, Guess{Round: 1, Location: "atlantis"}, t0, engine.ErrInvalidAction)
	enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: ns[1]}, t0)
	enginetest.Refused(t, g, spy, Guess{Round: 1, Location: loc}, t0, engine.ErrWrongPhase)
	voteAll(t, g, t0, spy)
	enginetest.Refused(t, g, spy, Guess{Round: 1, Location: loc}, r.Clock.Deadline, engine.ErrWrongPhase)
	g.Advance(r.Clock.Deadline)
	enginetest.Refused(t, g, spy, Guess{Round: 1, Location: loc}, r.Clock.Deadline, engine.ErrWrongPhase)

	g = newGame(t, config(Classic, 5, 16))
	r = start(t, g, t0)
	enginetest.Apply(t, g, r.Spies[0], Guess{Round: 1, Location: locID(g, r.Loc)}, t0+10)
	if res := lastResult(g); res.Ending != EndSpyGuessed || len(res.Guesses) != 1 || !res.Guesses[0].Correct {
		t.Fatalf("guess result %+v", res)
	}
}

// SF-SPY-2: one spy: a right guess wins for the spy, a wrong one for the
// non-spies; either ends the round.
func TestOneSpyGuess(t *testing.T) {
	for _, right := range []bool{true, false} {
		g := newGame(t, config(TimeTravel, 6, 17))
		r := start(t, g, t0)
		loc := wrongLocation(g)
		if right {
			loc = locID(g, r.Loc)
		}
		enginetest.Apply(t, g, r.Spies[0], Guess{Round: 1, Location: loc}, t0)
		res := lastResult(g)
		want := EndSpyMissed
		if right {
			want = EndSpyGuessed
		}
		if g.Phase() != PhaseRoundOver || res.Ending != want {
			t.Fatalf("right=%v: phase %s ending %s", right, g.Phase(), res.Ending)
		}
		spyWon := res.Points[r.Spies[0]] > 0
		if spyWon != right {
			t.Fatalf("right=%v: points %v", right, res.Points)
		}
	}
}

// SF-SPY-3: two spies: after the first names a location the second is
// revealed and names one too; the first choice is shown, its correctness is
// not; spies win if at least one is right.
func TestTwoSpyGuess(t *testing.T) {
	for _, tc := range []struct{ first, second, win bool }{
		{true, false, true}, {false, true, true}, {false, false, false}, {true, true, true},
	} {
		g := newGame(t, config(Spyfall2, 9, 18))
		r := start(t, g, t0)
		a, b := r.Spies[1], r.Spies[0]
		right, wrong := locID(g, r.Loc), wrongLocation(g)
		pick := func(ok bool) string {
			if ok {
				return right
			}
			return wrong
		}
		enginetest.Refused(t, g, b, Guess{Round: 1, Location: right}, r.Clock.Deadline, engine.ErrWrongPhase)
		enginetest.Apply(t, g, a, Guess{Round: 1, Location: pick(tc.first)}, t0)
		if g.Phase() != PhaseSpyGuess {
			t.Fatalf("phase %s", g.Phase())
		}
		ns := nonSpies(g)
		v := g.View(ns[0])
		if v.SpyGuess == nil || v.SpyGuess.First != a || v.SpyGuess.Second != b || v.SpyGuess.Named.ID != pick(tc.first) {
			t.Fatalf("public two-spy view %+v", v.SpyGuess)
		}
		if v.LastRound != nil || len(g.s.History) != 0 {
			t.Fatal("result shown before the second spy named a location")
		}
		enginetest.Refused(t, g, a, Guess{Round: 1, Location: right}, t0, engine.ErrNotYourTurn)
		enginetest.Refused(t, g, ns[0], Guess{Round: 1, Location: right}, t0, engine.ErrNotYourTurn)
		enginetest.Refused(t, g, ns[0], Accuse{Round: 1, Suspect: a}, t0, engine.ErrWrongPhase)
		enginetest.Apply(t, g, b, Guess{Round: 1, Location: pick(tc.second)}, t0)
		res := lastResult(g)
		if (res.Ending == EndSpyGuessed) != tc.win || len(res.Guesses) != 2 {
			t.Fatalf("%+v: result %+v", tc, res)
		}
	}
}

// SF-END-1a: classic time up: from the dealer leftwards each seat accuses;
// unanimous -> revealed and over; nobody convicted -> the spy wins.
func TestClassicTimeUp(t *testing.T) {
	g := newGame(t, config(Classic, 5, 19))
	r := start(t, g, t0)
	g.Advance(r.Clock.Deadline)
	want := g.orderFrom(r.Dealer, func(engine.Seat) bool { return true })
	if !slices.Equal(r.EndOrder, want) {
		t.Fatalf("end order %v, want %v", r.EndOrder, want)
	}
	spy := r.Spies[0]
	for i, turn := range want {
		if g.View(engine.NoSeat).EndTurn != turn {
			t.Fatalf("turn %d: view says %d", i, g.View(engine.NoSeat).EndTurn)
		}
		other := turn.Left(5)
		enginetest.Refused(t, g, other, Accuse{Round: 1, Suspect: turn}, r.Clock.Deadline, engine.ErrNotYourTurn)
		// Everybody accuses the same seat (accused several times), one no.
		suspect := want[(i+1)%5]
		if suspect == spy || turn == spy {
			suspect = spy.Left(5)
			if suspect == turn {
				suspect = suspect.Left(5)
			}
		}
		enginetest.Apply(t, g, turn, Accuse{Round: 1, Suspect: suspect}, r.Clock.Deadline)
		var noVoter engine.Seat = -1
		for i, b := range r.Vote.Ballots {
			if b == ballotPending {
				noVoter = engine.Seat(i)
			}
		}
		voteAll(t, g, r.Clock.Deadline, noVoter)
	}
	res := lastResult(g)
	if res.Ending != EndNoConviction || res.Points[spy] != 2 {
		t.Fatalf("nobody convicted: %+v", res)
	}

	// A unanimous vote at time up reveals the card and ends the round.
	g = newGame(t, config(Classic, 5, 19))
	r = start(t, g, t0)
	g.Advance(r.Clock.Deadline)
	turn := r.EndOrder[0]
	suspect := r.Spies[0]
	if suspect == turn {
		suspect = nonSpies(g)[0]
	}
	enginetest.Apply(t, g, turn, Accuse{Round: 1, Suspect: suspect}, r.Clock.Deadline)
	voteAll(t, g, r.Clock.Deadline)
	if res := lastResult(g); res.Convicted != suspect || res.MidRound || g.Phase() != PhaseRoundOver {
		t.Fatalf("conviction at time up: %+v", res)
	}
}

// SF-END-1b: Spyfall 2 and Time Travel time up: the seats are voted on one
// at a time from the dealer leftwards; first conviction ends; none -> the
// spies win.
func TestSeatBySeatTimeUp(t *testing.T) {
	for _, ed := range []Edition{Spyfall2, TimeTravel} {
		g := newGame(t, config(ed, 6, 20))
		r := start(t, g, t0)
		g.Advance(r.Clock.Deadline + 5000)
		order := g.orderFrom(r.Dealer, func(engine.Seat) bool { return true })
		for i, s := range order {
			if g.Phase() != PhaseEndVote || r.Vote.Suspect != s || r.Vote.Kind != VoteEndSeat || r.Vote.Accuser != engine.NoSeat {
				t.Fatalf("%s vote %d: phase %s vote %+v, want on %d", ed, i, g.Phase(), r.Vote, s)
			}
			if slices.Contains(r.Vote.Ballots, ballotYes) {
				t.Fatal("a seat-by-seat vote has a fixed yes")
			}
			voteAll(t, g, r.Clock.Deadline, order[(i+1)%6])
		}
		res := lastResult(g)
		if res.Ending != EndNoConviction || res.Points[r.Spies[0]] != 2 {
			t.Fatalf("%s: %+v", ed, res)
		}
	}
	// The first conviction ends the round.
	g := newGame(t, config(Spyfall2, 6, 20))
	r := start(t, g, t0)
	g.Advance(r.Clock.Deadline)
	voteAll(t, g, r.Clock.Deadline)
	if res := lastResult(g); res.Convicted != r.Dealer || res.Accuser != engine.NoSeat {
		t.Fatalf("first seat convicted: %+v", res)
	}
}

// SF-END-3: convicting a spy -> the non-spies win; convicting a non-spy ->
// the spies win, mid-round or at time up.
func TestConvictionDecidesWinner(t *testing.T) {
	for _, mid := range []bool{true, false} {
		for _, spyConvicted := range []bool{true, false} {
			g := newGame(t, config(TimeTravel, 5, 22))
			r := start(t, g, t0)
			spy := r.Spies[0]
			ns := nonSpies(g)
			suspect := ns[1]
			if spyConvicted {
				suspect = spy
			}
			if mid {
				enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: suspect}, t0)
			} else {
				g.Advance(r.Clock.Deadline)
				for r.Vote.Suspect != suspect {
					voteAll(t, g, r.Clock.Deadline, ns[0], ns[2])
				}
			}
			voteAll(t, g, r.Clock.Deadline)
			res := lastResult(g)
			spyWon := res.Points[spy] > 0
			if spyWon == spyConvicted || res.Convicted != suspect {
				t.Fatalf("mid=%v spyConvicted=%v: %+v", mid, spyConvicted, res)
			}
			for _, s := range ns {
				if (res.Points[s] > 0) != spyConvicted {
					t.Fatalf("mid=%v spyConvicted=%v: non-spy %d points %d", mid, spyConvicted, s, res.Points[s])
				}
			}
		}
	}
}

// SF-END-4: after a round all cards are revealed, the location is marked
// played, the next dealer follows the edition (last spy; Spyfall 2: left of
// the dealer), and the game ends after the agreed number of rounds.
func TestRoundEnd(t *testing.T) {
	for _, ed := range []Edition{Classic, Spyfall2, TimeTravel} {
		c := config(ed, 5, 23)
		c.Rounds = 3
		g := newGame(t, c)
		for i := 1; i <= 3; i++ {
			r := start(t, g, t0)
			if i > 1 {
				prev := lastResult(g)
				want := prev.Spies[0]
				if ed == Spyfall2 {
					want = g.leftOf(prev.Dealer, g.seated)
				}
				if r.Dealer != want {
					t.Fatalf("%s round %d: dealer %d, want %d", ed, i, r.Dealer, want)
				}
			}
			enginetest.Apply(t, g, r.Spies[0], Guess{Round: i, Location: wrongLocation(g)}, t0)
			res := lastResult(g)
			if len(res.Cards) != 5 || !g.s.Played[r.Loc] {
				t.Fatalf("%s: cards %d, played %v", ed, len(res.Cards), g.s.Played)
			}
			for _, cd := range res.Cards {
				if cd.Spy != slices.Contains(r.Spies, cd.Seat) || !cd.Spy && cd.Location != locID(g, r.Loc) {
					t.Fatalf("revealed card %+v", cd)
				}
			}
			if pub := g.View(engine.NoSeat); pub.LastRound == nil || len(pub.LastRound.Cards) != 5 {
				t.Fatal("cards not revealed to all")
			}
		}
		if g.Phase() != PhaseGameOver {
			t.Fatalf("%s: phase %s after the last round", ed, g.Phase())
		}
		enginetest.Refused(t, g, 0, Deal{Round: 4}, t0, engine.ErrGameOver)
	}
}

// Stale actions: a resent or late action never lands on a later round.
func TestStaleActions(t *testing.T) {
	g := newGame(t, config(Classic, 4, 24))
	r := start(t, g, t0)
	enginetest.Refused(t, g, 0, Deal{Round: 1}, t0, engine.ErrStale)
	ns := nonSpies(g)
	enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: r.Spies[0]}, t0)
	id := r.Vote.ID
	voteAll(t, g, t0)
	enginetest.Refused(t, g, 0, Deal{Round: 3}, t0, engine.ErrInvalidAction)
	enginetest.Apply(t, g, ns[1], Deal{Round: 2}, t0)
	r2 := g.s.Cur
	enginetest.Apply(t, g, r2.Dealer, StartClock{Round: 2}, t0)
	enginetest.Refused(t, g, ns[1], Accuse{Round: 1, Suspect: ns[2]}, t0, engine.ErrStale)
	enginetest.Refused(t, g, ns[1], Vote{Vote: id, Yes: true}, t0, engine.ErrStale)
	enginetest.Refused(t, g, r2.Dealer, StartClock{Round: 1}, t0, engine.ErrStale)
	enginetest.Refused(t, g, r2.Spies[0], Guess{Round: 1, Location: locID(g, r2.Loc)}, t0, engine.ErrStale)
}

// The same config, seed and action log give a byte-identical snapshot; a
// restored snapshot plays on exactly as the original.
func TestReplayAndRestore(t *testing.T) {
	play := func(g *Game, log []move) {
		for _, m := range log {
			_ = enginetest.Play(g, m.seat, m.act, m.now)
		}
	}
	c := config(Spyfall2, 9, 48)
	c.FairRotation, c.QuestionTracker = true, true
	g := newGame(t, c)
	p := newPlayer(g, 48, true)
	for i := 0; i < 60 && g.Phase() != PhaseGameOver; i++ {
		seat, a, _ := p.next()
		_ = p.apply(seat, a)
	}
	mid := enginetest.Snapshot(t, g)
	restored := new(Game)
	if err := restored.UnmarshalBinary(mid); err != nil {
		t.Fatal(err)
	}
	n := len(p.log)
	for g.Phase() != PhaseGameOver {
		seat, a, _ := p.next()
		_ = p.apply(seat, a)
	}
	play(restored, p.log[n:])
	again := newGame(t, c)
	play(again, p.log)
	final := enginetest.Snapshot(t, g)
	if !bytes.Equal(final, enginetest.Snapshot(t, restored)) || !bytes.Equal(final, enginetest.Snapshot(t, again)) {
		t.Fatal("replay or restore diverged")
	}
	c.Seed++
	other := newGame(t, c)
	play(other, p.log)
	if bytes.Equal(final, enginetest.Snapshot(t, other)) {
		t.Fatal("another seed gave the same game")
	}
	if err := new(Game).UnmarshalBinary([]byte(`{"v":99}`)); err == nil {
		t.Fatal("a snapshot of another version was accepted")
	}
	if err := new(Game).UnmarshalBinary([]byte(`{`)); err == nil {
		t.Fatal("garbage accepted as a snapshot")
	}
}
