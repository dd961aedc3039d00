package game

import (
	"math/rand/v2"
	"testing"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// The host's lobby view says the game cannot start exactly when starting would be refused,
// with the refusal's own code and rule (the engines decide, the screens only read it), over
// random lobbies of both families: editions, table sizes, team picks. No other seat is told.
func TestCannotStartAgreesWithStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 3))
	clock := newTestClock()
	blocked, open := 0, 0
	for i := 0; i < 300; i++ {
		n := 1 + rng.IntN(9)
		var names []string
		for s := 0; s < n; s++ {
			names = append(names, string(rune('A'+s))+"gent")
		}
		r := newTestRoom(t, clock, names...)
		if rng.IntN(2) == 0 {
			eds := []spyfall.Edition{spyfall.Classic, spyfall.Spyfall2, spyfall.TimeTravel}
			cfg := spyfall.Config{Edition: eds[rng.IntN(3)]}
			cfg.Team = cfg.Edition == spyfall.TimeTravel && rng.IntN(3) == 0
			if cfg.Team {
				cfg.Rounds = 0
			}
			if r.Apply(0, SetSettings(spyfallSettings(cfg)).Game) != nil {
				continue
			}
		} else {
			mustApply(t, r, 0, SetSettings(spyfestSettings(spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA})))
			for s := 0; s < n; s++ {
				mustApply(t, r, 0, AssignTeam(session.Seat(s), rng.IntN(3)-1))
			}
		}
		said := view(t, r, 0).CannotStart
		if n > 1 && view(t, r, 1).CannotStart != nil {
			t.Fatal("a player's view says whether the game can start")
		}
		err := r.Apply(0, Start().Game)
		switch {
		case err == nil && said != nil:
			t.Fatalf("lobby %d: the view said %+v, but the game started", i, *said)
		case err != nil && said == nil:
			t.Fatalf("lobby %d: the view said the game can start, but start refused: %v", i, err)
		case err != nil:
			code, rule := err.(*engine.Refusal).RefusalCode()
			if *said != (Refused{Code: code, Rule: rule}) {
				t.Fatalf("lobby %d: the view said %+v, start refused with %q %q", i, *said, code, rule)
			}
			blocked++
		default:
			open++
			if view(t, r, 0).CannotStart != nil {
				t.Fatal("a started game still says it cannot start")
			}
		}
	}
	if blocked < 30 || open < 30 {
		t.Fatalf("only %d blocked and %d open lobbies", blocked, open)
	}
}
