package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// renderConnecting: what happens now, and a way out.
func (s *Shell) renderConnecting() goapp.UI {
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
