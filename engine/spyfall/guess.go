package spyfall

import (
	"safehouse/engine"
)

// locationIndex finds a location of the game's list by ID.
func (g *Game) locationIndex(id string) (int, error) {
	for i, l := range g.s.Locations {
		if l.ID == id {
			return i, nil
		}
	}
	return -1, refuse(engine.ErrInvalidAction, ruleSpyNamesLocation, "%q is not a location of this game", id)
}

// guess is a spy stopping the clock to name the location, or, with two spies,
// the second spy naming theirs once the first has.
func (g *Game) guess(seat engine.Seat, a Guess, now engine.Instant) error {
	r := g.s.Cur
	if err := g.player(seat); err != nil {
		return err
	}
	if r.Variant == Team {
		return refuse(engine.ErrWrongPhase, ruleSpyGuessesBoth, "the team spy names both locations at the end")
	}
	if g.s.Phase == PhaseSpyGuess {
		if seat != r.Spies[0] && seat != r.Spies[1] || seat == r.Guesses[0].Seat {
			return refuse(engine.ErrNotYourTurn, ruleSecondSpyNames, "the second spy names a location now")
		}
		loc, err := g.locationIndex(a.Location)
		if err != nil {
			return err
		}
		r.Guesses = append(r.Guesses, spyGuess{Seat: seat, Location: loc})
		g.finishGuesses()
		return nil
	}
	if !r.isSpy(seat) {
		return refuse(engine.ErrForbidden, ruleSpyNamesLocation, "only a spy may name the location")
	}
	if err := g.clockRunning(now, ruleSpyNamesLocation); err != nil {
		return err
	}
	loc, err := g.locationIndex(a.Location)
	if err != nil {
		return err
	}
	r.Clock.Pause(now)
	r.Guesses = []spyGuess{{Seat: seat, Location: loc}}
	if len(r.Spies) == 2 {
		// With two spies the other one is revealed and names a location too.
		g.s.Phase = PhaseSpyGuess
		return nil
	}
	g.finishGuesses()
	return nil
}

func (g *Game) finishGuesses() {
	r := g.s.Cur
	for _, gs := range r.Guesses {
		if gs.Location == r.Loc {
			g.finish(outcome{ending: EndSpyGuessed})
			return
		}
	}
	g.finish(outcome{ending: EndSpyMissed})
}
