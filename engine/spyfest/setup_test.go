package spyfest

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// SX-CNT-3: the sheet lists the deck's characters in 4 quarters of 7, in the
// fixed order, for the built-in decks and for a custom sheet alike.
func TestSheetQuartersSXCNT3(t *testing.T) {
	cases := []struct {
		name   string
		change func(*Config)
		want   []string
	}{
		{"fixture", nil, nil},
		{"built-in spycon fictional", func(c *Config) {
			c.Sheet, c.KeywordSets, c.Edition, c.Deck = [Quarters][]Character{}, nil, EditionSpycon, DeckFictional
		}, idsOf(Sheet(EditionSpycon, DeckFictional))},
		{"built-in spyfest nonfictional", func(c *Config) {
			c.Sheet, c.KeywordSets, c.Deck = [Quarters][]Character{}, nil, DeckNonFictional
		}, idsOf(Sheet(EditionSpyfest, DeckNonFictional))},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.change)
			v := g.View(engine.NoSeat)
			if len(v.Sheet) != 28 {
				t.Fatalf("sheet has %d characters, want 28", len(v.Sheet))
			}
			var perQuarter [Quarters]int
			for i, e := range v.Sheet {
				perQuarter[e.Quarter]++
				if e.Quarter != i/7 {
					t.Fatalf("entry %d (%s) in quarter %d, want %d", i, e.ID, e.Quarter, i/7)
				}
				if tc.want != nil && e.ID != tc.want[i] {
					t.Fatalf("entry %d is %s, want %s (sheet order)", i, e.ID, tc.want[i])
				}
			}
			if perQuarter != [Quarters]int{7, 7, 7, 7} {
				t.Fatalf("quarters hold %v", perQuarter)
			}
		})
	}
}

func idsOf(cs []Character) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// SX-CNT-5: custom characters go into a chosen quarter or replace a listed
// one; removed characters stay crossed out and never reach the deck; more
// than 3 removed gives a warning; bad custom settings are refused.
func TestCustomCharactersSXCNT5(t *testing.T) {
	zed := Character{ID: "zed", Name: engine.Text{"en": "Zed"}}
	rex := Character{ID: "rex", Name: engine.Text{"en": "Rex"}}
	g := newGame(t, func(c *Config) {
		c.Custom = []CustomCharacter{{Character: zed, Quarter: 2}, {Character: rex, Replaces: "c03"}}
		c.Removed = []string{"c10", "c20"}
	})
	v := g.View(engine.NoSeat)
	if len(v.Sheet) != 29 {
		t.Fatalf("sheet has %d entries, want 29", len(v.Sheet))
	}
	quarterOf := map[string]int{}
	out := map[string]bool{}
	for _, e := range v.Sheet {
		quarterOf[e.ID] = e.Quarter
		out[e.ID] = e.Out
	}
	if q, ok := quarterOf["zed"]; !ok || q != 2 {
		t.Fatalf("custom character in quarter %d (present %v), want 2", q, ok)
	}
	if _, ok := quarterOf["c03"]; ok || quarterOf["rex"] != 0 {
		t.Fatalf("replacement: c03 still listed or rex not in quarter 0")
	}
	if !out["c10"] || !out["c20"] || out["zed"] {
		t.Fatalf("removed characters must be crossed out, others not: %v", out)
	}
	deck := g.st.CharacterDeck
	if len(deck) != 27 || slices.Contains(deck, "c10") || slices.Contains(deck, "c03") || !slices.Contains(deck, "zed") || !slices.Contains(deck, "rex") {
		t.Fatalf("deck %v: want the 27 listed characters not removed", deck)
	}

	few := fixtureConfig()
	few.Removed = []string{"c01", "c02", "c03"}
	if w := few.Warnings(); len(w) != 0 {
		t.Fatalf("3 removed warned: %v", w)
	}
	many := fixtureConfig()
	many.Removed = []string{"c01", "c02", "c03", "c04"}
	if w := many.Warnings(); len(w) != 1 || !strings.Contains(w[0], "4") {
		t.Fatalf("4 removed: warnings %v, want one", w)
	}

	bad := []func(*Config){
		func(c *Config) { c.Custom = []CustomCharacter{{Character: zed, Quarter: 4}} },
		func(c *Config) { c.Custom = []CustomCharacter{{Character: zed, Replaces: "nobody"}} },
		func(c *Config) {
			c.Custom = []CustomCharacter{{Character: Character{ID: "c05", Name: engine.Text{"en": "dup"}}}}
		},
		func(c *Config) { c.Custom = []CustomCharacter{{Character: Character{ID: "x"}}} },
		func(c *Config) { c.Removed = []string{"nobody"} },
		func(c *Config) { c.Removed = []string{"c01", "c01"} },
	}
	for i, change := range bad {
		cfg := fixtureConfig()
		change(&cfg)
		if _, err := New(cfg); !errors.Is(err, engine.ErrBadConfig) {
			t.Errorf("bad custom setting %d: err %v, want ErrBadConfig", i, err)
		}
	}
}

// SX-SET-1: each team needs at least 2 players, no seat twice; the lobby's
// helpers balance and shuffle into teams of similar size.
func TestTeamsSXSET1(t *testing.T) {
	bad := [][2][]engine.Seat{
		{{0}, {1, 2}},
		{{0, 1}, {}},
		{{0, 1}, {1, 2}},
		{{0, -3}, {1, 2}},
	}
	for _, teams := range bad {
		cfg := fixtureConfig()
		cfg.Teams = teams
		if _, err := New(cfg); !errors.Is(err, engine.ErrBadConfig) {
			t.Errorf("teams %v: err %v, want ErrBadConfig", teams, err)
		}
	}
}

// SX-SET-2: the chosen deck and keyword set are in play and both decks are
// shuffled (different seeds give different orders, the same seed the same).
func TestDecksChosenAndShuffledSXSET2(t *testing.T) {
	orders := map[string]bool{}
	for seed := range uint64(10) {
		g := newGame(t, func(c *Config) { c.Seed = seed; c.Keywords = KeywordsB })
		if g.st.KeywordSet != KeywordsB || len(g.st.KeywordDeck) != 12 || !strings.HasPrefix(g.st.KeywordDeck[0], "b") {
			t.Fatalf("keyword deck %v, want set B", g.st.KeywordDeck)
		}
		orders[strings.Join(g.st.CharacterDeck, ",")+"|"+strings.Join(g.st.KeywordDeck, ",")] = true
	}
	if len(orders) < 9 {
		t.Fatalf("only %d different deck orders over 10 seeds", len(orders))
	}
	a, b := newGame(t, nil), newGame(t, nil)
	if !slices.Equal(a.st.CharacterDeck, b.st.CharacterDeck) {
		t.Fatal("the same seed shuffled differently")
	}
	for _, change := range []func(*Config){
		func(c *Config) { c.Keywords = "C" },
		func(c *Config) { c.Sheet = [Quarters][]Character{}; c.Deck = "comics" },
		func(c *Config) { c.Sheet = [Quarters][]Character{}; c.Edition = "spyfall" },
	} {
		cfg := fixtureConfig()
		change(&cfg)
		if _, err := New(cfg); !errors.Is(err, engine.ErrBadConfig) {
			t.Errorf("err %v, want ErrBadConfig", err)
		}
	}
}

// SX-SET-3: Start, the effect cards shuffled, Victory; the default mix of 14;
// host-set counts; both standees on Start; the whole track public.
func TestRedCarpetSXSET3(t *testing.T) {
	g := newGame(t, nil)
	track := g.View(engine.NoSeat).Track
	if len(track) != 16 || track[0] != EffectStart || track[15] != EffectVictory {
		t.Fatalf("track %v", track)
	}
	count := map[Effect]int{}
	for _, e := range track[1:15] {
		count[e]++
	}
	want := map[Effect]int{EffectFlipKeywords: 2, EffectReverseVP: 2, EffectTwoAttempts: 2, EffectFourthAttempt: 2,
		EffectTwoCharacters: 2, EffectSecondKeyword: 2, EffectKeywordsOut: 1, EffectReverseRound: 1}
	for e, n := range want {
		if count[e] != n {
			t.Fatalf("%d cards of %s, want %d", count[e], e, n)
		}
	}
	if g.Position(0) != 0 || g.Position(1) != 0 {
		t.Fatal("standees must start on Start")
	}
	shuffled := map[string]bool{}
	for seed := range uint64(8) {
		g := newGame(t, func(c *Config) { c.Seed = seed })
		shuffled[fmtEffects(g.st.Track)] = true
	}
	if len(shuffled) < 5 {
		t.Fatalf("the effect cards are not shuffled: %d orders over 8 seeds", len(shuffled))
	}
	short := newGame(t, func(c *Config) { c.Carpet = map[Effect]int{EffectReverseVP: 3, EffectKeywordsOut: 1} })
	if len(short.st.Track) != 6 {
		t.Fatalf("custom carpet of 4 cards gives a track of %d", len(short.st.Track))
	}
	for _, carpet := range []map[Effect]int{{"dance": 1}, {EffectReverseVP: -1}, {EffectStart: 1}} {
		cfg := fixtureConfig()
		cfg.Carpet = carpet
		if _, err := New(cfg); !errors.Is(err, engine.ErrBadConfig) {
			t.Errorf("carpet %v: err %v, want ErrBadConfig", carpet, err)
		}
	}
}

func fmtEffects(es []Effect) string {
	var b strings.Builder
	for _, e := range es {
		b.WriteString(string(e) + ",")
	}
	return b.String()
}

// SX-SET-4: without a carpet there is no track and the first team to 15 VP wins.
func TestNoCarpetFifteenVPSXSET4(t *testing.T) {
	g := newGame(t, func(c *Config) { c.NoCarpet = true })
	if g.st.Track != nil || g.View(engine.NoSeat).VictoryVP != 15 {
		t.Fatalf("track %v, target %d", g.st.Track, g.st.VictoryVP)
	}
	now := engine.Instant(1000)
	rounds := 0
	for g.Phase() != PhaseOver {
		rounds++
		if rounds > 20 {
			t.Fatal("no winner after 20 rounds")
		}
		startRound(t, g, now)
		// Team 0 scores 3 VP every round: as the Spy's team, or as the intercepting team.
		scorer := 0
		enginetest.Apply(t, g, interceptor(g), Stop{Round: g.Round()}, now)
		target := g.st.Round.Character
		if scorer == g.st.Round.Team {
			enginetest.Apply(t, g, interceptor(g), Guess{Round: g.Round(), Attempt: 1, Names: []string{wrongCharacter(g)}}, now)
			enginetest.Apply(t, g, mate(g), Guess{Round: g.Round(), Attempt: 1, Names: []string{target}}, now)
		} else {
			// The intercepting team (team 0) names it first.
			enginetest.Apply(t, g, interceptor(g), Guess{Round: g.Round(), Attempt: 1, Names: []string{target}}, now)
		}
		if g.Phase() != PhaseOver && (g.VP(0) >= 15 || g.VP(1) >= 15) {
			t.Fatal("a team reached 15 VP and the game went on")
		}
	}
	if g.Winner() != 0 || g.VP(0) != 15 || g.st.Ended != EndVictory {
		t.Fatalf("winner %d with VP %d/%d (%s), want team 0 at 15", g.Winner(), g.VP(0), g.VP(1), g.st.Ended)
	}
	if g.Position(0) != 0 {
		t.Fatal("no standee moves without a carpet")
	}
}

// SX-SET-5: the team with fewer players goes first; a tie is random.
func TestFewerPlayersFirstSXSET5(t *testing.T) {
	g := newGame(t, nil)
	if g.st.Round.Team != 0 {
		t.Fatalf("team 0 (3 players) should start, got %d", g.st.Round.Team)
	}
	g = newGame(t, func(c *Config) { c.Teams = [2][]engine.Seat{{0, 1, 2, 3}, {4, 5}} })
	if g.st.Round.Team != 1 {
		t.Fatalf("team 1 (2 players) should start, got %d", g.st.Round.Team)
	}
	firsts := map[int]int{}
	for seed := range uint64(40) {
		g := newGame(t, func(c *Config) { c.Teams = [2][]engine.Seat{{0, 1}, {2, 3}}; c.Seed = seed })
		firsts[g.st.Round.Team]++
	}
	if firsts[0] == 0 || firsts[1] == 0 {
		t.Fatalf("a tie should be settled at random: %v over 40 seeds", firsts)
	}
}

// SX-SET-6: 7 action cards per team by default (2 ask, 1 two guesses, 1 cross
// quarter, 1 two characters, 2 another keyword); fewer, or none.
func TestActionCardsPerTeamSXSET6(t *testing.T) {
	g := newGame(t, nil)
	for team := range 2 {
		cards := g.View(engine.NoSeat).Teams[team].Cards
		total := 0
		for _, n := range cards {
			total += n
		}
		if total != 7 || cards[CardAsk] != 2 || cards[CardAnotherKeyword] != 2 || cards[CardTwoGuesses] != 1 ||
			cards[CardCrossQuarter] != 1 || cards[CardTwoCharacters] != 1 {
			t.Fatalf("team %d cards %v", team, cards)
		}
	}
	none := newGame(t, func(c *Config) { c.NoActionCards = true })
	startRound(t, none, 0)
	enginetest.Refused(t, none, mate(none), Play{Round: 1, Card: CardAsk}, 0, engine.ErrForbidden)
	fewer := newGame(t, func(c *Config) { c.ActionCards = map[Card]int{CardAsk: 1} })
	startRound(t, fewer, 0)
	enginetest.Apply(t, fewer, mate(fewer), Play{Round: 1, Card: CardAsk}, 0)
	enginetest.Apply(t, fewer, fewer.Spy(), Answer{Round: 1, Yes: true}, 0)
	enginetest.Refused(t, fewer, mate(fewer), Play{Round: 1, Card: CardAsk}, 0, engine.ErrForbidden)
	enginetest.Refused(t, fewer, mate(fewer), Play{Round: 1, Card: CardAnotherKeyword}, 0, engine.ErrForbidden)
	for _, cards := range []map[Card]int{{"joker": 1}, {CardAsk: 9}} {
		cfg := fixtureConfig()
		cfg.ActionCards = cards
		if _, err := New(cfg); !errors.Is(err, engine.ErrBadConfig) {
			t.Errorf("cards %v: err %v, want ErrBadConfig", cards, err)
		}
	}
}

// SX-SET-7: the 30 s guess windows and 1-minute idle timer are on by default;
// lengths can change; with the guess timer off a guess waits for submission.
func TestTimersSXSET7(t *testing.T) {
	g := newGame(t, nil)
	startRound(t, g, 0)
	v := g.View(engine.NoSeat)
	if v.GuessWindow != 30*time.Second || v.IdleTimer != time.Minute {
		t.Fatalf("default timers %v / %v", v.GuessWindow, v.IdleTimer)
	}
	enginetest.Apply(t, g, interceptor(g), Stop{Round: 1}, 5000)
	if g.st.Round.Window != 35000 {
		t.Fatalf("window deadline %d, want 35000", g.st.Round.Window)
	}

	custom := newGame(t, func(c *Config) { c.GuessWindow = 10 * time.Second; c.IdleTimer = Off })
	startRound(t, custom, 0)
	enginetest.Refused(t, custom, interceptor(custom), StartIdle{Round: 1}, 0, engine.ErrForbidden)
	enginetest.Apply(t, custom, interceptor(custom), Stop{Round: 1}, 1000)
	if custom.st.Round.Window != 11000 {
		t.Fatalf("custom window deadline %d, want 11000", custom.st.Round.Window)
	}

	off := newGame(t, func(c *Config) { c.GuessWindow = Off })
	startRound(t, off, 0)
	enginetest.Apply(t, off, interceptor(off), Stop{Round: 1}, 0)
	off.Advance(engine.Instant(time.Hour.Milliseconds()))
	if off.Phase() != PhaseStopped || off.st.Round.Guessing != off.st.Round.intercepting() || off.View(engine.NoSeat).Window != 0 {
		t.Fatalf("with the timer off the guess must wait: phase %s guessing %d", off.Phase(), off.st.Round.Guessing)
	}
	for _, change := range []func(*Config){
		func(c *Config) { c.GuessWindow = time.Second },
		func(c *Config) { c.IdleTimer = time.Hour },
		func(c *Config) { c.DescriptionLimit = time.Second },
	} {
		cfg := fixtureConfig()
		change(&cfg)
		if _, err := New(cfg); !errors.Is(err, engine.ErrBadConfig) {
			t.Errorf("err %v, want ErrBadConfig", err)
		}
	}
}

// SX-SET-8: the variants chosen at setup appear on the Spy's reminder card,
// and only the Spy has the reminder.
func TestVariantsOnReminderSXSET8(t *testing.T) {
	for _, tc := range []struct{ third, internet bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		g := newGame(t, func(c *Config) { c.ThirdPerson, c.InternetLookup = tc.third, tc.internet })
		spy := startRound(t, g, 0)
		r := g.View(spy).Reminder
		if r == nil || r.ThirdPerson != tc.third || r.InternetLookup != tc.internet {
			t.Fatalf("reminder %+v, want third %v internet %v", r, tc.third, tc.internet)
		}
		if g.View(mate(g)).Reminder != nil || g.View(interceptor(g)).Reminder != nil {
			t.Fatal("only the Spy holds the reminder card")
		}
	}
}
