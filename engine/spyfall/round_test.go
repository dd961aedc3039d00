package spyfall

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// SF-SET-4: the first dealer is random (every seat deals round 1 for some
// seed) and every view shows who deals.
func TestFirstDealerRandomAndShown(t *testing.T) {
	seen := map[engine.Seat]bool{}
	for seed := uint64(0); seed < 200; seed++ {
		g := newGame(t, config(Classic, 5, seed))
		enginetest.Apply(t, g, 2, Deal{Round: 1}, t0)
		d := g.s.Cur.Dealer
		seen[d] = true
		for _, s := range []engine.Seat{engine.NoSeat, 0, 4} {
			if got := g.View(s).Dealer; got != d {
				t.Fatalf("seat %d sees dealer %d, want %d", s, got, d)
			}
		}
	}
	if len(seen) != 5 {
		t.Fatalf("only seats %v ever dealt round 1", seen)
	}
}

// SF-DEAL-1: a location is never repeated while unplayed ones remain; then
// the pool starts over.
func TestLocationsNotRepeated(t *testing.T) {
	c := Config{Edition: Classic, Seats: 4, Seed: 5, Rounds: 12, CustomPacks: []Pack{testPack("t", 5, 7)}}
	g := newGame(t, c)
	var played []int
	for i := 0; i < 12; i++ {
		r := start(t, g, t0)
		played = append(played, r.Loc)
		enginetest.Apply(t, g, r.Spies[0], Guess{Round: r.Number, Location: wrongLocation(g)}, t0)
	}
	for _, block := range [][]int{played[0:5], played[5:10]} {
		s := slices.Clone(block)
		slices.Sort(s)
		if !slices.Equal(s, []int{0, 1, 2, 3, 4}) {
			t.Fatalf("a location repeated before all were played: %v", played)
		}
	}
	if played[10] == played[11] {
		t.Fatalf("repeat within the third pass: %v", played)
	}
}

// SF-DEAL-2: S spies get the spy card, everyone else the location and a
// role; roles do not repeat while the location has enough, then repeat.
func TestDealSpiesAndRoles(t *testing.T) {
	cases := []struct {
		ed          Edition
		n, spies    int
		roles       int
		wantRepeats bool
	}{
		{Classic, 8, 1, 7, false},
		{Spyfall2, 12, 2, 10, false},
		{Spyfall2, 12, 2, 4, true},
		{Classic, 4, 1, 0, false},
	}
	for _, tc := range cases {
		spyCount := map[engine.Seat]int{}
		for seed := uint64(0); seed < 300; seed++ {
			c := Config{Edition: tc.ed, Seats: tc.n, Seed: seed, CustomPacks: []Pack{testPack("r", 3, tc.roles)}}
			g := newGame(t, c)
			r := start(t, g, t0)
			if len(r.Spies) != tc.spies {
				t.Fatalf("%+v: %d spies", tc, len(r.Spies))
			}
			seenRoles := map[int]int{}
			for s := 0; s < tc.n; s++ {
				cd := r.Cards[s]
				if cd.Spy {
					spyCount[engine.Seat(s)]++
					if cd.Location != -1 || cd.Role != -1 {
						t.Fatalf("spy card holds a location: %+v", cd)
					}
					continue
				}
				if cd.Location != r.Loc {
					t.Fatalf("non-spy at another location: %+v", cd)
				}
				if tc.roles == 0 && cd.Role != -1 || tc.roles > 0 && cd.Role < 0 {
					t.Fatalf("role %d with %d roles", cd.Role, tc.roles)
				}
				seenRoles[cd.Role]++
			}
			repeats := len(seenRoles) < tc.n-tc.spies
			if tc.roles > 0 && repeats != tc.wantRepeats {
				t.Fatalf("%+v: roles %v", tc, seenRoles)
			}
			if tc.wantRepeats && len(seenRoles) != tc.roles {
				t.Fatalf("%+v: only %d of %d roles used while repeating", tc, len(seenRoles), tc.roles)
			}
		}
		// Uniform spies: over 300 deals every seat is a spy at least once.
		if len(spyCount) != tc.n {
			t.Fatalf("%+v: spies only among %v", tc, spyCount)
		}
	}
}

// SF-DEAL-3: a seat sees only its own card; the spy's view has no location
// and no role; no non-spy's view says who the spy is.
func TestViewsShowOnlyOwnCard(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		g := newGame(t, config(Spyfall2, 10, seed))
		r := start(t, g, t0)
		loc := g.s.Locations[r.Loc]
		for s := engine.Seat(-1); s < 10; s++ {
			v := g.View(s)
			js := viewSecrets(t, v)
			if s == engine.NoSeat {
				if v.Card != nil || strings.Contains(js, loc.ID) || strings.Contains(js, "Role ") {
					t.Fatalf("public view leaks a card: %s", js)
				}
				continue
			}
			if r.isSpy(s) {
				if v.Card == nil || !v.Card.Spy || v.Card.Location != nil || v.Card.Role != nil {
					t.Fatalf("spy card view %+v", v.Card)
				}
				if strings.Contains(js, loc.ID) || strings.Contains(js, loc.Name["en"]) || strings.Contains(js, "Role ") {
					t.Fatalf("spy view leaks the location: %s", js)
				}
				continue
			}
			if v.Card == nil || v.Card.Spy || v.Card.Location.ID != loc.ID || v.Card.Role == nil || v.Card.Role.Name["en"] != loc.Roles[r.Cards[s].Role]["en"] {
				t.Fatalf("seat %d card %+v", s, v.Card)
			}
			if strings.Contains(js, `"spy":true`) || strings.Contains(js, "fellow_spies") {
				t.Fatalf("non-spy view says who the spy is: %s", js)
			}
			// Only its own role appears.
			if strings.Count(js, "Role ") != 1 {
				t.Fatalf("seat %d sees other roles: %s", s, js)
			}
		}
	}
}

// viewSecrets marshals a view without the parts that are the same for
// every seat by design (the location list) or only hold finished rounds.
func viewSecrets(t testing.TB, v View) string {
	t.Helper()
	return secretJSON(v)
}

func secretJSON(v View) string {
	v.Locations, v.History, v.LastRound = nil, nil, nil
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// SF-DEAL-4: with old pals each spy's view names the other; without, not.
func TestOldPals(t *testing.T) {
	for _, pals := range []bool{false, true} {
		c := config(Spyfall2, 9, 4)
		c.OldPals = pals
		g := newGame(t, c)
		r := start(t, g, t0)
		for _, s := range r.Spies {
			v := g.View(s)
			other := r.Spies[0] + r.Spies[1] - s
			if pals && !slices.Equal(v.Card.FellowSpies, []engine.Seat{other}) {
				t.Fatalf("old pals: spy %d sees fellows %v, want %d", s, v.Card.FellowSpies, other)
			}
			if !pals && v.Card.FellowSpies != nil {
				t.Fatalf("rival spies see each other: %v", v.Card.FellowSpies)
			}
		}
		for _, s := range nonSpies(g) {
			if g.View(s).Card.FellowSpies != nil {
				t.Fatal("a non-spy sees spies")
			}
		}
	}
	c := config(Spyfall2, 9, 4)
	c.OldPals, c.Spies = true, 1
	if _, err := New(c); err == nil {
		t.Fatal("old pals with one spy accepted")
	}
}

// SF-DEAL-5: with fair rotation no seat gets the spy card twice before every
// seat has had it; without it, repeats happen.
func TestFairRotation(t *testing.T) {
	for _, tc := range []struct {
		ed     Edition
		n      int
		spies  int
		rounds int
	}{{Classic, 5, 1, 15}, {Spyfall2, 9, 2, 18}, {Spyfall2, 7, 2, 14}} {
		for seed := uint64(0); seed < 20; seed++ {
			c := config(tc.ed, tc.n, seed)
			c.FairRotation, c.Rounds, c.Spies = true, tc.rounds, tc.spies
			g := newGame(t, c)
			count := make([]int, tc.n)
			for i := 0; i < tc.rounds; i++ {
				r := start(t, g, t0)
				for _, s := range r.Spies {
					count[s]++
				}
				// A seat with the card twice while another never had it
				// shows as a spread of 2.
				if slices.Max(count)-slices.Min(count) > 1 {
					t.Fatalf("%+v seed %d round %d: counts %v", tc, seed, i+1, count)
				}
				enginetest.Apply(t, g, r.Spies[0], Guess{Round: r.Number, Location: wrongLocation(g)}, t0)
				if len(r.Spies) == 2 {
					enginetest.Apply(t, g, r.Spies[1], Guess{Round: r.Number, Location: wrongLocation(g)}, t0)
				}
			}
			if slices.Max(count)-slices.Min(count) > 1 {
				t.Fatalf("%+v seed %d: unfair counts %v", tc, seed, count)
			}
		}
	}
	// Without the option, some seat is a spy twice within the first n rounds.
	repeat := false
	for seed := uint64(0); seed < 20 && !repeat; seed++ {
		g := newGame(t, config(Classic, 5, seed))
		g.s.Rounds = 5
		seen := map[engine.Seat]bool{}
		for i := 0; i < 5; i++ {
			r := start(t, g, t0)
			repeat = repeat || seen[r.Spies[0]]
			seen[r.Spies[0]] = true
			enginetest.Apply(t, g, r.Spies[0], Guess{Round: r.Number, Location: wrongLocation(g)}, t0)
		}
	}
	if !repeat {
		t.Fatal("without fair rotation no seat was ever spy twice in 5 rounds: rotation is always on?")
	}
}

// SF-PLAY-1: after the deal the dealer (only) starts the clock, and the
// dealer asks first.
func TestDealerStartsClock(t *testing.T) {
	c := config(Classic, 5, 2)
	c.QuestionTracker = true
	g := newGame(t, c)
	enginetest.Apply(t, g, 0, Deal{Round: 1}, t0)
	r := g.s.Cur
	if g.Phase() != PhaseDealt || r.Clock.Running {
		t.Fatalf("phase %s, clock %+v", g.Phase(), r.Clock)
	}
	other := r.Dealer.Left(5)
	enginetest.Refused(t, g, other, StartClock{Round: 1}, t0, engine.ErrNotYourTurn)
	enginetest.Refused(t, g, r.Dealer, Accuse{Round: 1, Suspect: other}, t0, engine.ErrWrongPhase)
	enginetest.Apply(t, g, r.Dealer, StartClock{Round: 1}, t0+5)
	if !r.Clock.Running || r.Clock.Deadline != t0+5+engine.Instant(8*time.Minute/time.Millisecond) {
		t.Fatalf("clock %+v", r.Clock)
	}
	if v := g.View(other); v.Asker != r.Dealer || v.FirstAsker != r.Dealer || v.Clock.Deadline != r.Clock.Deadline {
		t.Fatalf("view: asker %d, clock %+v", v.Asker, v.Clock)
	}
	enginetest.Refused(t, g, r.Dealer, StartClock{Round: 1}, t0+6, engine.ErrWrongPhase)
}

// SF-PLAY-2: the question tracker: the asker taps whom they ask, that seat
// asks next, no question in return (allowed in 2P/3P); off by default.
func TestQuestionTracker(t *testing.T) {
	g := newGame(t, config(Classic, 4, 2))
	r := start(t, g, t0)
	if v := g.View(engine.NoSeat); v.FirstAsker != r.Dealer || v.Asker != engine.NoSeat {
		t.Fatalf("without the tracker: first asker %d, asker %d", v.FirstAsker, v.Asker)
	}
	enginetest.Refused(t, g, r.Dealer, Ask{Round: 1, Question: 0, Target: r.Dealer.Left(4)}, t0, engine.ErrForbidden)

	c := config(Classic, 4, 2)
	c.QuestionTracker = true
	g = newGame(t, c)
	r = start(t, g, t0)
	a := r.Dealer
	b := a.Left(4)
	d := b.Left(4)
	enginetest.Refused(t, g, b, Ask{Round: 1, Question: 0, Target: d}, t0, engine.ErrNotYourTurn)
	enginetest.Refused(t, g, a, Ask{Round: 1, Question: 0, Target: a}, t0, engine.ErrForbidden)
	enginetest.Apply(t, g, a, Ask{Round: 1, Question: 0, Target: b}, t0)
	enginetest.Refused(t, g, a, Ask{Round: 1, Question: 0, Target: b}, t0, engine.ErrStale)
	enginetest.Refused(t, g, b, Ask{Round: 1, Question: 1, Target: a}, t0, engine.ErrForbidden)
	enginetest.Apply(t, g, b, Ask{Round: 1, Question: 1, Target: d}, t0)
	// d may ask a (a did not just ask d).
	enginetest.Apply(t, g, d, Ask{Round: 1, Question: 2, Target: a}, t0)
	if v := g.View(engine.NoSeat); v.Asker != a || v.AskedBy != d || v.Question != 3 {
		t.Fatalf("tracker view %+v", v)
	}

	c = config(TimeTravel, 2, 2)
	c.QuestionTracker = true
	g = newGame(t, c)
	r = start(t, g, t0)
	x, y := r.Dealer, r.Dealer.Left(2)
	enginetest.Apply(t, g, x, Ask{Round: 1, Question: 0, Target: y}, t0)
	enginetest.Apply(t, g, y, Ask{Round: 1, Question: 1, Target: x}, t0) // in return: allowed in 2P
}

// SF-PLAY-3: the clock pauses while stopped for a vote and resumes where it
// was; everyone sees the same absolute deadline.
func TestClockPausesAndResumes(t *testing.T) {
	g := newGame(t, config(Classic, 4, 8))
	r := start(t, g, t0)
	ns := nonSpies(g)
	enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: ns[1]}, t0+60_000)
	if r.Clock.Running || r.Clock.Left != 7*time.Minute {
		t.Fatalf("clock during vote %+v", r.Clock)
	}
	if v := g.View(ns[2]); v.Clock.Running || v.Clock.Left != 7*time.Minute {
		t.Fatalf("view clock during vote %+v", v.Clock)
	}
	voteAll(t, g, t0+500_000, ns[2]) // one no: fails
	want := t0 + 500_000 + 7*60_000
	if !r.Clock.Running || r.Clock.Deadline != want {
		t.Fatalf("resumed clock %+v, want deadline %d", r.Clock, want)
	}
	for s := engine.Seat(-1); s < 4; s++ {
		if v := g.View(s); v.Clock.Deadline != want {
			t.Fatalf("seat %d sees deadline %d", s, v.Clock.Deadline)
		}
	}
	if g.Advance(want - 1) {
		t.Fatal("advanced before the deadline")
	}
	if !g.Advance(want) || g.Phase() != PhaseEndAccuse {
		t.Fatalf("at the deadline phase is %s", g.Phase())
	}
}
