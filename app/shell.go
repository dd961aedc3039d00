package app

import (
	"context"
	"errors"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/wire"
)

// The shell's state, and what every screen of it uses: words in the player's language, a
// notice, the error page, the live session's end. Each screen and each way into a game is a
// file of its own above this one (component.go, at the top, mounts the shell and renders it).

// nameStorageKey is where the player's name is remembered (localStorage) between visits.
const nameStorageKey = "safehouse.name"

// toastDuration is how long a notice stays on screen.
const toastDuration = 5 * time.Second

// shell is the root component of "/": it holds which screen is shown and the view models of
// each, and turns button presses into session calls. All state changes happen on go-app's UI
// goroutine; session updates arrive through the shell context's Dispatch.
type shell struct {
	goapp.Compo

	lang     i18n.Lang
	mounted  bool // running in the browser (not the server's prerendered page)
	secure   bool // a secure context (https or localhost): install, offline, share work
	canShare bool // the Web Share API is there

	offline     bool     // the device has no network at all (navigator.onLine false)
	theme       theme    // chosen in the settings strip (preferences.go, settings.go)
	awake       wakeLock // held while a game is on screen (browser.go)
	updateReady bool     // a new version is cached and starts next time (pwa.go)
	watching    bool     // join as a table screen (home.go, gamescreen.go)

	packs packLoader // this device's language pack (preferences.go, settings.go)

	screen     screen
	home       homeModel
	connecting connectingModel
	lobby      lobbyModel
	failure    errorModel
	game       gameModel      // the game part of the latest view
	games      gameUIs        // this device's own state of each game's screens (games.go, gameview.go)
	seatMenu   seatMenu       // the host's menu on a lobby row (lobbyrow.go)
	pass       *passPlay      // pass-and-play on this device, when on (pass.go)
	qr         qrModel        // a game with no internet, through QR codes (qrplay.go)
	handoff    handoffModel   // handing the game over, taking it over (handoff.go, takeover.go)
	fullWait   *fullBuildWait // the player build waiting for the full build (fullbuild.go)

	// The player build once the worker keeps the full build (fullbuild.go).
	fullKept     bool
	movingToFull bool       // reloading into it
	onFullKept   goapp.Func // build.js calls it when the worker has the full build

	seatCarried    bool // sessionStorage keeps this tab's seat for a reload (carryseat.go)
	askWhenOffered bool // reloaded into the full build to take the game over (carryseat.go)

	// ui is the shell's own context from OnMount. Work that finishes later dispatches through
	// it: an event's context belongs to the element clicked, and go-app drops a dispatch
	// once that element is gone (the button of a screen already left).
	ui goapp.Context

	pendingInvite *invite // an invite link opened before a name was known
	// Before OnMount (the first frame): what the prerendered page showed, taken over so that
	// the app's first frame is the same page (early.go, component.go).
	early       earlyInput
	firstInvite *invite
	inBrowser   bool // OnInit ran in a browser: secure and offline are the browser's answers
	live        *liveSession
	attempt     int // bumped by every connect and cancel; late answers of old attempts are dropped
	retry       func(goapp.Context)
	retryLabel  i18n.Key // the retry button's text when it is not "Try again"
	toastSerial int

	// stopJoining ends the join under way (waiting for the host included).
	stopJoining context.CancelFunc
}

// liveSession is this tab's connection to a game: the host's own seat, or a guest's.
type liveSession struct {
	hosting // what this tab hosts, nothing for a guest (hosting.go; the player build has none)
	client  *session.Client
	invite  invite
	view    *session.View // the latest, which a reload while the host is away shows (carryseat.go)
	cancel  context.CancelFunc
	// handingOver: this tab's host is handing its game over; the end of its player's
	// connection is that, not the end of the game (handoff.go).
	handingOver bool
}

func (s *shell) t(key i18n.Key, args ...any) string { return i18n.T(s.shownLang(), key, args...) }

// shownLang is the language the screens speak: the chosen one once its pack is loaded,
// English until then (preferences.go). Components (the lobby's rows, the Spyfall panel) carry it
// among the fields go-app compares, so the arrival of a pack changes it and redraws them:
// carrying the chosen language, a component drawn in English while its pack was on the way
// would compare equal when the pack came and stay English (issue 21).
func (s *shell) shownLang() i18n.Lang {
	if i18n.Loaded(s.lang) {
		return s.lang
	}
	return i18n.English
}

func (s *shell) checkName(ctx goapp.Context) (string, bool) {
	name, err := wire.CleanName(s.home.Name)
	if err != nil {
		s.home.NameError = s.nameProblem(err)
		return "", false
	}
	s.home.NameError = ""
	s.home.Name = name
	ctx.LocalStorage().Set(nameStorageKey, name)
	return name, true
}

func (s *shell) nameProblem(err error) string {
	switch {
	case errors.Is(err, wire.ErrNameTooLong):
		return s.t(i18n.NameTooLong, wire.MaxNameRunes)
	case errors.Is(err, wire.ErrNameNotText):
		return s.t(i18n.NameNotText)
	}
	return s.t(i18n.NameMissing)
}

// noticeText is what the player reads for a session update's notice: a refusal (any update
// with a code) in the catalogue's words for its code, reason and rule, never the host's
// English, which stays a detail of the message for logs; a notice of the player's own
// session (no code) as the session put it.
func (s *shell) noticeText(u session.Update) string {
	if u.Code == "" {
		return u.Notice
	}
	return i18n.RefusalText(s.shownLang(), u.Code, u.Reason, u.Rule)
}

// localRefusal is the sentence for an action this device refused before sending it, as if
// the host had refused it with the same code.
func (s *shell) localRefusal(err error) string {
	return i18n.RefusalText(s.shownLang(), session.CodeRefused, engine.Code(err), "")
}

func (s *shell) showToast(ctx goapp.Context, text string) {
	s.toastSerial++
	serial := s.toastSerial
	s.lobby.Toast = text
	s.ui.After(toastDuration, func(ctx goapp.Context) {
		if s.toastSerial == serial {
			s.lobby.Toast = ""
		}
	})
}

func (s *shell) showError(title, body i18n.Key, retry func(goapp.Context), bodyArgs ...any) {
	s.failure = errorModel{Title: title, Body: body, BodyArgs: bodyArgs}
	s.retry = retry
	s.retryLabel = ""
	s.screen = screenError
}

func (s *shell) closeLive() {
	s.pass = nil
	s.askWhenOffered = false
	if s.seatCarried { // the player left the game, or it ended: a reload must not come back to it
		s.ui.SessionStorage().Del(carriedKey)
		s.seatCarried = false
	}
	live := s.live
	if live == nil {
		return
	}
	s.live = nil
	_ = live.Close()
}

// Close ends the session: the player's client, the hosting if this tab hosts, its context.
func (l *liveSession) Close() error {
	if l.client != nil {
		l.client.Close()
	}
	l.closeHosting()
	if l.cancel != nil {
		l.cancel()
	}
	return nil
}
