package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
)

// Continuing the game without its host: once the host's phone has been gone for
// 90 seconds, every guest's banner offers "Continue the game on this phone"; a press asks the
// table, and every other guest is asked to agree. With most of the table agreeing the game
// goes on from its last sealed moment on the phone that asked (applyHandoff's Update.Host).

// applyTakeover keeps the session's news of a takeover for the banner.
func (s *shell) applyTakeover(ctx goapp.Context, t session.Takeover) {
	h := &s.handoff
	switch {
	case t.Ended:
		h.Offer, h.Asked, h.Agreed, h.Asking2 = nil, false, false, nil
	case t.Offer:
		h.Offer = &t
		if t.Possible && s.askWhenOffered {
			// Pressed in the player build before this tab reloaded into this one.
			s.askWhenOffered = false
			s.onAskTakeover(ctx, goapp.Event{})
		}
	case t.Asking:
		h.Asking2 = &t
	case t.Asker >= 0:
		h.Asked, h.Asker = true, t.Asker
	}
}

// seatName is the name of seat no as the lobby lists it.
func (s *shell) seatName(no int) string {
	for _, p := range append(s.lobby.Players, s.lobby.Screens...) {
		if p.Seat == session.Seat(no) {
			return p.Name
		}
	}
	return s.t(i18n.HostAwayUnnamed)
}

// renderTakeover: the offer, this device's ask under way, or another device's ask.
func (s *shell) renderTakeover() []goapp.UI {
	h := s.handoff
	if !s.hostAway() {
		return nil
	}
	host := s.hostName()
	switch {
	case h.Asking2 != nil:
		return []goapp.UI{ui.ElWith("div.knock.card.takeover-asking",
			ui.ElText("p#takeover-asking.knock-text", s.t(i18n.TakeoverAsking, h.Asking2.Have, h.Asking2.Need)))}
	case h.Asked && h.Agreed:
		return []goapp.UI{ui.ElWith("div.knock.card.takeover-agreed",
			ui.ElText("p#takeover-agreed.knock-text", s.t(i18n.TakeoverAgreed, s.seatName(h.Asker))))}
	case h.Asked:
		return []goapp.UI{ui.ElWith("div.knock.card.takeover-asked[role=alertdialog]",
			ui.ElText("p#takeover-asked.knock-text", s.t(i18n.TakeoverAsked, s.seatName(h.Asker))),
			ui.ElText("p.muted", s.t(i18n.TakeoverAskedBody, host)),
			ui.El("div.knock-actions",
				ui.ElTextWith("button#takeover-not-now.btn.secondary[type=button]", s.t(i18n.TakeoverNotNow)).
					OnClick(func(ctx goapp.Context, _ goapp.Event) { s.handoff.Asked = false }),
				ui.ElTextWith("button#takeover-agree.btn.primary[type=button]", s.t(i18n.TakeoverAgree)).
					OnClick(s.onAgreeTakeover),
			),
		)}
	case h.Offer != nil && h.Offer.Possible:
		return []goapp.UI{ui.ElWith("div.knock.card.takeover-offer",
			ui.ElText("p.knock-text", s.t(i18n.TakeoverOfferBody, host)),
			ui.El("div.knock-actions",
				// The player build waits for the full build after the press (the loader's strip
				// says how much came): the button says the press was taken.
				ui.ElTextWith("button#takeover-ask.btn.primary[type=button]", s.t(i18n.TakeoverOffer)).
					Attr("disabled", s.fullWait != nil).Aria("busy", s.fullWait != nil).OnClick(s.onAskTakeover)),
		)}
	case h.Offer != nil:
		why := s.t(i18n.TakeoverNeedsHandoff, host)
		if h.Offer.Why == session.TakeoverNoCopy {
			why = s.t(i18n.TakeoverNoCopy)
		}
		return []goapp.UI{ui.ElText("p#takeover-impossible.note.subtle", why)}
	}
	return nil
}

func (s *shell) onAskTakeover(ctx goapp.Context, _ goapp.Event) {
	if s.live == nil {
		return
	}
	if !ui.Hosts {
		// The player build cannot host the game (wasm/doc.go): the tab reloads into the full
		// build with its seat carried (carryseat.go), and asks from there.
		s.keepSeatForReload(ctx, s.live)
		s.switchToFull(continuation{Do: continueToTakeover})
		return
	}
	if err := s.live.client.AskTakeover(); err != nil {
		s.showToast(ctx, s.t(i18n.TakeoverNotPossible))
	}
}

func (s *shell) onAgreeTakeover(ctx goapp.Context, _ goapp.Event) {
	if s.live == nil {
		return
	}
	if err := s.live.client.AgreeTakeover(); err != nil {
		s.showToast(ctx, s.t(i18n.TakeoverNotPossible))
		return
	}
	s.handoff.Agreed = true
}
