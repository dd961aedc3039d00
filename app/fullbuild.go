package app

import (
	"encoding/json"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
)

// An invite link loads the player build (-tags player, wasm/doc.go), which joins games and
// hosts none (issue 35). Once it has joined, it has the service worker fetch the full build
// in the background (keepFullBuild), so that the next visit can host and play offline. A
// player who wants something only the full build does before that (Create, a game with QR
// codes, pass-and-play: hosting_player.go; joining with QR codes: qrjoin_player.go) sees the
// page's loader strip, with the download's progress, until the worker has the full build;
// the tab then reloads into it, and the full build carries on with what was pressed
// (carryon.go). The name is in localStorage already
// (checkName), pass-and-play's names travel in the continuation, and the languages and
// themes are preferences: nothing typed is lost. A player-build tab in a game moves to the
// full build by itself once the worker keeps it, at a moment nobody sees (moveToFullUnseen),
// because only the full build can be handed the game or host it. Taking the game over when the
// host's phone dies does not wait for that: the press reloads the tab into the full build with
// its seat carried (carryseat.go). The page's build.js does the JavaScript part (wasm/gen).

// continueKey is where a tab switching to the full build keeps what to carry on with
// (sessionStorage, so only this tab's reload reads it; build.js loads the full build while
// it is there).
const continueKey = "safehouse.continue"

// continuation is what the full build carries on with after the switch.
type continuation struct {
	Do    string `json:"do"`              // what was pressed: one of the continueTo values
	Names string `json:"names,omitempty"` // pass-and-play's names, as typed
	Watch bool   `json:"watch,omitempty"` // the QR join as a table screen (home.go's toggle)
}

// What a continuation carries on with.
const (
	continueToCreate   = "create"   // Create a game (with a server)
	continueToQRHost   = "qr-host"  // host a game with no internet, through QR codes
	continueToPass     = "pass"     // seat the table of pass-and-play
	continueToQRJoin   = "qr-join"  // join a game with no internet: scan the host's QR code
	continueToTakeover = "takeover" // continue the game whose host is away on this phone (carryseat.go)
)

// keepFullBuild has the service worker fetch the full build in the background, when this is
// the player build and the worker has not got it (build.js; nothing in the full build). Once
// the worker keeps it, this tab moves to it the first time nobody is looking
// (moveToFullUnseen).
func (s *shell) keepFullBuild() {
	b := goapp.Window().Get("safehouseBuild")
	if !b.Truthy() {
		return
	}
	if s.onFullKept == nil {
		s.onFullKept = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
			s.ui.Dispatch(func(goapp.Context) { s.fullBuildKept() })
			return nil
		})
	}
	b.Call("keepFull", s.onFullKept)
}

// fullBuildKept follows the page's visibility from the moment the worker keeps the full build.
func (s *shell) fullBuildKept() {
	if !s.fullKept {
		s.fullKept = true
		if doc := goapp.Window().Get("document"); doc.Truthy() {
			doc.Call("addEventListener", "visibilitychange", goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
				s.ui.Dispatch(func(goapp.Context) { s.moveToFullUnseen() })
				return nil
			}))
		}
	}
	s.moveToFullUnseen()
}

// moveToFullUnseen reloads a player-build tab into the full build its worker keeps while the
// page is hidden (the phone asleep, another app in front), so that this device too can be
// handed the game, and takes it over without a reload if its host's phone dies. It moves only when the tab comes back as it was: a
// guest of a game with a server, joined by the link (its proof and its seat's token are kept),
// with the host reachable and no handoff or takeover under way. The seat comes back with its
// token as after any reload, and the host sends the seat its share of the sealed game again
// (seal_host.go), which a reload while the host is away could not get back. Nobody sees the
// reload: the screen is back as it was when the player looks again.
func (s *shell) moveToFullUnseen() {
	doc := goapp.Window().Get("document")
	if !s.fullKept || s.movingToFull || s.fullWait != nil || !doc.Truthy() || doc.Get("visibilityState").String() != "hidden" {
		return
	}
	live := s.live
	if live == nil || live.hosts() || live.hostsQR() || live.invite.Secret == "" || s.pass != nil ||
		s.lobby.Status != session.StatusOnline || (s.screen != screenLobby && s.screen != screenGame) ||
		s.handoff != (handoffModel{}) {
		return
	}
	s.movingToFull = true
	goapp.Window().Get("safehouseBuild").Call("reloadIntoFull")
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
	// The full build follows an invite in the address before it carries on (OnMount): a
	// player-build tab still has its invite there when its join failed (the error page offers
	// QR codes), and the reload would join that game again instead of doing what was pressed.
	clearFragment()
	b.Call("switchToFull", string(raw), progress, failed)
}

// renderFullBuildWait is the page's loader strip (styles.css: #app-wasm-loader) saying how
// much of the full build came, over the screen the player pressed on.
func (s *shell) renderFullBuildWait() goapp.UI {
	if s.fullWait == nil {
		return goapp.Text("")
	}
	return ui.El("aside#full-build-loader.goapp-app-info[role=status]",
		ui.ElVoid("img.goapp-logo.goapp-spin[src=/web/icon-192.png][alt=][role=presentation]"),
		ui.ElText("p.goapp-label", s.t(i18n.LoadingFullBuild, s.fullWait.percent)),
	)
}
