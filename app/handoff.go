package app

import (
	"context"
	"errors"
	"fmt"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
)

// The game outlives its host's phone. The host hands the game to another seated device from
// its banner: it picks a present player or table screen, whose player is asked
// and accepts; the game then runs there, and this tab comes back as its own seat (or goes
// home). When the host's device is gone, each guest is offered to continue the game on its
// own phone, and a majority of the table agrees (takeover.go). Both live in one banner region
// over the lobby and the game, like the host's knocks.

// handOver starts handing the game to seat: its player is asked; on yes the game moves, and
// this tab joins again as its own seat, or goes home.
func (s *shell) handOver(ctx goapp.Context, seat session.Seat, name string) {
	live := s.live
	if live == nil || !live.hosts() || s.handoff.Asking != "" {
		return
	}
	leave, own := s.handoff.Leave, s.ownName()
	s.handoff.Picking, s.handoff.Asking = false, name
	live.handingOver = true
	s.ui.Async(func() {
		ho, err := live.handOver(context.Background(), seat)
		s.ui.Dispatch(func(ctx goapp.Context) {
			s.handoff.Asking = ""
			if err != nil {
				live.handingOver = false
				if s.live != live {
					return
				}
				s.showToast(ctx, s.t(handoffRefusal(err), name))
				return
			}
			if s.live == live {
				s.live = nil
				_ = live.Close()
			}
			if leave {
				s.goHome()
				return
			}
			ctx.LocalStorage().Set(seatKey(ho.Room), ho.Token)
			s.join(ctx, own, invite{Room: ho.Room, Secret: ho.Secret})
		})
	})
}

// handoffRefusal says why a handoff did not happen: the chosen phone is no longer at the
// table (it left before or while it was asked), its player said no or did not answer, or the
// game could not get there.
func handoffRefusal(err error) i18n.Key {
	switch {
	case errors.Is(err, session.ErrHandoffSeat):
		return i18n.HandoffGone
	case errors.Is(err, session.ErrHandoffDeclined):
		return i18n.HandoffDeclined
	}
	return i18n.HandoffFailed
}

// answerHandoff is this guest's answer to the host's question.
func (s *shell) answerHandoff(ctx goapp.Context, yes bool) {
	ask := s.handoff.Ask
	if s.live == nil || ask == nil {
		return
	}
	if err := s.live.client.AnswerHandoff(ask.ID, yes); err != nil {
		s.showToast(ctx, s.t(i18n.LobbySendFailed))
		s.handoff.Ask = nil
		return
	}
	if yes {
		s.handoff.Taking = true
	} else {
		s.handoff.Ask = nil
	}
}

// handoffTargets are the devices the host may hand its game to: every present seat but its
// own, players and table screens, whose device can host (not the player build).
func (s *shell) handoffTargets() []playerRow {
	var out []playerRow
	for _, p := range append(append([]playerRow(nil), s.lobby.Players...), s.lobby.Screens...) {
		if !p.You && !p.Host && p.Online && !p.PlaysOnly {
			out = append(out, p)
		}
	}
	return out
}

// renderHandoff is the banner region of the game moving between devices. Its live region is
// always there, empty when there is nothing to say, as the knocks' is.
func (s *shell) renderHandoff() goapp.UI {
	region := ui.ElWith("div#handoff.knocks[aria-live=polite]")
	if s.live == nil || (s.screen != screenLobby && s.screen != screenGame) || s.pass != nil {
		return region
	}
	var body []goapp.UI
	switch {
	case s.handoff.MovedOn:
		body = append(body, ui.ElWith("div.knock.card.handoff-moved",
			ui.ElText("p.knock-text", s.t(i18n.HandoffMovedOn)),
			ui.El("div.knock-actions", ui.ElTextWith("button#handoff-moved-ok.btn.secondary[type=button]", s.t(i18n.HandoffOK)).
				OnClick(func(ctx goapp.Context, _ goapp.Event) { s.handoff.MovedOn = false })),
		))
	case s.live.hostsQR() || s.qr.Guest:
		if s.screen == screenLobby {
			body = append(body, ui.ElText("p#handoff-qr-note.note.subtle", s.t(i18n.HandoffNoServer)))
		}
	case s.live.hosts():
		body = append(body, s.renderHandoffHost()...)
	default:
		body = append(body, s.renderHandoffGuest()...)
		body = append(body, s.renderTakeover()...)
	}
	if len(body) == 0 {
		return region
	}
	return region.Body(ui.El("section.knock-list.handoff", body...))
}

// renderHandoffHost: the host's way to hand the game over, its list of devices, and the
// question under way.
func (s *shell) renderHandoffHost() []goapp.UI {
	if !ui.Hosts {
		return nil
	}
	if s.handoff.Asking != "" {
		return []goapp.UI{ui.ElWith("div.knock.card.handoff-asking",
			ui.ElText("p#handoff-asking.knock-text", s.t(i18n.HandoffAsking, s.handoff.Asking)))}
	}
	targets := s.handoffTargets()
	if !s.handoff.Picking {
		if len(targets) == 0 {
			return nil
		}
		return []goapp.UI{ui.ElTextWith("button#handoff-open.btn.ghost.small[type=button]", s.t(i18n.HandoffOpen)).
			OnClick(func(ctx goapp.Context, _ goapp.Event) { s.handoff.Picking = true })}
	}
	items := []goapp.UI{
		ui.ElText("p.knock-text", s.t(i18n.HandoffPickTitle)),
		ui.ElText("p.muted.small", s.t(i18n.HandoffPickHint)),
	}
	if len(targets) == 0 {
		items = append(items, ui.ElText("p.muted", s.t(i18n.HandoffPickNone)))
	}
	for _, p := range targets {
		seat, name, label := p.Seat, p.Name, p.Name
		if p.Spectator {
			label = s.t(i18n.HandoffPickScreen, p.Name)
		}
		items = append(items, ui.ElTextWith("button.btn.secondary.handoff-target[type=button]", label).
			ID(fmt.Sprintf("handoff-to-%d", seat)).
			OnClick(func(ctx goapp.Context, _ goapp.Event) { s.handOver(ctx, seat, name) }, goapp.EventScope(seat)))
	}
	items = append(items,
		ui.ElWith("label.row.handoff-leave",
			ui.ElVoidWith("input#handoff-leave[type=checkbox]").Attr("checked", s.handoff.Leave).
				OnChange(func(ctx goapp.Context, _ goapp.Event) { s.handoff.Leave = ctx.JSSrc().Get("checked").Bool() }),
			ui.ElText("span", s.t(i18n.HandoffLeave)),
		),
		ui.ElTextWith("button#handoff-cancel.btn.ghost[type=button]", s.t(i18n.HandoffCancel)).
			OnClick(func(ctx goapp.Context, _ goapp.Event) { s.handoff.Picking = false }),
	)
	return []goapp.UI{ui.El("div.knock.card.handoff-pick", items...)}
}

// renderHandoffGuest: the host's question to this guest, and the taking over once it said yes.
func (s *shell) renderHandoffGuest() []goapp.UI {
	if s.handoff.Ask == nil {
		return nil
	}
	if s.handoff.Taking {
		return []goapp.UI{ui.ElWith("div.knock.card.handoff-taking", ui.ElText("p#handoff-taking.knock-text", s.t(i18n.HandoffTaking)))}
	}
	host := s.hostName()
	return []goapp.UI{ui.ElWith("div.knock.card.handoff-ask[role=alertdialog]",
		ui.ElText("p#handoff-ask-title.knock-text", s.t(i18n.HandoffAskTitle)),
		ui.ElText("p.muted", s.t(i18n.HandoffAskBody, host)),
		ui.El("div.knock-actions",
			ui.ElTextWith("button#handoff-decline.btn.secondary[type=button]", s.t(i18n.HandoffDecline)).
				OnClick(func(ctx goapp.Context, _ goapp.Event) { s.answerHandoff(ctx, false) }),
			ui.ElTextWith("button#handoff-accept.btn.primary[type=button]", s.t(i18n.HandoffAccept)).
				OnClick(func(ctx goapp.Context, _ goapp.Event) { s.answerHandoff(ctx, true) }),
		),
	)}
}
