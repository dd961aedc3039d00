//go:build !wasm

package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"safehouse/signaling"
)

// readyScript records, in every page, when the "create" control first sits inside a mounted
// (class "ready") component: the app's home screen, or the baseline's one component. The time
// is performance.now(), milliseconds since the navigation started.
const readyScript = `(() => {
  const seen = () => {
    if (window.__readyMS === undefined && document.querySelector(".ready #create")) {
      window.__readyMS = performance.now();
    }
    return window.__readyMS !== undefined;
  };
  if (seen()) return;
  const o = new MutationObserver(() => { if (seen()) o.disconnect(); });
  o.observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["class"]});
})()`

// cachedScript is true once the service worker has the wasm in its cache.
const cachedScript = `(async () => {
  if (!window.caches) return false;
  for (const k of await caches.keys()) {
    const c = await caches.open(k);
    for (const r of await c.keys()) if (new URL(r.url).pathname.endsWith("/app.wasm")) return true;
  }
  return false;
})()`

// slow4G is the slow mobile profile of the throttled first load (Lighthouse's mobile
// throttling: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
var slow4G = network.Conditions{Latency: 150, DownloadThroughput: 1.6e6 / 8, UploadThroughput: 750e3 / 8}

// throttledLimit bounds a throttled load: about ten times what a 2 MB download takes.
const throttledLimit = 90 * time.Second

// readyAfter waits for the page to be usable and returns the time since its navigation began.
func readyAfter(t *tab, limit time.Duration) (time.Duration, error) {
	if err := t.waitFor(`window.__readyMS !== undefined`, limit); err != nil {
		return 0, err
	}
	v, err := eval[float64](t, `window.__readyMS`)
	return time.Duration(v * float64(time.Millisecond)), err
}

// reloadsPerRun is how many cached reloads follow each first load: cheap extra samples of
// the figure with a target.
const reloadsPerRun = 3

// loadTimes opens origin in a fresh browser, then, once the service worker has cached the
// wasm, reloads it reloadsPerRun times: one first load and the cached reloads.
func loadTimes(chrome, workDir, origin string) (first time.Duration, cached []time.Duration, err error) {
	t, err := openTab(chrome, workDir)
	if err != nil {
		return 0, nil, err
	}
	defer t.close()
	if err := t.onEveryPage(readyScript); err != nil {
		return 0, nil, err
	}
	if err := t.navigate(origin + "/"); err != nil {
		return 0, nil, err
	}
	if first, err = readyAfter(t, time.Minute); err != nil {
		return 0, nil, fmt.Errorf("first load: %w", err)
	}
	if err := t.waitFor(cachedScript, 30*time.Second); err != nil {
		return 0, nil, fmt.Errorf("the service worker never cached the wasm: %w", err)
	}
	for range reloadsPerRun {
		if err := t.withLimit(time.Minute, chromedp.Reload()); err != nil {
			return 0, nil, err
		}
		d, err := readyAfter(t, time.Minute)
		if err != nil {
			return 0, nil, fmt.Errorf("cached reload: %w", err)
		}
		cached = append(cached, d)
	}
	return first, cached, nil
}

// throttledLoad is one first load under slow4G from a static host serving the wasm
// compressed, as a CDN would; it returns the time and the encoding the wasm came in.
func throttledLoad(chrome, workDir, site, wasmCopy string) (time.Duration, string, error) {
	if _, err := os.Stat(wasmCopy + ".br"); err != nil {
		// The size section makes the compressed copies; without it, make them here.
		if _, err := measureSizes(context.Background(), wasmCopy); err != nil {
			return 0, "", err
		}
	}
	host := newCompressingHost(site, wasmCopy)
	srv := httptest.NewServer(host)
	defer srv.Close()
	t, err := openTab(chrome, workDir)
	if err != nil {
		return 0, "", err
	}
	defer t.close()
	if err := t.onEveryPage(readyScript); err != nil {
		return 0, "", err
	}
	if _, err := chromedp.Call(t.ctx, network.Enable, network.EnableParams{}); err != nil {
		return 0, "", err
	}
	c := slow4G
	if _, err := chromedp.Call(t.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{&c},
	}); err != nil {
		return 0, "", fmt.Errorf("throttling: %w", err)
	}
	if err := t.withLimit(throttledLimit, chromedp.Navigate(srv.URL+"/")); err != nil {
		return 0, "", err
	}
	d, err := readyAfter(t, throttledLimit)
	return d, host.served(), err
}

// compressingHost serves a site with the project's SiteHandler, but app.wasm precompressed
// (brotli when the browser accepts it, else gzip), the way a CDN serves it.
type compressingHost struct {
	site     http.Handler
	wasmCopy string // the wasm, with .br and .gz next to it

	mu       sync.Mutex
	encoding string
}

func newCompressingHost(site, wasmCopy string) *compressingHost {
	return &compressingHost{site: signaling.SiteHandler(site), wasmCopy: wasmCopy}
}

func (h *compressingHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasSuffix(r.URL.Path, "/app.wasm") {
		h.site.ServeHTTP(w, r)
		return
	}
	accept := r.Header.Get("Accept-Encoding")
	enc, file := "identity", h.wasmCopy
	switch {
	case strings.Contains(accept, "br"):
		enc, file = "br", h.wasmCopy+".br"
	case strings.Contains(accept, "gzip"):
		enc, file = "gzip", h.wasmCopy+".gz"
	}
	body, err := os.ReadFile(file)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h.mu.Lock()
	h.encoding = enc
	h.mu.Unlock()
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Set("Cache-Control", "no-cache")
	if enc != "identity" {
		w.Header().Set("Content-Encoding", enc)
	}
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	_, _ = w.Write(body)
}

func (h *compressingHost) served() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.encoding
}

// startupSite is one site to load: its origin on the project's server and what throttled
// loads need.
type startupSite struct {
	label    string
	origin   string
	site     string
	wasmCopy string
}

// startupRows loads the app and the baseline alternately, runs fresh browsers each (a first
// load and reloadsPerRun cached reloads in each), and compares medians; then one throttled
// first load of each.
func startupRows(chrome, workDir string, app, base startupSite, runs int) []row {
	const sec = "start-up"
	var appFirst, appCached, baseFirst, baseCached []time.Duration
	for i := 0; i < runs; i++ {
		f, c, err := loadTimes(chrome, workDir, app.origin)
		if err != nil {
			return []row{goalReload.missing(fmt.Errorf("app: %w", err))}
		}
		appFirst, appCached = append(appFirst, f), append(appCached, c...)
		if f, c, err = loadTimes(chrome, workDir, base.origin); err != nil {
			return []row{goalReload.missing(fmt.Errorf("baseline: %w", err))}
		}
		baseFirst, baseCached = append(baseFirst, f), append(baseCached, c...)
	}
	med := func(d []time.Duration) time.Duration { return percentile(d, 50) }
	ratio := float64(med(appCached)) / float64(med(baseCached))
	rows := []row{
		info(sec, fmt.Sprintf("first load, app / baseline (median of %d)", len(appFirst)), ms(med(appFirst))+" / "+ms(med(baseFirst))),
		info(sec, fmt.Sprintf("cached reload, app / baseline (median of %d)", len(appCached)), ms(med(appCached))+" / "+ms(med(baseCached))),
		goalReload.check(fmt.Sprintf("%.2fx", ratio), ratio <= 1.5),
	}
	for _, s := range []startupSite{app, base} {
		name := "throttled first load (slow 4G, compressed), " + s.label
		d, enc, err := throttledLoad(chrome, workDir, s.site, s.wasmCopy)
		if err != nil {
			rows = append(rows, unmeasured(sec, name, "", err))
			continue
		}
		rows = append(rows, info(sec, name, ms(d)+" (wasm as "+enc+")"))
	}
	return append(rows, startBreakdownRows(chrome, workDir, app, base)...)
}
