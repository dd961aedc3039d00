//go:build !wasm

package e2e

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
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

// copySite copies the built site into a temporary directory a test may spoil.
func copySite(t *testing.T) string {
	t.Helper()
	from, to := findSite(t), t.TempDir()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return to
}

// spoilPack replaces lang's pack in a site (and its compressed copies) by data, or removes
// it when data is nil.
func spoilPack(t *testing.T, site string, lang i18n.Lang, data []byte) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(site, "lang", string(lang)+".*"))
	if len(files) == 0 {
		t.Fatalf("no %s pack in the site", lang)
	}
	for _, f := range files {
		os.Remove(f)
		if data != nil && strings.HasSuffix(f, ".json") {
			if err := os.WriteFile(f, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Issue 21: a language picked is fetched and spoken; remembered, and still there offline on a
// reload once used (the service worker keeps it); a pack that cannot be had -- corrupt, or
// missing from the server -- leaves the app in English with a message, in English, under the
// language switch.
func TestLanguagePacksInTheBrowser(t *testing.T) {
	site := copySite(t)
	spoilPack(t, site, "fr", []byte(`{"lang": "fr", "ui": {"home.create": "Créer`))
	spoilPack(t, site, "it", nil)
	t.Setenv("SAFEHOUSE_SITE", site)
	h := newHarness(t, nil)
	tb := h.openBrowser("language phone", h.origin, true)
	tb.open(h.origin + "/")

	create := func(lang i18n.Lang) string {
		return strings.ReplaceAll(i18n.T(lang, i18n.HomeCreate), `"`, `\"`)
	}
	pickLanguage(tb, "de")
	tb.waitJS(`document.documentElement.lang === "de" && document.getElementById("create").textContent.trim() === "`+create("de")+`"`, "the home screen in German")

	for _, lang := range []i18n.Lang{"fr", "it"} {
		pickLanguage(tb, lang)
		tb.waitJS(`(document.getElementById("pack-failed") || {textContent: ""}).textContent.includes("`+i18n.NativeName(lang)+`")`,
			"the message that "+string(lang)+"'s pack failed")
		if got, want := tb.text("pack-failed"), i18n.T(i18n.English, i18n.PackFailed, i18n.NativeName(lang)); got != want {
			tb.fatalf("%s: the message reads %q, want %q", lang, got, want)
		}
		if got := eval[string](tb, `document.documentElement.lang + " " + document.getElementById("create").textContent.trim()`); got != "en "+i18n.T(i18n.English, i18n.HomeCreate) {
			tb.fatalf("%s failed: the page is %q, want English", lang, got)
		}
		if text := eval[string](tb, `document.body.innerText`); strings.Contains(text, "home.") || strings.Contains(text, "app.") {
			tb.fatalf("%s failed: a raw key on screen: %q", lang, text)
		}
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("pack-failed").scrollIntoView({block: "center"})`))
		photograph(h, tb, "pack-failed-"+string(lang))
	}

	// German again (the pack is already there), then reloaded offline with an empty HTTP
	// cache: German, from the worker's cache of packs.
	pickLanguage(tb, "de")
	tb.waitJS(`document.documentElement.lang === "de" && document.getElementById("pack-failed") === null`, "German again")
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
