package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// renderError: what went wrong in plain words, and the way back home (or to try again).
func (s *Shell) renderError() goapp.UI {
	return goapp.Main().Class("screen error").Body(
		goapp.Div().Class("content centered").Body(
			goapp.Img().Class("error-mark").Src("/web/not-found.svg").Alt("").Role("presentation").Width(72).Height(72),
			goapp.H1().ID("error-title").Text(s.failure.Title),
			goapp.P().ID("error-body").Class("lead").Attr("role", "alert").Text(s.failure.Body),
		),
		goapp.Footer().Class("actions").Body(
			goapp.If(s.retry != nil, func() goapp.UI {
				label := s.retryLabel
				if label == "" {
					label = s.t(i18n.ErrorTryAgain)
				}
				return goapp.Button().ID("retry").Class("btn secondary").Type("button").
					Text(label).OnClick(s.onRetry)
			}),
			goapp.Button().ID("back-home").Class("btn primary").Type("button").
				Text(s.t(i18n.ErrorBackHome)).OnClick(s.onBackHome),
		),
	)
}
