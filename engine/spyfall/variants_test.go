package spyfall

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"safehouse/engine"
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
	apply(t, g, 0, RevealTable{Round: 1}, t0)
	voteAll(t, g, t0, 1)
	if g.Phase() != PhasePlaying || !r.Clock.Running {
		t.Fatalf("after a refused proposal phase %s", g.Phase())
	}
	apply(t, g, 1, RevealTable{Round: 1}, t0) // proposals may repeat
	voteAll(t, g, t0, 0)
	apply(t, g, 1, Accuse{Round: 1, Suspect: 0}, t0)
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
	refused(t, g, spy, Accuse{Round: 1, Suspect: ns[0]}, t0, engine.ErrForbidden)
	apply(t, g, ns[0], Accuse{Round: 1, Suspect: spy}, t0)
	res := lastResult(g)
	if res.Ending != EndSpyConvicted || res.Convicted != spy || res.Points[ns[0]] != 2 || res.Points[ns[1]] != 1 || res.Points[spy] != 0 {
		t.Fatalf("spy accused: %+v", res)
	}

	g = smallRound(t, 3, true)
	r = g.s.Cur
	spy, ns = r.Spies[0], nonSpies(g)
	apply(t, g, ns[0], Accuse{Round: 1, Suspect: ns[1]}, t0)
	if res := lastResult(g); res.Ending != EndNonSpyConvicted || res.Points[spy] != 4 || res.Points[ns[0]]+res.Points[ns[1]] != 0 {
		t.Fatalf("location accused: %+v", res)
	}

	g = smallRound(t, 2, false)
	apply(t, g, 0, Accuse{Round: 1, Suspect: 1}, t0)
	if res := lastResult(g); res.Ending != EndNonSpyConvicted || slices.Max(res.Points) != 0 {
		t.Fatalf("spy card on the table, location accused: %+v", res)
	}
}

// SF-2P-4: a proposal to reveal the table card: any refusal -> play goes
// on; all agree -> revealed: spy card -> everybody wins, location -> the spy
// wins.
func TestSmallTableReveal(t *testing.T) {
	g := smallRound(t, 3, false)
	apply(t, g, 2, RevealTable{Round: 1}, t0)
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
	apply(t, g, spy, RevealTable{Round: 1}, t0)
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
			apply(t, g, nonSpies(g)[1], Accuse{Round: 1, Suspect: g.s.Cur.Spies[0]}, t0)
		}, func(spy engine.Seat, ns []engine.Seat) []int {
			return pointsOf(3, map[engine.Seat]int{ns[0]: 1, ns[1]: 2})
		}},
		{"location accused, spy held", true, func(t *testing.T, g *Game) {
			apply(t, g, nonSpies(g)[1], Accuse{Round: 1, Suspect: nonSpies(g)[0]}, t0)
		}, func(spy engine.Seat, ns []engine.Seat) []int { return pointsOf(3, map[engine.Seat]int{spy: 4}) }},
		{"location accused, spy hidden", false, func(t *testing.T, g *Game) {
			apply(t, g, 0, Accuse{Round: 1, Suspect: 2}, t0)
		}, func(spy engine.Seat, ns []engine.Seat) []int { return pointsOf(3, nil) }},
		{"hidden card is the spy", false, func(t *testing.T, g *Game) {
			apply(t, g, 1, RevealTable{Round: 1}, t0)
			voteAll(t, g, t0)
		}, func(spy engine.Seat, ns []engine.Seat) []int { return []int{1, 1, 1} }},
		{"hidden card is a location", true, func(t *testing.T, g *Game) {
			apply(t, g, nonSpies(g)[0], RevealTable{Round: 1}, t0)
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
			refused(t, g, 0, Guess{Round: 1, Location: locID(g, r.Loc)}, t0, engine.ErrForbidden)
			refused(t, g, 1, Guess{Round: 1, Location: locID(g, r.Loc)}, t0, engine.ErrForbidden)
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

// teamGame starts a team round with n seats.
func teamGame(t *testing.T, n int, seed uint64, turns int) *Game {
	t.Helper()
	c := config(TimeTravel, n, seed)
	c.Team, c.CaptainTurns = true, turns
	g := newGame(t, c)
	start(t, g, t0)
	return g
}

// SF-TEAM-1 and SF-TEAM-2: two captains, two different locations, each
// captain sees only their own; one spy among the agents and the rest split
// as evenly as possible; an agent sees only their own card.
func TestTeamDeal(t *testing.T) {
	for n := 5; n <= 16; n++ {
		for seed := uint64(0); seed < 10; seed++ {
			g := teamGame(t, n, seed, 1)
			r := g.s.Cur
			tm := r.Team
			if r.Loc == r.Loc2 || tm.Captains[0] == tm.Captains[1] {
				t.Fatalf("n=%d: locations %d/%d captains %v", n, r.Loc, r.Loc2, tm.Captains)
			}
			count := map[int]int{}
			spiesN := 0
			for s := 0; s < n; s++ {
				c := r.Cards[s]
				isCaptain := engine.Seat(s) == tm.Captains[0] || engine.Seat(s) == tm.Captains[1]
				if c.Spy {
					spiesN++
					if isCaptain {
						t.Fatal("a captain got the spy card")
					}
					continue
				}
				if !isCaptain {
					count[c.Location]++
				}
			}
			if r.Cards[tm.Captains[0]].Location != r.Loc || r.Cards[tm.Captains[1]].Location != r.Loc2 {
				t.Fatal("captains' locations")
			}
			a, b := count[r.Loc], count[r.Loc2]
			if spiesN != 1 || a+b != n-3 || a-b > 1 || b-a > 1 {
				t.Fatalf("n=%d: split %d+%d+%d spy", n, a, b, spiesN)
			}
			locs := [2]Location{g.s.Locations[r.Loc], g.s.Locations[r.Loc2]}
			for s := 0; s < n; s++ {
				js := viewSecrets(t, g.View(engine.Seat(s)))
				c := r.Cards[s]
				for _, l := range locs {
					own := !c.Spy && g.s.Locations[c.Location].ID == l.ID
					if strings.Contains(js, `"`+l.ID+`"`) != own {
						t.Fatalf("n=%d seat %d (card %+v) and location %s: %s", n, s, c, l.ID, js)
					}
				}
				if strings.Count(js, "Role ") > 1 || c.Spy && strings.Contains(js, "Role ") {
					t.Fatalf("seat %d sees roles of others: %s", s, js)
				}
			}
		}
	}
	// The rulebook's suggested splits.
	for n, want := range map[int][2]int{7: {2, 2}, 8: {3, 2}, 9: {3, 3}, 10: {4, 3}} {
		r := teamGame(t, n, 3, 1).s.Cur
		count := map[int]int{}
		for s := 0; s < n; s++ {
			if c := r.Cards[s]; !c.Spy && engine.Seat(s) != r.Team.Captains[0] && engine.Seat(s) != r.Team.Captains[1] {
				count[c.Location]++
			}
		}
		got := [2]int{max(count[r.Loc], count[r.Loc2]), min(count[r.Loc], count[r.Loc2])}
		if got != want {
			t.Errorf("%d players: split %v, want %v", n, got, want)
		}
	}
}

// SF-TEAM-3: the captains decide who acts first; then alternate picks; a
// captain who refuses is done; picked agents cannot be picked again; the
// picking ends when both are done or no agent is left.
func TestTeamPicking(t *testing.T) {
	g := teamGame(t, 9, 5, 1)
	r := g.s.Cur
	tm := r.Team
	c0, c1 := tm.Captains[0], tm.Captains[1]
	agents := g.View(engine.NoSeat).Team.Agents
	var honest []engine.Seat
	for _, a := range agents {
		if !r.isSpy(a) {
			honest = append(honest, a)
		}
	}
	refused(t, g, honest[0], Lead{Round: 1, Captain: c0}, t0, engine.ErrForbidden)
	refused(t, g, c0, Pick{Round: 1, Turn: 0, Agent: honest[0]}, t0, engine.ErrWrongPhase)
	refused(t, g, c0, Lead{Round: 1, Captain: honest[0]}, t0, engine.ErrInvalidAction)
	apply(t, g, c0, Lead{Round: 1, Captain: c1}, t0)
	refused(t, g, c0, Pick{Round: 1, Turn: 0, Agent: honest[0]}, t0, engine.ErrNotYourTurn)
	refused(t, g, c1, Pick{Round: 1, Turn: 0, Agent: c0}, t0, engine.ErrForbidden)
	apply(t, g, c1, Pick{Round: 1, Turn: 0, Agent: honest[0]}, t0)
	refused(t, g, c1, Pick{Round: 1, Turn: 0, Agent: honest[1]}, t0, engine.ErrStale)
	refused(t, g, c0, Pick{Round: 1, Turn: 1, Agent: honest[0]}, t0, engine.ErrAlreadyDone)
	apply(t, g, c0, StopPicking{Round: 1, Turn: 1}, t0)
	// c0 is done: c1 picks on and on.
	for i := 1; i < len(honest); i++ {
		if v := g.View(engine.NoSeat).Team; v.Turn != c1 || !v.Done[0] {
			t.Fatalf("turn %+v", v)
		}
		apply(t, g, c1, Pick{Round: 1, Turn: 1 + i, Agent: honest[i]}, t0)
	}
	// Only the spy is left unpicked; c1 refuses: both done.
	if g.Phase() != PhaseTeamPick {
		t.Fatalf("phase %s with the spy unpicked", g.Phase())
	}
	apply(t, g, c1, StopPicking{Round: 1, Turn: len(honest) + 1}, t0)
	if g.Phase() != PhaseTeamGuess {
		t.Fatalf("phase %s after both captains are done", g.Phase())
	}

	// Alternation, and the end when no agent is left.
	g = teamGame(t, 5, 6, 1)
	r = g.s.Cur
	tm = r.Team
	apply(t, g, tm.Captains[0], Lead{Round: 1, Captain: tm.Captains[0]}, t0)
	var order []engine.Seat
	for turn := 0; g.Phase() == PhaseTeamPick; turn++ {
		captain := tm.Captains[tm.Turn]
		order = append(order, captain)
		var agent engine.Seat = -1
		for _, a := range g.View(engine.NoSeat).Team.Agents {
			if tm.PickedBy[a] < 0 && !r.isSpy(a) {
				agent = a
				break
			}
		}
		if agent < 0 {
			apply(t, g, captain, StopPicking{Round: 1, Turn: turn}, t0)
			continue
		}
		apply(t, g, captain, Pick{Round: 1, Turn: turn, Agent: agent}, t0)
	}
	if len(order) < 3 || order[0] != tm.Captains[0] || order[1] != tm.Captains[1] || order[2] != tm.Captains[0] {
		t.Fatalf("picks did not alternate: %v", order)
	}
}

// SF-TEAM-4: picking the spy reveals them and ends the picking; that
// captain scores 0; the spy names the picker's location first.
func TestTeamSpyPicked(t *testing.T) {
	g := teamGame(t, 7, 7, 1)
	r := g.s.Cur
	tm := r.Team
	spy := r.Spies[0]
	apply(t, g, tm.Captains[0], Lead{Round: 1, Captain: tm.Captains[1]}, t0)
	var own engine.Seat = -1
	for _, a := range g.View(engine.NoSeat).Team.Agents {
		if !r.isSpy(a) && r.Cards[a].Location == r.Loc2 {
			own = a
		}
	}
	apply(t, g, tm.Captains[1], Pick{Round: 1, Turn: 0, Agent: own}, t0)
	apply(t, g, tm.Captains[0], StopPicking{Round: 1, Turn: 1}, t0)
	apply(t, g, tm.Captains[1], Pick{Round: 1, Turn: 2, Agent: spy}, t0)
	if g.Phase() != PhaseTeamGuess || g.View(engine.NoSeat).Team.SpyPicked != spy {
		t.Fatalf("spy picked: phase %s", g.Phase())
	}
	refused(t, g, own, GuessBoth{Round: 1, Locations: [2]string{locID(g, r.Loc), locID(g, r.Loc2)}}, t0, engine.ErrForbidden)
	refused(t, g, spy, GuessBoth{Round: 1, Locations: [2]string{"nowhere", locID(g, r.Loc2)}}, t0, engine.ErrInvalidAction)
	apply(t, g, spy, GuessBoth{Round: 1, Locations: [2]string{locID(g, r.Loc2), locID(g, r.Loc2)}}, t0)
	res := lastResult(g)
	// Spy: 1 picked + 1 right (captain 1's location). Captain 1 picked the
	// spy: 0 despite a right agent. The agent in its own team: 1.
	want := pointsOf(7, map[engine.Seat]int{spy: 2, own: 1})
	if res.Ending != EndSpyPicked || !slices.Equal(res.Points, want) {
		t.Fatalf("points %v, want %v (%+v)", res.Points, want, res)
	}
}

// SF-TEAM-5: if nobody picked the spy, the spy names both locations.
func TestTeamSpyNotPicked(t *testing.T) {
	g := teamGame(t, 6, 8, 1)
	r := g.s.Cur
	tm := r.Team
	apply(t, g, tm.Captains[1], Lead{Round: 1, Captain: tm.Captains[0]}, t0)
	apply(t, g, tm.Captains[0], StopPicking{Round: 1, Turn: 0}, t0)
	apply(t, g, tm.Captains[1], StopPicking{Round: 1, Turn: 1}, t0)
	spy := r.Spies[0]
	if v := g.View(spy); !slices.Equal(v.Can, []string{"rename", "guess_both"}) {
		t.Fatalf("spy may %v", v.Can)
	}
	if g.View(engine.NoSeat).Team.SpyPicked != engine.NoSeat {
		t.Fatal("unpicked spy revealed before naming")
	}
	apply(t, g, spy, GuessBoth{Round: 1, Locations: [2]string{locID(g, r.Loc), locID(g, r.Loc2)}}, t0)
	if res := lastResult(g); res.Ending != EndSpyNotPicked || res.Points[spy] != 2 || len(res.Guesses) != 2 {
		t.Fatalf("unpicked spy naming both: %+v", res)
	}
}

// SF-TEAM-6: captain +1 per own-location agent, -1 per other; agents in the
// team of their own location 1; the spy 1 if picked + 1 per right location.
func TestTeamPoints(t *testing.T) {
	g := teamGame(t, 9, 9, 1)
	r := g.s.Cur
	tm := r.Team
	c0, c1 := tm.Captains[0], tm.Captains[1]
	var at0, at1 []engine.Seat
	for _, a := range g.View(engine.NoSeat).Team.Agents {
		switch {
		case r.isSpy(a):
		case r.Cards[a].Location == r.Loc:
			at0 = append(at0, a)
		default:
			at1 = append(at1, a)
		}
	}
	apply(t, g, c0, Lead{Round: 1, Captain: c0}, t0)
	apply(t, g, c0, Pick{Round: 1, Turn: 0, Agent: at0[0]}, t0) // c0 +1, agent +1
	apply(t, g, c1, Pick{Round: 1, Turn: 1, Agent: at0[1]}, t0) // c1 -1, agent 0
	apply(t, g, c0, Pick{Round: 1, Turn: 2, Agent: at1[0]}, t0) // c0 -1, agent 0
	apply(t, g, c1, Pick{Round: 1, Turn: 3, Agent: at1[1]}, t0) // c1 +1, agent +1
	apply(t, g, c0, Pick{Round: 1, Turn: 4, Agent: at0[2]}, t0) // c0 +1, agent +1
	apply(t, g, c1, StopPicking{Round: 1, Turn: 5}, t0)
	apply(t, g, c0, StopPicking{Round: 1, Turn: 6}, t0)
	spy := r.Spies[0]
	apply(t, g, spy, GuessBoth{Round: 1, Locations: [2]string{locID(g, r.Loc2), locID(g, r.Loc2)}}, t0) // 1 right
	want := pointsOf(9, map[engine.Seat]int{c0: 1, c1: 0, at0[0]: 1, at1[1]: 1, at0[2]: 1, spy: 1})
	if got := lastResult(g).Points; !slices.Equal(got, want) {
		t.Fatalf("points %v, want %v", got, want)
	}
}

// SF-TEAM-7: captains rotate so every seat captains once (or twice); with
// an odd count the last round's second captain is the game's first captain;
// then the game ends. No clock unless chosen; locations are unplayed ones.
func TestTeamRotation(t *testing.T) {
	for _, tc := range []struct{ n, turns, rounds int }{{5, 1, 3}, {6, 1, 3}, {7, 2, 7}, {8, 2, 8}} {
		c := config(TimeTravel, tc.n, 10)
		c.Team, c.CaptainTurns = true, tc.turns
		c.CustomPacks = []Pack{testPack("big", 20, 10)}
		g := newGame(t, c)
		times := map[engine.Seat]int{}
		var first engine.Seat = -1
		var locs []int
		for i := 1; i <= tc.rounds; i++ {
			if g.View(engine.NoSeat).Rounds != tc.rounds {
				t.Fatalf("%+v: view says %d rounds", tc, g.View(engine.NoSeat).Rounds)
			}
			r := start(t, g, t0)
			tm := r.Team
			if first < 0 {
				first = tm.Captains[0]
			}
			if v := g.View(engine.NoSeat); v.Clock != nil {
				t.Fatal("team round has a clock by default")
			}
			times[tm.Captains[0]]++
			times[tm.Captains[1]]++
			locs = append(locs, r.Loc, r.Loc2)
			apply(t, g, tm.Captains[0], Lead{Round: i, Captain: tm.Captains[0]}, t0)
			apply(t, g, tm.Captains[0], StopPicking{Round: i, Turn: 0}, t0)
			apply(t, g, tm.Captains[1], StopPicking{Round: i, Turn: 1}, t0)
			apply(t, g, r.Spies[0], GuessBoth{Round: i, Locations: [2]string{locID(g, 0), locID(g, 0)}}, t0)
			if i == tc.rounds && tc.n%2 == 1 && tc.turns == 1 && tm.Captains[1] != first {
				t.Fatalf("%+v: last second captain %d, first captain %d", tc, tm.Captains[1], first)
			}
		}
		if g.Phase() != PhaseGameOver {
			t.Fatalf("%+v: phase %s after %d rounds", tc, g.Phase(), tc.rounds)
		}
		for s := 0; s < tc.n; s++ {
			want := tc.turns
			if tc.n%2 == 1 && tc.turns == 1 && engine.Seat(s) == first {
				want = 2
			}
			if times[engine.Seat(s)] != want {
				t.Fatalf("%+v: seat %d captained %d times (%v)", tc, s, times[engine.Seat(s)], times)
			}
		}
		if len(locs) <= 20 {
			sorted := slices.Clone(locs)
			slices.Sort(sorted)
			if len(slices.Compact(sorted)) != len(locs) {
				t.Fatalf("%+v: a location repeated: %v", tc, locs)
			}
		}
	}
	// Optional clock: running out ends the picking.
	c := config(TimeTravel, 6, 11)
	c.Team, c.TeamClock = true, true
	g := newGame(t, c)
	r := start(t, g, t0)
	apply(t, g, r.Team.Captains[0], Lead{Round: 1, Captain: r.Team.Captains[0]}, t0)
	if !r.Clock.Running || g.View(0).Clock == nil {
		t.Fatal("team clock not running")
	}
	g.Advance(r.Clock.Deadline)
	if g.Phase() != PhaseTeamGuess {
		t.Fatalf("phase %s after the team clock ran out", g.Phase())
	}
	b, _ := json.Marshal(g.View(r.Spies[0]))
	if !strings.Contains(string(b), "guess_both") {
		t.Fatal("spy not asked to name the locations")
	}
}
