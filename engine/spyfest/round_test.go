package spyfest

import (
	"slices"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// SX-RND-1: teams alternate; the app suggests the next member in rotation;
// the team may pick another member; only the active team chooses, and only
// one of its own.
func TestSpyChoiceRotationSXRND1(t *testing.T) {
	g := newGame(t, nil)
	if v := g.View(engine.NoSeat); v.ActiveTeam != 0 || v.SuggestedSpy != 0 {
		t.Fatalf("round 1: active %d suggested %d, want team 0 seat 0", v.ActiveTeam, v.SuggestedSpy)
	}
	enginetest.Refused(t, g, 3, ChooseSpy{Round: 1, Spy: 3}, 0, engine.ErrNotYourTurn)
	enginetest.Refused(t, g, 0, ChooseSpy{Round: 1, Spy: 3}, 0, engine.ErrForbidden)
	enginetest.Refused(t, g, 0, ChooseSpy{Round: 1, Spy: 42}, 0, engine.ErrForbidden)
	enginetest.Refused(t, g, 0, ChooseSpy{Round: 2, Spy: 0}, 0, engine.ErrInvalidAction)

	// Team 0 picks seat 2 instead of the suggestion; rotation goes on from there.
	type step struct {
		active    int
		suggested engine.Seat
		pick      engine.Seat
	}
	steps := []step{{0, 0, 2}, {1, 3, 3}, {0, 0, 0}, {1, 4, 4}, {0, 1, 1}, {1, 5, 6}, {0, 2, 2}, {1, 3, 3}}
	for i, s := range steps {
		n := g.Round()
		if n != i+1 {
			t.Fatalf("round %d, want %d", n, i+1)
		}
		v := g.View(engine.NoSeat)
		if v.ActiveTeam != s.active || v.SuggestedSpy != s.suggested {
			t.Fatalf("round %d: active %d suggested %d, want %d and %d", n, v.ActiveTeam, v.SuggestedSpy, s.active, s.suggested)
		}
		chooser := member(g, s.active)
		enginetest.Apply(t, g, chooser, ChooseSpy{Round: n, Spy: s.pick}, 0)
		enginetest.Apply(t, g, s.pick, Draw{Round: n}, 0)
		if g.Phase() == PhaseKeep {
			enginetest.Apply(t, g, s.pick, Keep{Round: n, Character: g.st.Round.Candidates[0]}, 0)
		}
		for range g.st.Round.maxAttempts() {
			guessWrong(t, g, 0)
		}
		if g.Round() != n+1 {
			t.Fatalf("round %d did not end after its attempts", n)
		}
	}
}

// SX-RND-2: the card under the active team's standee is shown to all and
// applies to the round; the other team's card does not.
func TestActiveTeamsCardAppliesSXRND2(t *testing.T) {
	g := newGame(t, func(c *Config) { c.Carpet = map[Effect]int{EffectTwoAttempts: 1, EffectFourthAttempt: 1} })
	active := g.st.Round.Team
	two := slices.Index(g.st.Track, EffectTwoAttempts)
	four := slices.Index(g.st.Track, EffectFourthAttempt)
	g.st.Teams[active].Position = two
	g.st.Teams[1-active].Position = four
	g.st.beginRound(1, active)
	for _, seat := range []engine.Seat{engine.NoSeat, 0, 3} {
		if e := g.View(seat).Effect; e != EffectTwoAttempts {
			t.Fatalf("seat %d sees effect %q, want the active team's %q", seat, e, EffectTwoAttempts)
		}
	}
	startRound(t, g, 0)
	guessWrong(t, g, 0)
	guessWrong(t, g, 0)
	if g.Round() != 2 {
		t.Fatalf("the active team's two-attempt card should end round 1 after 2 attempts (round %d)", g.Round())
	}
	// Round 2: the other team is active and stands on the fourth-attempt card.
	if e := g.View(engine.NoSeat).Effect; e != EffectFourthAttempt {
		t.Fatalf("round 2 effect %q, want %q", e, EffectFourthAttempt)
	}
}

// SX-RND-3: the Spy draws the top character and keyword; the Spy sees both,
// the Spy's team the keyword, the intercepting team (and spectators) neither.
func TestDrawAndWhoSeesWhatSXRND3(t *testing.T) {
	g := newGame(t, nil)
	topCharacter, topKeyword := g.st.CharacterDeck[0], g.st.KeywordDeck[0]
	enginetest.Apply(t, g, 1, ChooseSpy{Round: 1, Spy: 0}, 0)
	enginetest.Refused(t, g, 1, Draw{Round: 1}, 0, engine.ErrNotYourTurn)
	enginetest.Apply(t, g, 0, Draw{Round: 1}, 0)
	if g.Phase() != PhaseDescribing || g.st.Round.Character != topCharacter || !slices.Equal(g.st.Round.Keywords, []string{topKeyword}) {
		t.Fatalf("drew %s/%v, want the top cards %s/%s", g.st.Round.Character, g.st.Round.Keywords, topCharacter, topKeyword)
	}
	cases := []struct {
		seat      engine.Seat
		role      string
		character string
		keywords  []string
	}{
		{0, RoleSpy, topCharacter, []string{topKeyword}},
		{1, RoleSpyTeam, "", []string{topKeyword}},
		{2, RoleSpyTeam, "", []string{topKeyword}},
		{3, RoleIntercepting, "", nil},
		{6, RoleIntercepting, "", nil},
		{engine.NoSeat, RoleSpectator, "", nil},
		{99, RoleSpectator, "", nil},
	}
	for _, c := range cases {
		v := g.View(c.seat)
		if v.Role != c.role || v.Character != c.character || !slices.Equal(v.MyKeywords, c.keywords) {
			t.Errorf("seat %d: role %s character %q keywords %v, want %s %q %v", c.seat, v.Role, v.Character, v.MyKeywords, c.role, c.character, c.keywords)
		}
	}
}

// SX-RND-4: the Spy (and only the Spy) gets the reminder card while the round runs.
func TestSpyReminderCardSXRND4(t *testing.T) {
	g := newGame(t, nil)
	if g.View(0).Reminder != nil {
		t.Fatal("no reminder before the Spy is chosen")
	}
	spy := startRound(t, g, 0)
	if r := g.View(spy).Reminder; r == nil || r.Reverse {
		t.Fatalf("Spy reminder %+v", r)
	}
	for _, s := range []engine.Seat{mate(g), interceptor(g), engine.NoSeat} {
		if g.View(s).Reminder != nil {
			t.Fatalf("seat %d sees the Spy's reminder", s)
		}
	}
}

// SX-RND-5: questions are spoken; the Spy may refuse them, so an ordinary
// question leaves nothing pending: the Spy is never made to answer, and an
// Answer without an "ask the Spy" card is refused.
func TestQuestionsAloudNeedNoAnswerSXRND5(t *testing.T) {
	g := newGame(t, nil)
	spy := startRound(t, g, 0)
	if v := g.View(engine.NoSeat); v.Question != NoTeam {
		t.Fatalf("a question is pending without a card: %d", v.Question)
	}
	enginetest.Refused(t, g, spy, Answer{Round: 1, Yes: true}, 0, engine.ErrWrongPhase)
	enginetest.Apply(t, g, interceptor(g), Stop{Round: 1}, 0)
	if g.Phase() != PhaseStopped {
		t.Fatal("the game can be stopped with no question answered")
	}
}

// SX-RND-6: team notes are marked by members but the Spy, seen only by that
// team's non-Spy members; out-of-game characters are crossed for all; marks,
// minus marks and a crossed quarter clear at the round end, played and
// removed characters stay crossed.
func TestTeamNotesSXRND6(t *testing.T) {
	g := newGame(t, func(c *Config) { c.Removed = []string{"c27"} })
	spy := startRound(t, g, 0)
	m, i := mate(g), interceptor(g)
	own := g.st.Round.Character
	target := wrongCharacter(g)
	enginetest.Apply(t, g, m, Note{Round: 1, ID: target, Mark: MarkMaybe}, 0)
	enginetest.Apply(t, g, i, Note{Round: 1, ID: target, Mark: MarkCross}, 0)
	enginetest.Apply(t, g, i, Note{Round: 1, ID: "a03", Mark: MarkMinus}, 0)
	enginetest.Refused(t, g, spy, Note{Round: 1, ID: target, Mark: MarkMaybe}, 0, engine.ErrForbidden)
	enginetest.Refused(t, g, m, Note{Round: 1, ID: target, Mark: "!"}, 0, engine.ErrInvalidAction)
	enginetest.Refused(t, g, m, Note{Round: 1, ID: "nobody", Mark: MarkMaybe}, 0, engine.ErrInvalidAction)
	enginetest.Refused(t, g, engine.NoSeat, Note{Round: 1, ID: target, Mark: MarkMaybe}, 0, engine.ErrNoSuchSeat)

	noteOf := func(seat engine.Seat, id string) Mark {
		for _, e := range g.View(seat).Sheet {
			if e.ID == id {
				return e.Note
			}
		}
		for _, e := range g.View(seat).Keywords {
			if e.ID == id {
				return e.Note
			}
		}
		t.Fatalf("%s not in view", id)
		return ""
	}
	want := []struct {
		seat engine.Seat
		mark Mark
	}{{m, MarkMaybe}, {2, MarkMaybe}, {i, MarkCross}, {6, MarkCross}, {spy, MarkNone}, {engine.NoSeat, MarkNone}}
	for _, w := range want {
		if got := noteOf(w.seat, target); got != w.mark {
			t.Errorf("seat %d sees mark %q, want %q", w.seat, got, w.mark)
		}
	}
	if noteOf(m, "a03") != MarkNone || noteOf(i, "a03") != MarkMinus {
		t.Error("keyword notes leak or are lost")
	}
	enginetest.Apply(t, g, m, Note{Round: 1, ID: target, Mark: MarkNone}, 0)
	if noteOf(2, target) != MarkNone {
		t.Error("clearing a mark did not clear it for the team")
	}
	enginetest.Apply(t, g, m, Note{Round: 1, ID: target, Mark: MarkMaybe}, 0)

	// A crossed quarter and minus marks this round, then the round ends.
	enginetest.Apply(t, g, i, Play{Round: 1, Card: CardCrossQuarter}, 0)
	q := g.View(spy).ValidQuarters[0]
	enginetest.Apply(t, g, spy, CrossQuarter{Round: 1, Quarter: q}, 0)
	guessWrong(t, g, 0)
	wrong := g.st.Round.Wrong
	if len(wrong) != 2 || len(g.View(engine.NoSeat).CrossedQuarters) != 1 {
		t.Fatalf("minus marks %v, crossed %v", wrong, g.st.Round.CrossedQuarters)
	}
	enginetest.Apply(t, g, interceptor(g), Stop{Round: 1}, 0)
	enginetest.Apply(t, g, interceptor(g), Guess{Round: 1, Attempt: 2, Names: []string{own}}, 0)
	if g.Round() != 2 {
		t.Fatal("round 1 should have ended")
	}
	for _, seat := range []engine.Seat{0, 1, 2, 3, 4, 5, 6, engine.NoSeat} {
		v := g.View(seat)
		if len(v.CrossedQuarters) != 0 {
			t.Fatalf("crossed quarter not cleared for seat %d", seat)
		}
		for _, e := range v.Sheet {
			if e.Note != MarkNone || e.Wrong || e.Crossed {
				t.Fatalf("seat %d: %s still marked %+v after the round", seat, e.ID, e)
			}
			if wantOut := e.ID == own || e.ID == "c27"; e.Out != wantOut {
				t.Fatalf("seat %d: %s out=%v, want %v", seat, e.ID, e.Out, wantOut)
			}
		}
	}
}

// SX-RND-7: everybody sees the full character list and the full keyword set
// in play, the intercepting team and spectators included.
func TestEveryoneSeesFullListsSXRND7(t *testing.T) {
	g := newGame(t, func(c *Config) { c.Keywords = KeywordsB })
	startRound(t, g, 0)
	for _, seat := range []engine.Seat{0, 1, 3, 6, engine.NoSeat} {
		v := g.View(seat)
		if len(v.Sheet) != 28 || len(v.Keywords) != 12 || v.KeywordSet != KeywordsB {
			t.Fatalf("seat %d sees %d characters and %d keywords of set %s", seat, len(v.Sheet), len(v.Keywords), v.KeywordSet)
		}
		for i, k := range v.Keywords {
			if k.ID != g.st.KeywordSets[KeywordsB][i].ID || k.Name.In("en") == "" {
				t.Fatalf("seat %d keyword %d is %+v", seat, i, k)
			}
		}
	}
}
