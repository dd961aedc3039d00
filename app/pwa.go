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

// wakeLock keeps the screen on during a game. The browser drops a screen wake lock whenever
// the page is hidden, so it is requested again each time the page becomes visible while it
// is still wanted.
type wakeLock struct {
	wanted   bool
	sentinel goapp.Value // the WakeLockSentinel held, or nil
	pending  bool        // a request is under way
	onShow   goapp.Func
}

func wakeLockSupported() bool {
	nav := goapp.Window().Get("navigator")
	return isSecureContext() && nav.Get("wakeLock").Truthy()
}

// want holds or releases the lock; calling it again with the same value does nothing.
func (w *wakeLock) want(on bool) {
	if on == w.wanted || !wakeLockSupported() {
		return
	}
	w.wanted = on
	doc := goapp.Window().Get("document")
	if on {
		if w.onShow == nil {
			w.onShow = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
				if w.wanted && doc.Get("visibilityState").String() == "visible" {
					w.request()
				}
				return nil
			})
			doc.Call("addEventListener", "visibilitychange", w.onShow)
		}
		w.request()
		return
	}
	if w.sentinel != nil && w.sentinel.Truthy() {
		w.sentinel.Call("release")
	}
	w.sentinel = nil
}

func (w *wakeLock) request() {
	if w.pending || (w.sentinel != nil && w.sentinel.Truthy() && !w.sentinel.Get("released").Bool()) {
		return
	}
	w.pending = true
	promise := goapp.Window().Get("navigator").Get("wakeLock").Call("request", "screen")
	var onOK, onErr goapp.Func
	release := func() { onOK.Release(); onErr.Release() }
	onOK = goapp.FuncOf(func(_ goapp.Value, args []goapp.Value) any {
		release()
		w.pending = false
		w.sentinel = args[0]
		if !w.wanted { // the game ended while the request was under way
			w.sentinel.Call("release")
			w.sentinel = nil
		}
		return nil
	})
	// A refusal (battery saver, hidden page) is not an error to show: the game plays on.
	onErr = goapp.FuncOf(func(goapp.Value, []goapp.Value) any { release(); w.pending = false; return nil })
	promise.Call("then", onOK, onErr)
}
