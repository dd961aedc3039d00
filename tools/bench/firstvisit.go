//go:build !wasm

package main

import (
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"safehouse/signaling"
)

const firstVisitSection = "first visit (invite link, slow 4G)"

// Issue 35 restated the seat's target: a join that starts when the wasm runs pays its own
// round trips under slow 4G (about 1.5 s), so the target is that part and the invitee's
// download, which together put the seat within 2.5 s of the baseline's first load.
var (
	goalTyping   = goal{firstVisitSection, fmt.Sprintf("invite opened -> name field accepts typing, app, p50 / p95 (%d visits)", firstVisits), "p95 <= 1500 ms"}
	goalWasmSeat = goal{firstVisitSection, fmt.Sprintf("the app's wasm runs -> seat on the host's screen (signaling, ICE, DTLS, SCTP, hello), p50 / p95 (%d visits)", firstVisits), "p95 <= 1500 ms"}
	goalDownload = goal{firstVisitSection, "the invitee's wasm over the network, as brotli (the build an invite link loads)", "<= 1.55 MB"}
	goalSeat     = goal{firstVisitSection, fmt.Sprintf("invite opened -> seat on the host's screen, app, p50 / p95 (baseline's first load, median of %d)", firstVisits), "p95 <= baseline + 2500 ms"}
	goalRepeat   = goal{firstVisitSection, "wasm bytes over the network on a repeat visit, app / baseline", "app: 0"}
)

// firstVisits is how many fresh phones open the invite link, and how many first loads of the
// baseline the seat is compared with.
const firstVisits = 5

// typingScript records, in every page, when the name field first takes a touch: it is on
// screen and nothing covers its middle (performance.now(), ms since the navigation began).
// It checks on every frame, so not before the page first renders.
const typingScript = `(() => {
  const ready = () => {
    const f = document.getElementById("name");
    if (!f) return false;
    const r = f.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === f;
  };
  const tick = () => {
    if (window.__typingMS === undefined && ready()) window.__typingMS = performance.now();
    if (window.__typingMS === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`

// countingSite serves a site with the project's SiteHandler and counts the response bytes it
// sends (bodies, as compressed on the wire; a 304 has none), the wasm's apart.
type countingSite struct {
	files  http.Handler
	mu     sync.Mutex
	all    int64
	wasm   int64
	asked  int              // requests answered
	served map[string]int64 // the bytes of each .wasm path served since the last take
}

func (c *countingSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cw := &countingWriter{ResponseWriter: w}
	c.files.ServeHTTP(cw, r)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.all += cw.n
	c.asked++
	if strings.HasSuffix(r.URL.Path, ".wasm") {
		c.wasm += cw.n
		if c.served == nil {
			c.served = map[string]int64{}
		}
		c.served[r.URL.Path] += cw.n
	}
}

// wasmServed is the bytes of each .wasm path served since the last take.
func (c *countingSite) wasmServed() map[string]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.served)
}

// take returns what was counted since the last take.
func (c *countingSite) take() (all, wasm int64, asked int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	all, wasm, asked = c.all, c.wasm, c.asked
	c.all, c.wasm, c.asked, c.served = 0, 0, 0, nil
	return all, wasm, asked
}

type countingWriter struct {
	http.ResponseWriter
	n int64
}

func (w *countingWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.n += int64(n)
	return n, err
}

// visitServer is one site and a signaling server in this process, on loopback: what the
// phone under test reaches.
func visitServer(site string, sig http.Handler) (*httptest.Server, *countingSite) {
	counted := &countingSite{files: signaling.SiteHandler(site)}
	mux := http.NewServeMux()
	mux.Handle("/signal", sig)
	mux.Handle("/", counted)
	return httptest.NewServer(mux), counted
}

// throttle puts the tab on the slow mobile profile.
func (t *tab) throttle() error {
	if _, err := chromedp.Call(t.ctx, network.Enable, network.EnableParams{}); err != nil {
		return err
	}
	c := slow4G
	_, err := chromedp.Call(t.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{&c},
	})
	return err
}

// visit is what one first visit and one repeat visit measured.
type visit struct {
	typing, seat, load   time.Duration // typing and seat: the app's; load: the baseline's
	started              time.Duration // the app's start (mounted), for reading the seat
	phases               joinPhases    // the join's steps, from the start to the seat
	firstAll, firstWasm  int64
	repeatAll, repeatWas int64
	repeatAsked          int    // requests that reached the server on the repeat visit
	pageWasm             string // the path of the build the invite's page ran
	// wasmFiles: each .wasm the first visit downloaded with its bytes, the page's build first
	// (firstWasm counts it alone); the full build comes after the seat, through the worker.
	wasmFiles []string
}

// firstVisitRows: a host tab (not throttled) creates a game; firstVisits fresh phones under
// slow 4G open its invite link in turn, each typing a name as soon as the field takes it and
// pressing Join. Then as many first loads of the baseline, from the same kind of server under
// the same profile. The first of each also measures the bytes of its first visit (until the
// service worker has the wasm) and of a repeat visit.
func firstVisitRows(chrome, workDir, appSite, baseSite string) []row {
	sig := signaling.New(signaling.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), OriginPatterns: []string{"127.0.0.1:*"}})
	defer sig.Close()
	hostSrv, _ := visitServer(appSite, sig)
	defer hostSrv.Close()
	appSrv, appCount := visitServer(appSite, sig)
	defer appSrv.Close()
	baseSrv, baseCount := visitServer(baseSite, sig)
	defer baseSrv.Close()

	fail := func(err error) []row {
		return []row{goalTyping.missing(err), goalWasmSeat.missing(err), goalDownload.missing(err), goalSeat.missing(err), goalRepeat.missing(err)}
	}
	host, err := openHostTab(chrome, workDir, hostSrv.URL)
	if err != nil {
		return fail(fmt.Errorf("the host tab: %w", err))
	}
	defer host.close()
	var apps, bases []visit
	for i := range firstVisits {
		app, err := appFirstVisit(chrome, workDir, host, appSrv.URL, appCount, fmt.Sprintf("Phone %d", i+1), i == 0)
		if err != nil {
			return fail(fmt.Errorf("app, visit %d: %w", i+1, err))
		}
		apps = append(apps, app)
	}
	for i := range firstVisits {
		base, err := baselineFirstVisit(chrome, workDir, baseSrv.URL, baseCount, i == 0)
		if err != nil {
			return fail(fmt.Errorf("baseline, load %d: %w", i+1, err))
		}
		bases = append(bases, base)
	}
	pick := func(vs []visit, of func(visit) time.Duration) []time.Duration {
		var out []time.Duration
		for _, v := range vs {
			out = append(out, of(v))
		}
		return out
	}
	typing := pick(apps, func(v visit) time.Duration { return v.typing })
	seat := pick(apps, func(v visit) time.Duration { return v.seat })
	started := pick(apps, func(v visit) time.Duration { return v.started })
	joined := pick(apps, func(v visit) time.Duration { return v.seat - v.started })
	var phases []joinPhases
	for _, v := range apps {
		phases = append(phases, v.phases)
	}
	load := percentile(pick(bases, func(v visit) time.Duration { return v.load }), 50)
	p50p95 := func(d []time.Duration) string { return ms(percentile(d, 50)) + " / " + ms(percentile(d, 95)) }
	app, base := apps[0], bases[0]
	sec := firstVisitSection
	return []row{
		goalTyping.check(p50p95(typing), percentile(typing, 95) <= 1500*time.Millisecond),
		info(sec, "invite opened -> the app's wasm runs, app, p50 / p95", p50p95(started)),
		// What the seat needs once the wasm runs is round trips, and Chromium's emulated
		// latency delays WebRTC's packets too: signaling, ICE, DTLS and SCTP each pay it.
		goalWasmSeat.check(p50p95(joined), percentile(joined, 95) <= 1500*time.Millisecond),
		info(sec, "  of which, p50: the signaling socket open / the host's answer / ICE connected / DTLS connected / the data channel open / the hello on the host's screen",
			joinPhasesRow(phases)),
		goalDownload.check(fmt.Sprintf("%s (%s)", megabytes(app.firstWasm), strings.Join(app.wasmFiles, ", ")), app.firstWasm <= 1_550_000),
		goalSeat.check(p50p95(seat)+" ("+ms(load)+")", percentile(seat, 95) <= load+2500*time.Millisecond),
		info(sec, "bytes over the network, first visit, app / baseline (the page's wasm)",
			fmt.Sprintf("%s (%s) / %s (%s)", megabytes(app.firstAll), megabytes(app.firstWasm), megabytes(base.firstAll), megabytes(base.firstWasm))),
		info(sec, "bytes over the network, repeat visit, app / baseline (requests)",
			fmt.Sprintf("%d (%d) / %d (%d) bytes", app.repeatAll, app.repeatAsked, base.repeatAll, base.repeatAsked)),
		goalRepeat.check(fmt.Sprintf("%d / %d bytes", app.repeatWas, base.repeatWas), app.repeatWas == 0),
	}
}

// appFirstVisit is one fresh phone joining host's game as name; with repeat it also counts
// the bytes of its first visit and of a repeat visit.
func appFirstVisit(chrome, workDir string, host *hostTab, origin string, count *countingSite, name string, repeat bool) (visit, error) {
	var v visit
	phone, err := openTab(chrome, workDir, origin)
	if err != nil {
		return v, err
	}
	defer phone.close()
	for _, script := range []string{typingScript, mountedScript, joinPhasesScript} {
		if err := phone.onEveryPage(script); err != nil {
			return v, err
		}
	}
	if err := phone.throttle(); err != nil {
		return v, fmt.Errorf("throttling: %w", err)
	}
	_, _, _ = count.take()
	link := origin + "/#" + host.link[strings.Index(host.link, "#")+1:]
	// The navigation returns once the page has loaded, not waiting for the wasm.
	if err := phone.withLimit(throttledLimit, chromedp.Navigate(link)); err != nil {
		return v, err
	}
	if err := phone.waitFor(`window.__typingMS !== undefined`, throttledLimit); err != nil {
		return v, fmt.Errorf("the name field: %w", err)
	}
	typing, err := eval[float64](phone, `window.__typingMS`)
	if err != nil {
		return v, err
	}
	v.typing = time.Duration(typing * float64(time.Millisecond))
	if err := phone.withLimit(time.Minute, chromedp.SendKeys(chromedp.ID("name"), name), chromedp.Click(chromedp.ID("join"))); err != nil {
		return v, fmt.Errorf("typing and pressing Join: %w", err)
	}
	seen, err := host.seenAt(name, throttledLimit)
	if err != nil {
		return v, fmt.Errorf("the seat on the host's screen: %w", err)
	}
	opened, err := eval[float64](phone, `performance.timeOrigin`)
	if err != nil {
		return v, err
	}
	offset, err := clockOffset(phone)
	if err != nil {
		return v, err
	}
	v.seat = seen.Sub(time.UnixMicro(int64(opened * 1000)).Add(-offset))
	mounted, err := eval[float64](phone, `window.__mountedMS`)
	if err != nil {
		return v, fmt.Errorf("the app's start: %w", err)
	}
	v.started = time.Duration(mounted * float64(time.Millisecond))
	marks, err := eval[map[string]float64](phone, `window.__joinMarks`)
	if err != nil {
		return v, fmt.Errorf("the join's steps: %w", err)
	}
	if v.phases, err = joinPhasesOf(marks, v.started, v.seat); err != nil {
		return v, err
	}
	if !repeat {
		return v, nil
	}
	if err := phone.waitFor(cachedScript, throttledLimit); err != nil {
		return v, fmt.Errorf("the service worker never cached the wasm: %w", err)
	}
	if v.pageWasm, err = eval[string](phone, `new URL(window.safehouseBuild.url, location.href).pathname`); err != nil {
		return v, fmt.Errorf("the page's build: %w", err)
	}
	served := count.wasmServed()
	v.firstWasm = served[v.pageWasm]
	v.wasmFiles = []string{fmt.Sprintf("%s, the page's", path.Base(v.pageWasm))}
	var background int64 // the full build, which the worker fetches once the player is seated
	for _, p := range slices.Sorted(maps.Keys(served)) {
		if p != v.pageWasm {
			v.wasmFiles = append(v.wasmFiles, fmt.Sprintf("then %s %s by the worker", path.Base(p), megabytes(served[p])))
			background += served[p]
		}
	}
	all, _, _ := count.take()
	v.firstAll = all - background
	if err := phone.withLimit(throttledLimit, chromedp.Navigate(origin+"/")); err != nil {
		return v, err
	}
	if err := phone.waitFor(`document.querySelector(".app.ready #create")`, throttledLimit); err != nil {
		return v, fmt.Errorf("the repeat visit: %w", err)
	}
	v.repeatAll, v.repeatWas, v.repeatAsked = count.take()
	return v, nil
}

// baselineFirstVisit is one first load of the baseline; with repeat it also counts the bytes
// of that visit and of a repeat visit.
func baselineFirstVisit(chrome, workDir, origin string, count *countingSite, repeat bool) (visit, error) {
	var v visit
	phone, err := openTab(chrome, workDir, origin)
	if err != nil {
		return v, err
	}
	defer phone.close()
	if err := phone.onEveryPage(readyScript); err != nil {
		return v, err
	}
	if err := phone.throttle(); err != nil {
		return v, fmt.Errorf("throttling: %w", err)
	}
	_, _, _ = count.take()
	if err := phone.withLimit(throttledLimit, chromedp.Navigate(origin+"/")); err != nil {
		return v, err
	}
	if v.load, err = readyAfter(phone, throttledLimit); err != nil {
		return v, err
	}
	if !repeat {
		return v, nil
	}
	if err := phone.waitFor(cachedScript, throttledLimit); err != nil {
		return v, fmt.Errorf("the service worker never cached the wasm: %w", err)
	}
	v.firstAll, v.firstWasm, _ = count.take()
	if err := phone.withLimit(throttledLimit, chromedp.Navigate(origin+"/")); err != nil {
		return v, err
	}
	if _, err := readyAfter(phone, throttledLimit); err != nil {
		return v, fmt.Errorf("the repeat visit: %w", err)
	}
	v.repeatAll, v.repeatWas, v.repeatAsked = count.take()
	return v, nil
}
