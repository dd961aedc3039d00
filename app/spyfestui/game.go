package spyfestui

import (
	"encoding/json"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// UI is how the shell drives the Spyfest screens, as every game's (app/games.go, gameUI).

// See takes this seat's view as it arrives (nil: no game running).
func (u *UI) See(raw json.RawMessage) error {
	err := ui.ReadView(raw, &u.view)
	u.Observe(u.view) // a raw that does not decode leaves the latest view, observed again
	return err
}

// Screen is the game screen of the latest view.
func (u *UI) Screen(f ui.Frame) goapp.UI { return u.Render(u.view, f) }

// Waiting lists the seats the game waits on, by what every seat may know (the teams and the
// Spy are public in Spyfest): the active team while it chooses its Spy, the Spy while they
// draw and keep a character, the team whose guess window is open during an attempt. While
// the Spy describes, anyone may stop the game: nobody in particular.
func (u *UI) Waiting() []engine.Seat {
	v := u.view
	if v == nil {
		return nil
	}
	switch v.Phase {
	case spyfest.PhaseSpyChoice:
		if v.ActiveTeam >= 0 {
			return v.Teams[v.ActiveTeam].Members
		}
	case spyfest.PhaseDraw, spyfest.PhaseKeep:
		if v.Spy != engine.NoSeat {
			return []engine.Seat{v.Spy}
		}
	case spyfest.PhaseStopped:
		if v.Guessing >= 0 {
			return v.Teams[v.Guessing].Members
		}
	}
	return nil
}

// PutDown is the phone changing hands: the sheet's search is cleared, so the player finds
// the whole sheet when the phone comes back (their picks stay theirs: each player of the
// device has a UI of their own).
func (u *UI) PutDown() { u.search = "" }

// StartWhy: Spyfest's refusals to start say enough by themselves.
func (u *UI) StartWhy(any, i18n.Lang, string) string { return "" }
