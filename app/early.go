package app

import (
	"encoding/json"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
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
