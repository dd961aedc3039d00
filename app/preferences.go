package app

import (
	"errors"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// The player's preferences, language and colour scheme, as this device keeps them, and the
// language packs the chosen language needs (packLoader); the settings strip (settings.go)
// shows and applies them.

// theme is the colour scheme the player chose; themeSystem follows prefers-color-scheme.
type theme string

const (
	themeSystem theme = ""
	themeLight  theme = "light"
	themeDark   theme = "dark"
)

const (
	langStorageKey  = "safehouse.lang"
	themeStorageKey = "safehouse.theme"
)

// optionValue names the theme in the select: an empty value would read as "no choice".
func (t theme) optionValue() string {
	if t == themeSystem {
		return "system"
	}
	return string(t)
}

// parseTheme accepts only the known themes; anything else (an old or tampered stored value)
// means following the system.
func parseTheme(v string) theme {
	switch theme(v) {
	case themeLight, themeDark:
		return theme(v)
	}
	return themeSystem
}

// parseLang accepts only languages with a catalog, so a stored value from another version
// cannot select a language that would show only English fallbacks; a choice saved before the
// regional varieties ("pt", "zh", "es") keeps its meaning (i18n.Parse).
func parseLang(v string) (i18n.Lang, bool) { return i18n.Parse(v) }

// packLoader brings this device's language pack (issue 21). English is inside the app; any
// other language is a file of the site, fetched when the player picks it or when it is the
// remembered or browser language at start (the page's script, wasm/gen/early.js, starts that
// download as the page loads, beside the wasm), cached by the service worker, so a language
// once used works offline. Until it arrives the screens read English. A pack that cannot be
// had -- offline and never cached, a 404, a corrupt file -- leaves English on screen and says
// so in English (the pack with the words is the one missing): never a blank screen or a raw
// key.
type packLoader struct {
	// fetch gets lang's pack and calls done once, on the UI goroutine or not; nil in the
	// browser means the page's loader (jsFetchPack). Tests put their own.
	fetch   func(lang i18n.Lang, done func(data []byte, err error))
	pending i18n.Lang // being fetched
	failed  i18n.Lang // the last language whose pack could not be had
}

// jsFetchPack asks the page's loader (safehouseEarly.pack in wasm/gen/early.js) for a pack:
// it knows the pack's address on this site and may have fetched it already.
func jsFetchPack(lang i18n.Lang, done func([]byte, error)) {
	early := goapp.Window().Get("safehouseEarly")
	if !early.Truthy() || early.Get("pack").Type() != goapp.TypeFunction {
		done(nil, errors.New("the page has no pack loader"))
		return
	}
	var ok, fail goapp.Func
	release := func() { ok.Release(); fail.Release() }
	ok = goapp.FuncOf(func(_ goapp.Value, args []goapp.Value) any {
		release()
		if len(args) == 0 || args[0].Type() != goapp.TypeString {
			done(nil, errors.New("the pack is not text"))
			return nil
		}
		done([]byte(args[0].String()), nil)
		return nil
	})
	fail = goapp.FuncOf(func(_ goapp.Value, args []goapp.Value) any {
		release()
		why := "unknown error"
		if len(args) > 0 && args[0].Truthy() {
			why = args[0].Call("toString").String()
		}
		done(nil, errors.New(why))
		return nil
	})
	early.Call("pack", string(lang)).Call("then", ok, fail)
}
