//go:build !wasm

package e2e

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"safehouse/app/i18n"
)

// awaitJS evaluates a JavaScript expression that gives a promise and returns its value.
func awaitJS[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// cacheState lists each service-worker cache with how many files it holds.
func cacheState(tb *tab) map[string]int {
	tb.t.Helper()
	return awaitJS[map[string]int](tb, `(async () => {
		const out = {};
		for (const k of await caches.keys()) { out[k] = (await (await caches.open(k)).keys()).length; }
		return out;
	})()`)
}

// waitInstalled waits until a service worker is active: with the worker's install waiting
// for its cache, that means every file is cached.
func waitInstalled(tb *tab) {
	tb.t.Helper()
	tb.waitJS(workerActive, "the service worker to be installed")
}

// workerActive holds once the page's service worker is active (each evaluation asks again
// and reads the last answer), in Chromium and Firefox alike.
const workerActive = `navigator.serviceWorker.getRegistration().then(r => window.__active = Boolean(r && r.active && r.active.state === "activated")) && window.__active === true`

// Offline: load the app once, stop the server, clear the HTTP cache, tell the page it has no
// network, reload, and play a pass-and-play round with no network at all: the worker serves
// every file a screen asks for (no request fails, the logo is drawn), the home screen says
// that creating or joining needs a connection, and pass-and-play needs no signaling.
func TestOfflineAfterFirstVisit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	tb := h.openBrowser("offline phone", h.origin, true)
	tb.open(h.origin + "/")
	waitInstalled(tb)
	if eval[bool](tb, `window.safehouseBuild.kept`) {
		tb.fatalf("a first visit took its download for a build the worker keeps")
	}
	// A language pack is fetched when first used, and kept for offline use from then on
	// (issue 21): Russian, which checkOverflow switches to, is used once while online.
	pickLanguage(tb, i18n.Russian)
	tb.waitJS(`document.documentElement.lang === "ru"`, "Russian, once")
	pickLanguage(tb, i18n.English)
	tb.waitJS(`document.documentElement.lang === "en"`, "English again")
	tb.waitJS(`caches.open("safehouse-lang").then(c => c.keys()).then(k => window.__kept = k.length) && window.__kept > 0`, "the Russian pack kept")
	h.server.Close()
	if _, err := http.Get(h.origin + "/"); err == nil {
		t.Fatal("the server still answers after Close")
	}
	var failedMu sync.Mutex
	var failed []string
	requests := map[network.RequestID]string{}
	if err := chromedp.Listen(tb.ctx, func(ev any) {
		failedMu.Lock()
		defer failedMu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			requests[ev.RequestID] = ev.Request.URL
		case *network.EventLoadingFailed:
			failed = append(failed, fmt.Sprintf("%s: %s", requests[ev.RequestID], ev.ErrorText))
		case *network.EventResponseReceived:
			if ev.Response.Status >= 400 {
				failed = append(failed, fmt.Sprintf("%s: HTTP %d", ev.Response.URL, ev.Response.Status))
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, network.ClearBrowserCache, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{
		Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Fatal(err)
	}
	tb.reload()
	if got := eval[string](tb, `document.getElementById("title").textContent`); got != "Safehouse" {
		tb.fatalf("offline home title %q", got)
	}
	// The worker keeps the build: the compiler gets its response as the worker serves it.
	if !eval[bool](tb, `window.safehouseBuild.kept === true`) {
		tb.fatalf("offline, the build the worker keeps went through the download's progress stream")
	}
	tb.waitJS(`[...document.images].every(i => i.complete)`, "the home screen's images")
	if !eval[bool](tb, `document.querySelector("img.brand-mark").naturalWidth > 0`) {
		tb.fatalf("the home logo is broken offline")
	}
	// The error page's mark and the maskable icon are never drawn here: ask the worker.
	if got := awaitJS[[]bool](tb, `Promise.all(["web/not-found.svg", "web/icon-maskable.svg", "web/icon.svg"].map(u => fetch(u).then(r => r.ok, () => false)))`); !slices.Equal(got, []bool{true, true, true}) {
		tb.fatalf("offline, the worker serves not-found.svg, icon-maskable.svg, icon.svg: %v", got)
	}
	tb.waitJS(`document.getElementById("offline-note") !== null && document.getElementById("create").disabled && document.getElementById("join").disabled`,
		"the home screen to say creating and joining need a connection")
	if !eval[bool](tb, `!document.getElementById("pass-play").disabled`) {
		tb.fatalf("offline, the one-phone game is disabled")
	}
	h.screenshots(tb, "home-offline")
	failedMu.Lock()
	if len(failed) > 0 {
		t.Errorf("offline with an empty HTTP cache, %d requests failed: %v", len(failed), failed)
	}
	failedMu.Unlock()
	playPassAndPlayRound(t, tb, func(screen string) { h.checkOverflow(tb, screen) })
	failedMu.Lock()
	defer failedMu.Unlock()
	if len(failed) > 0 {
		t.Errorf("offline, %d requests failed during the round: %v", len(failed), failed)
	}
}

// playPassAndPlayRound seats three players on this tab, deals one round, lets each look at
// their card, starts the clock and lets the spy name the location, to the final result.
// at (if not nil) is called on each distinct screen, with its name.
func playPassAndPlayRound(t *testing.T, tb *tab, at func(screen string)) {
	t.Helper()
	if at == nil {
		at = func(string) {}
	}
	tb.click("pass-play")
	tb.waitJS(`document.getElementById("pass-names") !== null`, "the pass-and-play setup")
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const f = document.getElementById("pass-names"); f.value = "Maya\nLeo\nNadia"; f.dispatchEvent(new Event("input", {bubbles: true})); })()`))
	at("pass-setup")
	tb.click("pass-start")
	tb.waitJS(`document.getElementById("spyfall-settings") !== null`, "the lobby of the first player")
	press(tb, "#set-rounds button[data-value='1']")
	tb.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	at("spyfall-lobby")
	tb.click("start-game")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="dealt"]') !== null`, "the deal")
	names := []string{"Maya", "Leo", "Nadia"}
	spy, location := "", ""
	for i, name := range names {
		tb.waitJS(fmt.Sprintf(`(document.getElementById("pass-holder") || {}).textContent === %q`, name+" has the phone"), name+" holding the phone")
		if i == 0 {
			at("spyfall-dealt")
		}
		if face := peekCard(tb); strings.HasPrefix(face, "You're the spy.") {
			spy = name
		} else {
			location = face
		}
		tb.click("pass-on")
		if i == 0 {
			tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
			at("spyfall-handover")
		}
		tb.click("pass-ready")
	}
	if spy == "" || location == "" {
		t.Fatalf("cards gave spy %q and location %q", spy, location)
	}
	for i := 0; eval[bool](tb, `document.getElementById("start-clock") === null`); i++ {
		if i == len(names) {
			tb.fatalf("nobody can start the clock")
		}
		holder := tb.text("pass-holder")
		tb.click("pass-on")
		tb.click("pass-ready")
		tb.waitJS(fmt.Sprintf(`document.getElementById("pass-holder").textContent !== %q`, holder), "the next player holding the phone")
	}
	tb.click("start-clock")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null`, "the round to start")
	at("spyfall-playing")
	tb.click("pass-on")
	tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
	press(tb, fmt.Sprintf(".sf-pass-others button[data-pass='%d']", slices.Index(names, spy)))
	tb.waitJS(fmt.Sprintf(`document.getElementById("pass-holder").textContent === %q`, spy+" has the phone"), "the spy holding the phone")
	tb.actFromCard(true)
	tb.waitJS(`document.getElementById("location-list") !== null`, "the location list")
	at("spyfall-spy-guess")
	var locID string
	for _, id := range eval[[]string](tb, `[...document.querySelectorAll("#location-list button")].map(b => b.dataset.location + "|" + b.textContent)`) {
		if l, n, _ := strings.Cut(id, "|"); strings.HasPrefix(location, n) {
			locID = l
		}
	}
	if locID == "" {
		t.Fatalf("card %q names no location of the list", location)
	}
	press(tb, fmt.Sprintf("#location-list button[data-location=%q]", locID))
	tb.waitJS(`document.querySelector("#guess-confirm:not([disabled])") !== null`, "the guess to be ready to confirm")
	press(tb, "#guess-confirm")
	tb.waitJS(`document.getElementById("final") !== null`, "the final result")
	at("spyfall-final")
	if got := tb.text("result-spies"); got != spy {
		tb.fatalf("result names spy %q, want %s", got, spy)
	}
}

// flakySite serves a built site and can publish a new version (another worker script) and
// break the download of app.wasm halfway, as a dropped mobile connection would.
type flakySite struct {
	files      http.Handler
	mu         sync.Mutex
	worker     []byte // nil: the site's own app-worker.js
	breakWasm  bool
	brokenHits int
}

func (f *flakySite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	worker, broken := f.worker, f.breakWasm
	if broken && r.URL.Path == "/web/app.wasm" {
		f.brokenHits++
	}
	f.mu.Unlock()
	w.Header().Set("Cache-Control", "no-cache")
	switch {
	case r.URL.Path == "/app-worker.js" && worker != nil:
		w.Header().Set("Content-Type", "text/javascript")
		w.Write(worker)
	case r.URL.Path == "/web/app.wasm" && broken:
		w.Header().Set("Content-Type", "application/wasm")
		w.Header().Set("Content-Length", "4000000")
		w.WriteHeader(http.StatusOK)
		w.Write(bytes.Repeat([]byte{0}, 1<<20))
		panic(http.ErrAbortHandler) // the connection drops mid-file
	default:
		f.files.ServeHTTP(w, r)
	}
}

func (f *flakySite) set(worker []byte, breakWasm bool) {
	f.mu.Lock()
	f.worker, f.breakWasm = worker, breakWasm
	f.mu.Unlock()
}

func (f *flakySite) hits() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.brokenHits
}

var workerVersion = regexp.MustCompile(`const cacheName = "app-" \+ "([0-9a-f]+)";`)

// An update over a flaky network: a new version whose app.wasm download breaks off never
// replaces the installed one, and leaves no partial cache behind; the app still starts from
// its complete old cache. Once the network holds, the new version installs whole, is
// announced, and is the only cache left.
func TestUpdateOverFlakyNetwork(t *testing.T) {
	t.Parallel()
	chrome := findChrome(t)
	site := findSite(t)
	original, err := os.ReadFile(filepath.Join(site, "app-worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := workerVersion.FindSubmatch(original)
	if m == nil {
		t.Fatal("app-worker.js names no cache version")
	}
	oldCache, newCache := "app-"+string(m[1]), "app-"+string(m[1])+"f1a4e"
	next := bytes.Replace(original, m[0], []byte(`const cacheName = "app-" + "`+string(m[1])+`f1a4e";`), 1)

	fs := &flakySite{files: http.FileServer(http.Dir(site))}
	server := httptest.NewServer(fs)
	t.Cleanup(server.Close)
	h := &harness{t: t, chrome: chrome, server: server, origin: server.URL}
	tb := h.openBrowser("updating phone", server.URL, true)
	tb.open(server.URL + "/")
	waitInstalled(tb)
	if eval[bool](tb, `document.getElementById("update-notice") !== null`) {
		tb.fatalf("the first visit announced an update")
	}
	tb.reload() // now the worker serves the page
	before := cacheState(tb)
	files := before[oldCache]
	if len(before) != 1 || files < 10 {
		tb.fatalf("after the first visit the caches are %v, want %s with every file", before, oldCache)
	}

	// A new version is published while the network is flaky.
	fs.set(next, true)
	awaitJS[bool](tb, `navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true, () => true)`)
	tb.waitJS(`navigator.serviceWorker.getRegistration().then(r => window.__idle = !r.installing && !r.waiting) && window.__idle === true`, "the broken install to end")
	if fs.hits() == 0 {
		t.Fatal("the new worker never tried to download app.wasm")
	}
	if got := cacheState(tb); len(got) != 1 || got[oldCache] != files {
		tb.fatalf("after a broken update the caches are %v, want only %s with %d files", got, oldCache, files)
	}
	if eval[bool](tb, `document.getElementById("update-notice") !== null`) {
		tb.fatalf("a broken update was announced")
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__before = true`))
	tb.reload()
	if got := awaitJS[string](tb, `navigator.serviceWorker.getRegistration().then(r => r.active.scriptURL)`); !strings.HasSuffix(got, "/app-worker.js") {
		tb.fatalf("active worker %q", got)
	}
	// The page hears of an update only once its registration resolves (app.js:
	// goappSetupNotifyUpdate): an update found while the reloaded page still registers is
	// never announced. The notice did not come in 2 of 5 runs of make test, the update asked
	// for right after the reload; so it is asked for once the new page listens, with no
	// install of the page's own registration under way.
	tb.waitJS(`window.__before === undefined && typeof goappServiceWorkerRegistration !== "undefined" && goappServiceWorkerRegistration !== undefined`, "the reloaded page listening for updates")
	tb.waitJS(`navigator.serviceWorker.getRegistration().then(r => window.__idle = !r.installing && !r.waiting) && window.__idle === true`, "no install under way")

	// The network holds again: the update installs whole and is announced, not applied.
	fs.set(next, false)
	awaitJS[bool](tb, `navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true, () => true)`)
	tb.waitJS(fmt.Sprintf(`caches.keys().then(k => window.__keys = k.join(",")) && window.__keys === %q`, newCache), "only the new cache")
	if got := cacheState(tb); got[newCache] != files {
		tb.fatalf("after the update the caches are %v, want %s with %d files", got, newCache, files)
	}
	tb.waitJS(`document.getElementById("update-notice") !== null`, "the update notice")
	if !eval[bool](tb, `document.querySelector(".app.ready") !== null && document.getElementById("create") !== null`) {
		tb.fatalf("the page did not stay on its screen")
	}
}
