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
	cut := body + note + end + len("</aside>")

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
		w.Write(built[:cut])
		w.(http.Flusher).Flush()
		select {
		case <-rest:
		case <-time.After(time.Minute):
		case <-r.Context().Done():
			return
		}
		w.Write(built[cut:])
	}))
	t.Cleanup(server.Close)
	_, port, _ := strings.Cut(strings.TrimPrefix(server.URL, "http://"), ":")
	h := &harness{t: t, chrome: chrome, server: server, origin: server.URL, port: port}

	for _, c := range []struct {
		origin string
		shown  bool
	}{
		{"http://safehouse.test:" + port, true}, // plain http
		{server.URL, false},                     // loopback: a secure context
	} {
		mu.Lock()
		held = make(chan struct{})
		mu.Unlock()
		tb := h.openBrowser("first frame", c.origin, false)
		// Page.navigate, not open or chromedp.Navigate: it returns once the page is on its
		// way, where they wait for all of it, which the server holds.
		tb.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: c.origin + "/"})
			return err
		}))
		tb.waitJS(`document.getElementById("insecure-note") !== null && document.getElementById("app-wasm-loader") === null`, "the page up to the note")
		tb.waitJS(`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, "a frame drawn")
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
}
