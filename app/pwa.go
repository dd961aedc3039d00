package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
)

// OnAppUpdate runs when go-app's service worker has fetched and cached a new version. The
// new version is already complete in the cache (the worker installs all or nothing), and it
// starts on the next load; the shell only announces it and never reloads by itself, so no
// game is cut short. Only on the home screen, where nothing is lost, it offers a restart.
func (s *shell) OnAppUpdate(ctx goapp.Context) {
	s.updateReady = ctx.AppUpdateAvailable()
}

func (s *shell) onRestartForUpdate(ctx goapp.Context, _ goapp.Event) {
	if s.screen == screenHome && s.live == nil {
		ctx.Reload()
	}
}

// renderUpdateNotice is a polite live region, so a screen reader announces the update without
// interrupting; it is absent during a game.
func (s *shell) renderUpdateNotice() goapp.UI {
	if !s.updateReady || s.screen == screenGame || s.screen == screenConnecting {
		return goapp.Text("")
	}
	notice := ui.ElWith("div#update-notice.card.update-notice[role=status][aria-live=polite]")
	if s.screen == screenHome && s.live == nil {
		return notice.Body(
			ui.ElText("p", s.t(i18n.UpdateReady)),
			ui.ElTextWith("button#update-restart.btn[type=button]", s.t(i18n.UpdateRestart)).OnClick(s.onRestartForUpdate),
		)
	}
	return notice.Body(ui.ElText("p", s.t(i18n.UpdateReady)))
}
