package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
)

// loadPreferences applies the stored language and theme over the browser's defaults.
func (s *shell) loadPreferences(ctx goapp.Context) {
	var lang, theme string
	if ctx.LocalStorage().Get(langStorageKey, &lang) == nil {
		if l, ok := parseLang(lang); ok {
			s.lang = l
		}
	}
	if ctx.LocalStorage().Get(themeStorageKey, &theme) == nil {
		s.theme = parseTheme(theme)
	}
	s.applyDocumentPreferences()
}

// followPreferences applies a language or theme chosen in another tab of the app (the
// browser's "storage" event), so every tab of one device speaks one language: the settings
// strip is not on the game screen, where a player may have a second tab open.
func (s *shell) followPreferences() {
	onStorage := goapp.FuncOf(func(_ goapp.Value, args []goapp.Value) any {
		if len(args) == 0 {
			return nil
		}
		if key := args[0].Get("key").String(); key != langStorageKey && key != themeStorageKey {
			return nil
		}
		s.ui.Dispatch(func(ctx goapp.Context) {
			s.loadPreferences(ctx)
			s.relabelInvite()
		})
		return nil
	})
	goapp.Window().Call("addEventListener", "storage", onStorage)
}

// applyDocumentPreferences puts the language on <html lang>, as its full tag ("pt-BR": screen
// readers pick their voice from it, browsers their fonts and hyphenation), its direction on
// <html dir> (Arabic, Hebrew and Persian read right to left; the CSS is written in logical
// properties, so every screen turns with it), and the theme on <html data-theme>
// (web/settings.css), where CSS and assistive technology read them.
//
// The chosen language's pack is fetched here when it is not there yet (packLoader): every way a
// language is chosen (the browser's, the remembered one, the switch, another tab, the page
// before the app ran) passes through. Until it is there the page says it is English
// (shownLang).
func (s *shell) applyDocumentPreferences() {
	s.loadPack()
	root := goapp.Window().Get("document").Get("documentElement")
	shown := s.shownLang()
	root.Set("lang", i18n.Tag(shown))
	root.Set("dir", i18n.Dir(shown))
	if s.theme == themeSystem {
		root.Call("removeAttribute", "data-theme")
	} else {
		root.Call("setAttribute", "data-theme", string(s.theme))
	}
}

func (s *shell) onLanguage(ctx goapp.Context, _ goapp.Event) {
	l, ok := parseLang(ctx.JSSrc().Get("value").String())
	if !ok {
		return
	}
	s.lang = l
	ctx.LocalStorage().Set(langStorageKey, string(l))
	s.applyDocumentPreferences()
	s.relabelInvite()
}

func (s *shell) onTheme(ctx goapp.Context, _ goapp.Event) {
	s.theme = parseTheme(ctx.JSSrc().Get("value").String())
	ctx.LocalStorage().Set(themeStorageKey, string(s.theme))
	s.applyDocumentPreferences()
}

// relabelInvite redraws the QR code so its accessible label is in the new language.
func (s *shell) relabelInvite() {
	if s.lobby.InviteURL == "" {
		return
	}
	if qr, err := qrSVG(s.lobby.InviteURL, s.t(i18n.LobbyQRLabel)); err == nil {
		s.lobby.InviteQR = qr
	}
}

// renderPreferences is the settings strip under every screen a player reads, a game's too (a
// player may switch language at any moment of play): language and theme, each a labelled
// native select (keyboard and screen-reader friendly as is). A table screen, shown to the
// whole table, and the short connecting screen have none.
func (s *shell) renderPreferences() goapp.UI {
	if s.screen == screenConnecting || s.screen == screenGame && s.isSpectator() {
		return goapp.Text("")
	}
	themes := []struct {
		theme theme
		key   i18n.Key
	}{{themeSystem, i18n.ThemeSystem}, {themeLight, i18n.ThemeLight}, {themeDark, i18n.ThemeDark}}
	return ui.ElWith("footer.preferences",
		ui.El("div.preference",
			ui.ElText("label[for=pref-lang]", s.t(i18n.SettingsLanguage)),
			ui.ElWith("select#pref-lang.field",
				goapp.Range(i18n.Languages()).Slice(func(i int) goapp.UI {
					l := i18n.Languages()[i]
					return option(string(l), i18n.NativeName(l), l == s.lang).Lang(i18n.Tag(l))
				}),
			).OnChange(s.onLanguage),
		),
		ui.El("div.preference",
			ui.ElText("label[for=pref-theme]", s.t(i18n.SettingsTheme)),
			ui.ElWith("select#pref-theme.field",
				goapp.Range(themes).Slice(func(i int) goapp.UI {
					return option(themes[i].theme.optionValue(), s.t(themes[i].key), themes[i].theme == s.theme)
				}),
			).OnChange(s.onTheme),
		),
		// A language whose pack could not be had (packLoader), said in English, across the strip.
		goapp.If(s.langPackProblem() != "", func() goapp.UI {
			return ui.ElTextWith("p#pack-failed.note.pack-failed[role=alert]", s.langPackProblem()).Lang(string(i18n.English))
		}),
	).Aria("label", s.t(i18n.SettingsHeading))
}

// option sets "selected" only on the chosen one: go-app writes selected="false" into
// prerendered HTML, which a browser reads as selected.
func option(value, text string, chosen bool) goapp.HTMLElem {
	o := ui.ElTextWith("option", text).Attr("value", value)
	if chosen {
		o = o.Attr("selected", true)
	}
	return o
}

// loadPack makes sure the pack of the chosen language is there, or on its way.
func (s *shell) loadPack() {
	lang := s.lang
	if i18n.Loaded(lang) {
		s.packs.failed = ""
		return
	}
	if s.packs.pending == lang {
		return
	}
	fetch := s.packs.fetch
	if fetch == nil {
		if !goapp.IsClient {
			return
		}
		fetch = jsFetchPack
	}
	s.packs.pending, s.packs.failed = lang, ""
	fetch(lang, func(data []byte, err error) {
		arrived := func(goapp.Context) { s.packArrived(lang, data, err) }
		if s.mounted {
			s.ui.Dispatch(arrived)
		} else {
			arrived(goapp.Context{})
		}
	})
}

// packArrived reads a fetched pack: the screens then speak it, or, when it cannot be read,
// keep English and say why.
func (s *shell) packArrived(lang i18n.Lang, data []byte, err error) {
	if s.packs.pending == lang {
		s.packs.pending = ""
	}
	if err == nil {
		err = i18n.Load(lang, data)
	}
	if err != nil {
		goapp.Logf("language pack %s: %v", lang, err)
		if s.lang == lang {
			s.packs.failed = lang
		}
		return
	}
	s.packs.failed = ""
	if s.lang == lang {
		s.applyDocumentPreferences()
		s.relabelInvite()
	}
}

// langPackProblem is the sentence about a pack that could not be had, for the settings strip ("" if none).
func (s *shell) langPackProblem() string {
	if s.packs.failed == "" || s.packs.failed != s.lang {
		return ""
	}
	return i18n.T(i18n.English, i18n.PackFailed, i18n.NativeName(s.packs.failed))
}
