package spyfest_test

import (
	"errors"
	"fmt"

	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// A Spyfest round up to the idle timer: the active team names its Spy, the Spy draws, and
// an idle minute that runs out ends the round once the host advances; until then, actions
// are refused as stale.
func Example() {
	g, err := spyfest.New(spyfest.Config{
		Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA,
		Teams: [2][]engine.Seat{{0, 1}, {2, 3}}, Seed: 3,
	})
	if err != nil {
		panic(err)
	}
	var now engine.Instant = 1_000_000
	team := g.View(engine.NoSeat).ActiveTeam
	spy := g.View(engine.NoSeat).Teams[team].Members[0]
	_ = g.Apply(spy, spyfest.ChooseSpy{Round: 1, Spy: spy}, now)
	_ = g.Apply(spy, spyfest.Draw{Round: 1}, now)
	if v := g.View(spy); v.Phase == spyfest.PhaseKeep {
		_ = g.Apply(spy, spyfest.Keep{Round: 1, Character: v.Candidates[0]}, now)
	}
	mate := g.View(engine.NoSeat).Teams[team].Members[1]
	_ = g.Apply(mate, spyfest.StartIdle{Round: 1}, now)
	fmt.Println("phase:", g.Phase())

	at, _ := g.NextDeadline()
	err = g.Apply(mate, spyfest.Stop{Round: 1}, at)
	fmt.Println("a stop after the idle minute is stale:", errors.Is(err, engine.ErrStale))
	fmt.Println("changed:", g.Advance(at), "round:", g.Round(), "phase:", g.Phase())
	// Output:
	// phase: describing
	// a stop after the idle minute is stale: true
	// changed: true round: 2 phase: spy_choice
}
