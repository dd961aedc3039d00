package spyfall

import (
	"slices"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// SF-END-1a: at time up in classic the seat in turn may accuse or pass, and a
// pass counts as its turn; if every seat passes, the spy wins. The spy and a
// non-spy in turn are offered the same moves.
func TestPassInTurn(t *testing.T) {
	g := newGame(t, config(Classic, 4, 34))
	r := start(t, g, t0)
	enginetest.Refused(t, g, r.Dealer, Pass{Round: 1}, t0, engine.ErrWrongPhase)
	g.Advance(r.Clock.Deadline)
	turn := r.EndOrder[0]
	other := r.EndOrder[1]
	enginetest.Refused(t, g, other, Pass{Round: 1}, r.Clock.Deadline, engine.ErrNotYourTurn)
	enginetest.Refused(t, g, turn, Pass{Round: 2}, r.Clock.Deadline, engine.ErrInvalidAction)
	spy := r.Spies[0]
	var innocent engine.Seat = engine.NoSeat
	for _, s := range r.EndOrder {
		if s != spy {
			innocent = s
			break
		}
	}
	for i := 0; g.Phase() == PhaseEndAccuse; i++ {
		if i == len(r.EndOrder) {
			t.Fatalf("still at turn %d after every seat passed", r.EndTurn)
		}
		s := r.EndOrder[r.EndTurn]
		if s == spy || s == innocent {
			if can := g.View(s).Can; !slices.Equal(can, []string{"rename", "accuse", "pass"}) {
				t.Fatalf("seat %d (spy %v) in turn may %v", s, s == spy, can)
			}
		}
		enginetest.Apply(t, g, s, Pass{Round: 1}, r.Clock.Deadline)
		if g.Phase() == PhaseEndAccuse && !slices.Contains(g.View(engine.NoSeat).Passed, s) {
			t.Fatalf("the view does not show that seat %d passed", s)
		}
	}
	if res := lastResult(g); res.Ending != EndNoConviction || res.Points[spy] != 2 {
		t.Fatalf("every seat passed: %+v", res)
	}
	enginetest.Refused(t, g, turn, Pass{Round: 1}, r.Clock.Deadline, engine.ErrStale)
}

// SF-END-1a: wherever the game waits on one seat, the host can pass for it: the
// game moves on, and the silent seat gains nothing by its silence. Only the
// host may, only for the seat waited on, only for the moment it names.
func TestHostPassesForWaitedSeat(t *testing.T) {
	cases := []struct {
		name string
		// setup reaches the moment and returns the seat waited on, the
		// vote to name (0 for none) and a seat the game does not wait on.
		setup func(t *testing.T) (*Game, engine.Seat, int, engine.Seat)
		check func(t *testing.T, g *Game, seat engine.Seat)
	}{
		{"dealer starts the clock", func(t *testing.T) (*Game, engine.Seat, int, engine.Seat) {
			g := newGame(t, config(Classic, 4, 35))
			enginetest.Apply(t, g, 0, Deal{Round: 1}, t0)
			return g, g.s.Cur.Dealer, 0, g.s.Cur.Dealer.Left(4)
		}, func(t *testing.T, g *Game, seat engine.Seat) {
			if g.Phase() != PhasePlaying || !g.s.Cur.Clock.Running {
				t.Fatalf("phase %s", g.Phase())
			}
		}},
		{"seat in turn at time up", func(t *testing.T) (*Game, engine.Seat, int, engine.Seat) {
			g := newGame(t, config(Classic, 5, 36))
			r := start(t, g, t0)
			g.Advance(r.Clock.Deadline)
			return g, r.EndOrder[0], 0, r.EndOrder[1]
		}, func(t *testing.T, g *Game, seat engine.Seat) {
			if v := g.View(engine.NoSeat); v.EndTurn != g.s.Cur.EndOrder[1] || !slices.Equal(v.Passed, []engine.Seat{seat}) {
				t.Fatalf("turn %d passed %v", v.EndTurn, v.Passed)
			}
		}},
		{"voter of a one-spy vote", func(t *testing.T) (*Game, engine.Seat, int, engine.Seat) {
			g := newGame(t, config(Classic, 5, 37))
			r := start(t, g, t0)
			ns := nonSpies(g)
			enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: r.Spies[0]}, t0)
			enginetest.Apply(t, g, ns[1], Vote{Vote: r.Vote.ID, Yes: true}, t0)
			enginetest.Apply(t, g, ns[2], Vote{Vote: r.Vote.ID, Yes: true}, t0)
			return g, ns[3], r.Vote.ID, ns[1]
		}, func(t *testing.T, g *Game, seat engine.Seat) {
			// The silent voter's pass is no "no": the others' yes convicts.
			lv := g.s.LastVote
			if !lv.Passed || !slices.Equal(lv.PassedFor, []engine.Seat{seat}) || slices.Contains(lv.No, seat) || lastResult(g).Ending != EndSpyConvicted {
				t.Fatalf("vote %+v", lv)
			}
		}},
		{"voter at time up, two spies", func(t *testing.T) (*Game, engine.Seat, int, engine.Seat) {
			c := config(Spyfall2, 7, 38)
			c.Spies = 2
			g := newGame(t, c)
			r := start(t, g, t0)
			g.Advance(r.Clock.Deadline)
			for i, b := range r.Vote.Ballots {
				if b == ballotPending {
					return g, engine.Seat(i), r.Vote.ID, r.Vote.Suspect
				}
			}
			t.Fatal("no voter")
			return nil, 0, 0, 0
		}, func(t *testing.T, g *Game, seat engine.Seat) {
			if g.View(seat).Vote.Mine != "passed" {
				t.Fatalf("the seat passed for sees its ballot as %q", g.View(seat).Vote.Mine)
			}
			enginetest.Refused(t, g, seat, Vote{Vote: g.s.Cur.Vote.ID, Yes: false}, t0, engine.ErrAlreadyDone)
		}},
		{"second spy names a location", func(t *testing.T) (*Game, engine.Seat, int, engine.Seat) {
			c := config(Spyfall2, 9, 39)
			g := newGame(t, c)
			r := start(t, g, t0)
			enginetest.Apply(t, g, r.Spies[0], Guess{Round: 1, Location: locID(g, r.Loc)}, t0)
			return g, r.Spies[1], 0, r.Spies[0]
		}, func(t *testing.T, g *Game, seat engine.Seat) {
			res := lastResult(g)
			if res.Ending != EndSpyGuessed || len(res.Guesses) != 1 || res.Points[seat] != 2 {
				t.Fatalf("second spy passed for: %+v", res)
			}
		}},
		{"captain in turn picks", func(t *testing.T) (*Game, engine.Seat, int, engine.Seat) {
			g := teamGame(t, 7, 40, 1)
			tr := g.s.Cur.Team
			enginetest.Apply(t, g, tr.Captains[0], Lead{Round: 1, Captain: tr.Captains[0]}, t0)
			return g, tr.Captains[0], 0, tr.Captains[1]
		}, func(t *testing.T, g *Game, seat engine.Seat) {
			if tr := g.s.Cur.Team; !tr.Done[0] || tr.Captains[tr.Turn] == seat {
				t.Fatalf("team after the pass: %+v", tr)
			}
		}},
		{"team spy names the locations", func(t *testing.T) (*Game, engine.Seat, int, engine.Seat) {
			g := teamGame(t, 7, 41, 1)
			tr := g.s.Cur.Team
			enginetest.Apply(t, g, tr.Captains[0], Lead{Round: 1, Captain: tr.Captains[0]}, t0)
			enginetest.Apply(t, g, tr.Captains[0], StopPicking{Round: 1, Turn: 0}, t0)
			enginetest.Apply(t, g, tr.Captains[1], StopPicking{Round: 1, Turn: 1}, t0)
			return g, g.s.Cur.Spies[0], 0, tr.Captains[0]
		}, func(t *testing.T, g *Game, seat engine.Seat) {
			if res := lastResult(g); res.Ending != EndSpyNotPicked || len(res.Guesses) != 0 {
				t.Fatalf("team spy passed for: %+v", res)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, seat, vote, other := tc.setup(t)
			round := g.s.Round
			// Every view lists the pass for the seat waited on, and none for the other.
			listed := seat
			if g.Phase() == PhaseTeamGuess {
				listed = engine.NoSeat // the team spy is not named: the engine finds them
			}
			for _, s := range append([]engine.Seat{engine.NoSeat}, g.s.Order...) {
				w := g.View(s).Waits
				if !slices.Contains(w, HostPass{Round: round, Vote: vote, Seat: listed}) || slices.ContainsFunc(w, func(p HostPass) bool { return p.Seat == other }) {
					t.Fatalf("seat %d's view lists the passes %+v, want one for %d and none for %d", s, w, listed, other)
				}
			}
			enginetest.Refused(t, g, seat, HostPass{Round: round, Vote: vote, Seat: seat}, t0, engine.ErrForbidden)
			enginetest.Refused(t, g, Host, HostPass{Round: round, Vote: vote, Seat: other}, t0, nil)
			enginetest.Refused(t, g, Host, HostPass{Round: round + 1, Vote: vote, Seat: seat}, t0, engine.ErrInvalidAction)
			if vote != 0 {
				enginetest.Refused(t, g, Host, HostPass{Round: round, Vote: vote + 1, Seat: seat}, t0, engine.ErrInvalidAction)
			}
			enginetest.Apply(t, g, Host, HostPass{Round: round, Vote: vote, Seat: seat}, t0)
			tc.check(t, g, seat)
			enginetest.Refused(t, g, Host, HostPass{Round: round, Vote: vote, Seat: seat}, t0, nil)
		})
	}
	// The host need not know who the team spy is to pass for them.
	g := teamGame(t, 6, 43, 1)
	tr := g.s.Cur.Team
	enginetest.Apply(t, g, tr.Captains[0], Lead{Round: 1, Captain: tr.Captains[0]}, t0)
	enginetest.Refused(t, g, Host, HostPass{Round: 1, Seat: engine.NoSeat}, t0, engine.ErrNoSuchSeat)
	enginetest.Apply(t, g, tr.Captains[0], StopPicking{Round: 1, Turn: 0}, t0)
	enginetest.Apply(t, g, tr.Captains[1], StopPicking{Round: 1, Turn: 1}, t0)
	enginetest.Apply(t, g, Host, HostPass{Round: 1, Seat: engine.NoSeat}, t0)
	if res := lastResult(g); res.Ending != EndSpyNotPicked || len(res.Guesses) != 0 {
		t.Fatalf("team spy passed for unnamed: %+v", res)
	}

	// SF-END-1b: a seat's vote with every voter passed for convicts nobody:
	// the next seat is voted on.
	g = newGame(t, config(Spyfall2, 6, 44))
	r := start(t, g, t0)
	g.Advance(r.Clock.Deadline)
	first := r.Vote.Suspect
	for i, b := range slices.Clone(r.Vote.Ballots) {
		if b == ballotPending {
			enginetest.Apply(t, g, Host, HostPass{Round: 1, Vote: r.Vote.ID, Seat: engine.Seat(i)}, t0)
		}
	}
	if lv := g.s.LastVote; lv.Passed || lv.Suspect != first || g.View(engine.NoSeat).EndTurn == first {
		t.Fatalf("a vote of nobody convicted: %+v", lv)
	}

	// A seat seated after the deal has no ballot to pass.
	g = newGame(t, config(Classic, 4, 37))
	r = start(t, g, t0)
	enginetest.Apply(t, g, Host, lateSeat(g, "Late"), t0)
	enginetest.Apply(t, g, nonSpies(g)[0], Accuse{Round: 1, Suspect: r.Spies[0]}, t0)
	enginetest.Refused(t, g, Host, HostPass{Round: 1, Vote: r.Vote.ID, Seat: 4}, t0, engine.ErrForbidden)
}
