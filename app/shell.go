package app

import (
	"context"
	"errors"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/wire"
)

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
	theme       theme    // chosen in the settings strip (settings.go)
	awake       wakeLock // held while a game is on screen (pwa.go)
	updateReady bool     // a new version is cached and starts next time (pwa.go)
	watching    bool     // join as a table screen (spectator.go)

	packs packLoader // this device's language pack (packs.go)

	screen     screen
	home       homeModel
	connecting connectingModel
	lobby      lobbyModel
	failure    errorModel
	game       gameModel    // the game part of the latest view
	games      gameUIs      // this device's own state of each game's screens (games.go)
	seatMenu   seatMenu     // the host's menu on a lobby row (seatmenu.go)
	pass       *passPlay    // pass-and-play on this device, when on
	qr         qrModel      // a game with no internet, through QR codes (qrplay.go)
	handoff    handoffModel // handing the game over, taking it over (handoff.go, takeover.go)

	// ui is the shell's own context from OnMount. Work that finishes later dispatches through
	// it: an event's context belongs to the element clicked, and go-app drops a dispatch
	// once that element is gone (the button of a screen already left).
	ui goapp.Context

	pendingInvite *invite // an invite link opened before a name was known
	// Before OnMount (the first frame): what the prerendered page showed, taken over so that
	// the app's first frame is the same page (early.go, OnInit).
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
	host   *session.HostSession // nil for a guest
	qr     *session.QRHost      // a host with no server (qrplay.go)
	client *session.Client
	invite invite
	cancel context.CancelFunc
	// handingOver: this tab's host is handing its game over; the end of its player's
	// connection is that, not the end of the game (handoff.go).
	handingOver bool
}

func (s *shell) t(key i18n.Key, args ...any) string { return i18n.T(s.shownLang(), key, args...) }

// shownLang is the language the screens speak: the chosen one once its pack is loaded,
// English until then (packs.go). Components (the lobby's rows, the Spyfall panel) carry it
// among the fields go-app compares, so the arrival of a pack changes it and redraws them:
// carrying the chosen language, a component drawn in English while its pack was on the way
// would compare equal when the pack came and stay English (issue 21).
func (s *shell) shownLang() i18n.Lang {
	if i18n.Loaded(s.lang) {
		return s.lang
	}
	return i18n.English
}

// OnInit runs before the first render, OnMount a frame later: the prerendered page's state
// and the browser's facts the page shows (early.js) are taken here so that the app's first
// frame is the page the player already sees (the invited screen, the name typed, a note on a
// plain-http page or with no network), not home for a frame, which moved the page under them.
func (s *shell) OnInit() {
	if goapp.IsClient {
		s.inBrowser, s.secure, s.offline = true, isSecureContext(), !online()
		s.startInLanguage()
		s.takeOverPage(goapp.Window().URL().EscapedFragment(), takeEarlyInput())
	}
}

// takeOverPage keeps the early input for OnMount and shows at once what the page showed: an
// invite's room (early.js swapped in the invited screen) and the fields as typed.
func (s *shell) takeOverPage(fragment string, early earlyInput) {
	s.early = early
	if inv, found, err := parseInvite(fragment); found && err == nil {
		s.firstInvite = &inv
	}
	if early.name != nil {
		s.home.Name = *early.name
	}
	if early.code != nil {
		s.home.Code = *early.code
	}
}

// OnMount reads what the browser knows: language, secure context, the remembered name.
func (s *shell) OnMount(ctx goapp.Context) {
	s.mounted = true
	s.ui = ctx
	s.lang = i18n.Match(browserLanguages()...)
	s.loadPreferences(ctx)
	s.secure = isSecureContext()
	s.canShare = canWebShare()
	var name string
	if err := ctx.LocalStorage().Get(nameStorageKey, &name); err == nil {
		s.home.Name = name
	}
	early := s.early
	s.applyEarlyInput(ctx, early)
	s.followFragment(ctx, early.typed())
	s.pressEarly(ctx, early)
	s.watchVisibility()
	s.watchNetwork()
	s.followPreferences()
	if s.live == nil && s.screen != screenConnecting && s.pendingInvite == nil {
		s.resumeHosting(ctx)
	}
	if s.live == nil && s.screen == screenHome && s.pendingInvite == nil {
		s.resumeQRGuest(ctx.LocalStorage(), time.Now()) // a QR player's page reloaded mid-game: straight to the scan
	}
}

// OnNav runs when the URL changes inside the app, e.g. an invite link opened in this tab.
func (s *shell) OnNav(ctx goapp.Context) { s.followFragment(ctx, false) }

// OnDismount ends the session with the component.
func (s *shell) OnDismount() { s.closeLive() }

// followFragment joins the game an invite link names, or explains why it cannot. With
// waitForPress (a name typed before the app ran) it asks for the Join press first.
func (s *shell) followFragment(ctx goapp.Context, waitForPress bool) {
	if s.live != nil || s.screen == screenConnecting {
		return
	}
	inv, found, err := parseInvite(goapp.Window().URL().EscapedFragment())
	switch {
	case !found:
		return
	case err != nil:
		s.showError(i18n.ErrorBadLinkTitle, i18n.ErrorBadLink, nil)
		return
	case s.pendingInvite != nil && *s.pendingInvite == inv:
		// Already waiting for the player's press (go-app navigates once more as it starts).
		return
	}
	name, nameErr := wire.CleanName(s.home.Name)
	if nameErr != nil || waitForPress {
		// Ask for a name first (the invited screen); the code and secret wait for its button.
		s.pendingInvite = &inv
		s.home.Code = inv.Room
		s.screen = screenHome
		return
	}
	s.join(ctx, name, inv)
}

// onCreate is the home screen's "Create a game".
func (s *shell) onCreate(ctx goapp.Context, _ goapp.Event) { s.create(ctx) }

func (s *shell) create(ctx goapp.Context) {
	if s.screen != screenHome || s.live != nil {
		// A second tap on Create before the next frame (see submitJoin) would start a second
		// host; closing the first, stale one would then clear the saved game the second uses.
		return
	}
	name, ok := s.checkName(ctx)
	if !ok {
		return
	}
	s.host(ctx, name)
}

// onJoin is the home screen's join form.
func (s *shell) onJoin(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	s.submitJoin(ctx)
}

func (s *shell) submitJoin(ctx goapp.Context) {
	if s.screen != screenHome || s.live != nil {
		// A second submit of the form (Enter, then a tap on Join; a second tap on a slow
		// phone): go-app runs each event's handler at once but redraws at its next frame, so
		// it comes after the first started joining. A join from it would have no invite
		// secret left (join takes it), and the host would make the player wait (issue 29).
		return
	}
	code, err := wire.NormalizeRoomCode(s.home.Code)
	if err != nil {
		s.home.CodeError = s.codeProblem(err)
	} else {
		s.home.CodeError = ""
	}
	name, ok := s.checkName(ctx)
	if !ok || err != nil {
		return
	}
	inv := invite{Room: code}
	if s.pendingInvite != nil && s.pendingInvite.Room == code {
		inv.Secret = s.pendingInvite.Secret
	}
	s.join(ctx, name, inv)
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

func (s *shell) codeProblem(err error) string {
	if errors.Is(err, wire.ErrCodeMissing) {
		return s.t(i18n.CodeMissing)
	}
	return s.t(i18n.CodeMalformed)
}

func (s *shell) options(name string) session.Options {
	var ice []string
	for _, u := range strings.Split(configuredICEServers(), ",") {
		if u = strings.TrimSpace(u); u != "" {
			ice = append(ice, u)
		}
	}
	return session.Options{
		SignalURL:  signalURL(configuredSignalURL(), goapp.Window().URL(), goapp.Getenv("GOAPP_ROOT_PREFIX")),
		Name:       name,
		ICEServers: ice,
		Spectator:  s.watching,
		// A guest's phone offers to continue the game once the host has been away this long.
		TakeoverAfter: configuredTakeoverAfter(),
	}
}

// host creates a game with this tab as its host.
func (s *shell) host(ctx goapp.Context, name string) {
	s.attempt++
	s.connecting = connectingModel{}
	s.screen = screenConnecting
	s.qr = qrModel{}
	opts := s.options(name)
	opts.Store = storageStore{storage: ctx.LocalStorage(), key: hostSaveKey}
	sctx, cancel := context.WithCancel(context.Background())
	host := func(sctx context.Context) (*session.HostSession, error) { return session.Host(sctx, opts) }
	inBackground(s, sctx, cancel, host, func(ctx goapp.Context, h *session.HostSession, err error) {
		if err != nil {
			cancel()
			s.retry = func(ctx goapp.Context) { s.host(ctx, name) }
			// The host is told what happened and offered the game with no server first ("Check
			// that you're on the same network as the host" was a player's advice, issue 29).
			s.showError(i18n.ErrorHostTitle, i18n.ErrorHostNoServer, s.retry)
			s.failure.NoServer, s.failure.Hosting = true, true
			return
		}
		h.SetTable(game.NewRoom(game.Options{}))
		s.start(ctx, &liveSession{
			host:   h,
			client: h.Player(),
			invite: invite{Room: h.Room(), Secret: h.Secret()},
			cancel: cancel,
		})
	})
}

// join connects to the host of inv's room as a guest.
func (s *shell) join(ctx goapp.Context, name string, inv invite) {
	s.attempt++
	attempt := s.attempt
	s.pendingInvite = nil
	s.qr = qrModel{}
	s.connecting = connectingModel{Room: inv.Room}
	s.screen = screenConnecting
	opts := s.options(name)
	opts.Token = savedToken(ctx, inv.Room)
	// This device may become the host (a handoff, a takeover): it then saves the game where
	// a hosting tab does, and makes the game's table as a reloaded host tab would.
	opts.Store = storageStore{storage: ctx.LocalStorage(), key: hostSaveKey}
	opts.OpenTable = openRoom
	opts.OnWaiting = func() {
		s.ui.Dispatch(func(ctx goapp.Context) {
			if attempt == s.attempt {
				s.connecting.Waiting = true
			}
		})
	}
	opts.OnRelay = func() {
		s.ui.Dispatch(func(ctx goapp.Context) {
			if attempt == s.attempt {
				s.connecting.Relay = true
			}
		})
	}
	sctx, cancel := context.WithCancel(context.Background())
	s.stopJoining = cancel
	join := func(sctx context.Context) (*session.Client, error) {
		return session.Join(sctx, opts, inv.Room, inv.Secret)
	}
	inBackground(s, sctx, cancel, join, func(ctx goapp.Context, c *session.Client, err error) {
		s.stopJoining = nil // from here the live session (or nothing) owns cancel
		refusal, refused := errors.AsType[*session.RefusalError](err)
		switch {
		case errors.Is(err, session.ErrUnknownRoom):
			cancel()
			s.showError(i18n.ErrorUnknownRoomTitle, i18n.ErrorUnknownRoom, nil, inv.Room)
		case refused && refusal.Refusal.Code == session.CodeUnknownSeat && opts.Token != "":
			// A token from an older game of this room code: join as a new player.
			cancel()
			ctx.LocalStorage().Del(seatKey(inv.Room))
			s.join(ctx, name, inv)
		case refused && s.refusalPage(refusal.Refusal.Code):
			cancel()
		case err != nil:
			cancel()
			s.showError(i18n.ErrorConnectTitle, i18n.ErrorConnect,
				func(ctx goapp.Context) { s.join(ctx, name, inv) })
			s.failure.NoServer = true
		default:
			_ = ctx.LocalStorage().Set(seatKey(inv.Room), c.Token())
			keepInvite(inv)
			s.start(ctx, &liveSession{client: c, invite: inv, cancel: cancel})
		}
	})
}

// start shows the lobby for a fresh session and feeds it the session's updates.
func (s *shell) start(ctx goapp.Context, live *liveSession) {
	s.live = live
	s.home.Notice = ""
	var link, qr string
	if live.invite.Secret != "" { // a game with no server has no link (qrplay.go)
		link = live.invite.URL(goapp.Window().URL())
		var err error
		if qr, err = qrSVG(link, s.t(i18n.LobbyQRLabel)); err != nil {
			qr = "" // the link and the code still work; the QR is a convenience
		}
	}
	s.lobby = lobbyModel{
		Room:      live.invite.Room,
		IsHost:    live.host != nil || live.qr != nil,
		InviteURL: link,
		InviteQR:  qr,
		Status:    session.StatusConnecting,
	}
	s.ui.Async(func() {
		for u := range live.client.Updates() {
			s.ui.Dispatch(func(ctx goapp.Context) { s.apply(ctx, live, u) })
		}
		s.ui.Dispatch(func(ctx goapp.Context) {
			s.apply(ctx, live, session.Update{Status: session.StatusClosed})
		})
	})
}

// takeView shows the table as the host's view says: the lobby, or the game once it started.
func (s *shell) takeView(v *session.View) {
	s.lobby.Room = v.Room
	s.lobby.Players = playersFromView(v)
	s.lobby.Screens = screensFromView(v)
	s.lobby.Waiting = v.Waiting
	s.observeGame(v)
	was := s.screen
	s.screen = screenLobby
	if s.gameStarted() {
		s.screen = screenGame
	}
	if was == screenLobby && s.screen == screenGame {
		// The lobby shows a QR host's next-seat code itself; over the game it waits to be
		// asked for (a host resumed in the lobby had it open for the players coming back).
		s.qr.Panel = false
	}
	s.qrEveryoneBack()
}

// apply shows one session update, if it belongs to the session still on screen.
func (s *shell) apply(ctx goapp.Context, live *liveSession, u session.Update) {
	if s.live != live {
		return
	}
	if s.applyHandoff(ctx, live, u) {
		return // the game moved: this session is over, another goes on (handoff.go)
	}
	if u.View != nil {
		s.takeView(u.View)
		s.keepQRGuest()
	}
	if u.Code != "" && s.refusalPage(u.Code) {
		s.closeLive()
		s.forgetQRGuest()
		return
	}
	if u.Notice != "" && (u.Code != session.NoticeConnectionLost || !s.qr.Guest) {
		s.showToast(ctx, s.noticeText(u)) // a QR guest's scanning screen says it instead (qrComeBack)
	}
	if u.Status != "" {
		s.lobby.Status = u.Status
		if u.Path != "" {
			s.lobby.Path = u.Path
		}
		if u.Status == session.StatusClosed {
			if live.handingOver {
				return // the handoff's end says what comes next
			}
			s.closeLive()
			if s.qr.Guest && !live.client.Farewell() {
				s.qrComeBack() // no server: the same two scans bring the seat back
				return
			}
			s.forgetQRGuest() // the host ended the game, or took the seat away
			s.showError(i18n.ErrorClosedTitle, i18n.ErrorClosed, nil)
		}
	}
}

// refusalPage shows the full-page error for a refusal that ends this player's session
// (another protocol version, a full table) and reports whether it did.
func (s *shell) refusalPage(code string) bool {
	switch code {
	case session.CodeVersion:
		s.showError(i18n.ErrorVersionTitle, i18n.ErrorVersion, func(ctx goapp.Context) { ctx.Reload() })
		s.retryLabel = i18n.ErrorReload
	case session.CodeRoomFull:
		s.showError(i18n.ErrorRoomFullTitle, i18n.ErrorRoomFull, nil)
	case session.CodeTurnedAway:
		s.showError(i18n.ErrorTurnedAwayTitle, i18n.ErrorTurnedAway, nil)
	case session.CodeTooManyWaiting:
		s.showError(i18n.ErrorQueueFullTitle, i18n.ErrorQueueFull, nil)
	default:
		return false
	}
	return true
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

// onRename sends the lobby's rename form to the host.
func (s *shell) onRename(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	name, err := wire.CleanName(s.lobby.RenameDraft)
	if err != nil {
		s.lobby.RenameError = s.nameProblem(err)
		return
	}
	s.lobby.RenameError = ""
	if s.live == nil {
		return
	}
	if s.hostAway() {
		s.showToast(ctx, s.t(i18n.HostAwayTitle, s.hostName()))
		return
	}
	if err := s.live.client.Send(session.Intent{Kind: session.KindRename, Name: name}); err != nil {
		s.showToast(ctx, s.t(i18n.LobbySendFailed))
		return
	}
	s.lobby.RenameDraft = ""
	s.home.Name = name
	ctx.LocalStorage().Set(nameStorageKey, name)
}

// onLeave closes the session and goes home.
func (s *shell) onLeave(ctx goapp.Context, _ goapp.Event) {
	s.closeLive()
	s.goHome()
}

// onCancel abandons a connection attempt; a player waiting for the host leaves its list.
func (s *shell) onCancel(ctx goapp.Context, _ goapp.Event) {
	s.attempt++
	if s.stopJoining != nil {
		s.stopJoining()
		s.stopJoining = nil
	}
	s.goHome()
}

func (s *shell) onBackHome(ctx goapp.Context, _ goapp.Event) { s.goHome() }

func (s *shell) onRetry(ctx goapp.Context, _ goapp.Event) {
	if s.retry != nil {
		s.retry(ctx)
	}
}

// goHome also ends pass-and-play: a game started later from home is played on many phones.
func (s *shell) goHome() {
	clearFragment()
	s.forgetQRGuest() // a QR player who goes home has left the game
	s.pass = nil
	s.qr = qrModel{}
	s.pendingInvite = nil
	s.retry = nil
	s.home.NameError, s.home.CodeError = "", ""
	s.screen = screenHome
}

func (s *shell) showError(title, body i18n.Key, retry func(goapp.Context), bodyArgs ...any) {
	s.failure = errorModel{Title: title, Body: body, BodyArgs: bodyArgs}
	s.retry = retry
	s.retryLabel = ""
	s.screen = screenError
}

func (s *shell) closeLive() {
	s.pass = nil
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
	if l.host != nil {
		l.host.Close()
	}
	if l.qr != nil {
		l.qr.Close()
	}
	if l.cancel != nil {
		l.cancel()
	}
	return nil
}

// onShare offers the invite through the system share sheet.
func (s *shell) onShare(ctx goapp.Context, _ goapp.Event) {
	shareInvite(s.t(i18n.LobbyShareTitle), s.t(i18n.LobbyShareText, s.lobby.Room), s.lobby.InviteURL)
}

// onCopy puts the invite link on the clipboard and says whether it worked.
func (s *shell) onCopy(ctx goapp.Context, _ goapp.Event) {
	copyText(s.lobby.InviteURL, "invite-link", func(ok bool) {
		s.ui.Dispatch(func(ctx goapp.Context) {
			if ok {
				s.showToast(ctx, s.t(i18n.LobbyCopied))
			} else {
				s.showToast(ctx, s.t(i18n.LobbyCopyFailed))
			}
		})
	})
}

// Render shows the current screen.
func (s *shell) Render() goapp.UI {
	var screen goapp.UI
	switch s.screen {
	case screenConnecting:
		screen = s.renderConnecting()
	case screenLobby:
		screen = s.renderLobby()
	case screenGame:
		screen = s.renderGame()
	case screenPass:
		screen = s.renderPass()
	case screenError:
		screen = s.renderError()
	case screenQR:
		screen = s.renderQR()
	default:
		screen = s.renderHome()
	}
	class := "app"
	if s.mounted {
		class += " ready" // the browser test waits for this before it touches anything
		s.awake.want(s.screen == screenGame)
	}
	return ui.ElWith("div", s.renderKnocks(), s.renderHostAway(), s.renderHandoff(), s.renderQROverlay(), screen, s.renderUpdateNotice(), s.renderPreferences()).Class(class)
}
