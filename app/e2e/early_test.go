//go:build !wasm

package e2e

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"safehouse/signaling"
)

// slowSite serves the site like `make run`, but holds every request for a build of the app
// (app.wasm, app-player.wasm) until release is called, as a phone's slow first download
// would, and counts each build's full answers (status 200) and the bytes they carried.
type slowSite struct {
	*httptest.Server
	held     chan struct{}
	once     sync.Once
	mu       sync.Mutex
	wasmGets map[string]int // by path
	wasmSent int64
}

func newSlowSite(t *testing.T, site string, sig http.Handler) *slowSite {
	t.Helper()
	s := &slowSite{held: make(chan struct{}), wasmGets: map[string]int{}}
	files := signaling.SiteHandler(site)
	mux := http.NewServeMux()
	mux.Handle("/signal", sig)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, ".wasm") {
			files.ServeHTTP(w, r)
			return
		}
		select {
		case <-s.held:
		case <-r.Context().Done():
			return
		}
		cw := &countingWriter{ResponseWriter: w}
		files.ServeHTTP(cw, r)
		s.mu.Lock()
		defer s.mu.Unlock()
		if cw.status == http.StatusOK && r.Method == http.MethodGet {
			s.wasmGets[r.URL.Path]++
			s.wasmSent += cw.n
		}
	})
	s.Server = httptest.NewServer(mux)
	t.Cleanup(func() { s.release(); s.Close() })
	return s
}

func (s *slowSite) release() { s.once.Do(func() { close(s.held) }) }

// wasm is how many times each build was sent, as "path:count" sorted, and the bytes in all.
func (s *slowSite) wasm() (gets string, sent int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var each []string
	for path, n := range s.wasmGets {
		each = append(each, fmt.Sprintf("%s:%d", path, n))
	}
	slices.Sort(each)
	return strings.Join(each, " "), s.wasmSent
}

type countingWriter struct {
	http.ResponseWriter
	status int
	n      int64
}

func (w *countingWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *countingWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.n += int64(n)
	return n, err
}

// layoutProbe describes where the invited screen's parts are, in CSS pixels.
const layoutProbe = `["#invited-title", "#invited-body", "#name", "#join", "footer.preferences", "#pref-lang", "#pref-theme"].map(s => {
	const e = document.querySelector(s);
	if (!e) return s + " missing";
	const r = e.getBoundingClientRect();
	return s + " " + [r.x, r.y, r.width, r.height].map(Math.round).join(",");
}).join("; ") + "; page " + document.documentElement.scrollHeight`

// keepPeers records every RTCPeerConnection the page makes (window.__peers), each with its
// first data channel (__channel).
const keepPeers = `(() => {
	const Native = window.RTCPeerConnection;
	window.__peers = [];
	window.RTCPeerConnection = class extends Native {
		constructor(...args) {
			super(...args);
			window.__peers.push(this);
		}
		createDataChannel(...args) {
			const c = super.createDataChannel(...args);
			this.__channel = this.__channel || c;
			return c;
		}
	};
})();`

// onePeer says how many PeerConnections the page made and the first's state.
const onePeer = `window.__peers.length + " made, the first " + (window.__peers[0] ? window.__peers[0].connectionState : "-")`

// A first visit by invite link while the wasm is still downloading: the prerendered page
// shows the invited screen, with the room, the name field and Join; the player picks Russian, types a name and
// presses Join, which says it is getting ready and keeps the page where it is. Meanwhile the
// page joins by itself, up to an open data channel to the host. When the wasm arrives the
// app starts with that name and language and carries the press out on that channel: the
// guest's seat appears on the host's screen. A second guest who typed a name but did not
// press Join finds it kept, and joins only when they press. Each phone got the player build
// over the network once, and once seated its worker got the full build once; the guest's
// repeat visit, which runs the full build, took not a byte of either.
func TestInviteWorksBeforeTheWasm(t *testing.T) {
	t.Parallel()
	chrome := findChrome(t)
	site := findSite(t)
	// One signaling server behind two sites: the host's, served at once, and the guest's,
	// whose wasm is slow.
	sig := signaling.New(signaling.Config{
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		OriginPatterns: []string{"127.0.0.1:*"},
	})
	mux := http.NewServeMux()
	mux.Handle("/signal", sig)
	mux.Handle("/", signaling.SiteHandler(site))
	fast := httptest.NewServer(mux)
	t.Cleanup(func() { sig.Close(); fast.Close() })
	slow := newSlowSite(t, site, sig)
	h := &harness{t: t, chrome: chrome, server: fast, origin: fast.URL}

	host := h.openBrowser("host tab", h.origin, true)
	// A seat the host waits for in vain: its failure shows each phone's screen and console.
	var phones []*tab
	host.tableMates = func() []*tab { return phones }
	host.open(h.origin + "/")
	host.typeInto("name", "Maya")
	host.click("create")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	room := host.text("lobby-room")
	invite, err := url.Parse(host.value("invite-link"))
	if err != nil {
		t.Fatal(err)
	}

	link := slow.URL + "/#" + invite.Fragment
	guest := h.openBrowser("guest phone", slow.URL, true)
	phones = append(phones, guest)
	guest.onEveryPage(keepPeers)
	guest.do(chromedp.Navigate(link))
	guest.waitJS(`document.getElementById("name") !== null && document.getElementById("join") !== null && window.safehouseEarly !== undefined`, "the prerendered page")
	if body := guest.text("invited-body"); !strings.Contains(body, room) || guest.text("join") != "Join the game" {
		guest.fatalf("the prerendered page for the invite says %q, its button %q: want the invited screen for room %s", body, guest.text("join"), room)
	}
	if eval[bool](guest, `document.querySelector(".app.ready") !== null`) {
		guest.fatalf("the app runs although its wasm is held back")
	}
	// The language select, changed as a phone's picker does: a new value and a change event.
	guest.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("pref-lang"); s.value = "ru"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`))
	guest.typeInto("name", "Nadia")
	guest.click("join")
	guest.waitJS(`document.getElementById("join").getAttribute("aria-busy") === "true"`, "Join to say it is getting ready")
	if got := guest.text("join"); got != "Getting ready…" {
		guest.fatalf("the pressed Join says %q", got)
	}
	if got := eval[string](guest, `location.href`); got != link {
		guest.fatalf("the press moved the page to %s", got)
	}
	// Meanwhile the page joined by itself (wasm/gen/earlyjoin.js): its data channel to the
	// host is open before the app runs, for the app's hello.
	guest.waitJS(`window.__peers.length === 1 && window.__peers[0].__channel && window.__peers[0].__channel.readyState === "open"`, "the page's own join, its channel open")

	// A second guest types a name but has not pressed Join when the app starts.
	late := h.openBrowser("second guest", slow.URL, true)
	phones = append(phones, late)
	late.onEveryPage(keepPeers)
	late.do(chromedp.Navigate(link))
	late.waitJS(`document.getElementById("name") !== null && window.safehouseEarly !== undefined`, "the prerendered page")
	late.typeInto("name", "Le")
	// The prerendered invite is what the app will show: nothing on it may move when the app
	// starts (Lighthouse counts a shift of the settings under it as a layout shift).
	before := eval[string](late, layoutProbe)

	slow.release()
	guest.waitJS(`document.querySelector(".app.ready") !== null`, "the app to start")
	host.waitJS(`[...document.querySelectorAll("#players .player-name")].some(e => e.textContent === "Nadia")`, "the guest's seat on the host's screen")
	guest.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "the guest's lobby")
	if got := eval[string](guest, `document.documentElement.lang`); got != "ru" {
		guest.fatalf("the app started in %q, not the Russian chosen before it ran", got)
	}
	// The second guest's half-typed name is kept, and the app waits for their press.
	late.waitJS(`document.querySelector(".app.ready") !== null && document.getElementById("invited-title") !== null`, "the invited screen")
	if got := late.value("name"); got != "Le" {
		late.fatalf("the name typed before the app ran reads %q", got)
	}
	if after := eval[string](late, layoutProbe); after != before {
		late.fatalf("the invited screen moved when the app started:\nprerendered: %s\nthe app's:   %s", before, after)
	}
	// Nor in between: the app's first frame was home, a frame before OnMount showed the
	// invite again (0.14 of layout shift, in one frame out of three or so).
	if shifts := eval[[]string](late, `window.__shifts.filter(s => s.value >= 0.01).map(s => s.what)`); len(shifts) > 0 {
		late.fatalf("the page shifted while the app started: %v", shifts)
	}
	if n := len(host.playerNames()); n != 2 {
		host.fatalf("%d players at the table before the second guest pressed Join, want 2", n)
	}
	late.typeInto("name", "Leo")
	late.click("join")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 3`, "the second guest's seat")
	// The app went on with the page's join: one PeerConnection, the page's, connected. (The
	// second guest's page may have closed its own by the time they pressed Join, and then
	// their app made another.)
	if got := eval[string](guest, onePeer); got != "1 made, the first connected" {
		guest.fatalf("the guest's PeerConnections: %s, want 1 made, the first connected (the page's own, taken by the app)", got)
	}

	// The page's head started the wasm's download (build.js), and app.js took it: one fetch.
	if got := eval[string](guest, `performance.getEntriesByType("resource").filter(e => e.name.endsWith("/web/app-player.wasm")).map(e => e.initiatorType).join()`); got != "fetch" {
		guest.fatalf("the wasm's downloads, by initiator: %q, want one, the page's own (fetch)", got)
	}
	// The service worker, registered once the wasm ran, finds it in the HTTP cache.
	waitInstalled(guest)
	for _, p := range []*tab{guest, late} {
		p.waitJS(fullBuildMark, "the seated guest's worker keeping the full build")
	}
	const sentOnce = "/web/app-player.wasm:2 /web/app.wasm:2"
	if gets, sent := slow.wasm(); gets != sentOnce {
		t.Errorf("first visits of two phones: builds sent %s (%d bytes), want %s: the player build to each page, then, once seated, the full build to each worker", gets, sent, sentOnce)
	}
	// A repeat visit runs the full build from the worker's cache: not one byte on the network.
	guest.reload()
	if kind := eval[string](guest, `window.safehouseBuild.kind`); kind != "full" {
		guest.fatalf("the repeat visit runs the %s build, want the full build its worker keeps", kind)
	}
	if gets, sent := slow.wasm(); gets != sentOnce {
		t.Errorf("after a repeat visit builds sent %s (%d bytes), want still %s", gets, sent, sentOnce)
	}
}
