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

// renderSeatMenu is the host's menu on a lobby row: rename that player, move
// them up or down the table order, or remove them; a table screen has no place in the table
// order, so it is only renamed or removed. Nothing for the host's own row, nor for the other
// players.
func (s *shell) renderSeatMenu(r *lobbyRow) goapp.UI {
	if !r.Menu {
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

// seatMenu is the host's seat menu in the lobby, kept between renders: whether one is open
// and on which row, and the rename drafts typed in them, by session seat.
type seatMenu struct {
	open  bool
	seat  session.Seat
	names map[session.Seat]string
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
