package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// The table (TV) screen: a device joined as a spectator seat. The host sends it only the
// public view of the game (no card, no location, no keyword: app/game gives spectators
// engine.NoSeat), so it can show the family's own public screens safely; this file frames
// them in large type for a room to read from afar.

// renderWatchToggle is the join form's choice to join as a table screen instead of a player.
func (s *Shell) renderWatchToggle() goapp.UI {
	return goapp.Div().Class("watch-toggle").Body(
		goapp.Input().ID("watch").Type("checkbox").Checked(s.watching).Aria("describedby", "watch-hint").
			OnChange(func(ctx goapp.Context, _ goapp.Event) { s.watching = ctx.JSSrc().Get("checked").Bool() }),
		goapp.Label().For("watch").Text(s.t(i18n.WatchToggle)),
		goapp.P().ID("watch-hint").Class("hint").Text(s.t(i18n.WatchHint)),
	)
}

// isSpectator: this device's seat is a table screen.
func (s *Shell) isSpectator() bool {
	return s.game.View != nil && s.game.View.Spectator
}

// renderSpectator is the table screen during a game.
func (s *Shell) renderSpectator() goapp.UI {
	var game goapp.UI = goapp.P().Class("lead").Text(s.t(i18n.WatchWaiting))
	switch {
	case s.game.View.Spyfall != nil:
		game = s.renderSpyfall()
	case s.game.View.Spyfest != nil:
		game = s.renderSpyfest()
	}
	return goapp.Div().ID("table-screen").Class("tv").Body(
		goapp.Header().Class("tv-header").Body(
			goapp.P().Class("tv-title").Text(s.t(i18n.WatchTitle, s.lobby.Room)),
			goapp.P().Class("hint").Text(s.t(i18n.WatchPublicNote)),
		),
		game,
	)
}
