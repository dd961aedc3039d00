package spyfest

import (
	"slices"
	"testing"
	"time"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// SX-GUESS-1: 3 shared attempts; any player but the Spy, of either team, may
// stop the game; while stopped nobody can stop again or start the idle timer.
func TestStopByAnyoneButSpySXGUESS1(t *testing.T) {
	for _, stopper := range []engine.Seat{1, 2, 3, 6} {
		g := newGame(t, nil)
		spy := startRound(t, g, 0)
		enginetest.Refused(t, g, spy, Stop{Round: 1}, 0, engine.ErrForbidden)
		enginetest.Refused(t, g, engine.NoSeat, Stop{Round: 1}, 0, engine.ErrNoSuchSeat)
		enginetest.Refused(t, g, 42, Stop{Round: 1}, 0, engine.ErrNoSuchSeat)
		enginetest.Apply(t, g, stopper, Stop{Round: 1}, 0)
		if g.Phase() != PhaseStopped || g.st.Round.Attempt != 1 {
			t.Fatalf("stop by %d: phase %s attempt %d", stopper, g.Phase(), g.st.Round.Attempt)
		}
		enginetest.Refused(t, g, 4, Stop{Round: 1}, 0, engine.ErrWrongPhase)
		enginetest.Refused(t, g, 4, StartIdle{Round: 1}, 0, engine.ErrWrongPhase)
	}
	g := newGame(t, nil)
	startRound(t, g, 0)
	if g.View(engine.NoSeat).MaxAttempts != 3 {
		t.Fatal("3 attempts per round")
	}
	for range 3 {
		guessWrong(t, g, 0)
	}
	if g.Round() != 2 {
		t.Fatal("the round should end after 3 shared attempts")
	}
}

// SX-GUESS-2: the intercepting team guesses first within 30 s; then the
// Spy's team within 30 s from then; a team out of time spends its guess;
// only a team's first submission counts.
func TestGuessWindowsSXGUESS2(t *testing.T) {
	g := newGame(t, nil)
	startRound(t, g, 0)
	spyTeam, intercepting := g.st.Round.Team, g.st.Round.intercepting()
	enginetest.Apply(t, g, 1, Stop{Round: 1}, 10_000) // the Spy's own teammate stops
	v := g.View(engine.NoSeat)
	if v.Guessing != intercepting || v.Window != 40_000 {
		t.Fatalf("first window: team %d until %d, want team %d until 40000", v.Guessing, v.Window, intercepting)
	}
	enginetest.Refused(t, g, mate(g), Guess{Round: 1, Attempt: 1, Names: []string{"c00"}}, 11_000, engine.ErrNotYourTurn)
	enginetest.Refused(t, g, g.Spy(), Guess{Round: 1, Attempt: 1, Names: []string{"c00"}}, 11_000, engine.ErrForbidden)
	enginetest.Refused(t, g, interceptor(g), Guess{Round: 1, Attempt: 2, Names: []string{"c00"}}, 11_000, engine.ErrWrongPhase)
	enginetest.Refused(t, g, interceptor(g), Guess{Round: 1, Attempt: 1, Names: nil}, 11_000, engine.ErrInvalidAction)
	enginetest.Refused(t, g, interceptor(g), Guess{Round: 1, Attempt: 1, Names: []string{"zzz"}}, 11_000, engine.ErrInvalidAction)
	wrong := wrongCharacter(g)
	enginetest.Apply(t, g, interceptor(g), Guess{Round: 1, Attempt: 1, Names: []string{wrong}}, 20_000)
	v = g.View(engine.NoSeat)
	if v.Guessing != spyTeam || v.Window != 50_000 {
		t.Fatalf("second window: team %d until %d, want team %d until 50000", v.Guessing, v.Window, spyTeam)
	}
	// A second submission of the intercepting team does not count, even the right name.
	enginetest.Refused(t, g, 4, Guess{Round: 1, Attempt: 1, Names: []string{g.st.Round.Character}}, 21_000, engine.ErrStale)
	// The Spy's team lets its time run out: its guess is spent and play resumes.
	g.Advance(49_999)
	if g.Phase() != PhaseStopped {
		t.Fatal("the window closed early")
	}
	g.Advance(50_000)
	if g.Phase() != PhaseDescribing || g.Round() != 1 || g.st.Round.Attempt != 1 {
		t.Fatalf("after the timeout: phase %s round %d attempt %d", g.Phase(), g.Round(), g.st.Round.Attempt)
	}
	enginetest.Refused(t, g, mate(g), Guess{Round: 1, Attempt: 1, Names: []string{g.st.Round.Character}}, 50_001, engine.ErrStale)

	// Both windows expire unseen: one late Advance settles them at their own deadlines.
	enginetest.Apply(t, g, 4, Stop{Round: 1}, 100_000)
	g.Advance(100_000 + 60_000)
	if g.Phase() != PhaseDescribing || g.st.Round.Attempt != 2 {
		t.Fatalf("two expired windows: phase %s attempt %d", g.Phase(), g.st.Round.Attempt)
	}
	// A guess arriving after its deadline, before any Advance, is stale and changes nothing.
	enginetest.Apply(t, g, 4, Stop{Round: 1}, 200_000)
	enginetest.Refused(t, g, interceptor(g), Guess{Round: 1, Attempt: 3, Names: []string{g.st.Round.Character}}, 230_000, engine.ErrStale)
	if g.Phase() != PhaseStopped || g.st.Round.Guessing != intercepting {
		t.Fatal("a refused late guess moved time on")
	}
}

// SX-GUESS-2: a team that does not submit in time spends its guess. While the Spy's team
// guesses, the view says whether the intercepting team's guess was wrong or its time ran out
// (issue 29: a team that never guessed was told its guess missed), for every seat, and the
// next attempt starts without it.
func TestLapsedWindowIsNotAMissSXGUESS2(t *testing.T) {
	g := newGame(t, nil)
	startRound(t, g, 0)
	spyTeam := g.st.Round.Team
	lapsed := func(when string, want bool) {
		t.Helper()
		for _, seat := range []engine.Seat{0, 1, 3, engine.NoSeat} {
			if got := g.View(seat).Lapsed; got != want {
				t.Fatalf("%s: seat %d sees lapsed %v, want %v", when, seat, got, want)
			}
		}
	}
	enginetest.Apply(t, g, 1, Stop{Round: 1}, 10_000)
	lapsed("the intercepting team's window", false)
	enginetest.Apply(t, g, interceptor(g), Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(g)}}, 20_000)
	if g.View(engine.NoSeat).Guessing != spyTeam {
		t.Fatal("the Spy's team does not guess after a wrong guess")
	}
	lapsed("after a wrong guess", false)
	g.Advance(50_000)
	lapsed("resumed", false)

	enginetest.Apply(t, g, 1, Stop{Round: 1}, 60_000)
	g.Advance(90_000) // the intercepting team's 30 s pass without a guess
	if v := g.View(engine.NoSeat); v.Phase != PhaseStopped || v.Guessing != spyTeam {
		t.Fatalf("after the intercepting team's time: phase %s, team %d guessing", v.Phase, v.Guessing)
	}
	lapsed("after the intercepting team's time ran out", true)
	g.Advance(120_000)
	enginetest.Apply(t, g, 1, Stop{Round: 1}, 130_000)
	lapsed("the next attempt", false)
}

// SX-GUESS-3: wrong names get a minus on both teams' sheets for this round.
func TestWrongNamesMinusMarkedSXGUESS3(t *testing.T) {
	g := newGame(t, nil)
	startRound(t, g, 0)
	enginetest.Apply(t, g, 3, Stop{Round: 1}, 0)
	first := wrongCharacter(g)
	second := wrongCharacter(g, first)
	enginetest.Apply(t, g, 3, Guess{Round: 1, Attempt: 1, Names: []string{first}}, 0)
	enginetest.Apply(t, g, 1, Guess{Round: 1, Attempt: 1, Names: []string{second}}, 0)
	for _, seat := range []engine.Seat{0, 1, 2, 3, 4, 5, 6, engine.NoSeat} {
		var minus []string
		for _, e := range g.View(seat).Sheet {
			if e.Wrong {
				minus = append(minus, e.ID)
			}
		}
		slices.Sort(minus)
		want := []string{first, second}
		slices.Sort(want)
		if !slices.Equal(minus, want) {
			t.Fatalf("seat %d sees minus marks on %v, want %v", seat, minus, want)
		}
	}
}

// SX-GUESS-4: a correct guess ends the round; the guessing team scores 3, 2
// or 1 VP by attempt and moves its standee as many cards forward.
func TestCorrectGuessScoresByAttemptSXGUESS4(t *testing.T) {
	cases := []struct {
		attempt     int
		spyTeamWins bool
		vp          int
	}{{1, false, 3}, {1, true, 3}, {2, false, 2}, {2, true, 2}, {3, false, 1}, {3, true, 1}}
	for _, c := range cases {
		g := newGame(t, nil)
		startRound(t, g, 0)
		for range c.attempt - 1 {
			guessWrong(t, g, 0)
		}
		enginetest.Apply(t, g, 3, Stop{Round: 1}, 0)
		scorer := g.st.Round.intercepting()
		if c.spyTeamWins {
			enginetest.Apply(t, g, 3, Guess{Round: 1, Attempt: c.attempt, Names: []string{wrongCharacter(g)}}, 0)
			scorer = g.st.Round.Team
		}
		guesser := member(g, scorer)
		enginetest.Apply(t, g, guesser, Guess{Round: 1, Attempt: c.attempt, Names: []string{g.st.Round.Character}}, 0)
		if g.Round() != 2 || g.VP(scorer) != c.vp || g.Position(scorer) != c.vp || g.VP(1-scorer) != 0 || g.Position(1-scorer) != 0 {
			t.Fatalf("%+v: round %d, VP %d/%d positions %d/%d", c, g.Round(), g.VP(0), g.VP(1), g.Position(0), g.Position(1))
		}
		if h := g.History()[0]; h.Scorer != scorer || h.VP != c.vp || h.Reason != EndGuessed {
			t.Fatalf("%+v: history %+v", c, h)
		}
	}
}

// SX-GUESS-5: both wrong: play resumes; after the last attempt the round
// ends with no score.
func TestBothWrongResumesThenNoScoreSXGUESS5(t *testing.T) {
	g := newGame(t, nil)
	startRound(t, g, 0)
	for a := 1; a <= 3; a++ {
		guessWrong(t, g, 0)
		if a < 3 && (g.Phase() != PhaseDescribing || g.Round() != 1) {
			t.Fatalf("after attempt %d: phase %s round %d, want play to resume", a, g.Phase(), g.Round())
		}
	}
	if g.Round() != 2 || g.VP(0)+g.VP(1) != 0 {
		t.Fatalf("round %d VP %d/%d", g.Round(), g.VP(0), g.VP(1))
	}
	if h := g.History()[0]; h.Scorer != NoTeam || h.Reason != EndNoAttempts || h.Attempt != 3 {
		t.Fatalf("history %+v", h)
	}
}

// SX-GUESS-6: the idle timer (any player starts it, any player cancels it,
// stopping the game cancels it, running out ends the round with no score),
// and the optional description limit after which the remaining attempts
// follow one another at once.
func TestIdleTimerAndDescriptionLimitSXGUESS6(t *testing.T) {
	g := newGame(t, nil)
	startRound(t, g, 0)
	enginetest.Apply(t, g, 4, StartIdle{Round: 1}, 1000)
	if g.View(0).Idle != 61_000 {
		t.Fatalf("idle deadline %d", g.View(0).Idle)
	}
	enginetest.Refused(t, g, 1, StartIdle{Round: 1}, 2000, engine.ErrAlreadyDone)
	enginetest.Apply(t, g, g.Spy(), CancelIdle{Round: 1}, 30_000)
	enginetest.Refused(t, g, 1, CancelIdle{Round: 1}, 30_000, engine.ErrAlreadyDone)
	g.Advance(100_000)
	if g.Round() != 1 {
		t.Fatal("a cancelled idle timer ended the round")
	}
	enginetest.Apply(t, g, 1, StartIdle{Round: 1}, 100_000)
	enginetest.Apply(t, g, 3, Stop{Round: 1}, 150_000)
	enginetest.Apply(t, g, 3, Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(g)}}, 150_000)
	enginetest.Apply(t, g, 1, Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(g, g.st.Round.Wrong...)}}, 150_000)
	g.Advance(300_000)
	if g.Round() != 1 || g.View(0).Idle != 0 {
		t.Fatal("stopping the game should cancel the idle timer")
	}
	enginetest.Apply(t, g, 2, StartIdle{Round: 1}, 300_000)
	g.Advance(359_999)
	if g.Round() != 1 {
		t.Fatal("the idle timer ran out early")
	}
	g.Advance(360_000)
	if g.Round() != 2 || g.History()[0].Reason != EndIdle || g.VP(0)+g.VP(1) != 0 {
		t.Fatalf("idle end: round %d history %+v", g.Round(), g.History())
	}

	// The description limit: off by default; with 2 minutes, it pauses while
	// stopped, then the Spy falls silent and attempts follow at once.
	if newGame(t, nil).st.DescLimit != 0 {
		t.Fatal("the description limit must be off by default")
	}
	d := newGame(t, func(c *Config) { c.DescriptionLimit = 2 * time.Minute })
	startRound(t, d, 0)
	enginetest.Apply(t, d, 3, Stop{Round: 1}, 60_000)                                                  // 60 s left
	enginetest.Apply(t, d, 3, Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(d)}}, 70_000) // Spy's team window to 100 s
	enginetest.Apply(t, d, 1, Guess{Round: 1, Attempt: 1, Names: []string{wrongCharacter(d, d.st.Round.Wrong...)}}, 80_000)
	if c := d.View(engine.NoSeat).Description; !c.Running || c.Deadline != 140_000 {
		t.Fatalf("description clock %+v, want running to 140000", c)
	}
	d.Advance(140_000)
	v := d.View(engine.NoSeat)
	if !v.Silent || v.Phase != PhaseStopped || v.Attempt != 2 || v.Window != 170_000 {
		t.Fatalf("after the limit: silent %v phase %s attempt %d window %d", v.Silent, v.Phase, v.Attempt, v.Window)
	}
	d.Advance(200_000) // attempt 2's windows expire at 170 s and 200 s; attempt 3 starts at once
	if v := d.View(engine.NoSeat); v.Attempt != 3 || v.Phase != PhaseStopped || v.Window != 230_000 {
		t.Fatalf("attempt 2 did not lead straight to 3: %+v", v.Attempt)
	}
	d.Advance(260_000)
	if d.Round() != 2 || d.History()[0].Reason != EndNoAttempts {
		t.Fatalf("the silenced round should end after its attempts: round %d", d.Round())
	}
}

// SX-GUESS-7: at the round end the character and keyword are revealed to
// all; the character leaves the game; the keyword goes back, reshuffled.
func TestRoundEndRevealSXGUESS7(t *testing.T) {
	g := newGame(t, nil)
	startRound(t, g, 0)
	character, keyword := g.st.Round.Character, g.st.Round.Keywords[0]
	if len(g.st.KeywordDeck) != 11 {
		t.Fatalf("keyword deck %d during the round", len(g.st.KeywordDeck))
	}
	for range 3 {
		guessWrong(t, g, 0)
	}
	for _, seat := range []engine.Seat{0, 3, engine.NoSeat} {
		h := g.View(seat).History
		if len(h) != 1 || h[0].Character != character || !slices.Equal(h[0].Keywords, []string{keyword}) {
			t.Fatalf("seat %d reveal %+v", seat, h)
		}
	}
	if slices.Contains(g.st.CharacterDeck, character) || !slices.Contains(g.st.Out, character) || len(g.st.CharacterDeck) != 27 {
		t.Fatal("the character must leave the game")
	}
	if len(g.st.KeywordDeck) != 12 || !slices.Contains(g.st.KeywordDeck, keyword) {
		t.Fatalf("keyword deck %v, want the keyword back", g.st.KeywordDeck)
	}
	// Reshuffled: over several seeds the returned keyword is not always at the bottom.
	bottom := 0
	for seed := range uint64(12) {
		g := newGame(t, func(c *Config) { c.Seed = seed })
		startRound(t, g, 0)
		kw := g.st.Round.Keywords[0]
		for range 3 {
			guessWrong(t, g, 0)
		}
		if g.st.KeywordDeck[len(g.st.KeywordDeck)-1] == kw {
			bottom++
		}
	}
	if bottom > 6 {
		t.Fatalf("the returned keyword ended at the bottom %d times of 12", bottom)
	}
	if _, err := New(Config{}); err == nil {
		t.Fatal("an empty config must be refused")
	}
}

// SX-GUESS-8: when the character deck runs out the game ends: further on the
// track wins, then more VP, then a draw (no carpet: more VP, then a draw).
func TestDeckRunsOutSXGUESS8(t *testing.T) {
	cases := []struct {
		name     string
		noCarpet bool
		pos, vp  [2]int
		winner   int
	}{
		{"further on the track", false, [2]int{3, 5}, [2]int{9, 5}, 1},
		{"track tie, more VP", false, [2]int{4, 4}, [2]int{4, 6}, 1},
		{"track tie, VP tie: draw", false, [2]int{2, 2}, [2]int{2, 2}, NoTeam},
		{"no carpet, more VP", true, [2]int{}, [2]int{7, 3}, 0},
		{"no carpet, VP tie: draw", true, [2]int{}, [2]int{5, 5}, NoTeam},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, func(cfg *Config) {
				cfg.NoCarpet = c.noCarpet
				cfg.Carpet = map[Effect]int{EffectReverseVP: 10} // keeps 3 attempts a round
				cfg.Sheet = [Quarters][]Character{{{ID: "p", Name: engine.Text{"en": "P"}}}, {{ID: "q", Name: engine.Text{"en": "Q"}}}}
			})
			for team := range 2 {
				g.st.Teams[team].Position, g.st.Teams[team].VP = c.pos[team], c.vp[team]
			}
			g.st.beginRound(1, g.st.Round.Team)
			startRound(t, g, 0)
			for range 3 {
				enginetest.Apply(t, g, 3, Stop{Round: 1}, 0)
				g.Advance(engine.Instant(time.Hour.Milliseconds()))
			}
			if g.Phase() == PhaseOver {
				t.Fatal("the game ended with a character left in the deck")
			}
			startRound(t, g, 0)
			for range 3 {
				enginetest.Apply(t, g, 0, Stop{Round: 2}, 0)
				g.Advance(engine.Instant(time.Hour.Milliseconds()))
			}
			if g.Phase() != PhaseOver || g.st.Ended != EndDeckEmpty || g.Winner() != c.winner {
				t.Fatalf("phase %s ended %q winner %d, want deck-empty win for %d", g.Phase(), g.st.Ended, g.Winner(), c.winner)
			}
			enginetest.Refused(t, g, 3, ChooseSpy{Round: 3, Spy: 3}, 0, engine.ErrGameOver)
		})
	}
}
