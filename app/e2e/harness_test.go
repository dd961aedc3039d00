//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"safehouse/signaling"
	"safehouse/tools/chromium"
)

// waitLimit only stops a hung test; nothing here depends on how fast things are.
const waitLimit = 60 * time.Second

// tabLimit ends a tab that outlives it, should a test hang on it. It is no measure of
// speed: the browser tests run several at a time, and a test's tabs may wait for a while.
const tabLimit = 10 * time.Minute

// missing skips the test loudly, or fails it where the browser test is required
// (tools/chromium: CI=true or SAFEHOUSE_REQUIRE_BROWSER=1).
func missing(t *testing.T, format string, args ...any) {
	t.Helper()
	chromium.Missing(t, format, args...)
}

func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// findChrome finds Chromium, or ends the test as missing does.
func findChrome(t *testing.T) string {
	t.Helper()
	return chromium.ForTest(t)
}

func findSite(t *testing.T) string {
	site := os.Getenv("SAFEHOUSE_SITE")
	if site == "" {
		site = filepath.Join(repoRoot(t), "build", "site")
	}
	for _, f := range []string{"index.html", "app.js", "web/app.wasm"} {
		if _, err := os.Stat(filepath.Join(site, f)); err != nil {
			missing(t, "the site is not built (%s missing: run make site)", filepath.Join(site, f))
		}
	}
	return site
}

// harness is the signaling server and the site on one loopback listener, as `make run`
// serves them, plus where screenshots go.
type harness struct {
	t       *testing.T
	chrome  string
	server  *httptest.Server
	origin  string // http://127.0.0.1:PORT, a secure context for the browser
	port    string
	signal  string // ws://127.0.0.1:PORT/signal
	shotDir string
	config  *siteConfig // the site's config.js, with what a test sets on top
	// fullBuild serves web/app.wasm, held while a test says so (playerbuild_test.go).
	fullBuild *heldFile
}

// newHarness serves the site and the signaling server. With a non-nil gate, every
// signaling request waits until the gate closes, to hold a client on its connecting screen.
func newHarness(t *testing.T, gate <-chan struct{}) *harness {
	t.Helper()
	return newHarnessWith(t, gate, signaling.Config{})
}

// newHarnessWith is newHarness with a signaling server of cfg (its logger is the harness's).
func newHarnessWith(t *testing.T, gate <-chan struct{}, cfg signaling.Config) *harness {
	t.Helper()
	chrome := findChrome(t)
	site := findSite(t)

	logTo := io.Discard
	if os.Getenv("SAFEHOUSE_E2E_LOG") == "1" {
		logTo = os.Stderr
	}
	cfg.Logger = slog.New(slog.NewTextHandler(logTo, &slog.HandlerOptions{Level: slog.LevelDebug}))
	sig := signaling.New(cfg)
	mux := http.NewServeMux()
	var signal http.Handler = sig
	if gate != nil {
		signal = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-gate:
				sig.ServeHTTP(w, r)
			case <-r.Context().Done():
			}
		})
	}
	mux.Handle("/signal", signal)
	siteHandler := signaling.SiteHandler(site)
	mux.Handle("/", siteHandler)
	config := &siteConfig{site: site, served: siteHandler}
	mux.Handle("/web/config.js", config)
	fullBuild := &heldFile{served: siteHandler}
	mux.Handle("/web/app.wasm", fullBuild)
	server := httptest.NewServer(mux)
	t.Cleanup(func() {
		sig.Close()
		server.Close()
	})

	shots := os.Getenv("SAFEHOUSE_SCREENSHOTS")
	if shots == "" {
		shots = filepath.Join(repoRoot(t), "build", "screenshots")
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	_, port, _ := strings.Cut(strings.TrimPrefix(server.URL, "http://"), ":")
	return &harness{
		t:         t,
		chrome:    chrome,
		server:    server,
		origin:    server.URL,
		port:      port,
		signal:    "ws" + strings.TrimPrefix(server.URL, "http") + "/signal",
		shotDir:   shots,
		config:    config,
		fullBuild: fullBuild,
	}
}

// tab is one page in its own browser process (its own profile, so its own localStorage:
// another phone).
type tab struct {
	t     *testing.T
	label string
	ctx   context.Context
	logMu sync.Mutex
	log   []string
	// tableMates are the other tabs of the same game: a failure prints what their screens
	// said too (a player stuck waiting is often explained by the host's screen).
	tableMates func() []*tab
	closeTab   func()
}

// closeForGood closes the tab and its browser context, as a phone whose browser is killed:
// no page is left to say goodbye, nor any storage to come back from.
func (tb *tab) closeForGood() { tb.closeTab() }

// openBrowser opens a tab in a browser context of its own in the package's Chromium
// (browsers_test.go): another phone, with its own storage, ended with the test. On a secure
// origin it grants the media permission that makes Chromium gather loopback candidates (an
// insecure origin cannot have it).
func (h *harness) openBrowser(label, origin string, secure bool) *tab {
	t := h.t
	t.Helper()
	b := chromeForTest(t, h.chrome)
	page, closePage, err := b.NewTab()
	if err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	ctx, cancelTimeout := context.WithTimeout(page, tabLimit)
	t.Cleanup(func() {
		cancelTimeout()
		closePage()
	})
	tb := &tab{t: t, label: label, ctx: ctx, closeTab: func() { cancelTimeout(); closePage() }}
	if secure {
		if err := chromium.Grant(ctx, origin, append(chromium.Media, "clipboard-write")...); err != nil {
			t.Logf("%s: %v", label, err)
		}
	}
	if err := chromedp.Listen(ctx, tb.record); err != nil {
		t.Fatalf("%s: listening to the console: %v", label, err)
	}
	recordShifts(tb)
	if reducedMotion {
		tb.do(emulateMedia())
	}
	return tb
}

// recordShifts has every page the tab loads keep its layout shifts (shiftRecorder), which
// open checks once the app runs.
func recordShifts(tb *tab) {
	tb.t.Helper()
	tb.onEveryPage(shiftRecorder)
}

// onEveryPage runs script in every page the tab loads from now on, before the page's own.
func (tb *tab) onEveryPage(script string) {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return err
	}))
}

// shiftRecorder keeps the page's layout shifts (the Layout Instability API), each with its
// value and what moved, in window.__shifts.
const shiftRecorder = `window.__shifts = [];
new PerformanceObserver(l => l.getEntries().forEach(e => window.__shifts.push({value: e.value,
	what: e.value.toFixed(3) + " at " + Math.round(e.startTime) + " ms: " + e.sources.map(s => (s.node && (s.node.id || s.node.className || s.node.nodeName)) + " from y " + Math.round(s.previousRect.y) + " to " + Math.round(s.currentRect.y)).join(", ")}))).observe({type: "layout-shift", buffered: true});`

// startShifts lists the page's layout shifts of 0.01 or more, a frame after the app began to
// run: the prerendered page and the app's first frames must not move under the player.
const startShifts = `new Promise(r => requestAnimationFrame(() => setTimeout(() => r((window.__shifts || []).filter(s => s.value >= 0.01).map(s => s.what)), 100)))`

// record keeps the page's console output and exceptions, shown when the test fails.
func (tb *tab) record(ev any) {
	var line string
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		var parts []string
		for _, a := range ev.Args {
			if len(a.Value) > 0 {
				parts = append(parts, string(a.Value))
			} else {
				parts = append(parts, a.Description)
			}
		}
		line = "console." + string(ev.Type) + ": " + strings.Join(parts, " ")
	case *runtime.EventExceptionThrown:
		line = "exception: " + ev.ExceptionDetails.Text
		if ev.ExceptionDetails.Exception != nil {
			line += " " + ev.ExceptionDetails.Exception.Description
		}
	default:
		return
	}
	tb.logMu.Lock()
	tb.log = append(tb.log, line)
	tb.logMu.Unlock()
}

func (tb *tab) fatalf(format string, args ...any) {
	tb.t.Helper()
	tb.logMu.Lock()
	log := strings.Join(tb.log, "\n  ")
	tb.logMu.Unlock()
	ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
	defer cancel()
	page, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
	tb.t.Fatalf("%s: %s\n  page text:\n  %s\n  page console:\n  %s%s", tb.label, fmt.Sprintf(format, args...),
		strings.ReplaceAll(page, "\n", "\n  "), log, tb.mateScreens())
}

// mateScreens is what the other tabs of the game show, for a failure's report.
func (tb *tab) mateScreens() string {
	if tb.tableMates == nil {
		return ""
	}
	var b strings.Builder
	for _, m := range tb.tableMates() {
		if m == tb {
			continue
		}
		ctx, cancel := context.WithTimeout(m.ctx, 5*time.Second)
		page, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
		cancel()
		if err != nil {
			page = "(unreadable: " + err.Error() + ")"
		}
		m.logMu.Lock()
		log := strings.Join(m.log, "\n    ")
		m.logMu.Unlock()
		fmt.Fprintf(&b, "\n  meanwhile %s's page text:\n    %s\n  %s's console:\n    %s", m.label,
			strings.ReplaceAll(page, "\n", "\n    "), m.label, log)
	}
	return b.String()
}

func (tb *tab) do(steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, steps...); err != nil {
		tb.fatalf("%v", err)
	}
}

// open loads url and waits until the app (not just the prerendered page) runs.
func (tb *tab) open(url string) {
	tb.t.Helper()
	// A link that changes only the fragment keeps the document: the running app changes
	// screen, which is no shift of a page being loaded.
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__sameDocument = true`))
	tb.do(chromedp.Navigate(url))
	tb.waitJS(`document.querySelector(".app.ready") !== null`, "the app to start")
	if eval[bool](tb, `window.__sameDocument === true`) {
		return
	}
	if shifts := awaitJS[[]string](tb, startShifts); len(shifts) > 0 {
		tb.fatalf("opening %s, the page shifted under the player while it loaded: %v", url, shifts)
	}
}

// eval runs a JavaScript expression and returns its value.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitJS waits until a JavaScript condition holds.
func (tb *tab) waitJS(cond, what string) {
	tb.t.Helper()
	waitFor(tb, cond, what)
}

func (tb *tab) text(id string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(document.getElementById(%q) || {}).textContent || ""`, id))
}

func (tb *tab) value(id string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(document.getElementById(%q) || {}).value || ""`, id))
}

// typeInto replaces the text of an input field, with real key events, as a person would.
func (tb *tab) typeInto(id, text string) {
	tb.t.Helper()
	tb.do(
		chromedp.WaitVisible(chromedp.ID(id)),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const f = document.getElementById(%q); f.focus(); f.select(); })()`, id)),
		chromedp.SendKeys(chromedp.ID(id), "\b"+text),
	)
}

func (tb *tab) click(id string) {
	tb.t.Helper()
	tb.do(chromedp.WaitVisible(chromedp.ID(id)), chromedp.Click(chromedp.ID(id)))
}

// playerNames is the lobby's player list as the page shows it, in table order.
func (tb *tab) playerNames() []string {
	tb.t.Helper()
	return eval[[]string](tb, `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent)`)
}

// viewport is a screen size to photograph.
type viewport struct {
	name          string
	width, height int64
	scale         float64
	mobile        bool
}

var (
	phone   = viewport{"phone", 390, 844, 2, true}
	desktop = viewport{"desktop", 1280, 800, 1, false}
)

// screenshot photographs the page at vp in the given colour scheme ("dark" or "light") to
// <shotDir>/<name>-<vp>-<scheme>.png, then restores the phone viewport and dark scheme.
func (h *harness) screenshot(tb *tab, name string, vp viewport, scheme string) {
	h.t.Helper()
	size := func(v viewport) chromedp.Action[chromedp.Void] {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(v.scale)}
		if v.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		return chromedp.EmulateViewport(v.width, v.height, opts...)
	}
	tb.do(size(vp), emulateScheme(scheme), chromedp.Sleep(150*time.Millisecond))
	png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.fatalf("screenshot %s: %v", name, err)
	}
	path := filepath.Join(h.shotDir, fmt.Sprintf("%s-%s-%s.png", name, vp.name, scheme))
	if err := os.WriteFile(path, png, 0o644); err != nil {
		h.t.Fatal(err)
	}
	tb.do(size(phone), emulateScheme("dark"))
}

// screenshots checks a screen (axe, sideways scroll, what would trouble an iPhone) and
// photographs it: in make test as a phone in the dark scheme, in make test-long (longRun) as a
// phone and on a desktop in both schemes. Photographs and their viewport changes were most of
// the browser tests' time, and a scheme changes colours, which axe checks, not sizes.
func (h *harness) screenshots(tb *tab, name string) {
	h.t.Helper()
	h.axeCheck(tb, name) // with SAFEHOUSE_AXE (make test, make audit): checked by axe-core
	h.checkOverflow(tb, name)
	checkIPhone(tb, "Chromium", name)
	for _, shot := range photographs(phone, desktop) {
		h.screenshot(tb, name, shot.vp, shot.scheme)
	}
}

// longRun is make test-long (SAFEHOUSE_LONG): every photograph and every check of every
// screen in both colour schemes.
var longRun = os.Getenv("SAFEHOUSE_LONG") != ""

type shot struct {
	vp     viewport
	scheme string
}

// photographs are the pictures taken of a screen at the viewports vps: each in both schemes
// in a long run; in make test only the first (the phone), dark. A desktop photograph cost two
// layouts of the page at another size besides its capture, about a tenth of the browser
// tests' CPU time, for a picture that no check reads.
func photographs(vps ...viewport) []shot {
	if !longRun {
		return []shot{{vps[0], "dark"}}
	}
	var shots []shot
	for _, vp := range vps {
		shots = append(shots, shot{vp, "dark"}, shot{vp, "light"})
	}
	return shots
}

// phoneShots checks a screen as screenshots does and photographs it as a 390x844 phone only
// (in both colour schemes in make test-long): for screens that only ever show on a
// phone-sized banner.
func (h *harness) phoneShots(tb *tab, name string) {
	h.t.Helper()
	h.axeCheck(tb, name)
	h.checkOverflow(tb, name)
	checkIPhone(tb, "Chromium", name)
	for _, shot := range photographs(phone) {
		h.screenshot(tb, name, shot.vp, shot.scheme)
	}
}
