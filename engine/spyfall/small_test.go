package spyfall

import (
	"slices"
	"strings"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// smallRound finds a seed whose first 2P/3P round has the spy card held by
// a player (held) or on the table (!held), and starts it.
func smallRound(t *testing.T, n int, held bool) *Game {
	t.Helper()
	for seed := uint64(0); seed < 100; seed++ {
		c := config(TimeTravel, n, seed)
		c.Rounds = 2
		g := newGame(t, c)
		r := start(t, g, t0)
		if (len(r.Spies) == 1) == held {
			return g
		}
	}
	t.Fatal("no seed deals that")
	return nil
}

// SF-2P-1 and SF-3P-1: 2 players: 3 cards (2 location + 1 spy), one each,
// one hidden on the table; 3 players: 4 cards. The spy card may be with
// either player or on the table, and the table card is in no view.
func TestSmallDeal(t *testing.T) {
	for _, n := range []int{2, 3} {
		where := map[string]int{}
		for seed := uint64(0); seed < 300; seed++ {
			g := newGame(t, config(TimeTravel, n, seed))
			r := start(t, g, t0)
			want := TwoPlayer
			if n == 3 {
				want = ThreePlayer
			}
			if r.Variant != want || r.Table == nil {
				t.Fatalf("%d players: variant %s", n, r.Variant)
			}
			spyCards, roles := 0, map[int]bool{}
			all := append(slices.Clone(r.Cards[:n]), *r.Table)
			for _, c := range all {
				if c.Spy {
					spyCards++
				} else {
					roles[c.Role] = true
				}
			}
			if spyCards != 1 || len(roles) != n {
				t.Fatalf("%d players: %d spy cards, %d distinct roles in %+v", n, spyCards, len(roles), all)
			}
			if r.Table.Spy {
				where["table"]++
			} else {
				where[string(rune('0'+r.Spies[0]))]++
			}
			tableRole := ""
			if !r.Table.Spy {
				tableRole = g.s.Locations[r.Loc].Roles[r.Table.Role]["en"]
			}
			for s := engine.Seat(-1); s < engine.Seat(n); s++ {
				v := g.View(s)
				js := viewSecrets(t, v)
				if !v.TableCard {
					t.Fatal("view does not say a card lies on the table")
				}
				if tableRole != "" && strings.Contains(js, tableRole) {
					t.Fatalf("table card's role in seat %d's view", s)
				}
				if r.Table.Spy && strings.Contains(js, `"spy":true`) {
					t.Fatalf("seat %d's view shows a spy card while it is on the table", s)
				}
			}
		}
		if len(where) != n+1 {
			t.Fatalf("%d players: the spy card was only ever at %v", n, where)
		}
	}
	// The other editions play 3 normally; Time Travel may opt out.
	for _, c := range []Config{config(Classic, 3, 1), config(Spyfall2, 3, 1), func() Config {
		c := config(TimeTravel, 3, 1)
		c.NormalThreePlayer = true
		return c
	}()} {
		if r := start(t, newGame(t, c), t0); r.Variant != Normal || r.Table != nil {
			t.Fatalf("%s: variant %s", c.Edition, r.Variant)
		}
	}
}

// SF-2P-2: players ask each other until one accuses or proposes the table
// card: both are open to a non-spy at any moment of the running clock.
func TestSmallActionsOpen(t *testing.T) {
	g := smallRound(t, 2, false)
	r := g.s.Cur
	v := g.View(0)
	if !slices.Contains(v.Can, Accuse{}.Kind()) || !slices.Contains(v.Can, RevealTable{}.Kind()) {
		t.Fatalf("2P non-spy may do %v", v.Can)
	}
	enginetest.Apply(t, g, 0, RevealTable{Round: 1}, t0)
	voteAll(t, g, t0, 1)
	if g.Phase() != PhasePlaying || !r.Clock.Running {
		t.Fatalf("after a refused proposal phase %s", g.Phase())
	}
	enginetest.Apply(t, g, 1, RevealTable{Round: 1}, t0) // proposals may repeat
	voteAll(t, g, t0, 0)
	enginetest.Apply(t, g, 1, Accuse{Round: 1, Suspect: 0}, t0)
	if g.Phase() != PhaseRoundOver {
		t.Fatalf("accusation did not end the round: %s", g.Phase())
	}
}

// SF-2P-3: accusing reveals the card at once: the spy -> non-spies win; a
// location -> the spy holder wins, or everybody loses when the spy card is
// on the table. The spy may not accuse.
func TestSmallAccuse(t *testing.T) {
	g := smallRound(t, 3, true)
	r := g.s.Cur
	spy := r.Spies[0]
	ns := nonSpies(g)
	enginetest.Refused(t, g, spy, Accuse{Round: 1, Suspect: ns[0]}, t0, engine.ErrForbidden)
	enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: spy}, t0)
	res := lastResult(g)
	if res.Ending != EndSpyConvicted || res.Convicted != spy || res.Points[ns[0]] != 2 || res.Points[ns[1]] != 1 || res.Points[spy] != 0 {
		t.Fatalf("spy accused: %+v", res)
	}

	g = smallRound(t, 3, true)
	r = g.s.Cur
	spy, ns = r.Spies[0], nonSpies(g)
	enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: ns[1]}, t0)
	if res := lastResult(g); res.Ending != EndNonSpyConvicted || res.Points[spy] != 4 || res.Points[ns[0]]+res.Points[ns[1]] != 0 {
		t.Fatalf("location accused: %+v", res)
	}

	g = smallRound(t, 2, false)
	enginetest.Apply(t, g, 0, Accuse{Round: 1, Suspect: 1}, t0)
	if res := lastResult(g); res.Ending != EndNonSpyConvicted || slices.Max(res.Points) != 0 {
		t.Fatalf("spy card on the table, location accused: %+v", res)
	}
}

// SF-2P-4: a proposal to reveal the table card: any refusal -> play goes
// on; all agree -> revealed: spy card -> everybody wins, location -> the spy
// wins.
func TestSmallTableReveal(t *testing.T) {
	g := smallRound(t, 3, false)
	enginetest.Apply(t, g, 2, RevealTable{Round: 1}, t0)
	if v := g.View(0).Vote; v == nil || v.Kind != VoteTable || len(v.Voters) != 3 {
		t.Fatalf("table vote %+v", v)
	}
	voteAll(t, g, t0)
	res := lastResult(g)
	if res.Ending != EndTableSpy || !slices.Equal(res.Points[:3], []int{1, 1, 1}) || res.Table == nil || !res.Table.Spy {
		t.Fatalf("table spy: %+v", res)
	}

	g = smallRound(t, 3, true)
	spy := g.s.Cur.Spies[0]
	enginetest.Apply(t, g, spy, RevealTable{Round: 1}, t0)
	voteAll(t, g, t0)
	res = lastResult(g)
	if res.Ending != EndTableLocation || res.Points[spy] != 2 || slices.Max(res.Points) != 2 || res.Table.Spy {
		t.Fatalf("table location: %+v", res)
	}
}

// SF-2P-5: the points of the small variants, case by case.
func TestSmallPoints(t *testing.T) {
	type play func(t *testing.T, g *Game)
	cases := []struct {
		name string
		held bool
		play play
		want func(spy engine.Seat, ns []engine.Seat) []int
	}{
		{"spy exposed", true, func(t *testing.T, g *Game) {
			enginetest.Apply(t, g, nonSpies(g)[1], Accuse{Round: 1, Suspect: g.s.Cur.Spies[0]}, t0)
		}, func(spy engine.Seat, ns []engine.Seat) []int {
			return pointsOf(3, map[engine.Seat]int{ns[0]: 1, ns[1]: 2})
		}},
		{"location accused, spy held", true, func(t *testing.T, g *Game) {
			enginetest.Apply(t, g, nonSpies(g)[1], Accuse{Round: 1, Suspect: nonSpies(g)[0]}, t0)
		}, func(spy engine.Seat, ns []engine.Seat) []int { return pointsOf(3, map[engine.Seat]int{spy: 4}) }},
		{"location accused, spy hidden", false, func(t *testing.T, g *Game) {
			enginetest.Apply(t, g, 0, Accuse{Round: 1, Suspect: 2}, t0)
		}, func(spy engine.Seat, ns []engine.Seat) []int { return pointsOf(3, nil) }},
		{"hidden card is the spy", false, func(t *testing.T, g *Game) {
			enginetest.Apply(t, g, 1, RevealTable{Round: 1}, t0)
			voteAll(t, g, t0)
		}, func(spy engine.Seat, ns []engine.Seat) []int { return []int{1, 1, 1} }},
		{"hidden card is a location", true, func(t *testing.T, g *Game) {
			enginetest.Apply(t, g, nonSpies(g)[0], RevealTable{Round: 1}, t0)
			voteAll(t, g, t0)
		}, func(spy engine.Seat, ns []engine.Seat) []int { return pointsOf(3, map[engine.Seat]int{spy: 2}) }},
		{"spy names the location", true, func(t *testing.T, g *Game) {
			guessRight(t, g, g.s.Cur.Spies[0])
		}, func(spy engine.Seat, ns []engine.Seat) []int { return pointsOf(3, map[engine.Seat]int{spy: 4}) }},
		{"spy names a wrong location", true, func(t *testing.T, g *Game) {
			guessWrong(t, g, g.s.Cur.Spies[0])
		}, func(spy engine.Seat, ns []engine.Seat) []int {
			return pointsOf(3, map[engine.Seat]int{ns[0]: 1, ns[1]: 1})
		}},
	}
	for _, tc := range cases {
		g := smallRound(t, 3, tc.held)
		spy := engine.NoSeat
		if tc.held {
			spy = g.s.Cur.Spies[0]
		}
		ns := nonSpies(g)
		tc.play(t, g)
		if got, want := lastResult(g).Points, tc.want(spy, ns); !slices.Equal(got, want) {
			t.Errorf("%s: points %v, want %v", tc.name, got, want)
		}
	}
}

func pointsOf(n int, m map[engine.Seat]int) []int {
	out := make([]int, n)
	for s, p := range m {
		out[s] = p
	}
	return out
}

// SF-2P-6: the clock runs as usual; the spy holder may stop it to guess;
// time up: the holder 2, or 0 for all when the spy card is hidden; the next
// dealer is the last spy, or left of the dealer when it was hidden.
func TestSmallClock(t *testing.T) {
	for _, held := range []bool{true, false} {
		g := smallRound(t, 2, held)
		r := g.s.Cur
		if !r.Clock.Running {
			t.Fatal("clock not running")
		}
		if !held {
			enginetest.Refused(t, g, 0, Guess{Round: 1, Location: locID(g, r.Loc)}, t0, engine.ErrForbidden)
			enginetest.Refused(t, g, 1, Guess{Round: 1, Location: locID(g, r.Loc)}, t0, engine.ErrForbidden)
		}
		g.Advance(r.Clock.Deadline)
		res := lastResult(g)
		want := []int{0, 0}
		if held {
			want[r.Spies[0]] = 2
		}
		if res.Ending != EndNoConviction || !slices.Equal(res.Points, want) {
			t.Fatalf("held=%v: time up %+v", held, res)
		}
		next := start(t, g, t0)
		wantDealer := r.Dealer.Left(2)
		if held {
			wantDealer = r.Spies[0]
		}
		if next.Dealer != wantDealer {
			t.Fatalf("held=%v: next dealer %d, want %d", held, next.Dealer, wantDealer)
		}
	}
}
