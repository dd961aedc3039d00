package spyfest

import (
	"slices"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// SX-ACT-1: a member (not the Spy) plays "ask the Spy"; only the Spy answers
// Yes or No, shown to all; allowed while stopped before the team's own guess
// (the Spy's team also after the other team's); each card once.
func TestAskTheSpySXACT1(t *testing.T) {
	g := newGame(t, nil)
	spy := startRound(t, g, 0)
	m, i := mate(g), interceptor(g)
	enginetest.Refused(t, g, spy, Play{Round: 1, Card: CardAsk}, 0, engine.ErrForbidden)
	enginetest.Apply(t, g, i, Play{Round: 1, Card: CardAsk}, 0)
	enginetest.Refused(t, g, m, Play{Round: 1, Card: CardAsk}, 0, engine.ErrWrongPhase) // one question at a time
	enginetest.Refused(t, g, m, Answer{Round: 1, Yes: true}, 0, engine.ErrNotYourTurn)
	enginetest.Apply(t, g, spy, Answer{Round: 1, Yes: false}, 0)
	for _, seat := range []engine.Seat{spy, m, i, engine.NoSeat} {
		if a := g.View(seat).Answers; len(a) != 1 || a[0].Yes || a[0].Team != g.TeamOf(i) {
			t.Fatalf("seat %d sees answers %+v", seat, a)
		}
	}
	if g.View(engine.NoSeat).Teams[g.TeamOf(i)].Cards[CardAsk] != 1 {
		t.Fatal("the card is used once")
	}
	enginetest.Refused(t, g, spy, Answer{Round: 1, Yes: true}, 0, engine.ErrWrongPhase)

	// While stopped: the intercepting team before its guess; the Spy's team
	// during either window; the intercepting team not after its own guess.
	enginetest.Apply(t, g, m, Stop{Round: 1}, 0)
	enginetest.Apply(t, g, i, Play{Round: 1, Card: CardAsk}, 0)
	enginetest.Apply(t, g, spy, Answer{Round: 1, Yes: true}, 0)
	enginetest.Refused(t, g, i, Play{Round: 1, Card: CardAsk}, 0, engine.ErrForbidden) // no card left
	enginetest.Apply(t, g, m, Play{Round: 1, Card: CardAsk}, 0)
	enginetest.Apply(t, g, spy, Answer{Round: 1, Yes: true}, 0)
	enginetest.Apply(t, g, i, Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(g)}}, 0)
	enginetest.Apply(t, g, m, Play{Round: 1, Card: CardAsk}, 0) // after the other team's guess
	enginetest.Apply(t, g, spy, Answer{Round: 1, Yes: false}, 0)
	if n := len(g.View(engine.NoSeat).Answers); n != 4 {
		t.Fatalf("%d answers, want 4", n)
	}

	h := newGame(t, nil)
	startRound(t, h, 0)
	enginetest.Apply(t, h, 3, Stop{Round: 1}, 0)
	enginetest.Apply(t, h, 3, Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(h)}}, 0)
	enginetest.Refused(t, h, 3, Play{Round: 1, Card: CardAsk}, 0, engine.ErrForbidden)
}

// SX-ACT-2: during the team's own guess, two names as one guess, correct if
// either is; the card is spent; without it two names are refused.
func TestTwoGuessesSXACT2(t *testing.T) {
	for _, second := range []bool{false, true} {
		g := newGame(t, func(c *Config) { c.NoCarpet = true })
		startRound(t, g, 0)
		i := interceptor(g)
		team := g.TeamOf(i)
		enginetest.Refused(t, g, i, Play{Round: 1, Card: CardTwoGuesses}, 0, engine.ErrInvalidAction)
		enginetest.Apply(t, g, i, Stop{Round: 1}, 0)
		w := wrongCharacter(g)
		names := []string{g.st.Round.Character, w}
		if second {
			names = []string{w, g.st.Round.Character}
		}
		enginetest.Refused(t, g, i, Guess{Round: 1, Attempt: 1, Names: []string{w, w}}, 0, engine.ErrInvalidAction)
		enginetest.Refused(t, g, i, Guess{Round: 1, Attempt: 1, Names: []string{w, w, w}}, 0, engine.ErrInvalidAction)
		enginetest.Apply(t, g, i, Guess{Round: 1, Attempt: 1, Names: names}, 0)
		if g.VP(team) != 3 || g.st.Teams[team].Cards[CardTwoGuesses] != 0 {
			t.Fatalf("second %v: VP %d, cards %v", second, g.VP(team), g.st.Teams[team].Cards)
		}
		// Round 2: the card is gone.
		startRound(t, g, 0)
		enginetest.Apply(t, g, member(g, team), Stop{Round: 2}, 0)
		if g.st.Round.Guessing != team {
			enginetest.Apply(t, g, interceptor(g), Guess{Round: 2, Attempt: 1, Names: []string{wrongCharacter(g)}}, 0)
		}
		a, b := wrongCharacter(g), wrongCharacter(g, wrongCharacter(g))
		enginetest.Refused(t, g, member(g, team), Guess{Round: 2, Attempt: 1, Names: []string{a, b}}, 0, engine.ErrForbidden)
	}
	// Both wrong: both names get a minus; one guess spent, the other team goes on.
	g := newGame(t, nil)
	startRound(t, g, 0)
	enginetest.Apply(t, g, 3, Stop{Round: 1}, 0)
	a := wrongCharacter(g)
	b := wrongCharacter(g, a)
	enginetest.Apply(t, g, 3, Guess{Round: 1, Attempt: 1, Names: []string{a, b}}, 0)
	if !slices.Equal(g.st.Round.Wrong, []string{a, b}) || g.st.Round.Guessing != g.st.Round.Team {
		t.Fatalf("wrong %v guessing %d", g.st.Round.Wrong, g.st.Round.Guessing)
	}
}

// SX-ACT-3: the Spy must cross out a quarter not holding the character; only
// valid quarters are offered, to the Spy; the quarter is crossed on all
// sheets for the round; allowed after the intercepting team's guess.
func TestCrossQuarterSXACT3(t *testing.T) {
	g := newGame(t, nil)
	spy := startRound(t, g, 0)
	m, i := mate(g), interceptor(g)
	own := slices.IndexFunc(g.st.Sheet, func(s SheetCharacter) bool { return s.ID == g.st.Round.Character }) / 7
	enginetest.Refused(t, g, spy, CrossQuarter{Round: 1, Quarter: (own + 1) % 4}, 0, engine.ErrWrongPhase)
	enginetest.Apply(t, g, 3, Stop{Round: 1}, 0)
	enginetest.Apply(t, g, 3, Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(g)}}, 0)
	enginetest.Apply(t, g, m, Play{Round: 1, Card: CardCrossQuarter}, 0) // after the intercepting team's guess
	valid := g.View(spy).ValidQuarters
	if len(valid) != 3 || slices.Contains(valid, own) {
		t.Fatalf("valid quarters %v with the character in %d", valid, own)
	}
	if g.View(m).ValidQuarters != nil || g.View(i).ValidQuarters != nil {
		t.Fatal("only the Spy is offered the quarters")
	}
	enginetest.Refused(t, g, spy, CrossQuarter{Round: 1, Quarter: own}, 0, engine.ErrForbidden)
	enginetest.Refused(t, g, spy, CrossQuarter{Round: 1, Quarter: 7}, 0, engine.ErrForbidden)
	enginetest.Refused(t, g, m, CrossQuarter{Round: 1, Quarter: valid[0]}, 0, engine.ErrNotYourTurn)
	enginetest.Refused(t, g, i, Play{Round: 1, Card: CardCrossQuarter}, 0, engine.ErrWrongPhase) // one at a time
	enginetest.Apply(t, g, spy, CrossQuarter{Round: 1, Quarter: valid[0]}, 0)
	for _, seat := range []engine.Seat{spy, m, i, engine.NoSeat} {
		crossed := 0
		for _, e := range g.View(seat).Sheet {
			if e.Crossed {
				crossed++
				if e.Quarter != valid[0] {
					t.Fatalf("seat %d: %s crossed outside quarter %d", seat, e.ID, valid[0])
				}
			}
		}
		if crossed != 7 {
			t.Fatalf("seat %d sees %d crossed, want 7", seat, crossed)
		}
	}
	// The other team's card: the crossed quarter is no longer offered.
	enginetest.Apply(t, g, i, Play{Round: 1, Card: CardCrossQuarter}, 0)
	if v := g.View(spy).ValidQuarters; len(v) != 2 || slices.Contains(v, valid[0]) {
		t.Fatalf("second card offers %v", v)
	}
}

// SX-ACT-4: at the beginning of the round the Spy's own team may make the
// Spy draw 2 characters and keep 1; not the other team, not after the draw.
func TestTwoCharactersCardSXACT4(t *testing.T) {
	g := newGame(t, func(c *Config) { c.ActionCards = map[Card]int{CardTwoCharacters: 2} })
	enginetest.Apply(t, g, 1, ChooseSpy{Round: 1, Spy: 0}, 0)
	enginetest.Refused(t, g, 3, Play{Round: 1, Card: CardTwoCharacters}, 0, engine.ErrForbidden)
	enginetest.Refused(t, g, 0, Play{Round: 1, Card: CardTwoCharacters}, 0, engine.ErrForbidden)
	top := slices.Clone(g.st.CharacterDeck[:2])
	enginetest.Apply(t, g, 2, Play{Round: 1, Card: CardTwoCharacters}, 0)
	enginetest.Refused(t, g, 1, Play{Round: 1, Card: CardTwoCharacters}, 0, engine.ErrAlreadyDone)
	enginetest.Apply(t, g, 0, Draw{Round: 1}, 0)
	if !slices.Equal(g.st.Round.Candidates, top) || g.Phase() != PhaseKeep {
		t.Fatalf("candidates %v, want %v", g.st.Round.Candidates, top)
	}
	enginetest.Apply(t, g, 0, Keep{Round: 1, Character: top[0]}, 0)
	enginetest.Refused(t, g, 1, Play{Round: 1, Card: CardTwoCharacters}, 0, engine.ErrWrongPhase)
	if g.st.Teams[0].Cards[CardTwoCharacters] != 1 || !slices.Contains(g.st.CharacterDeck, top[1]) {
		t.Fatal("the card is spent and the other character returns")
	}
}

// SX-ACT-5: the Spy's team makes the Spy draw another keyword, at any time
// after the draw (even while stopped); several stack.
func TestAnotherKeywordSXACT5(t *testing.T) {
	g := newGame(t, func(c *Config) { c.ActionCards = map[Card]int{CardAnotherKeyword: 3} })
	spy := startRound(t, g, 0)
	m, i := mate(g), interceptor(g)
	enginetest.Refused(t, g, i, Play{Round: 1, Card: CardAnotherKeyword}, 0, engine.ErrForbidden)
	enginetest.Refused(t, g, spy, Play{Round: 1, Card: CardAnotherKeyword}, 0, engine.ErrForbidden)
	next := slices.Clone(g.st.KeywordDeck[:3])
	enginetest.Apply(t, g, m, Play{Round: 1, Card: CardAnotherKeyword}, 0)
	enginetest.Apply(t, g, 3, Stop{Round: 1}, 0)
	enginetest.Apply(t, g, m, Play{Round: 1, Card: CardAnotherKeyword}, 0)
	enginetest.Apply(t, g, 2, Play{Round: 1, Card: CardAnotherKeyword}, 0)
	want := append([]string{g.st.Round.Keywords[0]}, next...)
	if !slices.Equal(g.View(m).MyKeywords, want) || !slices.Equal(g.View(spy).MyKeywords, want) || g.View(i).MyKeywords != nil {
		t.Fatalf("team sees %v, want %v", g.View(m).MyKeywords, want)
	}
	enginetest.Refused(t, g, m, Play{Round: 1, Card: CardAnotherKeyword}, 0, engine.ErrForbidden)
	// Before the draw it cannot be played.
	h := newGame(t, nil)
	enginetest.Apply(t, h, 1, ChooseSpy{Round: 1, Spy: 0}, 0)
	enginetest.Refused(t, h, 1, Play{Round: 1, Card: CardAnotherKeyword}, 0, engine.ErrWrongPhase)
}
