package spyfall

import (
	"errors"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// endRound ends the round in play by the spy naming the right location.
func endRound(t *testing.T, g *Game) {
	t.Helper()
	r := g.s.Cur
	enginetest.Apply(t, g, r.Spies[0], Guess{Round: r.Number, Location: locID(g, r.Loc)}, t0)
	if len(r.Spies) == 2 {
		enginetest.Apply(t, g, r.Spies[1], Guess{Round: r.Number, Location: locID(g, r.Loc)}, t0)
	}
}

// SF-SET-3: the default spy count follows the seats at every deal; a count the
// host picked stays while it is legal for the deal's seats, and comes back
// when it is legal again.
func TestSpyCountFollowsSeats(t *testing.T) {
	cases := []struct {
		name   string
		ed     Edition
		seats  int
		picked int
		// change is the seat count before each deal after the first.
		change []int
		// want is the spies dealt in each round, the first included.
		want []int
	}{
		{"default, a 9th seat joins", Spyfall2, 8, 0, []int{9}, []int{1, 2}},
		{"default, down from 9 to 8", Spyfall2, 9, 0, []int{8}, []int{2, 1}},
		{"default, 8 to 9 and back", Spyfall2, 8, 0, []int{9, 8}, []int{1, 2, 1}},
		{"picked 1 stays at 9 and 11", Spyfall2, 8, 1, []int{9, 11}, []int{1, 1, 1}},
		{"picked 1 gives way at 12", Spyfall2, 11, 1, []int{12, 11}, []int{1, 2, 1}},
		{"picked 2 gives way under 6, then comes back", Spyfall2, 6, 2, []int{5, 6}, []int{2, 1, 2}},
		{"picked 2 stays from 9 down to 6", Spyfall2, 9, 2, []int{6}, []int{2, 2}},
		{"classic stays at 1", Classic, 7, 0, []int{8}, []int{1, 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := config(tc.ed, tc.seats, 31)
			c.Spies = tc.picked
			g := newGame(t, c)
			for round, want := range tc.want {
				if round > 0 {
					for len(g.s.Order) < tc.change[round-1] {
						enginetest.Apply(t, g, Host, lateSeat(g, "Late"), t0)
					}
					for len(g.s.Order) > tc.change[round-1] {
						enginetest.Apply(t, g, Host, engine.HostRemoveSeat{Seat: g.s.Order[len(g.s.Order)-1]}, t0)
					}
				}
				if shown := g.View(engine.NoSeat).Settings.Spies; shown != want {
					t.Errorf("before round %d with %d seats the settings show %d spies, want %d", round+1, len(g.s.Order), shown, want)
				}
				r := start(t, g, t0)
				if len(r.Spies) != want {
					t.Fatalf("round %d with %d seats: %d spies, want %d", round+1, len(g.s.Order), len(r.Spies), want)
				}
				endRound(t, g)
			}
		})
	}
	// Old pals needs two spies when the game is created: by the default at 9
	// seats, not at 8.
	c := config(Spyfall2, 9, 31)
	c.OldPals = true
	newGame(t, c)
	c = config(Spyfall2, 8, 31)
	c.OldPals = true
	if _, err := New(c); !errors.Is(err, engine.ErrBadConfig) {
		t.Fatalf("old pals with the default single spy of 8 seats: %v", err)
	}
}

// SF-ACC-3: with two spies at most two voters may say no, but once absences
// leave fewer than 6 seats present every voter must say yes, so the two
// spies' votes alone do not convict.
func TestTwoSpyThresholdWithAbsences(t *testing.T) {
	cases := []struct {
		seats, absent, no int
		passes            bool
	}{
		{7, 0, 2, true},
		{7, 1, 2, true}, // 6 present
		{7, 2, 1, false},
		{7, 2, 0, true},
		{6, 1, 1, false},
		{6, 2, 1, false}, // 4 present: the spies' two yes against one no
		{6, 2, 0, true},
	}
	for _, tc := range cases {
		for _, atTimeUp := range []bool{false, true} {
			c := config(Spyfall2, tc.seats, 33)
			c.Spies = 2
			g := newGame(t, c)
			r := start(t, g, t0)
			ns := nonSpies(g)
			for _, s := range ns[len(ns)-tc.absent:] {
				enginetest.Apply(t, g, Host, HostMarkAbsent{Round: 1, Seat: s}, t0)
			}
			// The suspect is the first non-spy; the spies vote yes, the
			// other present non-spies say no first.
			suspect := ns[0]
			if atTimeUp {
				g.Advance(r.Clock.Deadline)
				for g.View(engine.NoSeat).EndTurn != suspect {
					voteAll(t, g, r.Clock.Deadline, g.s.Order...) // every seat before it is acquitted
				}
			} else {
				enginetest.Apply(t, g, r.Spies[0], Accuse{Round: 1, Suspect: suspect}, t0)
			}
			voteAll(t, g, t0, ns[1 : len(ns)-tc.absent][:tc.no]...)
			if lv := g.s.LastVote; lv.Suspect != suspect || lv.Passed != tc.passes {
				t.Errorf("%+v at time up %v: vote %+v, want passed %v", tc, atTimeUp, lv, tc.passes)
			}
		}
	}
}

// SF-SET-2: the clock a view shows is the length set for the seats dealt into
// the round; a seat removed before the deal does not lengthen it.
func TestClockLengthCountsDealtSeats(t *testing.T) {
	cases := []struct {
		ed            Edition
		seats, remove int
		want          int
	}{
		{Spyfall2, 7, 1, 7}, // the table: 6 seats play 7 minutes, not 8
		{Spyfall2, 9, 2, 8}, // 7 seats: 8 minutes, not 9
		{TimeTravel, 5, 1, 6},
		{Classic, 5, 1, 8},
	}
	for _, tc := range cases {
		g := newGame(t, config(tc.ed, tc.seats, 42))
		start(t, g, t0)
		endRound(t, g)
		for i := 0; i < tc.remove; i++ {
			enginetest.Apply(t, g, Host, engine.HostRemoveSeat{Seat: g.s.Order[0]}, t0)
		}
		enginetest.Apply(t, g, g.s.Order[0], Deal{Round: 2}, t0)
		c := g.View(engine.NoSeat).Clock
		if c.Length != minutes(tc.want) || c.Left != c.Length {
			t.Errorf("%s, %d seats after %d left: clock %v of %v, want %d minutes", tc.ed, tc.seats-tc.remove, tc.remove, c.Left, c.Length, tc.want)
		}
	}
}
