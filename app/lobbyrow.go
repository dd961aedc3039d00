package app

import (
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
	"safehouse/wire"
)

// One line of the lobby's player list, and the host's menu on it (rename, move, remove).

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

func (r *lobbyRow) Render() goapp.UI { return r.shell.renderPlayer(r) }

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

// renderSeatMenu is the host's menu on a lobby row: rename that player, move
// them up or down the table order, or remove them; a table screen has no place in the table
// order, so it is only renamed or removed. Nothing for the host's own row, nor for the other
// players.
func (s *shell) renderSeatMenu(r *lobbyRow) goapp.UI {
	if !ui.Hosts || !r.Menu {
		return goapp.Text("")
	}
	// Up to place 0 would pass the host, whose seat stays first: the session refuses it.
	p, up, down, open := r.Row, r.Up, r.Down, r.MenuOpen
	if s.seatMenu.names == nil {
		s.seatMenu.names = map[session.Seat]string{}
	}
	input := "seat-name-" + strconv.Itoa(int(p.Seat))
	closeMenu := func() { s.seatMenu.open = false; s.seatMenu.names[p.Seat] = "" }
	return ui.ElWith("div.seat-menu",
		goapp.If(!open, func() goapp.UI {
			return ui.ElTextWith("button.btn.ghost.small.seat-menu-open[type=button]", "⋯").Aria("label", s.t(i18n.SFSeatMenu, p.Name)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { s.seatMenu.open, s.seatMenu.seat = true, p.Seat }, goapp.EventScope(p.Seat))
		}).Else(func() goapp.UI {
			return ui.El("div.seat-menu-body.card",
				ui.ElTextWith("label.label", s.t(i18n.SFSeatRename, p.Name)).Attr("for", input),
				ui.El("div.row",
					ui.ElVoidWith("input.field[type=text]").ID(input).Attr("value", r.NameDraft).Attr("placeholder", p.Name).
						Attr("maxlength", wire.MaxNameRunes*2).
						OnInput(func(ctx goapp.Context, e goapp.Event) {
							s.seatMenu.names[p.Seat] = ctx.JSSrc().Get("value").String()
						}, goapp.EventScope(p.Seat)),
					ui.ElTextWith("button.btn.secondary.seat-rename[type=button]", s.t(i18n.LobbyRename)).
						OnClick(func(ctx goapp.Context, e goapp.Event) {
							name, err := wire.CleanName(s.seatMenu.names[p.Seat])
							if err != nil {
								s.showToast(ctx, s.nameProblem(err))
								return
							}
							closeMenu()
							s.sendGame(ctx, game.RenameSeat(p.Seat, name))
						}, goapp.EventScope(p.Seat)),
				),
				ui.El("div.sf-chiprow",
					goapp.If(!p.Spectator, func() goapp.UI {
						return ui.ElTextWith("button.btn.secondary.small.seat-up[type=button]", s.t(i18n.SFSeatUp)).Attr("disabled", up == 0).
							OnClick(func(ctx goapp.Context, e goapp.Event) { closeMenu(); s.sendGame(ctx, game.MoveSeat(p.Seat, up)) }, goapp.EventScope(p.Seat, up))
					}),
					goapp.If(!p.Spectator, func() goapp.UI {
						return ui.ElTextWith("button.btn.secondary.small.seat-down[type=button]", s.t(i18n.SFSeatDown)).
							Attr("disabled", r.Last).
							OnClick(func(ctx goapp.Context, e goapp.Event) { closeMenu(); s.sendGame(ctx, game.MoveSeat(p.Seat, down)) }, goapp.EventScope(p.Seat, down))
					}),
					ui.ElTextWith("button.btn.danger.small.seat-kick[type=button]", s.t(i18n.SFSeatKick, p.Name)).
						OnClick(func(ctx goapp.Context, e goapp.Event) { closeMenu(); s.sendGame(ctx, game.Kick(p.Seat)) }, goapp.EventScope(p.Seat)),
					ui.ElTextWith("button.btn.ghost.small.seat-menu-close[type=button]", s.t(i18n.SFClose)).
						OnClick(func(ctx goapp.Context, e goapp.Event) { closeMenu() }, goapp.EventScope(p.Seat)),
				),
			)
		}),
	).DataSet("seat", p.Seat)
}

// moveTargets are where the menu's up and down put the player at pos of the list. Up and
// down are among the players, but the host's seats also hold the table screens, so a move
// names the place (playerRow.Order) of the player passed over.
func (s *shell) moveTargets(pos int) (up, down int) {
	if pos > 0 {
		up = s.lobby.Players[pos-1].Order
	}
	if pos < len(s.lobby.Players)-1 {
		down = s.lobby.Players[pos+1].Order
	}
	return up, down
}
