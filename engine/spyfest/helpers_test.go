package spyfest

import (
	"fmt"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// The fixture deck: 28 characters c00..c27 in quarters of 7, and keyword
// sets A (a00..a11) and B (b00..b11), independent of the built-in content.
func fixtureSheet() [Quarters][]Character {
	var sheet [Quarters][]Character
	for i := range 28 {
		id := fmt.Sprintf("c%02d", i)
		sheet[i/7] = append(sheet[i/7], Character{ID: id, Name: engine.Text{"en": "Character " + id}})
	}
	return sheet
}

func fixtureKeywords() map[string][]Keyword {
	sets := map[string][]Keyword{}
	for _, set := range []string{KeywordsA, KeywordsB} {
		for i := range 12 {
			id := fmt.Sprintf("%s%02d", map[string]string{KeywordsA: "a", KeywordsB: "b"}[set], i)
			sets[set] = append(sets[set], Keyword{ID: id, Name: engine.Text{"en": "Keyword " + id}})
		}
	}
	return sets
}

// fixtureConfig: team 0 (seats 0-2) is smaller than team 1 (seats 3-6), so
// team 0 starts (SX-SET-5).
func fixtureConfig() Config {
	return Config{
		Edition: EditionSpyfest, Deck: DeckFictional, Keywords: KeywordsA,
		Sheet: fixtureSheet(), KeywordSets: fixtureKeywords(),
		Teams: [2][]engine.Seat{{0, 1, 2}, {3, 4, 5, 6}}, Seed: 7,
	}
}

func newGame(t testing.TB, change func(*Config)) *Game {
	t.Helper()
	cfg := fixtureConfig()
	if change != nil {
		change(&cfg)
	}
	g, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// withEffect sets the active team's standee on a carpet card with effect e
// and begins round 1 again, so that e applies (SX-RND-2).
func withEffect(t testing.TB, e Effect, change func(*Config)) *Game {
	t.Helper()
	g := newGame(t, func(c *Config) {
		c.Carpet = map[Effect]int{e: 5}
		if change != nil {
			change(c)
		}
	})
	active := g.st.Round.Team
	g.st.Teams[active].Position = 1
	g.st.beginRound(1, active)
	if g.st.Round.Effect != e {
		t.Fatalf("effect in play %q, want %q", g.st.Round.Effect, e)
	}
	return g
}

// member returns a member of team t other than the Spy.
func member(g *Game, t int) engine.Seat {
	for _, s := range g.st.Teams[t].Members {
		if s != g.st.Round.Spy {
			return s
		}
	}
	return engine.NoSeat
}

func mate(g *Game) engine.Seat        { return member(g, g.st.Round.Team) }
func interceptor(g *Game) engine.Seat { return member(g, g.st.Round.intercepting()) }

// startRound chooses the suggested Spy, draws and keeps the first candidate.
func startRound(t testing.TB, g *Game, now engine.Instant) engine.Seat {
	t.Helper()
	n := g.Round()
	spy := g.st.suggestedSpy()
	enginetest.Apply(t, g, spy, ChooseSpy{Round: n, Spy: spy}, now)
	enginetest.Apply(t, g, spy, Draw{Round: n}, now)
	if g.Phase() == PhaseKeep {
		enginetest.Apply(t, g, spy, Keep{Round: n, Character: g.st.Round.Candidates[0]}, now)
	}
	return spy
}

// wrongCharacter returns a character still in the game that is not the Spy's.
func wrongCharacter(g *Game, skip ...string) string {
	for _, s := range g.st.Sheet {
		if s.ID == g.st.Round.Character || contains(g.st.Out, s.ID) || contains(skip, s.ID) {
			continue
		}
		return s.ID
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// guessWrong makes both teams guess wrongly in a new attempt.
func guessWrong(t testing.TB, g *Game, now engine.Instant) {
	t.Helper()
	n := g.Round()
	enginetest.Apply(t, g, interceptor(g), Stop{Round: n}, now)
	a := g.st.Round.Attempt
	first := wrongCharacter(g)
	enginetest.Apply(t, g, interceptor(g), Guess{Round: n, Attempt: a, Names: []string{first}}, now)
	enginetest.Apply(t, g, mate(g), Guess{Round: n, Attempt: a, Names: []string{wrongCharacter(g, first)}}, now)
}
