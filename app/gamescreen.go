package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
)

// The game screen: the game's own screens in a frame filled from this tab's session, or the
// lobby before the game starts.
//
// The table (TV) screen: a device joined as a spectator seat. The host sends it only the
// public view of the game (no card, no location, no keyword: app/game gives spectators
// engine.NoSeat), so it can show the game's own screens of that view safely; renderSpectator
// frames them in large type for a room to read from afar.

// renderGame shows the game in play, or the lobby before it.
func (s *shell) renderGame() goapp.UI {
	if s.isSpectator() {
		return s.renderSpectator()
	}
	if s.gameStarted() {
		return s.renderPlay()
	}
	return s.renderLobby()
}

// renderPlay is the game screen of the game in play.
func (s *shell) renderPlay() goapp.UI {
	return s.playing(s.game.View.Family).Screen(s.frame())
}

// frame ties a game's screens to this tab's session.
func (s *shell) frame() ui.Frame {
	tv := s.game.View
	names := map[engine.Seat]string{}
	for _, p := range s.lobby.Players {
		if e := tv.EngineSeat(p.Seat); e != engine.NoSeat {
			names[e] = p.Name
		}
	}
	return ui.Frame{
		Lang:     s.shownLang(),
		Skew:     s.game.Skew,
		Host:     tv.Host,
		Names:    names,
		TopBar:   s.renderTopBar(),
		Toast:    s.lobby.Toast,
		HostAway: s.hostAway(),
		Act:      s.sendAction,
		Redraw: func(ctx goapp.Context) {
			if goapp.IsClient {
				s.ui.Dispatch(func(goapp.Context) {})
			}
		},
		EndGame:     func(ctx goapp.Context) { s.sendGame(ctx, game.End()) },
		BackToLobby: func(ctx goapp.Context) { s.sendGame(ctx, game.BackToLobby()) },
	}
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
