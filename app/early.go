package app

import (
	"encoding/json"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// earlyInput is what the player did on the prerendered page before the app ran, as the
// page's inline script (wasm/gen/early.js) kept it. A nil field was not touched.
type earlyInput struct {
	name, code, lang, theme *string
	press                   string // "join", "create" or ""
}

// takeEarlyInput collects the record once; it is empty natively and when the script is absent.
func takeEarlyInput() earlyInput {
	if !goapp.IsClient {
		return earlyInput{}
	}
	early := goapp.Window().Get("safehouseEarly")
	if !early.Truthy() {
		return earlyInput{}
	}
	rec := early.Call("take")
	if !rec.Truthy() {
		return earlyInput{}
	}
	str := func(key string) *string {
		v := rec.Get(key)
		if v.Type() != goapp.TypeString {
			return nil
		}
		s := v.String()
		return &s
	}
	in := earlyInput{name: str("name"), code: str("code"), lang: str("lang"), theme: str("theme")}
	if p := str("press"); p != nil && (*p == "join" || *p == "create") {
		in.press = *p
	}
	return in
}

// typed says the player typed a name before the app ran: an invite then waits for their
// press on Join rather than joining with half a name.
func (in earlyInput) typed() bool { return in.name != nil }

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

// waitLabel is what a button pressed before the app runs says meanwhile (early.js puts it
// in); only the prerendered page carries it.
func (s *shell) waitLabel(b goapp.HTMLElem) goapp.HTMLElem {
	if s.mounted {
		return b
	}
	return b.Attr("data-wait", s.t(i18n.GettingReady))
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

// storedString reads a string go-app's LocalStorage stored under key (as JSON), or "".
func storedString(key string) (out string) {
	defer func() {
		if recover() != nil { // storage unavailable (a private window may throw)
			out = ""
		}
	}()
	v := goapp.Window().Get("localStorage").Call("getItem", key)
	if v.Type() != goapp.TypeString {
		return ""
	}
	if err := json.Unmarshal([]byte(v.String()), &out); err != nil {
		return ""
	}
	return out
}
