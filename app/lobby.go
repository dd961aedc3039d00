package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
	"safehouse/wire"
)

// renderLobby: the room code on top, the invite (QR and link) and the live player list, your
// own name editable, and sharing the invite as the primary action at the bottom.
func (s *shell) renderLobby() goapp.UI {
	invite := ui.El("div.col", s.renderInvite())
	if s.live != nil && s.live.qr != nil {
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

// lobbyRow is one line of the player list as a component of its own: go-app draws a
// component again only when one of its exported fields changed, so an update (a rename,
// someone coming online) redraws the rows it touches, not the whole list, which with 24
// screens was the largest part of the host's redraw (issue 9). Its fields are everything
// renderPlayer and renderSeatMenu read; an event on a row still redraws the shell, as go-app
// updates every enclosing component.
type lobbyRow struct {
	goapp.Compo

	Row  playerRow
	Lang i18n.Lang
	// The host's seat menu, when it is on this row: open or not, the rename draft, where up
	// and down move it (moveTargets), and whether it is last.
	Menu, MenuOpen bool
	NameDraft      string
	Up, Down       int
	Last           bool

	shell *shell
}

func (s *shell) lobbyRow(i int) *lobbyRow {
	r := s.row(s.lobby.Players[i])
	if r.Menu {
		r.Last = i == len(s.lobby.Players)-1
		r.Up, r.Down = s.moveTargets(i)
	}
	return r
}

// screenRow is a table screen's line, a component for the same reason (a full game may have
// as many screens as players); its menu only renames or removes.
func (s *shell) screenRow(i int) *lobbyRow { return s.row(s.lobby.Screens[i]) }

func (s *shell) row(p playerRow) *lobbyRow {
	if p.Host && s.hostAway() {
		// The last view from the host still says it is online: the banner above says otherwise.
		p.Online = false
	}
	r := &lobbyRow{Row: p, Lang: s.shownLang(), shell: s}
	if r.Menu = s.lobby.IsHost && !p.You && s.pass == nil; r.Menu {
		r.MenuOpen = s.seatMenu.open && s.seatMenu.seat == p.Seat
		r.NameDraft = s.seatMenu.names[p.Seat]
	}
	return r
}

func (r *lobbyRow) Render() goapp.UI { return r.shell.renderPlayer(r) }

func (s *shell) renderPlayer(r *lobbyRow) goapp.UI {
	p := r.Row
	presence, presenceText := "away", s.t(i18n.LobbyAway)
	if p.Online {
		presence, presenceText = "online", s.t(i18n.LobbyOnline)
	}
	class := "player"
	if p.You {
		class += " you"
	}
	return ui.ElWith("li",
		ui.ElWith("span.presence",
			ui.ElText("span.visually-hidden", presenceText),
		).Class(presence).Title(presenceText),
		ui.ElText("span.player-name", p.Name),
		goapp.If(p.Host, func() goapp.UI {
			return ui.ElText("span.badge.host", s.t(i18n.LobbyHostBadge))
		}),
		goapp.If(p.You, func() goapp.UI {
			return ui.ElText("span.badge.you", s.t(i18n.LobbyYouBadge))
		}),
		s.renderSeatMenu(r),
	).Class(class).DataSet("seat", p.Seat)
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
