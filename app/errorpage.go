package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// renderError: what went wrong in plain words, and the way back home (or to try again).
func (s *Shell) renderError() goapp.UI {
	return el("main.screen.error",
		el("div.content.centered",
			elVoid("img.error-mark[src=/web/not-found.svg][alt=][role=presentation][width=72][height=72]"),
			elText("h1#error-title", s.failure.Title),
			elText("p#error-body.lead[role=alert]", s.failure.Body),
		),
		el("footer.actions",
			goapp.If(s.retry != nil, func() goapp.UI {
				label := s.retryLabel
				if label == "" {
					label = s.t(i18n.ErrorTryAgain)
				}
				return elTextWith("button#retry.btn.secondary[type=button]", label).OnClick(s.onRetry)
			}),
			elTextWith("button#back-home.btn.primary[type=button]", s.t(i18n.ErrorBackHome)).OnClick(s.onBackHome),
		),
	)
}
