package app

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/wire"
)

// The shell as go-app's component, at the top of the shell's files: what it takes over from
// the prerendered page before its first frame, what it reads and follows as it mounts (the
// browser's language, network and visibility, a saved game to resume, an invite in the
// address), and Render, which draws the screen shown with the banners over it.

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
	s.resumeCarriedSeat(ctx)
	s.followFragment(ctx, early.typed())
	s.pressEarly(ctx, early)
	s.carryOn(ctx)
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

// startInLanguage sets the language the app starts in before its first frame, as OnMount
// would (the remembered choice, else the browser's languages), and reads that language's
// pack if the page's script has it already (app.js waits for it before it runs the wasm):
// the first frame is then drawn in the language the page already shows (early.js), and
// nothing changes under the player. Without the pack the first frame is English, as
// before.
func (s *shell) startInLanguage() {
	lang := i18n.Match(browserLanguages()...)
	if stored := storedString(langStorageKey); stored != "" {
		if l, ok := parseLang(stored); ok {
			lang = l
		}
	}
	s.lang = lang
	if i18n.Loaded(lang) {
		return
	}
	early := goapp.Window().Get("safehouseEarly")
	if !early.Truthy() || early.Get("packText").Type() != goapp.TypeFunction {
		return
	}
	if text := early.Call("packText", string(lang)); text.Type() == goapp.TypeString {
		if err := i18n.Load(lang, []byte(text.String())); err != nil {
			goapp.Logf("language pack %s: %v", lang, err)
		}
	}
}

// applyEarlyInput puts the fields the player filled and the preferences they chose before
// the app ran over what the app remembered.
func (s *shell) applyEarlyInput(ctx goapp.Context, in earlyInput) {
	if in.lang != nil {
		if l, ok := parseLang(*in.lang); ok {
			s.lang = l
			ctx.LocalStorage().Set(langStorageKey, string(l))
		}
	}
	if in.theme != nil {
		s.theme = parseTheme(*in.theme)
		ctx.LocalStorage().Set(themeStorageKey, string(s.theme))
	}
	if in.lang != nil || in.theme != nil {
		s.applyDocumentPreferences()
	}
	if in.name != nil {
		s.home.Name = *in.name
	}
	if in.code != nil {
		s.home.Code = *in.code
	}
}

// pressEarly carries out a press on Join or Create made before the app ran, unless the app
// has already moved on (an invite with a remembered name joins by itself).
func (s *shell) pressEarly(ctx goapp.Context, in earlyInput) {
	if s.screen != screenHome || s.live != nil {
		return
	}
	switch in.press {
	case "join":
		s.submitJoin(ctx)
	case "create":
		s.create(ctx)
	}
}

// watchNetwork keeps shell.offline in step with the device's network, so the home screen
// says at once when creating or joining a game cannot work.
func (s *shell) watchNetwork() {
	s.offline = !online()
	follow := goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		s.ui.Dispatch(func(goapp.Context) { s.offline = !online() })
		return nil
	})
	goapp.Window().Call("addEventListener", "online", follow)
	goapp.Window().Call("addEventListener", "offline", follow)
}

// watchVisibility checks the connection as soon as the page is shown again (a phone woken,
// an app switched back): sockets of a sleeping phone look open but are dead, and a host that
// lost its signaling server tries again at once.
func (s *shell) watchVisibility() {
	check := goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		doc := goapp.Window().Get("document")
		if doc.Truthy() && doc.Get("visibilityState").String() != "visible" {
			return nil
		}
		s.ui.Dispatch(func(goapp.Context) {
			if s.live != nil {
				s.live.client.Check()
				s.live.checkHosting() // a hosting phone woken: its signaling socket may be gone
			}
		})
		return nil
	})
	if doc := goapp.Window().Get("document"); doc.Truthy() {
		doc.Call("addEventListener", "visibilitychange", check)
	}
	goapp.Window().Call("addEventListener", "pageshow", check)
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
	return ui.ElWith("div", s.renderKnocks(), s.renderHostAway(), s.renderHandoff(), s.renderQROverlay(), screen, s.renderUpdateNotice(), s.renderPreferences(), s.renderFullBuildWait()).Class(class)
}

// Routes registers the app's one route. Room codes and invite secrets travel in the URL
// fragment, so "/" is the only page: it works offline from the service worker's cache and
// keeps codes away from servers. Call it in the wasm main and in the site generator alike.
func Routes() {
	goapp.Route("/", goapp.NewZeroComponentFactory(&shell{}))
}
