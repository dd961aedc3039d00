package spyfall

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

var gamesFlag = flag.Int("spyfall.games", 0, "random games per variant in the property tests (default 1000; 10000 with SAFEHOUSE_LONG; 300 with -short)")

// gamesPerVariant is 1,000 in make test and 10,000 in make test-long (SAFEHOUSE_LONG), 300
// with -short. Every game runs every check; the count only decides how many rare paths the
// random games reach. Measured with the package's other tests alongside (go test -coverpkg),
// 1,000 games a variant reach every statement that 3,000 and 10,000 reach, now that the three
// paths only 3,000 reached have tests of their own (a team game ending when its last captain
// to come leaves, a move of a removed seat, an absence for a seat dealt out of the round);
// 300 miss one (a vote's last voter leaving). 1,000 cost 10 s of CPU on the project's 2-core
// machine, 3,000 cost 32 s.
func gamesPerVariant() int {
	switch {
	case *gamesFlag > 0:
		return *gamesFlag
	case testing.Short():
		return 300
	case os.Getenv("SAFEHOUSE_LONG") != "":
		return 10_000
	}
	return 1000
}

// variantSpec makes the Config of random game number i of one variant.
type variantSpec struct {
	name    string
	seatOps bool
	config  func(rng *rand.Rand, seed uint64) Config
}

// viewCheckOdds: every view is checked after one move in this many (and
// at the end), about 3 times per game.
const viewCheckOdds = 30

// propertyPack is small enough to keep snapshots cheap, and has unique
// strings everywhere so the leak checks can search the views' JSON.
var propertyPack = testPack("p", 8, 8)

func randomOptions(rng *rand.Rand, c Config) Config {
	c.CustomPacks = []Pack{propertyPack}
	c.QuestionTracker = rng.IntN(2) == 0
	c.FairRotation = rng.IntN(2) == 0
	c.HideRoles = rng.IntN(4) == 0
	if rng.IntN(3) == 0 {
		c.Rounds = 1 + rng.IntN(6)
	}
	return c
}

var variantSpecs = []variantSpec{
	{"classic", true, func(rng *rand.Rand, seed uint64) Config {
		return randomOptions(rng, Config{Edition: Classic, Seats: 3 + rng.IntN(6), Seed: seed})
	}},
	{"spyfall2-1spy", true, func(rng *rand.Rand, seed uint64) Config {
		return randomOptions(rng, Config{Edition: Spyfall2, Seats: 3 + rng.IntN(9), Seed: seed, Spies: 1})
	}},
	{"spyfall2-2spies", true, func(rng *rand.Rand, seed uint64) Config {
		c := randomOptions(rng, Config{Edition: Spyfall2, Seats: 6 + rng.IntN(7), Seed: seed, Spies: 2})
		c.OldPals = rng.IntN(2) == 0
		return c
	}},
	{"spyfall2-default", true, func(rng *rand.Rand, seed uint64) Config {
		// Around the 8/9 boundary, so seats added and removed between
		// rounds move the default spy count (SF-SET-3).
		c := randomOptions(rng, Config{Edition: Spyfall2, Seats: 6 + rng.IntN(7), Seed: seed})
		c.OldPals = c.Seats >= 9 && rng.IntN(2) == 0
		return c
	}},
	{"timetravel", true, func(rng *rand.Rand, seed uint64) Config {
		n := 3 + rng.IntN(6)
		return randomOptions(rng, Config{Edition: TimeTravel, Seats: n, Seed: seed, NormalThreePlayer: n == 3})
	}},
	{"2p", false, func(rng *rand.Rand, seed uint64) Config {
		return randomOptions(rng, Config{Edition: TimeTravel, Seats: 2, Seed: seed})
	}},
	{"3p", false, func(rng *rand.Rand, seed uint64) Config {
		return randomOptions(rng, Config{Edition: TimeTravel, Seats: 3, Seed: seed})
	}},
	{"team", true, func(rng *rand.Rand, seed uint64) Config {
		c := randomOptions(rng, Config{Edition: TimeTravel, Seats: 5 + rng.IntN(12), Seed: seed, Team: true})
		c.Rounds = 0
		c.CaptainTurns = 1 + rng.IntN(2)
		c.TeamClock = rng.IntN(2) == 0
		return c
	}},
}

// TestRandomGames plays many seeded random games per edition and variant and
// checks, for each: the game ends; the points of every round follow the
// scoring table (SF-SCORE-classic, SF-SCORE-tt, SF-SCORE-2, SF-2P-5,
// SF-TEAM-6) and add up to the totals; no view holds a secret of another
// seat (SF-DEAL-3, SF-DEAL-4, SF-2P-1, SF-TEAM-1); refusals leave the state
// unchanged; snapshot/restore round-trips; and a replay of the log gives a
// byte-identical snapshot.
func TestRandomGames(t *testing.T) {
	games := gamesPerVariant()
	for vi, spec := range variantSpecs {
		t.Run(spec.name, func(t *testing.T) {
			t.Parallel()
			stats := map[Ending]int{}
			for i := 0; i < games; i++ {
				seed := uint64(vi)<<32 | uint64(i)
				if err := playRandomGame(spec, seed, i%100 == 0, stats); err != nil {
					t.Fatalf("%s game %d (seed %d): %v", spec.name, i, seed, err)
				}
			}
			// The random players must reach the interesting endings, or
			// the checks above prove little.
			want := []Ending{EndNoConviction, EndSpyConvicted, EndNonSpyConvicted, EndSpyGuessed, EndSpyMissed}
			switch spec.name {
			case "2p", "3p":
				want = append(want, EndTableSpy, EndTableLocation)
			case "team":
				want = []Ending{EndSpyPicked, EndSpyNotPicked, EndVoided}
			}
			for _, e := range want {
				if stats[e] == 0 && games >= 300 {
					t.Errorf("no round ended with %s in %d games: %v", e, games, stats)
				}
			}
		})
	}
}

// playRandomGame plays one game to its end and checks every property.
func playRandomGame(spec variantSpec, seed uint64, replay bool, stats map[Ending]int) error {
	rng := rand.New(rand.NewPCG(seed, 99))
	c := spec.config(rng, seed)
	g, err := New(c)
	if err != nil {
		return fmt.Errorf("config %+v: %v", c, err)
	}
	p := newPlayer(g, seed, spec.seatOps)
	// The costly checks (JSON of the whole state or of every view) run a
	// few times per game, at random moments, to keep 10,000 games cheap.
	restoreAt := -1
	if rng.IntN(5) == 0 {
		restoreAt = rng.IntN(80)
	}
	refusalChecks := rng.IntN(2)
	rounds := 0
	for step := 0; g.s.Phase != PhaseGameOver; step++ {
		if step > 5000 {
			return fmt.Errorf("game does not end: phase %s round %d", g.s.Phase, g.s.Round)
		}
		seat, a, junk := p.next()
		lastVote := 0
		if g.s.LastVote != nil {
			lastVote = g.s.LastVote.ID
		}
		var before []byte
		if junk && refusalChecks > 0 && rng.IntN(3) == 0 {
			refusalChecks--
			before, _ = g.MarshalBinary()
		}
		err := p.apply(seat, a)
		if err != nil {
			var ref *engine.Refusal
			if !errors.As(err, &ref) {
				return fmt.Errorf("%T%+v: error %v is not a refusal", a, a, err)
			}
			if before != nil {
				after, _ := g.MarshalBinary()
				if !bytes.Equal(before, after) {
					return fmt.Errorf("refused %T%+v (%v) changed the state", a, a, err)
				}
			}
		} else if err := checkSeatRules(g, c, a, lastVote); err != nil {
			return fmt.Errorf("step %d, %T%+v: %v", step, a, a, err)
		}
		if len(g.s.History) > rounds {
			for _, res := range g.s.History[rounds:] {
				stats[res.Ending]++
				if err := checkPoints(g, res, p); err != nil {
					return fmt.Errorf("round %d: %v", res.Round, err)
				}
			}
			rounds = len(g.s.History)
		}
		if rng.IntN(viewCheckOdds) == 0 || g.s.Phase == PhaseGameOver {
			if err := checkWaits(g, p.now, rng); err != nil {
				return fmt.Errorf("step %d phase %s after %T%+v: %v", step, g.s.Phase, a, a, err)
			}
			if err := checkViews(g, rng); err != nil {
				return fmt.Errorf("step %d phase %s after %T%+v: %v", step, g.s.Phase, a, a, err)
			}
		}
		if step == restoreAt {
			b, err := g.MarshalBinary()
			if err != nil {
				return err
			}
			g2 := new(Game)
			if err := g2.UnmarshalBinary(b); err != nil {
				return err
			}
			b2, _ := g2.MarshalBinary()
			if !bytes.Equal(b, b2) {
				return fmt.Errorf("snapshot does not round-trip")
			}
			g, p.g = g2, g2
		}
	}
	if err := checkTotals(g); err != nil {
		return err
	}
	if len(g.s.Winners) == 0 {
		return fmt.Errorf("game over without winners")
	}
	if replay {
		g2, _ := New(c)
		for _, m := range p.log {
			_ = enginetest.Play(g2, m.seat, m.act, m.now)
		}
		a, _ := g.MarshalBinary()
		b, _ := g2.MarshalBinary()
		if !bytes.Equal(a, b) {
			return fmt.Errorf("replay of %d moves differs", len(p.log))
		}
	}
	return nil
}

func ed(g *Game) Edition { return g.s.Settings.Edition }

// checkTotals: every seat's points are the sum of its round points.
func checkTotals(g *Game) error {
	sum := make([]int, len(g.s.Seats))
	for _, res := range g.s.History {
		for s, pt := range res.Points {
			sum[s] += pt
		}
	}
	if !slices.Equal(sum, g.Points()) {
		return fmt.Errorf("totals %v, sum of rounds %v", g.Points(), sum)
	}
	return nil
}

// checkPoints recomputes a round's points from its public result and the
// accusations the player saw, straight from the scoring tables.
func checkPoints(g *Game, res RoundResult, p *player) error {
	first := p.first
	want := make([]int, len(res.Points))
	if res.Ending == EndSpyConvicted || res.Ending == EndNonSpyConvicted {
		// The accuser credited is the one whose accusation convicted:
		// mid-round, in turn at a classic time up, or in 2P/3P; nobody for
		// the seat-by-seat votes.
		wantAccuser := p.accuser
		if !res.MidRound && ed(g) != Classic {
			wantAccuser = engine.NoSeat
		}
		if res.Accuser != wantAccuser {
			return fmt.Errorf("ending %s credits accuser %d, the player saw %d", res.Ending, res.Accuser, wantAccuser)
		}
	}
	ed := g.s.Settings.Edition
	present := map[engine.Seat]bool{}
	cardOf := map[engine.Seat]RevealedCard{}
	for _, c := range res.Cards {
		present[c.Seat] = !slices.Contains(res.Absent, c.Seat)
		cardOf[c.Seat] = c
	}
	isSpy := func(s engine.Seat) bool { return slices.Contains(res.Spies, s) }
	nonSpiesGet := func(n int) {
		for s, ok := range present {
			if ok && !isSpy(s) {
				want[s] += n
			}
		}
	}
	spiesGet := func(n int) {
		for _, s := range res.Spies {
			want[s] += n
		}
	}
	switch {
	case res.Ending == EndVoided:
	case res.Variant == Team:
		spy := res.Spies[0]
		if res.PickedBy[spy] >= 0 {
			want[spy]++
		}
		for _, gs := range res.Guesses {
			if gs.Correct {
				want[spy]++
			}
		}
		for s, by := range res.PickedBy {
			if by < 0 || engine.Seat(s) == spy {
				continue
			}
			captainLoc := cardOf[res.Captains[by]].Location
			own := cardOf[engine.Seat(s)].Location == captainLoc
			if own && present[engine.Seat(s)] {
				want[s]++
			}
			if res.PickedBy[spy] == by {
				continue
			}
			if own {
				want[res.Captains[by]]++
			} else {
				want[res.Captains[by]]--
			}
		}
	case res.Variant == TwoPlayer || res.Variant == ThreePlayer:
		switch res.Ending {
		case EndSpyConvicted:
			nonSpiesGet(1)
			want[p.accuser]++
		case EndNonSpyConvicted:
			spiesGet(4)
		case EndTableSpy, EndSpyMissed:
			nonSpiesGet(1)
		case EndTableLocation, EndNoConviction:
			spiesGet(2)
		case EndSpyGuessed:
			spiesGet(4)
		default:
			return fmt.Errorf("2P/3P round ended with %s", res.Ending)
		}
	default:
		switch res.Ending {
		case EndNoConviction:
			spiesGet(2)
		case EndNonSpyConvicted:
			spiesGet(4)
		case EndSpyGuessed:
			if ed == Classic {
				spiesGet(4)
			} else {
				spiesGet(2)
				for _, gs := range res.Guesses {
					if gs.Correct {
						want[gs.Seat] += 2
					}
				}
			}
		case EndSpyMissed:
			nonSpiesGet(1)
		case EndSpyConvicted:
			nonSpiesGet(1)
			pals := g.s.Settings.OldPals && res.MidRound
			if ed == Spyfall2 && !pals {
				for _, s := range res.Spies {
					if s != res.Convicted && present[s] {
						want[s]++
					}
				}
			}
			if ed == Classic {
				if present[p.accuser] {
					want[p.accuser]++
				}
			} else if f, ok := first[res.Convicted]; ok && present[f] && !(pals && isSpy(f)) {
				want[f]++
			}
		default:
			return fmt.Errorf("normal round ended with %s", res.Ending)
		}
	}
	if !slices.Equal(want, res.Points) {
		return fmt.Errorf("%s %s ending %s: points %v, want %v (result %+v)", ed, res.Variant, res.Ending, res.Points, want, res)
	}
	return nil
}

// viewsToCheck picks the views worth checking now, to keep the cost down at
// big tables: the public one, every spy's and captain's, every seat not in
// the round, and three other seats at random.
func viewsToCheck(g *Game, rng *rand.Rand) []engine.Seat {
	out := []engine.Seat{engine.NoSeat}
	r := g.s.Cur
	var rest []engine.Seat
	for i := range g.s.Seats {
		s := engine.Seat(i)
		switch {
		case r == nil || !r.inRound(s) || r.isSpy(s):
			out = append(out, s)
		case r.Team != nil && (r.Team.Captains[0] == s || r.Team.Captains[1] == s):
			out = append(out, s)
		default:
			rest = append(rest, s)
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	return append(out, rest[:min(3, len(rest))]...)
}

// checkViews looks for secrets in the JSON of every seat's view and the
// public one: the location (ID, name) and roles of the round, the table
// card, and who the spies are.
func checkViews(g *Game, rng *rand.Rand) error {
	r := g.s.Cur
	finished := len(g.s.History)
	for _, s := range viewsToCheck(g, rng) {
		v := g.View(s)
		if len(v.History) != finished || v.LastRound != nil && v.LastRound.Round != g.s.History[finished-1].Round {
			return fmt.Errorf("seat %d: history of %d rounds, %d finished", s, len(v.History), finished)
		}
		if r == nil {
			continue
		}
		js := secretJSON(v)
		// What this seat holds, and so may see.
		var mine card
		if g.seated(s) && r.inRound(s) {
			mine = r.Cards[s]
		} else {
			mine = card{Location: -1, Role: -1}
		}
		if !mine.Dealt && strings.Contains(js, `"card"`) {
			return fmt.Errorf("seat %d without a card sees one", s)
		}
		locs := []int{r.Loc}
		if r.Team != nil {
			locs = append(locs, r.Loc2)
		}
		for _, li := range locs {
			l := g.s.Locations[li]
			own := mine.Dealt && !mine.Spy && mine.Location == li
			if !own && (strings.Contains(js, `"`+l.ID+`"`) || strings.Contains(js, l.Name["en"])) {
				// The first spy's named location is public in SF-SPY-3.
				if !(g.s.Phase == PhaseSpyGuess && r.Guesses[0].Location == li) {
					return fmt.Errorf("seat %d (card %+v) sees location %s: %s", s, mine, l.ID, js)
				}
			}
			for ri, role := range l.Roles {
				if own && ri == mine.Role {
					continue
				}
				if strings.Contains(js, role["en"]) {
					if own && role["en"] == l.Roles[mine.Role]["en"] {
						continue
					}
					return fmt.Errorf("seat %d (card %+v) sees role %q: %s", s, mine, role["en"], js)
				}
			}
		}
		if !mine.Spy && strings.Contains(js, `"spy":true`) {
			return fmt.Errorf("seat %d (not a spy) sees a spy card: %s", s, js)
		}
		pals := g.s.Settings.OldPals && len(r.Spies) == 2 && mine.Spy
		if !pals && strings.Contains(js, "fellow_spies") {
			return fmt.Errorf("seat %d sees fellow spies: %s", s, js)
		}
		if g.s.Phase != PhaseSpyGuess && strings.Contains(js, "spy_guess") {
			return fmt.Errorf("seat %d sees a spy guess: %s", s, js)
		}
		if r.Team != nil && r.Team.SpyPickedBy < 0 && !strings.Contains(js, `"spy_picked":-1`) {
			return fmt.Errorf("seat %d sees the unpicked team spy: %s", s, js)
		}
		if mine.Dealt && !mine.Spy && strings.Contains(js, `"guess"`) {
			return fmt.Errorf("seat %d (not a spy) is offered a guess, which names the spy: %s", s, js)
		}
	}
	return nil
}

// passesTried is how many of the passes a view lists checkWaits tries at one moment: each on
// a copy restored from the game's snapshot, which was most of the property test's time when
// every one of up to twelve was tried. Which ones are random, so the games try them all.
const passesTried = 2

// checkWaits: who the game waits on is the same in every seat's view, and the engine takes
// the passes the views list (passesTried of them at random, each on a copy of the game).
func checkWaits(g *Game, now engine.Instant, rng *rand.Rand) error {
	pub := g.View(engine.NoSeat).Waits
	for _, s := range g.s.Order {
		if w := g.View(s).Waits; !slices.Equal(w, pub) {
			return fmt.Errorf("seat %d's view waits on %+v, the public one on %+v", s, w, pub)
		}
	}
	state, err := g.MarshalBinary()
	if err != nil {
		return err
	}
	tried := slices.Clone(pub)
	rng.Shuffle(len(tried), func(i, j int) { tried[i], tried[j] = tried[j], tried[i] })
	for _, p := range tried[:min(passesTried, len(tried))] {
		c := new(Game)
		if err := c.UnmarshalBinary(state); err != nil {
			return err
		}
		if err := c.Apply(Host, p, now); err != nil {
			return fmt.Errorf("the listed pass %+v is refused: %v", p, err)
		}
	}
	return nil
}
