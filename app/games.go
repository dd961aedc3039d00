package app

import (
	"encoding/json"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/spyfallui"
	"safehouse/app/spyfestui"
	"safehouse/app/ui"
	"safehouse/engine"
)

// The shell's side of the games: it reads the game part of each view from the host, hands
// the engine's view to the game's screens, draws them in a frame filled from this tab's
// session, and sends what they send. It knows each game only through its registration.

// gameUI is one device's screens of one game: what the device remembers of the game that the
// host does not, and the screens it draws from the latest view of its seat. The shell holds
// one per game (in pass-and-play, one per game and player of the device).
type gameUI interface {
	// See takes the engine's view of this seat as it arrives (nil: no game running).
	See(view json.RawMessage) error
	// Screen is the game screen of this seat: a player's, or the table screen's (the
	// public view).
	Screen(f ui.Frame) goapp.UI
	// Settings is the game's panel in the lobby (its settings and its teams, or a way to
	// choose it), and what it puts at the bottom of the lobby (its Start button).
	Settings(s ui.Setup) (panel, footer goapp.UI)
	// StartWhy words why the room cannot start the game when the refusal's code alone says
	// too little (the table's size: the edition's range), or "".
	StartWhy(config any, lang i18n.Lang, code string) string
	// Waiting lists the engine seats the game waits on, from what every seat may know: in
	// pass-and-play the phone goes to one of them.
	Waiting() []engine.Seat
	// PutDown closes what this player opened over the screen, as the phone changes hands.
	PutDown()
}

// gameScreens are the screens of each game the rooms play (game.Families), registered once.
var gameScreens = map[game.Family]func() gameUI{
	game.Spyfall: func() gameUI { return new(spyfallui.UI) },
	game.Spyfest: func() gameUI { return new(spyfestui.UI) },
}

// registerGame adds a game beside the app's own with its one line: its rules to every room
// made from then on, its screens to the shell. Call it at init.
func registerGame(rules game.Rules, screens func() gameUI) {
	game.Register(rules)
	gameScreens[rules.Family()] = screens
}

// gameUIs is one device's screens of every game, made as each is first needed.
type gameUIs map[game.Family]gameUI

func (g *gameUIs) of(f game.Family) gameUI {
	if u, ok := (*g)[f]; ok {
		return u
	}
	screens, ok := gameScreens[f]
	if !ok {
		return nil
	}
	if *g == nil {
		*g = gameUIs{}
	}
	u := screens()
	(*g)[f] = u
	return u
}

// playing is the screens this device shows the game with: the live session's, or in
// pass-and-play those of the player holding the phone, each player's kept apart.
func (s *shell) playing(f game.Family) gameUI {
	if p := s.pass; p != nil && p.host != nil {
		return p.seats[p.current].games.of(f)
	}
	return s.games.of(f)
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

// currentSettings is the room's settings as the last view showed them.
func (s *shell) currentSettings() game.Settings {
	if s.game.View == nil {
		return game.DefaultSettings()
	}
	return s.game.View.Settings
}

// renderGamePanels are the lobby's panels of every game, in the rooms' order of games, and
// what they put at the bottom of the lobby (the chosen game's Start).
func (s *shell) renderGamePanels() (panels, footers []goapp.UI) {
	tv := s.game.View
	if tv == nil || tv.Started {
		return nil, nil
	}
	for _, f := range game.Families() {
		if u := s.games.of(f); u != nil {
			panel, footer := u.Settings(s.setup(f))
			panels, footers = append(panels, panel), append(footers, footer)
		}
	}
	return panels, footers
}

// setup is what game f's panel in the lobby needs, and how it changes the room.
func (s *shell) setup(f game.Family) ui.Setup {
	tv := s.game.View
	set := ui.Setup{
		Lang: s.shownLang(), Host: tv.Host, Chosen: tv.Family == f, Config: tv.Settings.Config(f),
		Change: func(ctx goapp.Context, config any) {
			s.sendGame(ctx, game.SetSettings(s.currentSettings().With(f, config)))
		},
		Back: func(ctx goapp.Context) {
			s.sendGame(ctx, game.SetSettings(s.currentSettings().With(game.Families()[0], nil)))
		},
		Start:      func(id, label string) goapp.UI { return s.startButton(id, label, s.game.View) },
		PickTeam:   func(ctx goapp.Context, team int) { s.sendGame(ctx, game.PickTeam(team)) },
		AssignTeam: func(ctx goapp.Context, seat, team int) { s.sendGame(ctx, game.AssignTeam(session.Seat(seat), team)) },
		Balance:    func(ctx goapp.Context) { s.sendGame(ctx, game.BalanceTeams()) },
		Shuffle:    func(ctx goapp.Context) { s.sendGame(ctx, game.ShuffleTeams()) },
	}
	if set.Chosen {
		set.Warnings = tv.Warnings
	}
	for _, p := range s.lobby.Players {
		set.Players = append(set.Players, ui.Player{Seat: int(p.Seat), Name: p.Name, You: p.You})
	}
	for t, members := range tv.Teams {
		for _, m := range members {
			set.Teams[t] = append(set.Teams[t], int(m))
		}
	}
	return set
}
