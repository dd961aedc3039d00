package app

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine/spyfall"
)

// GameModel is the game part of the latest view from the host.
type GameModel struct {
	View *game.TableView // nil until a game is plugged into the host
	// Skew is the host's clock minus this device's, measured when the view arrived.
	Skew time.Duration
}

// observeGame reads the game part of a session view.
func (s *Shell) observeGame(v *session.View) {
	tv, err := game.DecodeView(v.Game)
	if err != nil || tv == nil {
		return
	}
	s.game.View = tv
	if tv.Now > 0 {
		s.game.Skew = time.Duration(tv.Now-time.Now().UnixMilli()) * time.Millisecond
	}
	if tv.Family == game.Spyfall {
		s.spyfall.Observe(tv.Spyfall)
	}
}

// gameStarted reports whether the view shows a game in play rather than the lobby.
func (s *Shell) gameStarted() bool {
	tv := s.game.View
	return tv != nil && tv.Started && (tv.Spyfall != nil || tv.Spyfest != nil)
}

// sendGame sends a game intent and shows a notice when it cannot leave this device.
func (s *Shell) sendGame(ctx goapp.Context, in session.Intent) {
	if s.live == nil {
		return
	}
	if s.hostAway() {
		// A button outside the held groups: say why nothing happens rather than queue a
		// press the player cannot see waiting.
		s.showToast(ctx, s.t(i18n.HostAwayTitle, s.hostName()))
		return
	}
	if err := s.live.client.Send(in); err != nil {
		s.showToast(ctx, s.t(i18n.LobbySendFailed))
	}
}

func (s *Shell) spyfallFrame() SpyfallFrame {
	host := s.game.View != nil && s.game.View.Host
	return SpyfallFrame{
		Lang:     s.lang,
		Skew:     s.game.Skew,
		Host:     host,
		Toast:    s.lobby.Toast,
		HostAway: s.hostAway(),
		Act: func(ctx goapp.Context, a spyfall.Action) {
			in, err := game.SpyfallAction(a)
			if err != nil {
				s.showToast(ctx, s.localRefusal(err))
				return
			}
			s.sendGame(ctx, in)
		},
		Redraw: func(ctx goapp.Context) {
			if goapp.IsClient {
				s.ui.Dispatch(func(goapp.Context) {})
			}
		},
		EndGame:     func(ctx goapp.Context) { s.sendGame(ctx, game.End()) },
		BackToLobby: func(ctx goapp.Context) { s.sendGame(ctx, game.BackToLobby()) },
	}
}

// renderSpyfall is the game screen of the Spyfall family.
func (s *Shell) renderSpyfall() goapp.UI {
	return s.spyfall.RenderSpyfall(s.game.View.Spyfall, s.spyfallFrame())
}
