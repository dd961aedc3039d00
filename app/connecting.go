package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
)

// renderConnecting: what happens now, and a way out.
func (s *shell) renderConnecting() goapp.UI {
	if s.connecting.Waiting {
		return s.renderWaitingForHost()
	}
	// A host sets up its room; only a player connects to another device.
	title, hint := s.t(i18n.ConnectCreating), s.t(i18n.ConnectHostHint)
	switch {
	case s.connecting.Reopening:
		title, hint = s.t(i18n.ConnectReopening, s.connecting.Room), s.t(i18n.ConnectReopenHint)
	case s.connecting.Room != "":
		title = s.t(i18n.ConnectJoining, s.connecting.Room)
		hint = s.t(i18n.ConnectHint)
		if s.connecting.Relay {
			hint = s.t(i18n.ConnectRelayHint)
		}
	}
	return ui.El("main.screen.connecting[aria-busy=true]",
		ui.El("div.content.centered",
			ui.El("div.spinner[aria-hidden=true]"),
			ui.ElText("h1#connecting-title", title),
			ui.ElText("p#connecting-hint.muted[aria-live=polite]", hint),
		),
		ui.El("footer.actions",
			ui.ElTextWith("button#cancel.btn.secondary[type=button]", s.t(i18n.ConnectCancel)).OnClick(s.onCancel),
		),
	)
}

// renderWaitingForHost: the player typed the room code and the host has yet to let them in.
// The room code is shown big, so the player can check it is the right game.
func (s *shell) renderWaitingForHost() goapp.UI {
	return ui.El("main.screen.connecting.waiting",
		ui.El("div.content.centered[role=status][aria-live=polite]",
			ui.El("div.knock-mark[aria-hidden=true]",
				ui.El("span.knock-dot"), ui.El("span.knock-dot"), ui.El("span.knock-dot"),
			),
			ui.ElText("h1#connecting-title", s.t(i18n.WaitTitle)),
			ui.El("p#waiting-room.room.waiting-room",
				ui.ElText("span.room-label", s.t(i18n.LobbyRoomCode)),
				ui.ElText("strong.room-code", s.connecting.Room),
			),
			ui.ElText("p.muted.lead", s.t(i18n.WaitHint)),
		),
		ui.El("footer.actions",
			ui.ElTextWith("button#cancel.btn.secondary[type=button]", s.t(i18n.ConnectCancel)).OnClick(s.onCancel),
		),
	)
}
