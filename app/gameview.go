package app

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
)

// The shell's side of the game in play, under every screen of it: the game part of each view
// from the host, handed to the game's screens (games.go) as it arrives, and the game's intents
// sent to the host, from this device or from the player holding the phone in pass-and-play.

// playing is the screens this device shows the game with: the live session's, or in
// pass-and-play those of the player holding the phone, each player's kept apart.
func (s *shell) playing(f game.Family) gameUI {
	if p := s.pass; p != nil && p.seated() {
		return p.seats[p.current].games.of(f)
	}
	return s.games.of(f)
}

// player is the client this device speaks for now: the live session's, or in pass-and-play
// the client of the player holding the phone.
func (s *shell) player() *session.Client {
	if p := s.pass; p != nil && p.seated() {
		return p.seats[p.current].client
	}
	return s.live.client
}

// observeGame reads the game part of a session view, and hands the engine's view to the
// game's screens as it arrives (they forget a finished round's picks, and buzz once for a
// vote).
func (s *shell) observeGame(v *session.View) {
	tv, err := game.DecodeView(v.Game)
	if err != nil || tv == nil {
		return
	}
	s.game.View = tv
	if tv.Now > 0 {
		s.game.Skew = time.Duration(tv.Now-time.Now().UnixMilli()) * time.Millisecond
	}
	if u := s.playing(tv.Family); u != nil {
		_ = u.See(tv.Game) // a view this build cannot read leaves the screens as they were
	}
}

// gameStarted reports whether the view shows a game in play rather than the lobby.
func (s *shell) gameStarted() bool {
	tv := s.game.View
	return tv != nil && tv.Started && len(tv.Game) > 0 && s.playing(tv.Family) != nil
}

// isSpectator: this device's seat is a table screen.
func (s *shell) isSpectator() bool {
	return s.game.View != nil && s.game.View.Spectator
}

// currentSettings is the room's settings as the last view showed them.
func (s *shell) currentSettings() game.Settings {
	if s.game.View == nil {
		return game.DefaultSettings()
	}
	return s.game.View.Settings
}

// sendGame sends a game intent and shows a notice when it cannot leave this device.
func (s *shell) sendGame(ctx goapp.Context, in session.Intent) {
	if s.live == nil {
		return
	}
	if s.hostAway() {
		// A button outside the held groups: say why nothing happens rather than queue a
		// press the player cannot see waiting.
		s.showToast(ctx, s.t(i18n.HostAwayTitle, s.hostName()))
		return
	}
	if err := s.player().Send(in); err != nil {
		s.showToast(ctx, s.t(i18n.LobbySendFailed))
	}
}

// sendAction sends one engine action as a game intent (game.Action), or says why this device
// refused it before sending.
func (s *shell) sendAction(ctx goapp.Context, a engine.Action) {
	in, err := game.Action(a)
	if err != nil {
		s.showToast(ctx, s.localRefusal(err))
		return
	}
	s.sendGame(ctx, in)
}
