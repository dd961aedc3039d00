package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
	"safehouse/wire"
)

// renderLobby: the room code on top, the invite (QR and link) and the live player list, your
// own name editable, and sharing the invite as the primary action at the bottom.
func (s *shell) renderLobby() goapp.UI {
	invite := ui.El("div.col", s.renderInvite())
	if ui.Hosts && s.live != nil && s.live.hostsQR() {
		invite = ui.El("div.col", s.renderQRSeat()) // no server: the next seat's QR code
	} else if s.qr.Guest {
		invite = ui.El("div.col", ui.ElText("p#qr-guest-note.note", s.t(i18n.QRGuestNote)))
	}
	players := ui.El("div.col", s.renderPlayers(), s.renderRename())
	columns := []goapp.UI{players, invite}
	if s.lobby.IsHost {
		columns = []goapp.UI{invite, players} // the host's first job is showing the invite
	}
	panels, starts := s.renderGamePanels()
	content := []goapp.UI{
		goapp.If(s.lobby.IsHost, func() goapp.UI {
			return ui.ElText("p.note.subtle", s.t(i18n.LobbyHostNote))
		}),
		ui.El("div.columns", columns...),
	}
	footer := append([]goapp.UI{ui.Toast(s.lobby.Toast)}, starts...)
	return ui.El("main.screen.lobby",
		s.renderTopBar(),
		ui.El("div.content", append(append(content, panels...), s.renderInsecureNote())...),
		ui.El("footer.actions", append(footer,
			goapp.If(s.lobby.InviteURL == "", func() goapp.UI { return goapp.Text("") }).ElseIf(s.canShare, func() goapp.UI {
				return ui.ElTextWith("button#share.btn.primary[type=button]", s.t(i18n.LobbyShare)).OnClick(s.onShare)
			}).Else(func() goapp.UI {
				return ui.ElTextWith("button#copy.btn.primary[type=button]", s.t(i18n.LobbyCopy)).OnClick(s.onCopy)
			}),
		)...),
	)
}

// renderTopBar: the room code with the connection's status under it, and Leave. The status
// shares the code's column rather than sitting between code and Leave, where a long status
// ("Переподключение…") pushed Leave past a 320 px screen's edge.
func (s *shell) renderTopBar() goapp.UI {
	return ui.El("header.topbar",
		ui.El("div.room",
			ui.ElText("span.room-label", s.t(i18n.LobbyRoomCode)),
			ui.ElText("strong#lobby-room.room-code", s.lobby.Room),
			ui.ElWith("span#status.status",
				ui.El("span.dot[aria-hidden=true]"),
				goapp.Text(s.statusText(s.lobby.Status)),
			).Class("status-"+string(s.lobby.Status)).Class(pathClass(s.lobby.Path)),
		),
		ui.ElTextWith("button#leave.btn.ghost.small[type=button]", s.t(i18n.LobbyLeave)).OnClick(s.onLeave),
	)
}

// pathClass marks the status with the connection's path ("path-direct", "path-relay"), for
// styles and for the bench, which checks that a join it timed went through the relay.
func pathClass(p session.Path) string {
	if p == "" {
		return ""
	}
	return "path-" + string(p)
}

func (s *shell) statusText(st session.Status) string {
	switch st {
	case session.StatusOnline:
		switch s.lobby.Path {
		case session.PathDirect:
			return s.t(i18n.StatusOnlineDirect)
		case session.PathRelay:
			return s.t(i18n.StatusOnlineRelay)
		}
		return s.t(i18n.StatusOnline)
	case session.StatusReconnecting:
		return s.t(i18n.StatusReconnecting)
	case session.StatusClosed:
		return s.t(i18n.StatusClosed)
	default:
		return s.t(i18n.StatusConnecting)
	}
}

func (s *shell) renderInvite() goapp.UI {
	hint := s.t(i18n.LobbyInviteHint)
	if !s.lobby.IsHost {
		hint = s.t(i18n.LobbyGuestInvite)
	}
	return ui.El("section#invite.card.invite[aria-labelledby=invite-heading]",
		ui.ElText("h2#invite-heading", s.t(i18n.LobbyInviteHeading)),
		ui.ElText("p.muted", hint),
		goapp.If(s.lobby.InviteQR != "", func() goapp.UI {
			return ui.El("div#qr.qr-frame", goapp.Raw(s.lobby.InviteQR))
		}),
		ui.ElText("label.label[for=invite-link]", s.t(i18n.LobbyInviteLinkLabel)),
		ui.ElVoidWith("input#invite-link.field.link[type=url][readonly]").
			Attr("value", s.lobby.InviteURL).
			OnFocus(func(ctx goapp.Context, e goapp.Event) { ctx.JSSrc().Call("select") }),
		goapp.If(!s.canShare && !s.secure, func() goapp.UI {
			return ui.ElText("p#share-note.muted.small", s.t(i18n.LobbyShareInsecure))
		}),
	)
}

func (s *shell) renderPlayers() goapp.UI {
	return ui.El("section.card[aria-labelledby=players-heading]",
		ui.ElText("h2#players-heading", s.t(i18n.LobbyPlayers, len(s.lobby.Players))),
		ui.El("ul#players.players",
			goapp.Range(s.lobby.Players).Slice(func(i int) goapp.UI {
				return s.lobbyRow(i)
			}),
		),
		goapp.If(len(s.lobby.Screens) > 0, func() goapp.UI {
			return ui.El("div.table-screens",
				ui.ElText("h3#screens-heading.label", s.t(i18n.LobbyScreens, len(s.lobby.Screens))),
				ui.El("ul#table-screens.players[aria-labelledby=screens-heading]",
					goapp.Range(s.lobby.Screens).Slice(func(i int) goapp.UI { return s.screenRow(i) }),
				),
			)
		}),
		ui.ElText("p#lobby-waiting.muted.small", s.lobbyWaitingText()),
	)
}

// lobbyWaitingText is the line under the player list: on one phone passed around every
// seat is filled from the start, so nobody is still to join.
func (s *shell) lobbyWaitingText() string {
	if s.pass != nil {
		return s.t(i18n.PassLobbyReady)
	}
	return s.t(i18n.LobbyWaiting)
}

func (s *shell) renderRename() goapp.UI {
	current := ""
	for _, p := range s.lobby.Players {
		if p.You {
			current = p.Name
		}
	}
	return ui.ElWith("form#rename-form.card",
		ui.ElText("label.label[for=rename-input]", s.t(i18n.LobbyRenameLabel)),
		ui.El("div.row",
			ui.ElVoidWith("input#rename-input.field[type=text][autocomplete=off][aria-describedby=rename-error]").
				Attr("value", s.lobby.RenameDraft).
				Attr("placeholder", current).
				Attr("maxlength", wire.MaxNameRunes*2).
				Aria("invalid", s.lobby.RenameError != "").
				OnInput(func(ctx goapp.Context, e goapp.Event) {
					s.lobby.RenameDraft = ctx.JSSrc().Get("value").String()
					s.lobby.RenameError = ""
				}),
			ui.HeldGroup(s.hostAway(), ui.ElText("button#rename.btn.secondary[type=submit]", s.t(i18n.LobbyRename))),
		),
		ui.FieldError("rename-error", s.lobby.RenameError),
	).OnSubmit(s.onRename)
}

// onRename sends the lobby's rename form to the host.
func (s *shell) onRename(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	name, err := wire.CleanName(s.lobby.RenameDraft)
	if err != nil {
		s.lobby.RenameError = s.nameProblem(err)
		return
	}
	s.lobby.RenameError = ""
	if s.live == nil {
		return
	}
	if s.hostAway() {
		s.showToast(ctx, s.t(i18n.HostAwayTitle, s.hostName()))
		return
	}
	if err := s.live.client.Send(session.Intent{Kind: session.KindRename, Name: name}); err != nil {
		s.showToast(ctx, s.t(i18n.LobbySendFailed))
		return
	}
	s.lobby.RenameDraft = ""
	s.home.Name = name
	ctx.LocalStorage().Set(nameStorageKey, name)
}

// onShare offers the invite through the system share sheet.
func (s *shell) onShare(ctx goapp.Context, _ goapp.Event) {
	shareInvite(s.t(i18n.LobbyShareTitle), s.t(i18n.LobbyShareText, s.lobby.Room), s.lobby.InviteURL)
}

// onCopy puts the invite link on the clipboard and says whether it worked.
func (s *shell) onCopy(ctx goapp.Context, _ goapp.Event) {
	copyText(s.lobby.InviteURL, "invite-link", func(ok bool) {
		s.ui.Dispatch(func(ctx goapp.Context) {
			if ok {
				s.showToast(ctx, s.t(i18n.LobbyCopied))
			} else {
				s.showToast(ctx, s.t(i18n.LobbyCopyFailed))
			}
		})
	})
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
		PickTeam: func(ctx goapp.Context, team int) { s.sendGame(ctx, game.PickTeam(team)) },
	}
	if ui.Hosts { // what only the host's panels call: none in the player build
		set.Back = func(ctx goapp.Context) {
			s.sendGame(ctx, game.SetSettings(s.currentSettings().With(game.Families()[0], nil)))
		}
		set.Start = func(id, label string) goapp.UI { return s.startButton(id, label, s.game.View) }
		set.AssignTeam = func(ctx goapp.Context, seat, team int) { s.sendGame(ctx, game.AssignTeam(session.Seat(seat), team)) }
		set.Balance = func(ctx goapp.Context) { s.sendGame(ctx, game.BalanceTeams()) }
		set.Shuffle = func(ctx goapp.Context) { s.sendGame(ctx, game.ShuffleTeams()) }
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
