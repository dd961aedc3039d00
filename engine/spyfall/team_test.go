package spyfall

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// teamGame starts a team round with n seats.
func teamGame(t testing.TB, n int, seed uint64, turns int) *Game {
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
	enginetest.Refused(t, g, honest[0], Lead{Round: 1, Captain: c0}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, c0, Pick{Round: 1, Turn: 0, Agent: honest[0]}, t0, engine.ErrWrongPhase)
	enginetest.Refused(t, g, c0, Lead{Round: 1, Captain: honest[0]}, t0, engine.ErrInvalidAction)
	enginetest.Apply(t, g, c0, Lead{Round: 1, Captain: c1}, t0)
	enginetest.Refused(t, g, c0, Pick{Round: 1, Turn: 0, Agent: honest[0]}, t0, engine.ErrNotYourTurn)
	enginetest.Refused(t, g, c1, Pick{Round: 1, Turn: 0, Agent: c0}, t0, engine.ErrForbidden)
	enginetest.Apply(t, g, c1, Pick{Round: 1, Turn: 0, Agent: honest[0]}, t0)
	enginetest.Refused(t, g, c1, Pick{Round: 1, Turn: 0, Agent: honest[1]}, t0, engine.ErrStale)
	enginetest.Refused(t, g, c0, Pick{Round: 1, Turn: 1, Agent: honest[0]}, t0, engine.ErrAlreadyDone)
	enginetest.Apply(t, g, c0, StopPicking{Round: 1, Turn: 1}, t0)
	// c0 is done: c1 picks on and on.
	for i := 1; i < len(honest); i++ {
		if v := g.View(engine.NoSeat).Team; v.Turn != c1 || !v.Done[0] {
			t.Fatalf("turn %+v", v)
		}
		enginetest.Apply(t, g, c1, Pick{Round: 1, Turn: 1 + i, Agent: honest[i]}, t0)
	}
	// Only the spy is left unpicked; c1 refuses: both done.
	if g.Phase() != PhaseTeamPick {
		t.Fatalf("phase %s with the spy unpicked", g.Phase())
	}
	enginetest.Apply(t, g, c1, StopPicking{Round: 1, Turn: len(honest) + 1}, t0)
	if g.Phase() != PhaseTeamGuess {
		t.Fatalf("phase %s after both captains are done", g.Phase())
	}

	// Alternation, and the end when no agent is left.
	g = teamGame(t, 5, 6, 1)
	r = g.s.Cur
	tm = r.Team
	enginetest.Apply(t, g, tm.Captains[0], Lead{Round: 1, Captain: tm.Captains[0]}, t0)
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
			enginetest.Apply(t, g, captain, StopPicking{Round: 1, Turn: turn}, t0)
			continue
		}
		enginetest.Apply(t, g, captain, Pick{Round: 1, Turn: turn, Agent: agent}, t0)
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
	enginetest.Apply(t, g, tm.Captains[0], Lead{Round: 1, Captain: tm.Captains[1]}, t0)
	var own engine.Seat = -1
	for _, a := range g.View(engine.NoSeat).Team.Agents {
		if !r.isSpy(a) && r.Cards[a].Location == r.Loc2 {
			own = a
		}
	}
	enginetest.Apply(t, g, tm.Captains[1], Pick{Round: 1, Turn: 0, Agent: own}, t0)
	enginetest.Apply(t, g, tm.Captains[0], StopPicking{Round: 1, Turn: 1}, t0)
	enginetest.Apply(t, g, tm.Captains[1], Pick{Round: 1, Turn: 2, Agent: spy}, t0)
	if g.Phase() != PhaseTeamGuess || g.View(engine.NoSeat).Team.SpyPicked != spy {
		t.Fatalf("spy picked: phase %s", g.Phase())
	}
	enginetest.Refused(t, g, own, GuessBoth{Round: 1, Locations: [2]string{locID(g, r.Loc), locID(g, r.Loc2)}}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, spy, GuessBoth{Round: 1, Locations: [2]string{"nowhere", locID(g, r.Loc2)}}, t0, engine.ErrInvalidAction)
	enginetest.Apply(t, g, spy, GuessBoth{Round: 1, Locations: [2]string{locID(g, r.Loc2), locID(g, r.Loc2)}}, t0)
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
	enginetest.Apply(t, g, tm.Captains[1], Lead{Round: 1, Captain: tm.Captains[0]}, t0)
	enginetest.Apply(t, g, tm.Captains[0], StopPicking{Round: 1, Turn: 0}, t0)
	enginetest.Apply(t, g, tm.Captains[1], StopPicking{Round: 1, Turn: 1}, t0)
	spy := r.Spies[0]
	if v := g.View(spy); !slices.Equal(v.Can, []string{"rename", "guess_both"}) {
		t.Fatalf("spy may %v", v.Can)
	}
	if g.View(engine.NoSeat).Team.SpyPicked != engine.NoSeat {
		t.Fatal("unpicked spy revealed before naming")
	}
	enginetest.Apply(t, g, spy, GuessBoth{Round: 1, Locations: [2]string{locID(g, r.Loc), locID(g, r.Loc2)}}, t0)
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
	enginetest.Apply(t, g, c0, Lead{Round: 1, Captain: c0}, t0)
	enginetest.Apply(t, g, c0, Pick{Round: 1, Turn: 0, Agent: at0[0]}, t0) // c0 +1, agent +1
	enginetest.Apply(t, g, c1, Pick{Round: 1, Turn: 1, Agent: at0[1]}, t0) // c1 -1, agent 0
	enginetest.Apply(t, g, c0, Pick{Round: 1, Turn: 2, Agent: at1[0]}, t0) // c0 -1, agent 0
	enginetest.Apply(t, g, c1, Pick{Round: 1, Turn: 3, Agent: at1[1]}, t0) // c1 +1, agent +1
	enginetest.Apply(t, g, c0, Pick{Round: 1, Turn: 4, Agent: at0[2]}, t0) // c0 +1, agent +1
	enginetest.Apply(t, g, c1, StopPicking{Round: 1, Turn: 5}, t0)
	enginetest.Apply(t, g, c0, StopPicking{Round: 1, Turn: 6}, t0)
	spy := r.Spies[0]
	enginetest.Apply(t, g, spy, GuessBoth{Round: 1, Locations: [2]string{locID(g, r.Loc2), locID(g, r.Loc2)}}, t0) // 1 right
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
			pickNobody(t, g, r, i)
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
	// APP-LOBBY-2: the seat the last round was waiting for leaves between rounds; every seat
	// still at the table has captained, so the game is over there.
	c7 := config(TimeTravel, 7, 12)
	c7.Team, c7.CaptainTurns = true, 1
	c7.CustomPacks = []Pack{testPack("big", 20, 10)}
	g7 := newGame(t, c7)
	for i := 1; i <= 3; i++ {
		pickNobody(t, g7, start(t, g7, t0), i)
	}
	if g7.Phase() != PhaseRoundOver || len(g7.s.CaptainQueue) != 1 {
		t.Fatalf("after three of four rounds: phase %s, captains to come %v", g7.Phase(), g7.s.CaptainQueue)
	}
	enginetest.Apply(t, g7, Host, engine.HostRemoveSeat{Seat: g7.s.CaptainQueue[0]}, t0)
	if g7.Phase() != PhaseGameOver || len(g7.Winners()) == 0 {
		t.Fatalf("the last captain to come left: phase %s, winners %v", g7.Phase(), g7.Winners())
	}

	// Optional clock: running out ends the picking.
	c := config(TimeTravel, 6, 11)
	c.Team, c.TeamClock = true, true
	g := newGame(t, c)
	r := start(t, g, t0)
	enginetest.Apply(t, g, r.Team.Captains[0], Lead{Round: 1, Captain: r.Team.Captains[0]}, t0)
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

// pickNobody plays team round i to its end: the first captain leads, both refuse to pick, and
// the spy names the first location twice.
func pickNobody(t *testing.T, g *Game, r *round, i int) {
	t.Helper()
	tm := r.Team
	enginetest.Apply(t, g, tm.Captains[0], Lead{Round: i, Captain: tm.Captains[0]}, t0)
	enginetest.Apply(t, g, tm.Captains[0], StopPicking{Round: i, Turn: 0}, t0)
	enginetest.Apply(t, g, tm.Captains[1], StopPicking{Round: i, Turn: 1}, t0)
	enginetest.Apply(t, g, r.Spies[0], GuessBoth{Round: i, Locations: [2]string{locID(g, 0), locID(g, 0)}}, t0)
}
