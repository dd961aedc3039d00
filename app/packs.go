package app

import (
	"errors"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

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
