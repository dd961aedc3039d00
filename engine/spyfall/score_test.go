package spyfall

import (
	"encoding/json"
	"slices"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// convictAtTimeUp lets the clock run out and convicts suspect at time up:
// in classic the first seat in turn accuses it (or, if that is the suspect,
// its left neighbour does after a failed first turn); otherwise the votes on
// the seats before it fail and the vote on it passes. It returns the seat
// credited with the accusation in classic.
func convictAtTimeUp(t *testing.T, g *Game, suspect engine.Seat) engine.Seat {
	t.Helper()
	r := g.s.Cur
	end := r.Clock.Deadline
	g.Advance(end)
	if g.s.Settings.Edition == Classic {
		for {
			turn := r.EndOrder[r.EndTurn]
			if turn == suspect {
				enginetest.Apply(t, g, turn, Accuse{Round: r.Number, Suspect: turn.Left(len(g.s.Order))}, end)
				voteAll(t, g, end, noVoter(g))
				continue
			}
			enginetest.Apply(t, g, turn, Accuse{Round: r.Number, Suspect: suspect}, end)
			voteAll(t, g, end)
			return turn
		}
	}
	for r.Vote.Suspect != suspect {
		no := []engine.Seat{}
		for i, b := range r.Vote.Ballots {
			if b == ballotPending && len(no) < 3 {
				no = append(no, engine.Seat(i))
			}
		}
		voteAll(t, g, end, no...)
	}
	voteAll(t, g, end)
	return engine.NoSeat
}

// noVoter returns some seat with a pending ballot.
func noVoter(g *Game) engine.Seat {
	for i, b := range g.s.Cur.Vote.Ballots {
		if b == ballotPending {
			return engine.Seat(i)
		}
	}
	return engine.NoSeat
}

// accuseFail makes accuser stop the clock against suspect and the vote fail.
func accuseFail(t *testing.T, g *Game, accuser, suspect engine.Seat) {
	t.Helper()
	enginetest.Apply(t, g, accuser, Accuse{Round: g.s.Round, Suspect: suspect}, t0)
	v := g.s.Cur.Vote
	var no []engine.Seat
	for i, b := range v.Ballots {
		if b == ballotPending && len(no) < 3 {
			no = append(no, engine.Seat(i))
		}
	}
	voteAll(t, g, t0, no...)
	if g.Phase() != PhasePlaying {
		t.Fatalf("accusation did not fail: %+v", g.s.LastVote)
	}
}

type scoreCase struct {
	name string
	play func(t *testing.T, g *Game, spies, ns []engine.Seat) // returns after the round ends
	want func(spies, ns []engine.Seat) map[engine.Seat]int    // points that are not 0
}

func runScoreCases(t *testing.T, c Config, cases []scoreCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, c)
			r := start(t, g, t0)
			sp, ns := spies(g), nonSpies(g)
			tc.play(t, g, sp, ns)
			if g.s.Cur != nil {
				t.Fatalf("round not over: phase %s", g.Phase())
			}
			want := tc.want(sp, ns)
			res := lastResult(g)
			for s := range res.Points {
				if res.Points[s] != want[engine.Seat(s)] {
					t.Fatalf("seat %d (spy %v) scored %d, want %d; all %v, ending %s", s, slices.Contains(r.Spies, engine.Seat(s)), res.Points[s], want[engine.Seat(s)], res.Points, res.Ending)
				}
			}
			for s, p := range g.Points() {
				if p != res.Points[s] {
					t.Fatalf("totals %v differ from round points %v", g.Points(), res.Points)
				}
			}
		})
	}
}

func each(seats []engine.Seat, n int, m map[engine.Seat]int) map[engine.Seat]int {
	for _, s := range seats {
		m[s] += n
	}
	return m
}

func guessRight(t *testing.T, g *Game, spy engine.Seat) {
	enginetest.Apply(t, g, spy, Guess{Round: g.s.Round, Location: locID(g, g.s.Cur.Loc)}, t0)
}

func guessWrong(t *testing.T, g *Game, spy engine.Seat) {
	enginetest.Apply(t, g, spy, Guess{Round: g.s.Round, Location: wrongLocation(g)}, t0)
}

func convictMid(t *testing.T, g *Game, accuser, suspect engine.Seat) {
	enginetest.Apply(t, g, accuser, Accuse{Round: g.s.Round, Suspect: suspect}, t0)
	voteAll(t, g, t0)
}

// SF-SCORE-classic: spy 2 when time ran out, 4 when a non-spy was convicted,
// 4 for a right guess; non-spies 1 each, the successful accuser 2.
func TestScoreClassic(t *testing.T) {
	runScoreCases(t, config(Classic, 5, 31), []scoreCase{
		{"time ran out", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			r := g.s.Cur
			g.Advance(r.Clock.Deadline)
			for g.s.Cur != nil {
				turn := r.EndOrder[r.EndTurn]
				suspect := turn.Left(5)
				enginetest.Apply(t, g, turn, Accuse{Round: 1, Suspect: suspect}, r.Clock.Deadline)
				voteAll(t, g, r.Clock.Deadline, noVoter(g))
			}
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return map[engine.Seat]int{sp[0]: 2} }},
		{"non-spy convicted mid-round", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			convictMid(t, g, ns[0], ns[1])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return map[engine.Seat]int{sp[0]: 4} }},
		{"non-spy convicted at time up", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			convictAtTimeUp(t, g, ns[2])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return map[engine.Seat]int{sp[0]: 4} }},
		{"spy named the location", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			guessRight(t, g, sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return map[engine.Seat]int{sp[0]: 4} }},
		{"spy named a wrong location", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			guessWrong(t, g, sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{}) }},
		{"spy convicted mid-round", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			accuseFail(t, g, ns[1], sp[0])
			convictMid(t, g, ns[2], sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int {
			return each(ns, 1, map[engine.Seat]int{ns[2]: 1})
		}},
	})
	// Time up in classic: the accuser in turn gets 2 instead of 1.
	g := newGame(t, config(Classic, 5, 31))
	start(t, g, t0)
	sp, ns := spies(g), nonSpies(g)
	accuser := convictAtTimeUp(t, g, sp[0])
	res := lastResult(g)
	for _, s := range ns {
		want := 1
		if s == accuser {
			want = 2
		}
		if res.Points[s] != want {
			t.Fatalf("time-up conviction: seat %d scored %d, want %d (%v)", s, res.Points[s], want, res.Points)
		}
	}
	if res.Points[sp[0]] != 0 {
		t.Fatal("convicted spy scored")
	}
}

// SF-SCORE-tt: spy 2, +2 for a right guess, +2 when a non-spy was
// convicted; non-spies 1 each, +1 to the first mid-round accuser of the
// convicted spy (even if that accusation failed); no bonus on a wrong guess
// or for the seat-by-seat votes.
func TestScoreTimeTravel(t *testing.T) {
	runScoreCases(t, config(TimeTravel, 5, 32), []scoreCase{
		{"time ran out", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			r := g.s.Cur
			g.Advance(r.Clock.Deadline)
			for g.s.Cur != nil {
				voteAll(t, g, r.Clock.Deadline, noVoter(g))
			}
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return map[engine.Seat]int{sp[0]: 2} }},
		{"non-spy convicted mid-round", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			convictMid(t, g, sp[0], ns[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return map[engine.Seat]int{sp[0]: 4} }},
		{"non-spy convicted at time up", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			convictAtTimeUp(t, g, ns[3])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return map[engine.Seat]int{sp[0]: 4} }},
		{"right guess", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			guessRight(t, g, sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return map[engine.Seat]int{sp[0]: 4} }},
		{"wrong guess after a failed accusation of the spy", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			accuseFail(t, g, ns[0], sp[0])
			guessWrong(t, g, sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{}) }},
		{"spy convicted mid-round, first accuser failed earlier", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			accuseFail(t, g, ns[1], sp[0])
			accuseFail(t, g, ns[0], ns[3])
			convictMid(t, g, ns[2], sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{ns[1]: 1}) }},
		{"spy convicted at time up after a failed accusation", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			accuseFail(t, g, ns[3], sp[0])
			convictAtTimeUp(t, g, sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{ns[3]: 1}) }},
		{"spy convicted at time up, nobody accused", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			convictAtTimeUp(t, g, sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{}) }},
	})
}

// SF-SCORE-2: each spy 2 on a spies' win, +2 each for a right guess, +2 each
// when a non-spy was convicted; non-spies 1, +1 to the first mid-round
// accuser of the convicted spy; the other spy, still undercover, scores as a
// non-spy (bonus included); old pals: a mid-round conviction leaves both
// spies at 0.
func TestScoreSpyfall2(t *testing.T) {
	two := config(Spyfall2, 9, 33)
	runScoreCases(t, two, []scoreCase{
		{"time ran out", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			r := g.s.Cur
			g.Advance(r.Clock.Deadline)
			for g.s.Cur != nil {
				var no []engine.Seat
				for i, b := range r.Vote.Ballots {
					if b == ballotPending && len(no) < 3 {
						no = append(no, engine.Seat(i))
					}
				}
				voteAll(t, g, r.Clock.Deadline, no...)
			}
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(sp, 2, map[engine.Seat]int{}) }},
		{"non-spy convicted mid-round", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			convictMid(t, g, ns[0], ns[1])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(sp, 4, map[engine.Seat]int{}) }},
		{"one spy right, one wrong", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			guessWrong(t, g, sp[1])
			guessRight(t, g, sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return map[engine.Seat]int{sp[0]: 4, sp[1]: 2} }},
		{"both right", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			guessRight(t, g, sp[0])
			guessRight(t, g, sp[1])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(sp, 4, map[engine.Seat]int{}) }},
		{"both wrong", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			guessWrong(t, g, sp[0])
			guessWrong(t, g, sp[1])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{}) }},
		{"spy convicted mid-round, other spy undercover", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			accuseFail(t, g, ns[4], sp[0])
			convictMid(t, g, ns[0], sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int {
			return each(ns, 1, map[engine.Seat]int{sp[1]: 1, ns[4]: 1})
		}},
		{"undercover spy was the first accuser", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			accuseFail(t, g, sp[1], sp[0])
			convictMid(t, g, ns[0], sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int {
			return each(ns, 1, map[engine.Seat]int{sp[1]: 2})
		}},
		{"spy convicted at time up", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			convictAtTimeUp(t, g, sp[1])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{sp[0]: 1}) }},
	})
	pals := two
	pals.OldPals = true
	runScoreCases(t, pals, []scoreCase{
		{"old pals: spy convicted mid-round", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			accuseFail(t, g, sp[1], sp[0])
			convictMid(t, g, ns[0], sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{}) }},
		{"old pals: spy convicted mid-round, non-spy first accuser", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			convictMid(t, g, ns[2], sp[1])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{ns[2]: 1}) }},
		{"old pals: spy convicted at time up", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			convictAtTimeUp(t, g, sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{sp[1]: 1}) }},
	})
	one := config(Spyfall2, 7, 34)
	runScoreCases(t, one, []scoreCase{
		{"one spy convicted mid-round", func(t *testing.T, g *Game, sp, ns []engine.Seat) {
			accuseFail(t, g, ns[3], sp[0])
			convictMid(t, g, ns[0], sp[0])
		}, func(sp, ns []engine.Seat) map[engine.Seat]int { return each(ns, 1, map[engine.Seat]int{ns[3]: 1}) }},
	})
}

// SF-SCORE-4: the winners are the seats with the most points after the last
// round; ties are shared.
func TestWinnersShareTies(t *testing.T) {
	// The seed is the first from 35 whose two rounds have two different spies, so that two
	// seats tie, whatever the deal does with a seed.
	var c Config
	var g *Game
	var first, second engine.Seat
	for seed := uint64(35); ; seed++ {
		if seed == 35+100 {
			t.Fatal("no seed of 100 deals two different spies in two rounds")
		}
		c = config(Classic, 4, seed)
		c.Rounds = 2
		g = newGame(t, c)
		first = start(t, g, t0).Spies[0]
		guessRight(t, g, first) // first: 4
		if second = start(t, g, t0).Spies[0]; second != first {
			break
		}
	}
	guessRight(t, g, second) // second: 4
	if g.Phase() != PhaseGameOver {
		t.Fatalf("phase %s", g.Phase())
	}
	want := []engine.Seat{first, second}
	slices.Sort(want)
	if !slices.Equal(g.Winners(), want) || !slices.Equal(g.View(engine.NoSeat).Winners, want) {
		t.Fatalf("winners %v, want %v", g.Winners(), want)
	}
	c.Rounds = 1
	g = newGame(t, c)
	r := start(t, g, t0)
	guessRight(t, g, r.Spies[0])
	if !slices.Equal(g.Winners(), []engine.Seat{r.Spies[0]}) {
		t.Fatalf("single winner %v", g.Winners())
	}
}

// SF-SCORE-5: scores and the round history (location, spies, ending,
// points) stay visible to every seat, also once a seat left (APP-LOBBY-2).
func TestHistoryVisible(t *testing.T) {
	c := config(Classic, 5, 36)
	c.Rounds = 3
	g := newGame(t, c)
	var locs []string
	var spiesSeen []engine.Seat
	for i := 0; i < 2; i++ {
		r := start(t, g, t0)
		locs = append(locs, locID(g, r.Loc))
		spiesSeen = append(spiesSeen, r.Spies[0])
		guessRight(t, g, r.Spies[0])
	}
	gone := spiesSeen[0]
	enginetest.Apply(t, g, Host, engine.HostRemoveSeat{Seat: gone}, t0)
	for s := engine.Seat(-1); s < 5; s++ {
		v := g.View(s)
		if len(v.History) != 2 {
			t.Fatalf("seat %d sees %d rounds", s, len(v.History))
		}
		for i, h := range v.History {
			if h.Location.ID != locs[i] || !slices.Equal(h.Spies, []engine.Seat{spiesSeen[i]}) || h.Ending != EndSpyGuessed || h.Points[spiesSeen[i]] != 4 {
				t.Fatalf("seat %d round %d: %+v", s, i+1, h)
			}
		}
		found := false
		for _, sv := range v.Seats {
			if sv.ID == gone {
				found = sv.Removed && sv.Points == g.Points()[gone] && sv.Points >= 4
			}
		}
		if !found {
			t.Fatalf("removed seat's points are gone from seat %d's view", s)
		}
	}
}

// Every view carries the history, and the host sends a view to every screen on every change
// of the game: each finished round adds its summary to it (SF-SCORE-5: where, who spied, how
// it ended, the points), and the cards it revealed only on the screens between rounds. With the
// whole results listed, a view of 11 seats grew by 1.3 KB a round.
func TestHistoryGrowsBySummaries(t *testing.T) {
	c := config(Spyfall2, 11, 7)
	c.Rounds, c.Spies = 5, 1
	g := newGame(t, c)
	size := func() int {
		b, err := json.Marshal(g.View(0))
		if err != nil {
			t.Fatal(err)
		}
		return len(b)
	}
	var sizes []int
	for range 5 {
		r := start(t, g, t0)
		sizes = append(sizes, size())
		guessRight(t, g, r.Spies[0])
	}
	v := g.View(0)
	if len(v.History) != 5 || v.LastRound == nil || len(v.LastRound.Cards) != 11 {
		t.Fatalf("after 5 rounds: %d in the history, the last round %+v", len(v.History), v.LastRound)
	}
	// Round 2 has the first round in its history and as the last round; each round after
	// adds one summary.
	perRound := (sizes[4] - sizes[1]) / 3
	if perRound > 300 {
		t.Errorf("a view grows by %d bytes a finished round (sizes in rounds 1 to 5: %v), want a summary's (about 180 bytes at 11 seats; at most 300)", perRound, sizes)
	}
}
