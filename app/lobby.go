package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
)

// renderLobby: the room code on top, the invite (QR and link) and the live player list, your
// own name editable, and sharing the invite as the primary action at the bottom.
func (s *Shell) renderLobby() goapp.UI {
	invite := goapp.Div().Class("col").Body(s.renderInvite())
	players := goapp.Div().Class("col").Body(s.renderPlayers(), s.renderRename())
	columns := []goapp.UI{players, invite}
	if s.lobby.IsHost {
		columns = []goapp.UI{invite, players} // the host's first job is showing the invite
	}
	return goapp.Main().Class("screen lobby").Body(
		s.renderTopBar(),
		goapp.Div().Class("content").Body(
			goapp.If(s.lobby.IsHost, func() goapp.UI {
				return goapp.P().Class("note subtle").Text(s.t(i18n.LobbyHostNote))
			}),
			goapp.Div().Class("columns").Body(columns...),
			s.spyfallPanel(),
			s.renderSpyfestSettings(),
			s.renderInsecureNote(),
		),
		goapp.Footer().Class("actions").Body(
			goapp.P().ID("toast").Class("toast").Attr("role", "status").Aria("live", "polite").
				Text(s.lobby.Toast),
			s.renderSpyfallStart(),
			goapp.If(s.canShare, func() goapp.UI {
				return goapp.Button().ID("share").Class("btn primary").Type("button").
					Text(s.t(i18n.LobbyShare)).OnClick(s.onShare)
			}).Else(func() goapp.UI {
				return goapp.Button().ID("copy").Class("btn primary").Type("button").
					Text(s.t(i18n.LobbyCopy)).OnClick(s.onCopy)
			}),
		),
	)
}

func (s *Shell) renderTopBar() goapp.UI {
	return goapp.Header().Class("topbar").Body(
		goapp.Div().Class("room").Body(
			goapp.Span().Class("room-label").Text(s.t(i18n.LobbyRoomCode)),
			goapp.Strong().ID("lobby-room").Class("room-code").Text(s.lobby.Room),
		),
		goapp.Span().ID("status").Class("status status-"+string(s.lobby.Status)).Body(
			goapp.Span().Class("dot").Aria("hidden", true),
			goapp.Text(s.statusText(s.lobby.Status)),
		),
		goapp.Button().ID("leave").Class("btn ghost small").Type("button").
			Text(s.t(i18n.LobbyLeave)).OnClick(s.onLeave),
	)
}

func (s *Shell) statusText(st session.Status) string {
	switch st {
	case session.StatusOnline:
		return s.t(i18n.StatusOnline)
	case session.StatusReconnecting:
		return s.t(i18n.StatusReconnecting)
	case session.StatusClosed:
		return s.t(i18n.StatusClosed)
	default:
		return s.t(i18n.StatusConnecting)
	}
}

func (s *Shell) renderInvite() goapp.UI {
	hint := s.t(i18n.LobbyInviteHint)
	if !s.lobby.IsHost {
		hint = s.t(i18n.LobbyGuestInvite)
	}
	return goapp.Section().ID("invite").Class("card invite").Aria("labelledby", "invite-heading").Body(
		goapp.H2().ID("invite-heading").Text(s.t(i18n.LobbyInviteHeading)),
		goapp.P().Class("muted").Text(hint),
		goapp.If(s.lobby.InviteQR != "", func() goapp.UI {
			return goapp.Div().ID("qr").Class("qr-frame").Body(goapp.Raw(s.lobby.InviteQR))
		}),
		goapp.Label().For("invite-link").Class("label").Text(s.t(i18n.LobbyInviteLinkLabel)),
		goapp.Input().ID("invite-link").Class("field link").Type("url").ReadOnly(true).
			Value(s.lobby.InviteURL).
			OnFocus(func(ctx goapp.Context, e goapp.Event) { ctx.JSSrc().Call("select") }),
		goapp.If(!s.canShare && !s.secure, func() goapp.UI {
			return goapp.P().ID("share-note").Class("muted small").Text(s.t(i18n.LobbyShareInsecure))
		}),
	)
}

func (s *Shell) renderPlayers() goapp.UI {
	return goapp.Section().Class("card").Aria("labelledby", "players-heading").Body(
		goapp.H2().ID("players-heading").Text(s.t(i18n.LobbyPlayers, len(s.lobby.Players))),
		goapp.Ul().ID("players").Class("players").Body(
			goapp.Range(s.lobby.Players).Slice(func(i int) goapp.UI {
				return s.lobbyRow(i)
			}),
		),
		goapp.If(len(s.lobby.Screens) > 0, func() goapp.UI {
			return goapp.Div().Class("table-screens").Body(
				goapp.H3().ID("screens-heading").Class("label").Text(s.t(i18n.LobbyScreens, len(s.lobby.Screens))),
				goapp.Ul().ID("table-screens").Class("players").Aria("labelledby", "screens-heading").Body(
					goapp.Range(s.lobby.Screens).Slice(func(i int) goapp.UI { return s.screenRow(i) }),
				),
			)
		}),
		goapp.P().Class("muted small").Text(s.t(i18n.LobbyWaiting)),
	)
}

// lobbyRow is one line of the player list as a component of its own: go-app draws a
// component again only when one of its exported fields changed, so an update (a rename,
// someone coming online) redraws the rows it touches, not the whole list, which with 24
// screens was the largest part of the host's redraw (issue 9). Its fields are everything
// renderPlayer and renderSeatMenu read; an event on a row still redraws the shell, as go-app
// updates every enclosing component.
type lobbyRow struct {
	goapp.Compo

	Row  PlayerRow
	Lang i18n.Lang
	// The host's seat menu, when it is on this row: open or not, the rename draft, where up
	// and down move it (moveTargets), and whether it is last.
	Menu, MenuOpen bool
	NameDraft      string
	Up, Down       int
	Last           bool

	shell *Shell
}

func (s *Shell) lobbyRow(i int) *lobbyRow {
	r := s.row(s.lobby.Players[i])
	if r.Menu {
		r.Last = i == len(s.lobby.Players)-1
		r.Up, r.Down = s.moveTargets(i)
	}
	return r
}

// screenRow is a table screen's line, a component for the same reason (a full game may have
// as many screens as players); its menu only renames or removes.
func (s *Shell) screenRow(i int) *lobbyRow { return s.row(s.lobby.Screens[i]) }

func (s *Shell) row(p PlayerRow) *lobbyRow {
	r := &lobbyRow{Row: p, Lang: s.lang, shell: s}
	if r.Menu = s.lobby.IsHost && !p.You && s.pass == nil; r.Menu {
		r.MenuOpen = s.sfDraft.menuOpen && s.sfDraft.menuSeat == p.Seat
		r.NameDraft = s.sfDraft.seatNames[p.Seat]
	}
	return r
}

func (r *lobbyRow) Render() goapp.UI { return r.shell.renderPlayer(r) }

func (s *Shell) renderPlayer(r *lobbyRow) goapp.UI {
	p := r.Row
	presence, presenceText := "away", s.t(i18n.LobbyAway)
	if p.Online {
		presence, presenceText = "online", s.t(i18n.LobbyOnline)
	}
	class := "player"
	if p.You {
		class += " you"
	}
	return goapp.Li().Class(class).DataSet("seat", p.Seat).Body(
		goapp.Span().Class("presence "+presence).Title(presenceText).Body(
			goapp.Span().Class("visually-hidden").Text(presenceText),
		),
		goapp.Span().Class("player-name").Text(p.Name),
		goapp.If(p.Host, func() goapp.UI {
			return goapp.Span().Class("badge host").Text(s.t(i18n.LobbyHostBadge))
		}),
		goapp.If(p.You, func() goapp.UI {
			return goapp.Span().Class("badge you").Text(s.t(i18n.LobbyYouBadge))
		}),
		s.renderSeatMenu(r),
	)
}

func (s *Shell) renderRename() goapp.UI {
	current := ""
	for _, p := range s.lobby.Players {
		if p.You {
			current = p.Name
		}
	}
	return goapp.Form().ID("rename-form").Class("card").OnSubmit(s.onRename).Body(
		goapp.Label().For("rename-input").Class("label").Text(s.t(i18n.LobbyRenameLabel)),
		goapp.Div().Class("row").Body(
			goapp.Input().ID("rename-input").Class("field").Type("text").
				Value(s.lobby.RenameDraft).
				Placeholder(current).
				AutoComplete(false).
				MaxLength(MaxNameRunes*2).
				Aria("invalid", s.lobby.RenameError != "").
				Aria("describedby", "rename-error").
				OnInput(func(ctx goapp.Context, e goapp.Event) {
					s.lobby.RenameDraft = ctx.JSSrc().Get("value").String()
					s.lobby.RenameError = ""
				}),
			goapp.Button().ID("rename").Class("btn secondary").Type("submit").Text(s.t(i18n.LobbyRename)),
		),
		fieldError("rename-error", s.lobby.RenameError),
	)
}
