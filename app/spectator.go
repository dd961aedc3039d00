package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
)

// The table (TV) screen: a device joined as a spectator seat. The host sends it only the
// public view of the game (no card, no location, no keyword: app/game gives spectators
// engine.NoSeat), so it can show the game's own screens of that view safely; this file frames
// them in large type for a room to read from afar.

// renderWatchToggle is the join form's choice to join as a table screen instead of a player.
func (s *shell) renderWatchToggle() goapp.UI {
	return ui.El("div.watch-toggle",
		ui.ElVoidWith("input#watch[type=checkbox][aria-describedby=watch-hint]").Attr("checked", s.watching).
			OnChange(func(ctx goapp.Context, _ goapp.Event) { s.watching = ctx.JSSrc().Get("checked").Bool() }),
		ui.ElText("label[for=watch]", s.t(i18n.WatchToggle)),
		ui.ElText("p#watch-hint.hint", s.t(i18n.WatchHint)),
	)
}

// isSpectator: this device's seat is a table screen.
func (s *shell) isSpectator() bool {
	return s.game.View != nil && s.game.View.Spectator
}

// renderSpectator is the table screen during a game.
func (s *shell) renderSpectator() goapp.UI {
	var game goapp.UI = ui.ElText("p.lead", s.t(i18n.WatchWaiting))
	if s.gameStarted() {
		game = s.renderPlay()
	}
	return ui.El("div#table-screen.tv",
		ui.El("header.tv-header",
			ui.ElText("p.tv-title", s.t(i18n.WatchTitle, s.lobby.Room)),
			ui.ElText("p.hint", s.t(i18n.WatchPublicNote)),
		),
		game,
	)
}
