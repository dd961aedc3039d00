//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// The layout tests of issue 29 that need no running app: game screens rendered here, as
// go-app writes them (its test engine), in every language, and styled by the site's own CSS
// files straight from web/ (so a change of style is tested without building the wasm). One
// tab walks every page and size.

// layoutSite serves pages rendered in the test, with web/ under /web/.
type layoutSite struct {
	t      *testing.T
	mu     sync.Mutex
	pages  map[string]string
	server *httptest.Server
}

func newLayoutSite(t *testing.T) *layoutSite {
	t.Helper()
	s := &layoutSite{t: t, pages: map[string]string{}}
	mux := http.NewServeMux()
	mux.Handle("/web/", http.StripPrefix("/web/", http.FileServer(http.Dir(filepath.Join(repoRoot(t), "web")))))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		page, ok := s.pages[r.URL.Path]
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	})
	s.server = httptest.NewServer(mux)
	t.Cleanup(s.server.Close)
	return s
}

// add renders c in lang as the page at path, inside the app's frame: <div class="app">, and
// within it the elements of around (outermost first, e.g. the table screen's wrapper).
func (s *layoutSite) add(path string, lang i18n.Lang, c goapp.Composer, around ...string) string {
	s.t.Helper()
	e := goapp.NewTestEngine()
	if err := e.Load(c); err != nil {
		s.t.Fatal(err)
	}
	e.ConsumeAll()
	css := ""
	for _, f := range []string{"styles.css", "settings.css", "spyfall.css", "spyfest.css", "spectator.css"} {
		css += `<link rel="stylesheet" href="/web/` + f + `">`
	}
	open, closing := `<div class="app ready">`, `</div>`
	for _, a := range around {
		open += a
		closing = "</div>" + closing
	}
	page := `<!doctype html><html lang="` + i18n.Tag(lang) + `" dir="` + i18n.Dir(lang) + `"><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width, initial-scale=1">` + css +
		`</head><body>` + open + goapp.HTMLString(c) + closing + `</body></html>`
	s.mu.Lock()
	s.pages[path] = page
	s.mu.Unlock()
	return s.server.URL + path
}

// layoutTab is one Chromium tab for a layout test, with no app of its own to wait for.
func layoutTab(t *testing.T, origin string) *tab {
	t.Helper()
	h := &harness{t: t, chrome: findChrome(t)}
	return h.openBrowser("layout", origin, false)
}

// resize makes the tab a screen of the given size, phone-like below 900 px.
func (tb *tab) resize(width, height int64) {
	tb.t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
	if width < 900 {
		opts = append(opts, chromedp.EmulateMobile)
	}
	tb.do(chromedp.EmulateViewport(width, height, opts...))
}

// show puts the page at url on the tab at the given size. The pages of a layoutSite share
// their head (the style sheets), so after the first only the body and the language change,
// in the page itself: hundreds of pages are walked in seconds, not one navigation each.
func (tb *tab) show(url string, width, height int64) {
	tb.t.Helper()
	tb.resize(width, height)
	if eval[bool](tb, `document.querySelector("link[href='/web/styles.css']") === null`) {
		tb.do(chromedp.Navigate(url))
		tb.waitJS(`document.readyState === "complete"`, "the page")
	} else {
		awaitJS[bool](tb, `(async (url) => {
			const doc = new DOMParser().parseFromString(await (await fetch(url)).text(), "text/html");
			document.documentElement.lang = doc.documentElement.lang;
			document.documentElement.dir = doc.documentElement.dir;
			document.body.replaceWith(document.adoptNode(doc.body));
			return true;
		})(`+jsString(url)+`)`)
	}
	awaitJS[bool](tb, `document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => r(true))))`)
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// layoutShot keeps a picture of the page as it is now, named name, in the screenshots folder.
func layoutShot(t *testing.T, tb *tab, name string) {
	t.Helper()
	png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.fatalf("screenshot %s: %v", name, err)
	}
	dir := os.Getenv("SAFEHOUSE_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(repoRoot(t), "build", "screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
