package app

import (
	"slices"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/spyfallui"
	"safehouse/app/spyfestui"
	"safehouse/engine"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// The shell's side of the games: it reads the game part of each view from the host, sends
// the players' game intents, and ties each family's screens to this tab's session through
// that family's frame. The screens themselves are in one package per family.

// observeGame reads the game part of a session view, and hands the family's view to its
// screens as it arrives (they forget a finished round's picks, and buzz once for a vote).
func (s *shell) observeGame(v *session.View) {
	tv, err := game.DecodeView(v.Game)
	if err != nil || tv == nil {
		return
	}
	s.game.View = tv
	if tv.Now > 0 {
		s.game.Skew = time.Duration(tv.Now-time.Now().UnixMilli()) * time.Millisecond
	}
	switch tv.Family {
	case game.Spyfall:
		s.spyfallUI().Observe(tv.Spyfall)
	case game.Spyfest:
		s.spyfest.Observe(tv.Spyfest)
	}
}

// gameStarted reports whether the view shows a game in play rather than the lobby.
func (s *shell) gameStarted() bool {
	tv := s.game.View
	return tv != nil && tv.Started && (tv.Spyfall != nil || tv.Spyfest != nil)
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

// sendAction sends one engine action as its family's intent (game.SpyfallAction and the
// like make it), or says why this device refused it before sending.
func (s *shell) sendAction(ctx goapp.Context, in session.Intent, err error) {
	if err != nil {
		s.showToast(ctx, s.localRefusal(err))
		return
	}
	s.sendGame(ctx, in)
}

// renderGame shows the game in play, by family.
func (s *shell) renderGame() goapp.UI {
	if s.isSpectator() {
		return s.renderSpectator()
	}
	if s.game.View != nil && s.game.View.Spyfall != nil {
		return s.renderSpyfall()
	}
	if s.game.View != nil && s.game.View.Spyfest != nil {
		return s.renderSpyfest()
	}
	return s.renderLobby()
}

// currentSettings is the room's settings as the last view showed them.
func (s *shell) currentSettings() game.Settings {
	if s.game.View == nil {
		return game.DefaultSettings()
	}
	set := s.game.View.Settings
	if set.Spyfall == nil {
		set.Spyfall = &spyfall.Config{Edition: spyfall.Classic}
	}
	return set
}

// spyfallUI is this device's own state of the Spyfall screens: in pass-and-play that of the
// player holding the phone, each player's kept apart from the others'.
func (s *shell) spyfallUI() *spyfallui.UI {
	if p := s.pass; p != nil && p.host != nil {
		return &p.seats[p.current].ui
	}
	return &s.spyfall
}

func (s *shell) spyfallFrame() spyfallui.Frame {
	host := s.game.View != nil && s.game.View.Host
	return spyfallui.Frame{
		Lang:     s.shownLang(),
		Skew:     s.game.Skew,
		Host:     host,
		Toast:    s.lobby.Toast,
		HostAway: s.hostAway(),
		Act: func(ctx goapp.Context, a spyfall.Action) {
			in, err := game.SpyfallAction(a)
			s.sendAction(ctx, in, err)
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
func (s *shell) renderSpyfall() goapp.UI {
	return s.spyfallUI().Render(s.game.View.Spyfall, s.spyfallFrame())
}

// spyfallPanel is the lobby's Spyfall settings (a component: see spyfallui.Panel).
func (s *shell) spyfallPanel() *spyfallui.Panel {
	return spyfallui.NewPanel(s.spyfallPanelInput(), &s.sfDraft, s.changeSpyfall)
}

func (s *shell) spyfallPanelInput() spyfallui.PanelInput {
	tv := s.game.View
	if tv == nil || tv.Started || (tv.Family != game.Spyfall && tv.Family != "") {
		return spyfallui.PanelInput{}
	}
	return spyfallui.PanelInput{
		Shown:    true,
		Host:     tv.Host,
		Config:   *s.currentSettings().Spyfall,
		Players:  len(s.lobby.Players),
		Warnings: tv.Warnings,
		Lang:     s.shownLang(),
		Draft:    s.sfDraft,
	}
}

// changeSpyfall sends the settings with one change made to the Spyfall config.
func (s *shell) changeSpyfall(ctx goapp.Context, change func(c *spyfall.Config)) {
	set := s.currentSettings()
	c := *set.Spyfall
	c.Packs = slices.Clone(c.Packs)
	c.Exclude = slices.Clone(c.Exclude)
	c.CustomPacks = slices.Clone(c.CustomPacks)
	change(&c)
	set.Family, set.Spyfall = game.Spyfall, &c
	s.sendGame(ctx, game.SetSettings(set))
}

// renderSpyfallStart is the host's Start button at the bottom of the lobby.
func (s *shell) renderSpyfallStart() goapp.UI {
	tv := s.game.View
	if tv == nil || tv.Started || !tv.Host || tv.Family != game.Spyfall {
		return goapp.Text("")
	}
	return s.startButton("start-game", s.t(i18n.SFSetStart), tv)
}

// spyfestFrame ties the Spyfest screens to this tab's session.
func (s *shell) spyfestFrame() spyfestui.Frame {
	names := map[engine.Seat]string{}
	if v := s.game.View; v != nil {
		for _, p := range s.lobby.Players {
			if e := v.EngineSeat(p.Seat); e >= 0 {
				names[engine.Seat(e)] = p.Name
			}
		}
	}
	return spyfestui.Frame{
		Lang:     s.shownLang(),
		Skew:     s.game.Skew,
		Host:     s.game.View != nil && s.game.View.Host,
		Names:    names,
		TopBar:   s.renderTopBar(),
		Toast:    s.lobby.Toast,
		HostAway: s.hostAway(),
		Act: func(ctx goapp.Context, a spyfest.Action) {
			in, err := game.SpyfestAction(a)
			s.sendAction(ctx, in, err)
		},
		EndGame: func(ctx goapp.Context) { s.sendGame(ctx, game.End()) },
	}
}

// renderSpyfest is the game screen of the Spyfest family.
func (s *shell) renderSpyfest() goapp.UI {
	return s.spyfest.Render(s.game.View.Spyfest, s.spyfestFrame())
}

// renderSpyfestSettings is the lobby's Spyfest panel, filled in from the latest view.
func (s *shell) renderSpyfestSettings() goapp.UI {
	f := &s.festSetup
	f.Lang, f.View, f.Config = s.shownLang(), s.game.View, spyfestui.ConfigOf(s.currentSettings().Spyfest)
	f.Players = f.Players[:0]
	for _, p := range s.lobby.Players {
		f.Players = append(f.Players, spyfestui.Player{Seat: p.Seat, Name: p.Name, You: p.You})
	}
	f.Start = func() goapp.UI { return s.startButton("fest-start", s.t(i18n.FestStart), s.game.View) }
	f.Send, f.Change, f.ToSpyfall = s.sendGame, s.changeSpyfest, s.festToSpyfall
	return f.Render()
}

// changeSpyfest sends the whole settings with one change to the Spyfest config.
func (s *shell) changeSpyfest(ctx goapp.Context, change func(c *spyfest.Config)) {
	set := s.currentSettings()
	c := spyfestui.ConfigOf(set.Spyfest)
	change(&c)
	set.Family, set.Spyfest = game.Spyfest, &c
	s.sendGame(ctx, game.SetSettings(set))
}

// festToSpyfall switches the room's game back to Spyfall.
func (s *shell) festToSpyfall(ctx goapp.Context) {
	set := s.currentSettings()
	set.Family = game.Spyfall
	s.sendGame(ctx, game.SetSettings(set))
}
