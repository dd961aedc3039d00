package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
)

// cannotStartText is why the host's lobby cannot start its game yet, in the host's language,
// or "" when it can. The room asks the game (TableView.CannotStart); this only words it, in
// the game's own words where it has some (gameUI.StartWhy).
func (s *shell) cannotStartText(tv *game.TableView) string {
	c := tv.CannotStart
	if c == nil {
		return ""
	}
	if u := s.games.of(tv.Family); u != nil {
		if why := u.StartWhy(tv.Settings.Config(tv.Family), s.shownLang(), c.Code); why != "" {
			return why
		}
	}
	return i18n.RefusalText(s.shownLang(), session.CodeRefused, c.Code, c.Rule)
}

// startButton is a lobby's Start button, disabled with its reason shown above it (and read
// with it) while the game cannot start.
func (s *shell) startButton(id, label string, tv *game.TableView) goapp.UI {
	why := s.cannotStartText(tv)
	button := ui.ElTextWith("button.btn.primary[type=button]", label).ID(id).Attr("disabled", why != "").
		OnClick(func(ctx goapp.Context, e goapp.Event) { s.sendGame(ctx, game.Start()) })
	if why == "" {
		return ui.El("div.start-guard", button)
	}
	return ui.El("div.start-guard",
		ui.ElTextWith("p.small.muted.start-why", why).ID(id+"-why"),
		button.Attr("aria-describedby", id+"-why"),
	)
}
