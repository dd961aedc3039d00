package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
)

// renderError: what went wrong in plain words, and the way back home (or to try again).
func (s *shell) renderError() goapp.UI {
	return ui.El("main.screen.error",
		ui.El("div.content.centered",
			ui.ElVoid("img.error-mark[src=/web/not-found.svg][alt=][role=presentation][width=72][height=72]"),
			ui.ElText("h1#error-title", s.t(s.failure.Title)),
			ui.ElText("p#error-body.lead[role=alert]", s.t(s.failure.Body, s.failure.BodyArgs...)),
		),
		ui.El("footer.actions",
			goapp.If(s.failure.Hosting, func() goapp.UI {
				return ui.ElTextWith("button#qr-start.btn.primary[type=button]", s.t(i18n.ErrorHostQR)).OnClick(s.onQRStart)
			}),
			goapp.If(s.retry != nil, func() goapp.UI {
				label := s.retryLabel
				if label == "" {
					label = i18n.ErrorTryAgain
				}
				return ui.ElTextWith("button#retry.btn.secondary[type=button]", s.t(label)).OnClick(s.onRetry)
			}),
			goapp.If(s.failure.NoServer && !s.failure.Hosting, func() goapp.UI { return s.renderQREntry() }),
			goapp.If(s.failure.Hosting, func() goapp.UI {
				return ui.ElTextWith("button#back-home.btn.ghost[type=button]", s.t(i18n.ErrorBackHome)).OnClick(s.onBackHome)
			}).Else(func() goapp.UI {
				return ui.ElTextWith("button#back-home.btn.primary[type=button]", s.t(i18n.ErrorBackHome)).OnClick(s.onBackHome)
			}),
		),
	)
}
