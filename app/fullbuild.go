package app

import (
	"encoding/json"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
)

// An invite link loads the player build (-tags player, wasm/doc.go), which joins games and
// hosts none (issue 35). Once it has joined, it has the service worker fetch the full build
// in the background (keepFullBuild), so that the next visit can host and play offline. A
// player who wants something only the full build does before that (Create, a game with QR
// codes, pass-and-play: hosting_player.go) sees the page's loader strip, with the download's
// progress, until the worker has the full build; the tab then reloads into it, and the full
// build carries on with what was pressed (carryon.go). The name is in localStorage already
// (checkName), pass-and-play's names travel in the continuation, and the languages and
// themes are preferences: nothing typed is lost. The page's build.js does the JavaScript
// part (wasm/gen).

// continueKey is where a tab switching to the full build keeps what to carry on with
// (sessionStorage, so only this tab's reload reads it; build.js loads the full build while
// it is there).
const continueKey = "safehouse.continue"

// continuation is what the full build carries on with after the switch.
type continuation struct {
	Do    string `json:"do"`              // what was pressed: one of the continueTo values
	Names string `json:"names,omitempty"` // pass-and-play's names, as typed
}

// What a continuation carries on with.
const (
	continueToCreate = "create"  // Create a game (with a server)
	continueToQRHost = "qr-host" // host a game with no internet, through QR codes
	continueToPass   = "pass"    // seat the table of pass-and-play
)

// keepFullBuild has the service worker fetch the full build in the background, when this is
// the player build and the worker has not got it (build.js; nothing in the full build).
func keepFullBuild() {
	if b := goapp.Window().Get("safehouseBuild"); b.Truthy() {
		b.Call("keepFull")
	}
}

// switchToFull waits for the full build with the loader strip on screen, then reloads the tab
// into it to carry on with then. A download that fails leaves the page as it was, with the
// error page offering to try again.
func (s *shell) switchToFull(then continuation) {
	if s.fullWait != nil {
		return // a second press while the first waits
	}
	b := goapp.Window().Get("safehouseBuild")
	raw, err := json.Marshal(then)
	if !b.Truthy() || err != nil {
		s.showError(i18n.ErrorHostTitle, i18n.ErrorFullBuild, nil)
		return
	}
	s.fullWait = &fullBuildWait{}
	var progress, failed goapp.Func
	progress = goapp.FuncOf(func(_ goapp.Value, args []goapp.Value) any {
		percent := args[0].Int()
		s.ui.Dispatch(func(goapp.Context) {
			if s.fullWait != nil {
				s.fullWait.percent = percent
			}
		})
		return nil
	})
	failed = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		progress.Release()
		failed.Release()
		s.ui.Dispatch(func(goapp.Context) {
			s.fullWait = nil
			s.showError(i18n.ErrorHostTitle, i18n.ErrorFullBuild, func(goapp.Context) { s.switchToFull(then) })
		})
		return nil
	})
	b.Call("switchToFull", string(raw), progress, failed)
}

// renderFullBuildWait is the page's loader strip (styles.css: #app-wasm-loader) saying how
// much of the full build came, over the screen the player pressed on.
func (s *shell) renderFullBuildWait() goapp.UI {
	if s.fullWait == nil {
		return goapp.Text("")
	}
	return ui.El("aside#full-build-loader.goapp-app-info[role=status]",
		ui.ElVoid("img.goapp-logo.goapp-spin[src=/web/icon-192.png][alt=]"),
		ui.ElText("p.goapp-label", s.t(i18n.LoadingFullBuild, s.fullWait.percent)),
	)
}
