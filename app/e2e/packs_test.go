//go:build !wasm

package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"safehouse/app/i18n"
)

// pickLanguage chooses a language in the settings strip, as a player does.
func pickLanguage(tb *tab, lang i18n.Lang) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("pref-lang"); s.value = "` + string(lang) +
		`"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`))
}

// Issue 21: a language picked is fetched and spoken; remembered, and still there offline on a
// reload once used (the service worker keeps it). A pack that cannot be had is
// TestLanguagePackFails's (languages_test.go).
func TestLanguagePacksInTheBrowser(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	tb := h.openBrowser("language phone", h.origin, true)
	tb.open(h.origin + "/")

	create := func(lang i18n.Lang) string {
		return strings.ReplaceAll(i18n.T(lang, i18n.HomeCreate), `"`, `\"`)
	}
	pickLanguage(tb, "de")
	tb.waitJS(`document.documentElement.lang === "de" && document.getElementById("create").textContent.trim() === "`+create("de")+`"`, "the home screen in German")

	// Reloaded offline with an empty HTTP cache: German, from the worker's cache of packs.
	waitInstalled(tb)
	tb.waitJS(`caches.has("safehouse-lang").then(ok => window.__langCache = ok) && window.__langCache === true`, "the kept packs")
	h.server.Close()
	if _, err := http.Get(h.origin + "/"); err == nil {
		t.Fatal("the server still answers after Close")
	}
	if _, err := chromedp.Call(tb.ctx, network.ClearBrowserCache, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{
		Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Fatal(err)
	}
	tb.reload()
	tb.waitJS(`document.documentElement.lang === "de" && document.getElementById("create").textContent.trim() === "`+create("de")+`"`, "German, offline")
	photograph(h, tb, "pack-offline-de")
}

// photograph checks a screen with axe-core (when make test sets it up) and photographs it in
// both sizes, without checkOverflow's switch between languages, which would change the
// language this test chose.
func photograph(h *harness, tb *tab, name string) {
	h.t.Helper()
	h.axeCheck(tb, name)
	for _, vp := range []viewport{phone, desktop} {
		h.screenshot(tb, name, vp, "dark")
	}
}
