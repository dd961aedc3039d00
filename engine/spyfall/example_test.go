package spyfall_test

import (
	"errors"
	"fmt"
	"time"

	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// A classic round: the host deals, the dealer starts the clock, a refused action changes
// nothing, and time passes only when the host advances it.
func Example() {
	g, err := spyfall.New(spyfall.Config{Edition: spyfall.Classic, Players: []string{"Ann", "Bo", "Cy", "Di"}, Seed: 7})
	if err != nil {
		panic(err)
	}
	start := engine.At(time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC))
	_ = g.Apply(engine.Host, spyfall.Deal{Round: 1}, start)
	dealer := g.View(engine.NoSeat).Dealer
	_ = g.Apply(dealer, spyfall.StartClock{Round: 1}, start)
	fmt.Println("phase:", g.Phase())

	// A player may not end the game: refused, and nothing changed.
	err = g.Apply(0, engine.HostEndGame{}, start)
	fmt.Println("refused as forbidden:", errors.Is(err, engine.ErrForbidden))

	// The host's timer wakes at the deadline; Advance says the game moved on.
	at, _ := g.NextDeadline()
	fmt.Println("changed a second early:", g.Advance(at-1000))
	fmt.Println("changed at the deadline:", g.Advance(at), "phase:", g.Phase())

	// On the wire an action is a JSON object with its kind.
	b, _ := spyfall.EncodeAction(spyfall.Accuse{Round: 1, Suspect: 2})
	fmt.Println(string(b))
	// Output:
	// phase: playing
	// refused as forbidden: true
	// changed a second early: false
	// changed at the deadline: true phase: end_accuse
	// {"kind":"accuse","round":1,"suspect":2}
}
