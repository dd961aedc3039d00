package spyfallui

import (
	"encoding/json"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// UI is how the shell drives the Spyfall screens, as every game's (app/games.go, gameUI).

// See takes this seat's view as it arrives (nil: no game running).
func (u *UI) See(raw json.RawMessage) error {
	err := ui.ReadView(raw, &u.view)
	u.Observe(u.view) // a raw that does not decode leaves the latest view, observed again
	return err
}

// Screen is the game screen of the latest view.
func (u *UI) Screen(f ui.Frame) goapp.UI { return u.Render(u.view, f) }

// Waiting lists the seats the game waits on (WaitsOn), none before a game.
func (u *UI) Waiting() []engine.Seat {
	if u.view == nil {
		return nil
	}
	return WaitsOn(u.view)
}

// PutDown closes the sheets as the phone changes hands.
func (u *UI) PutDown() { u.CloseSheets() }

// Draft is the host's typing in the lobby's panel, kept between renders.
func (u *UI) Draft() *Draft { return &u.draft }

// Settings is the lobby's Spyfall panel (a component of its own: see Panel), shown while
// Spyfall is the room's game, and the host's Start button for the bottom of the lobby.
func (u *UI) Settings(s ui.Setup) (panel, footer goapp.UI) {
	in := PanelInput{Lang: s.Lang, Draft: u.draft}
	if cfg, ok := s.Config.(*spyfall.Config); ok && s.Chosen {
		in.Shown, in.Host, in.Config, in.Players, in.Warnings = true, s.Host, *cfg, len(s.Players), s.Warnings
	}
	send := func(ctx goapp.Context, c *spyfall.Config) { s.Change(ctx, c) }
	footer = goapp.Text("")
	if ui.Hosts && in.Shown && s.Host {
		footer = s.Start("start-game", i18n.T(s.Lang, i18n.SFSetStart))
	}
	return NewPanel(in, &u.draft, send), footer
}

// StartWhy words why the lobby cannot start a Spyfall game when the refusal alone says too
// little: a table too small or too large names the edition's range. "" leaves it to the
// refusal's own sentence.
func (u *UI) StartWhy(config any, lang i18n.Lang, code string) string {
	cfg, ok := config.(*spyfall.Config)
	if !ok || code != engine.Code(engine.ErrTableSize) {
		return ""
	}
	lo, hi := spyfall.PlayerRange(cfg.Edition, cfg.Team)
	return i18n.T(lang, i18n.StartTableSize, lo, hi)
}
