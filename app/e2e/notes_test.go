//go:build !wasm

package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"safehouse/signaling"
)

// The notes about the browser (a plain-http page, no network) are drawn in the first frame
// that shows them, never a frame later: a note that appears once more of the page has come
// pushes everything under it down while the player reads or taps (on a LAN party's plain-http
// page, every phone). The server holds the page just after the plain-http note, before the
// rest of home and the loader, and the browser draws what it has meanwhile. Before, the note
// was shown only once the loader was parsed, and under load the browser drew home without it
// first (TestBadCodesAndPlainHTTP saw the settings move 747 px down).
//
// Likewise an invite link's screen (its name field and Join) takes home's place in the first
// frame that has home: the server holds the page after home, before the loader. It was
// swapped in only once the loader was parsed, so a loaded phone could draw home, then the
// invited screen over it.
func TestBrowserNotesFromTheFirstFrame(t *testing.T) {
	t.Parallel()
	chrome := findChrome(t)
	site := findSite(t)
	built, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	// Home's note, not the copy in the invited screen's template, which comes before it.
	body := strings.Index(string(built), "<body")
	note := strings.Index(string(built[max(body, 0):]), `id="insecure-note"`)
	end := strings.Index(string(built[max(body+note, 0):]), "</aside>")
	if body < 0 || note < 0 || end < 0 {
		t.Fatal("the built page's body has no plain-http note")
	}
	afterNote := body + note + end + len("</aside>")
	// The loader's tag starts where home has ended (go-app writes attributes in any order).
	loader := strings.Index(string(built[max(body, 0):]), `id="app-wasm-loader"`)
	if loader < 0 {
		t.Fatal("the built page's body has no loader")
	}
	afterHome := strings.LastIndex(string(built[:body+loader]), "<")
	cut := afterNote

	// held is closed when the page's rest may come; each visit gets its own.
	var mu sync.Mutex
	held := make(chan struct{})
	release := func() {
		mu.Lock()
		defer mu.Unlock()
		select {
		case <-held:
		default:
			close(held)
		}
	}
	t.Cleanup(release)
	siteHandler := signaling.SiteHandler(site)
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			siteHandler.ServeHTTP(w, r)
			return
		}
		mu.Lock()
		rest := held
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		mu.Lock()
		at := cut
		mu.Unlock()
		w.Write(built[:at])
		w.(http.Flusher).Flush()
		select {
		case <-rest:
		case <-time.After(time.Minute):
		case <-r.Context().Done():
			return
		}
		w.Write(built[at:])
	}))
	t.Cleanup(server.Close)
	_, port, _ := strings.Cut(strings.TrimPrefix(server.URL, "http://"), ":")
	h := &harness{t: t, chrome: chrome, server: server, origin: server.URL, port: port}

	// visit opens url in a new phone's tab while the server holds the page at cut, and waits
	// until the page has come up to there (upTo) and a frame of it is drawn.
	visit := func(origin, url string, at int, upTo, what string) *tab {
		mu.Lock()
		held, cut = make(chan struct{}), at
		mu.Unlock()
		tb := h.openBrowser("first frame", origin, false)
		// Page.navigate, not open or chromedp.Navigate: it returns once the page is on its
		// way, where they wait for all of it, which the server holds.
		tb.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: url})
			return err
		}))
		tb.waitJS(upTo+` && document.getElementById("app-wasm-loader") === null`, what)
		tb.waitJS(`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, "a frame drawn")
		return tb
	}

	for _, c := range []struct {
		origin string
		shown  bool
	}{
		{"http://safehouse.test:" + port, true}, // plain http
		{server.URL, false},                     // loopback: a secure context
	} {
		tb := visit(c.origin, c.origin+"/", afterNote, `document.getElementById("insecure-note") !== null`, "the page up to the note")
		drawn := eval[bool](tb, `(n => getComputedStyle(n).display !== "none" && n.getBoundingClientRect().height > 0)(document.getElementById("insecure-note"))`)
		if drawn != c.shown {
			tb.fatalf("%s: the plain-http note drawn before the rest of the page came: %v, want %v", c.origin, drawn, c.shown)
		}
		release()
		tb.waitJS(`document.querySelector(".app.ready") !== null`, "the app to start")
		if got := eval[bool](tb, `document.getElementById("insecure-note") !== null`); got != c.shown {
			tb.fatalf("%s: the app shows the plain-http note: %v, want %v", c.origin, got, c.shown)
		}
		tb.closeForGood()
	}

	tb := visit(server.URL, server.URL+"/#join=K7MPQ2&k=c2VjcmV0LW9mLXRoZS1pbnZpdGU", afterHome,
		`document.getElementById("pref-theme") !== null`, "the page up to the end of home")
	if !eval[bool](tb, `document.getElementById("invited-title") !== null && document.getElementById("create") === null`) {
		tb.fatalf("with home come and the loader not yet, the page shows home, not the invited screen")
	}
	if body := tb.text("invited-body"); !strings.Contains(body, "K7MPQ2") {
		tb.fatalf("the invited screen says %q, without room K7MPQ2", body)
	}
	release()
	tb.waitJS(`document.querySelector(".app.ready") !== null && document.getElementById("invited-title") !== null`, "the app to start on the invited screen")
	tb.closeForGood()
}
