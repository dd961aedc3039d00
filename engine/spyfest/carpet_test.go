package spyfest

import (
	"slices"
	"strings"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// winOnAttempt plays the current round to a correct guess by team scorer at
// the given attempt (earlier attempts all wrong) and returns the VP scored.
func winOnAttempt(t *testing.T, g *Game, scorer, attempt int) int {
	t.Helper()
	for range attempt - 1 {
		guessWrong(t, g, 0)
	}
	n := g.Round()
	enginetest.Apply(t, g, interceptor(g), Stop{Round: n}, 0)
	if scorer == g.st.Round.Team {
		enginetest.Apply(t, g, interceptor(g), Guess{Round: n, Attempt: attempt, Names: []string{wrongCharacter(g)}}, 0)
	}
	before := g.VP(scorer)
	enginetest.Apply(t, g, member(g, scorer), Guess{Round: n, Attempt: attempt, Names: []string{g.st.Round.target()}}, 0)
	return g.VP(scorer) - before
}

// SX-RC-1: at round start both teams switch keyword sets and the keyword
// deck becomes a fresh shuffled deck of the other set, until the next flip.
func TestFlipKeywordsSXRC1(t *testing.T) {
	g := withEffect(t, EffectFlipKeywords, nil)
	if g.View(3).KeywordSet != KeywordsB || len(g.st.KeywordDeck) != 12 {
		t.Fatalf("set %s deck %v", g.st.KeywordSet, g.st.KeywordDeck)
	}
	for _, k := range g.st.KeywordDeck {
		if !strings.HasPrefix(k, "b") {
			t.Fatalf("deck %v holds a keyword of set A", g.st.KeywordDeck)
		}
	}
	startRound(t, g, 0)
	if !strings.HasPrefix(g.st.Round.Keywords[0], "b") {
		t.Fatal("the Spy drew from the old set")
	}
	for range 3 {
		guessWrong(t, g, 0)
	}
	// Round 2: the other team stands on Start; the switch lasts.
	if g.st.Round.Effect != EffectStart || g.st.KeywordSet != KeywordsB {
		t.Fatalf("round 2 effect %s set %s", g.st.Round.Effect, g.st.KeywordSet)
	}
	startRound(t, g, 0)
	for range 3 {
		guessWrong(t, g, 0)
	}
	// Round 3: the first team is still on the flip card: back to set A.
	if g.st.KeywordSet != KeywordsA || len(g.st.KeywordDeck) != 12 || !strings.HasPrefix(g.st.KeywordDeck[0], "a") {
		t.Fatalf("round 3 set %s deck %v", g.st.KeywordSet, g.st.KeywordDeck)
	}
}

// SX-RC-2, SX-RC-3, SX-RC-4 and the usual scale (SX-GUESS-4): attempts and
// VP per effect card.
func TestAttemptsAndVPByCardSXRC2SXRC3SXRC4(t *testing.T) {
	cases := []struct {
		effect Effect
		max    int
		vp     []int
	}{
		{EffectStart, 3, []int{3, 2, 1}},
		{EffectReverseVP, 3, []int{1, 2, 3}},        // SX-RC-2
		{EffectTwoAttempts, 2, []int{3, 2}},         // SX-RC-3
		{EffectFourthAttempt, 4, []int{3, 2, 1, 1}}, // SX-RC-4
	}
	for _, c := range cases {
		for attempt := 1; attempt <= c.max; attempt++ {
			for scorer := range 2 {
				var g *Game
				if c.effect == EffectStart {
					g = newGame(t, nil)
				} else {
					g = withEffect(t, c.effect, nil)
				}
				startRound(t, g, 0)
				if v := g.View(engine.NoSeat); v.MaxAttempts != c.max || !slices.Equal(v.AttemptVP, c.vp) {
					t.Fatalf("%s: view says %d attempts %v", c.effect, v.MaxAttempts, v.AttemptVP)
				}
				if got := winOnAttempt(t, g, scorer, attempt); got != c.vp[attempt-1] {
					t.Fatalf("%s attempt %d team %d: %d VP, want %d", c.effect, attempt, scorer, got, c.vp[attempt-1])
				}
			}
		}
		g := newGame(t, nil)
		if c.effect != EffectStart {
			g = withEffect(t, c.effect, nil)
		}
		startRound(t, g, 0)
		for a := 1; a <= c.max; a++ {
			if g.Round() != 1 {
				t.Fatalf("%s: round ended after %d attempts, want %d", c.effect, a-1, c.max)
			}
			guessWrong(t, g, 0)
		}
		if g.Round() != 2 {
			t.Fatalf("%s: round went on after %d attempts", c.effect, c.max)
		}
	}
}

// SX-RC-5: the Spy draws 2 characters and keeps 1; the other goes back into
// the deck, shuffled; with SX-ACT-4 in the same round 3 are drawn.
func TestTwoCharactersKeepOneSXRC5(t *testing.T) {
	for _, act4 := range []bool{false, true} {
		g := withEffect(t, EffectTwoCharacters, nil)
		top := slices.Clone(g.st.CharacterDeck[:3])
		enginetest.Apply(t, g, 1, ChooseSpy{Round: 1, Spy: 0}, 0)
		want := 2
		if act4 {
			enginetest.Apply(t, g, 1, Play{Round: 1, Card: CardTwoCharacters}, 0)
			want = 3
		}
		enginetest.Apply(t, g, 0, Draw{Round: 1}, 0)
		if g.Phase() != PhaseKeep || !slices.Equal(g.st.Round.Candidates, top[:want]) {
			t.Fatalf("act4 %v: candidates %v, want %v", act4, g.st.Round.Candidates, top[:want])
		}
		if len(g.View(0).Candidates) != want || g.View(1).Candidates != nil || g.View(3).Candidates != nil {
			t.Fatal("only the Spy sees the drawn characters")
		}
		enginetest.Refused(t, g, 1, Keep{Round: 1, Character: top[1]}, 0, engine.ErrNotYourTurn)
		enginetest.Refused(t, g, 0, Keep{Round: 1, Character: "c27x"}, 0, engine.ErrInvalidAction)
		enginetest.Refused(t, g, 3, Stop{Round: 1}, 0, engine.ErrWrongPhase)
		enginetest.Apply(t, g, 0, Keep{Round: 1, Character: top[1]}, 0)
		if g.st.Round.Character != top[1] || g.Phase() != PhaseDescribing {
			t.Fatalf("kept %s", g.st.Round.Character)
		}
		deck := g.st.CharacterDeck
		if len(deck) != 27 || !slices.Contains(deck, top[0]) || slices.Contains(deck, top[1]) {
			t.Fatalf("the other character must go back into the deck: %d cards", len(deck))
		}
	}
	// Shuffled back: over seeds, the returned card is not always on top or bottom.
	at := map[int]int{}
	for seed := range uint64(16) {
		g := withEffect(t, EffectTwoCharacters, func(c *Config) { c.Seed = seed })
		first := g.st.CharacterDeck[0]
		enginetest.Apply(t, g, 1, ChooseSpy{Round: 1, Spy: 0}, 0)
		enginetest.Apply(t, g, 0, Draw{Round: 1}, 0)
		enginetest.Apply(t, g, 0, Keep{Round: 1, Character: g.st.Round.Candidates[1]}, 0)
		at[slices.Index(g.st.CharacterDeck, first)]++
	}
	if len(at) < 4 {
		t.Fatalf("returned character positions %v: not shuffled", at)
	}
}

// SX-RC-6: the Spy draws a second keyword for their team.
func TestSecondKeywordSXRC6(t *testing.T) {
	g := withEffect(t, EffectSecondKeyword, nil)
	top := slices.Clone(g.st.KeywordDeck[:2])
	spy := startRound(t, g, 0)
	if !slices.Equal(g.View(spy).MyKeywords, top) || !slices.Equal(g.View(mate(g)).MyKeywords, top) {
		t.Fatalf("Spy sees %v, team %v, want %v", g.View(spy).MyKeywords, g.View(mate(g)).MyKeywords, top)
	}
	if g.View(interceptor(g)).MyKeywords != nil {
		t.Fatal("the intercepting team sees a keyword")
	}
	for range 3 {
		guessWrong(t, g, 0)
	}
	if len(g.st.KeywordDeck) != 12 {
		t.Fatal("both keywords go back at the round end")
	}
}

// SX-RC-7: three keywords are drawn before the Spy's own draw, shown to
// everybody as not in play, and go back at the round end.
func TestThreeKeywordsOutSXRC7(t *testing.T) {
	g := withEffect(t, EffectKeywordsOut, nil)
	top := slices.Clone(g.st.KeywordDeck[:4])
	startRound(t, g, 0)
	if !slices.Equal(g.st.Round.KeywordsOut, top[:3]) || g.st.Round.Keywords[0] != top[3] {
		t.Fatalf("out %v own %v, want %v then %s", g.st.Round.KeywordsOut, g.st.Round.Keywords, top[:3], top[3])
	}
	for _, seat := range []engine.Seat{0, 1, 3, engine.NoSeat} {
		v := g.View(seat)
		var out []string
		for _, k := range v.Keywords {
			if k.Out {
				out = append(out, k.ID)
			}
		}
		slices.Sort(out)
		want := slices.Sorted(slices.Values(top[:3]))
		if !slices.Equal(v.KeywordsOut, top[:3]) || !slices.Equal(out, want) {
			t.Fatalf("seat %d sees out %v / %v", seat, v.KeywordsOut, out)
		}
	}
	for range 3 {
		guessWrong(t, g, 0)
	}
	if len(g.st.KeywordDeck) != 12 || len(g.View(0).KeywordsOut) != 0 {
		t.Fatalf("keyword deck %d after the round", len(g.st.KeywordDeck))
	}
	if h := g.History()[0]; !slices.Equal(h.KeywordsOut, top[:3]) {
		t.Fatalf("reveal %+v", h)
	}
}

// SX-RC-8: reverse round: the Spy's team sees the character and not the
// keyword; both teams guess keywords with the usual attempts and scoring;
// SX-ACT-2 names two keywords; SX-ACT-3 and SX-ACT-5 cannot be played; the
// character still leaves the game.
func TestReverseRoundSXRC8(t *testing.T) {
	g := withEffect(t, EffectReverseRound, nil)
	spy := startRound(t, g, 0)
	character, keyword := g.st.Round.Character, g.st.Round.Keywords[0]
	m, i := mate(g), interceptor(g)
	if v := g.View(spy); v.Character != character || !slices.Equal(v.MyKeywords, []string{keyword}) || !v.Reminder.Reverse {
		t.Fatalf("Spy view %q %v", v.Character, v.MyKeywords)
	}
	if v := g.View(m); v.Character != character || v.MyKeywords != nil {
		t.Fatalf("Spy's team sees character %q keywords %v", v.Character, v.MyKeywords)
	}
	if v := g.View(i); v.Character != "" || v.MyKeywords != nil {
		t.Fatal("the intercepting team sees a secret")
	}
	enginetest.Refused(t, g, i, Play{Round: 1, Card: CardCrossQuarter}, 0, engine.ErrForbidden)
	enginetest.Refused(t, g, m, Play{Round: 1, Card: CardAnotherKeyword}, 0, engine.ErrForbidden)
	enginetest.Apply(t, g, i, Stop{Round: 1}, 0)
	enginetest.Refused(t, g, i, Guess{Round: 1, Attempt: 1, Names: []string{character}}, 0, engine.ErrInvalidAction)
	var wrong []string
	for _, k := range g.st.KeywordSets[g.st.KeywordSet] {
		if k.ID != keyword {
			wrong = append(wrong, k.ID)
		}
	}
	enginetest.Apply(t, g, i, Guess{Round: 1, Attempt: 1, Names: []string{wrong[0]}}, 0)
	for _, k := range g.View(m).Keywords {
		if k.Wrong != (k.ID == wrong[0]) {
			t.Fatalf("minus mark on keyword %s: %v", k.ID, k.Wrong)
		}
	}
	enginetest.Apply(t, g, m, Guess{Round: 1, Attempt: 1, Names: []string{wrong[1], keyword}}, 0) // two guesses: either counts
	if g.Round() != 2 || g.VP(g.TeamOf(m)) != 3 || g.st.Teams[g.TeamOf(m)].Cards[CardTwoGuesses] != 0 {
		t.Fatalf("round %d VP %d", g.Round(), g.VP(g.TeamOf(m)))
	}
	if !slices.Contains(g.st.Out, character) || slices.Contains(g.st.CharacterDeck, character) {
		t.Fatal("the character leaves the game after a reverse round too")
	}
	if h := g.History()[0]; !h.Reverse || h.Character != character || h.Keywords[0] != keyword {
		t.Fatalf("reveal %+v", h)
	}
}

// SX-RC-9: Start has no effect; reaching or passing Victory wins at once.
func TestStartAndVictorySXRC9(t *testing.T) {
	g := newGame(t, func(c *Config) { c.Carpet = map[Effect]int{EffectReverseVP: 1, EffectKeywordsOut: 1} })
	if g.st.Round.Effect != EffectStart {
		t.Fatalf("round 1 effect %s", g.st.Round.Effect)
	}
	startRound(t, g, 0)
	r := g.st.Round
	if len(r.KeywordsOut) != 0 || len(r.Keywords) != 1 || r.maxAttempts() != 3 || r.vpFor(1) != 3 || g.View(engine.NoSeat).Effect != EffectStart {
		t.Fatalf("Start has an effect: %+v", r)
	}
	// The active team scores 3 from Start on a track of 4 cards: it reaches Victory.
	team := g.st.Round.Team
	winOnAttempt(t, g, team, 1)
	if g.Phase() != PhaseOver || g.Winner() != team || g.st.Ended != EndVictory || g.Position(team) != 3 {
		t.Fatalf("phase %s winner %d ended %s position %d", g.Phase(), g.Winner(), g.st.Ended, g.Position(team))
	}
	// Passing: 2 VP from position 2 of 4 reaches beyond; still a win at once.
	g = newGame(t, func(c *Config) { c.Carpet = map[Effect]int{EffectReverseVP: 1, EffectKeywordsOut: 1} })
	team = g.st.Round.Team
	g.st.Teams[team].Position, g.st.Teams[team].VP = 2, 2
	g.st.beginRound(1, team)
	startRound(t, g, 0)
	winOnAttempt(t, g, team, 2)
	if g.Phase() != PhaseOver || g.Winner() != team || g.Position(team) != 3 {
		t.Fatalf("passing Victory: phase %s winner %d position %d", g.Phase(), g.Winner(), g.Position(team))
	}
}
