package app

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// The browser features the UI asks about. Natively (server prerender, tests) they report
// nothing available, which is also the calm default on an insecure page.

func isSecureContext() bool { return goapp.Window().Get("isSecureContext").Bool() }

func canWebShare() bool {
	return isSecureContext() && goapp.Window().Get("navigator").Get("share").Truthy()
}

// browserLanguages is navigator.languages, most preferred first.
func browserLanguages() []string {
	nav := goapp.Window().Get("navigator")
	langs := nav.Get("languages")
	if !langs.Truthy() {
		return []string{nav.Get("language").String()}
	}
	out := make([]string, 0, langs.Length())
	for i := 0; i < langs.Length(); i++ {
		out = append(out, langs.Index(i).String())
	}
	return out
}

// keepInvite puts the game this tab is in into the address bar (no reload, no history
// entry), however the player came in: a typed room code or a table screen's too, not only
// a link. A reload, or a phone that drops a sleeping tab and loads it again, then follows it
// back with the seat's saved token, to the same seat and card without a question.
func keepInvite(inv invite) {
	page := goapp.Window().URL()
	if page.Host == "" {
		return // not in a browser (the server's prerender, native tests)
	}
	goapp.Window().Get("history").Call("replaceState", nil, "", inv.URL(page))
}

// online is navigator.onLine: false only when the device surely has no network.
func online() bool {
	nav := goapp.Window().Get("navigator")
	return !nav.Truthy() || nav.Get("onLine").IsUndefined() || nav.Get("onLine").Bool()
}

// clearFragment drops the invite from the address bar (no reload, no history entry), so a
// reload after leaving or after an error does not try the same link again.
func clearFragment() {
	u := goapp.Window().URL()
	if u.Fragment == "" && u.RawFragment == "" {
		return
	}
	u.Fragment, u.RawFragment = "", ""
	goapp.Window().Get("history").Call("replaceState", nil, "", u.String())
}

// settle calls done once promise resolves (true) or rejects (false).
func settle(promise goapp.Value, done func(ok bool)) {
	var onOK, onErr goapp.Func
	release := func() { onOK.Release(); onErr.Release() }
	onOK = goapp.FuncOf(func(goapp.Value, []goapp.Value) any { release(); done(true); return nil })
	onErr = goapp.FuncOf(func(goapp.Value, []goapp.Value) any { release(); done(false); return nil })
	promise.Call("then", onOK, onErr)
}

// shareInvite opens the system share sheet. A dismissed sheet is not an error.
func shareInvite(title, text, link string) {
	data := map[string]any{"title": title, "text": text, "url": link}
	settle(goapp.Window().Get("navigator").Call("share", data), func(bool) {})
}

// copyText puts text on the clipboard: the async Clipboard API where the page is secure,
// else the old selection-and-execCommand way on the read-only field with id fieldID.
func copyText(text, fieldID string, done func(ok bool)) {
	clipboard := goapp.Window().Get("navigator").Get("clipboard")
	if isSecureContext() && clipboard.Truthy() && clipboard.Get("writeText").Truthy() {
		settle(clipboard.Call("writeText", text), func(ok bool) {
			if !ok {
				ok = copyBySelection(fieldID)
			}
			done(ok)
		})
		return
	}
	done(copyBySelection(fieldID))
}

func copyBySelection(fieldID string) bool {
	doc := goapp.Window().Get("document")
	field := doc.Call("getElementById", fieldID)
	if !field.Truthy() {
		return false
	}
	field.Call("focus")
	field.Call("select")
	return doc.Call("execCommand", "copy").Bool()
}

// emptyField empties a text field the player typed or pasted into. Rendering "" is not
// enough: a field's text no longer follows the page once the player edited it, and go-app
// removes an empty value attribute rather than setting the property.
func emptyField(id string) {
	if f := goapp.Window().Get("document").Call("getElementById", id); f.Truthy() {
		f.Set("value", "")
	}
}

// wakeLock keeps the screen on during a game. The browser drops a screen wake lock whenever
// the page is hidden, so it is requested again each time the page becomes visible while it
// is still wanted.
type wakeLock struct {
	wanted   bool
	sentinel goapp.Value // the WakeLockSentinel held, or nil
	pending  bool        // a request is under way
	onShow   goapp.Func
}

func wakeLockSupported() bool {
	nav := goapp.Window().Get("navigator")
	return isSecureContext() && nav.Get("wakeLock").Truthy()
}

// want holds or releases the lock; calling it again with the same value does nothing.
func (w *wakeLock) want(on bool) {
	if on == w.wanted || !wakeLockSupported() {
		return
	}
	w.wanted = on
	doc := goapp.Window().Get("document")
	if on {
		if w.onShow == nil {
			w.onShow = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
				if w.wanted && doc.Get("visibilityState").String() == "visible" {
					w.request()
				}
				return nil
			})
			doc.Call("addEventListener", "visibilitychange", w.onShow)
		}
		w.request()
		return
	}
	if w.sentinel != nil && w.sentinel.Truthy() {
		w.sentinel.Call("release")
	}
	w.sentinel = nil
}

func (w *wakeLock) request() {
	if w.pending || (w.sentinel != nil && w.sentinel.Truthy() && !w.sentinel.Get("released").Bool()) {
		return
	}
	w.pending = true
	promise := goapp.Window().Get("navigator").Get("wakeLock").Call("request", "screen")
	var onOK, onErr goapp.Func
	release := func() { onOK.Release(); onErr.Release() }
	onOK = goapp.FuncOf(func(_ goapp.Value, args []goapp.Value) any {
		release()
		w.pending = false
		w.sentinel = args[0]
		if !w.wanted { // the game ended while the request was under way
			w.sentinel.Call("release")
			w.sentinel = nil
		}
		return nil
	})
	// A refusal (battery saver, hidden page) is not an error to show: the game plays on.
	onErr = goapp.FuncOf(func(goapp.Value, []goapp.Value) any { release(); w.pending = false; return nil })
	promise.Call("then", onOK, onErr)
}
