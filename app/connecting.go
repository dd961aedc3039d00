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
	title := s.t(i18n.ConnectCreating)
	if s.connecting.Room != "" {
		title = s.t(i18n.ConnectJoining, s.connecting.Room)
	}
	return goapp.Main().Class("screen connecting").Aria("busy", true).Body(
		goapp.Div().Class("content centered").Body(
			goapp.Div().Class("spinner").Aria("hidden", true),
			goapp.H1().ID("connecting-title").Text(title),
			goapp.P().Class("muted").Text(s.t(i18n.ConnectHint)),
		),
		goapp.Footer().Class("actions").Body(
			goapp.Button().ID("cancel").Class("btn secondary").Type("button").
				Text(s.t(i18n.ConnectCancel)).OnClick(s.onCancel),
		),
	)
}

// renderWaitingForHost: the player typed the room code and the host has yet to let them in.
// The room code is shown big, so the player can check it is the right game.
func (s *Shell) renderWaitingForHost() goapp.UI {
	return goapp.Main().Class("screen connecting waiting").Body(
		goapp.Div().Class("content centered").Role("status").Aria("live", "polite").Body(
			goapp.Div().Class("knock-mark").Aria("hidden", true).Body(
				goapp.Span().Class("knock-dot"), goapp.Span().Class("knock-dot"), goapp.Span().Class("knock-dot"),
			),
			goapp.H1().ID("connecting-title").Text(s.t(i18n.WaitTitle)),
			goapp.P().ID("waiting-room").Class("room waiting-room").Body(
				goapp.Span().Class("room-label").Text(s.t(i18n.LobbyRoomCode)),
				goapp.Strong().Class("room-code").Text(s.connecting.Room),
			),
			goapp.P().Class("muted lead").Text(s.t(i18n.WaitHint)),
		),
		goapp.Footer().Class("actions").Body(
			goapp.Button().ID("cancel").Class("btn secondary").Type("button").
				Text(s.t(i18n.ConnectCancel)).OnClick(s.onCancel),
		),
	)
}
