package spyfestui

import (
	"math/rand/v2"
	"slices"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui/uitest"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// festStart is when the random Spyfest games begin, on the host's clock and the devices'.
const festStart = engine.Instant(1_800_000_000_000)

// festRandomGame plays a Spyfest game of random moves that fit the moment (a random member
// chooses the Spy, stops, guesses, plays cards; the Spy draws, keeps, answers), with time
// moving on at random, calling visit after each accepted move.
func festRandomGame(t *testing.T, seed uint64, steps int, visit func(g *spyfest.Game)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	cfg := spyfest.Config{Edition: []string{spyfest.EditionSpyfest, spyfest.EditionSpycon}[rng.IntN(2)],
		Deck: []string{spyfest.DeckFictional, spyfest.DeckNonFictional}[rng.IntN(2)], Seed: seed,
		Keywords: []string{spyfest.KeywordsA, spyfest.KeywordsB}[rng.IntN(2)]}
	var seat engine.Seat
	for tm := range 2 {
		for range 2 + rng.IntN(2) {
			cfg.Teams[tm] = append(cfg.Teams[tm], seat)
			seat++
		}
	}
	if rng.IntN(3) == 0 {
		// Every card on the carpet and in hand, so the rare rules (a second keyword, the
		// reverse round, two characters) come up often.
		cfg.Carpet = map[spyfest.Effect]int{}
		for _, e := range spyfest.CarpetEffects {
			cfg.Carpet[e] = 2
		}
		cfg.ActionCards = map[spyfest.Card]int{}
		for _, c := range spyfest.Cards {
			cfg.ActionCards[c] = 3
		}
	}
	g, err := spyfest.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	now := festStart
	for range steps {
		v := g.View(spyfest.Host)
		if v.Phase == spyfest.PhaseOver {
			return
		}
		now += engine.Instant(rng.IntN(4000))
		if rng.IntN(10) == 0 {
			now += engine.Instant(rng.IntN(60_000))
			g.Advance(now)
			visit(g)
			continue
		}
		players := append(slices.Clone(v.Teams[0].Members), v.Teams[1].Members...)
		any := func(s []engine.Seat) engine.Seat { return s[rng.IntN(len(s))] }
		name := func() string {
			if rng.IntN(3) == 0 && len(v.Keywords) > 0 {
				return v.Keywords[rng.IntN(len(v.Keywords))].ID
			}
			return v.Sheet[rng.IntN(len(v.Sheet))].ID
		}
		var by engine.Seat
		var a spyfest.Action
		sv := g.View(v.Spy)
		switch {
		case v.Phase == spyfest.PhaseSpyChoice:
			by, a = any(v.Teams[v.ActiveTeam].Members), spyfest.ChooseSpy{Round: v.Round, Spy: any(v.Teams[v.ActiveTeam].Members)}
		case v.Phase == spyfest.PhaseDraw && rng.IntN(4) == 0:
			by, a = any(v.Teams[v.ActiveTeam].Members), spyfest.Play{Round: v.Round, Card: spyfest.CardTwoCharacters}
		case v.Phase == spyfest.PhaseDraw:
			by, a = v.Spy, spyfest.Draw{Round: v.Round}
		case v.Phase == spyfest.PhaseKeep:
			by, a = v.Spy, spyfest.Keep{Round: v.Round, Character: sv.Candidates[rng.IntN(len(sv.Candidates))]}
		case v.Question != spyfest.NoTeam && rng.IntN(2) == 0:
			by, a = v.Spy, spyfest.Answer{Round: v.Round, Yes: rng.IntN(2) == 0}
		case v.QuarterBy != spyfest.NoTeam && len(sv.ValidQuarters) > 0:
			by, a = v.Spy, spyfest.CrossQuarter{Round: v.Round, Quarter: sv.ValidQuarters[rng.IntN(len(sv.ValidQuarters))]}
		case rng.IntN(5) == 0:
			by, a = any(players), spyfest.Play{Round: v.Round, Card: spyfest.Cards[rng.IntN(len(spyfest.Cards))]}
		case rng.IntN(8) == 0:
			by, a = any(players), spyfest.Note{Round: v.Round, ID: name(), Mark: spyfest.MarkMaybe}
		case v.Phase == spyfest.PhaseStopped && v.Guessing != spyfest.NoTeam:
			guessers := v.Teams[v.Guessing].Members
			by, a = any(guessers), spyfest.Guess{Round: v.Round, Attempt: v.Attempt, Names: []string{name()}}
		default:
			by, a = any(players), spyfest.Stop{Round: v.Round}
		}
		if g.Apply(by, a, now) == nil {
			visit(g)
		}
	}
}

// festTwin is a copy of g whose round has another character (of the same quarter, so every
// quarter crossed stays right) and other keywords: what only the Spy and the Spy's team know.
func festTwin(t *testing.T, g *spyfest.Game, rng *rand.Rand) *spyfest.Game {
	t.Helper()
	st := uitest.StateOf(t, g)
	round := st["round"].(map[string]any)
	char, _ := round["character"].(string)
	if char == "" {
		return nil
	}
	pub := g.View(spyfest.Host)
	used := map[string]bool{}
	list := func(v any) []any { l, _ := v.([]any); return l }
	for _, w := range list(round["wrong"]) {
		used[w.(string)] = true
	}
	for _, o := range list(st["out"]) {
		used[o.(string)] = true
	}
	quarter := -1
	for _, s := range pub.Sheet {
		if s.ID == char {
			quarter = s.Quarter
		}
	}
	var others []string
	for _, s := range pub.Sheet {
		if s.Quarter == quarter && s.ID != char && !used[s.ID] && !s.Out {
			others = append(others, s.ID)
		}
	}
	if len(others) == 0 {
		return nil
	}
	round["character"] = others[rng.IntN(len(others))]
	if kws, _ := round["keywords"].([]any); len(kws) > 0 {
		taken := map[string]bool{}
		for _, k := range kws {
			taken[k.(string)] = true
		}
		for _, k := range list(round["keywords_out"]) {
			taken[k.(string)] = true
		}
		for _, w := range list(round["wrong"]) {
			taken[w.(string)] = true
		}
		var free []string
		for _, k := range pub.Keywords {
			if !taken[k.ID] {
				free = append(free, k.ID)
			}
		}
		rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		for i := range kws {
			if i < len(free) {
				kws[i] = free[i]
			}
		}
	}
	twin := &spyfest.Game{}
	uitest.RestoreState(t, st, twin, "another character and keywords")
	return twin
}

func restingFestScreen(t *testing.T, g *spyfest.Game, seat engine.Seat, lang i18n.Lang) string {
	t.Helper()
	p := &festLangPage{view: g.View(seat), lang: lang}
	p.ui.Observe(&p.view) // as the shell does when a view arrives
	return uitest.CanonicalHTML(uitest.HTML(t, p))
}

type festLangPage struct {
	goapp.Compo
	ui   UI
	view spyfest.View
	lang i18n.Lang
}

func (p *festLangPage) Render() goapp.UI {
	return p.ui.Render(&p.view, Frame{
		Lang: p.lang, TopBar: goapp.Div(),
		Names: map[engine.Seat]string{0: "Maya", 1: "Leo", 2: "Nadia", 3: "Omar", 4: "Pia", 5: "Quinn"},
		Act:   func(goapp.Context, spyfest.Action) {}, EndGame: func(goapp.Context) {},
	})
}

// APP-HID-4 for Spyfest: teams and the Spy are public, so screens differ by them; but no
// seat's resting screen (card face down) changes when the character or the keywords change,
// in any phase of random games, with second keywords, reverse rounds and two characters.
// While the Spy keeps a character, the Spy's own screen shows the drawn ones: the Spy holds
// the phone to choose, as with drawn cards; every other screen is compared then too.
func TestSpyfestRestingScreensShowNoSecret(t *testing.T) {
	games := 24 // make test runs these without -race; under it, a handful
	if uitest.RaceEnabled || testing.Short() {
		games = 3
	}
	uitest.PinClock(t, festStart)
	phases := map[spyfest.Phase]int{}
	for n := range games {
		rng := rand.New(rand.NewPCG(uint64(n), 11))
		lang := []i18n.Lang{i18n.English, i18n.Russian}[n%2]
		festRandomGame(t, uint64(n+1), 120, func(g *spyfest.Game) {
			if t.Failed() || rng.IntN(6) > 0 { // one state in six: a Spyfest screen costs ~3 ms to draw
				return
			}
			twin := festTwin(t, g, rng)
			if twin == nil {
				return
			}
			pub := g.View(spyfest.Host)
			phases[pub.Phase]++
			for _, tm := range pub.Teams {
				for _, s := range tm.Members {
					a, b := restingFestScreen(t, g, s, lang), restingFestScreen(t, twin, s, lang)
					if a != b {
						t.Errorf("game %d, %s, seat %d (spy %d): the resting screen changes with the character or keywords; %s",
							n, pub.Phase, s, pub.Spy, uitest.FirstDifference(a, b))
						return
					}
				}
			}
		})
	}
	if games >= 24 && (phases[spyfest.PhaseDescribing] == 0 || phases[spyfest.PhaseStopped] == 0) {
		t.Errorf("the walk reached too little: %v", phases)
	}
	t.Logf("states compared by phase: %v", phases)
}
