package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// renderConnecting: what happens now, and a way out.
func (s *Shell) renderConnecting() goapp.UI {
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
	return el("main.screen.connecting[aria-busy=true]",
		el("div.content.centered",
			el("div.spinner[aria-hidden=true]"),
			elText("h1#connecting-title", title),
			elText("p#connecting-hint.muted[aria-live=polite]", hint),
		),
		el("footer.actions",
			elTextWith("button#cancel.btn.secondary[type=button]", s.t(i18n.ConnectCancel)).OnClick(s.onCancel),
		),
	)
}

// renderWaitingForHost: the player typed the room code and the host has yet to let them in.
// The room code is shown big, so the player can check it is the right game.
func (s *Shell) renderWaitingForHost() goapp.UI {
	return el("main.screen.connecting.waiting",
		el("div.content.centered[role=status][aria-live=polite]",
			el("div.knock-mark[aria-hidden=true]",
				el("span.knock-dot"), el("span.knock-dot"), el("span.knock-dot"),
			),
			elText("h1#connecting-title", s.t(i18n.WaitTitle)),
			el("p#waiting-room.room.waiting-room",
				elText("span.room-label", s.t(i18n.LobbyRoomCode)),
				elText("strong.room-code", s.connecting.Room),
			),
			elText("p.muted.lead", s.t(i18n.WaitHint)),
		),
		el("footer.actions",
			elTextWith("button#cancel.btn.secondary[type=button]", s.t(i18n.ConnectCancel)).OnClick(s.onCancel),
		),
	)
}
