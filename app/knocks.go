package app

import (
	"fmt"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
)

// renderKnocks: the host's banner of players who typed the room code and wait to be let in,
// above whatever screen the host is on (lobby or game). The polite live region is always
// there, empty when nobody waits, so a screen reader hears each new arrival, and go-app never
// moves the screen below it to another place in the tree.
func (s *shell) renderKnocks() goapp.UI {
	live := ui.ElWith("div#knocks.knocks[aria-live=polite]")
	if !ui.Hosts || s.live == nil || !s.live.hosts() || len(s.lobby.Waiting) == 0 ||
		(s.screen != screenLobby && s.screen != screenGame) {
		return live
	}
	return live.Body(ui.ElWith("section.knock-list",
		goapp.Range(s.lobby.Waiting).Slice(func(i int) goapp.UI { return s.renderKnock(s.lobby.Waiting[i]) }),
	).Aria("label", s.t(i18n.KnocksLabel)))
}

// renderKnock is one waiting player: who, and the host's two answers. The handlers depend on
// the knock's id, so they are scoped by it (an element keeps its first handler otherwise).
func (s *shell) renderKnock(k session.Knock) goapp.UI {
	name := k.Name
	if name == "" {
		name = s.t(i18n.KnockUnnamed)
	}
	asks := s.t(i18n.KnockAsks, name)
	if k.Spectator {
		asks = s.t(i18n.KnockAsksWatch, name)
	}
	id := k.ID
	return ui.ElWith("div.knock.card",
		ui.ElText("p.knock-text", asks),
		ui.El("div.knock-actions",
			ui.ElTextWith("button.btn.secondary.knock-away[type=button]", s.t(i18n.KnockTurnAway)).ID(fmt.Sprintf("knock-away-%d", id)).
				Aria("label", s.t(i18n.KnockTurnAwayLabel, name)).
				OnClick(func(ctx goapp.Context, _ goapp.Event) { s.answerKnock(ctx, session.KindTurnAway, id) }, goapp.EventScope(id)),
			ui.ElTextWith("button.btn.primary.knock-admit[type=button]", s.t(i18n.KnockAdmit)).ID(fmt.Sprintf("knock-admit-%d", id)).
				Aria("label", s.t(i18n.KnockAdmitLabel, name)).
				OnClick(func(ctx goapp.Context, _ goapp.Event) { s.answerKnock(ctx, session.KindAdmit, id) }, goapp.EventScope(id)),
		),
	).DataSet("knock", id)
}

// answerKnock sends the host's answer (KindAdmit or KindTurnAway) for the waiting player id.
// The banner updates with the host's next view, which no longer lists it.
func (s *shell) answerKnock(ctx goapp.Context, kind string, id int) {
	if s.live == nil || !s.live.hosts() {
		return
	}
	if err := s.live.client.Send(session.Intent{Kind: kind, Target: &id}); err != nil {
		s.showToast(ctx, s.t(i18n.LobbySendFailed))
	}
}
