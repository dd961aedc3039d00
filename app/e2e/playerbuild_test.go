//go:build !wasm

package e2e

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"safehouse/app/i18n"
)

// heldFile serves a file of the site, except that while held each request for it waits for
// the release (a download that has not come yet).
type heldFile struct {
	served  http.Handler
	mu      sync.Mutex
	gate    chan struct{} // nil when not held
	waiting int           // requests that came while held
}

// hold makes the requests from now on wait; release lets them through.
func (f *heldFile) hold() (release func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	gate := make(chan struct{})
	f.gate = gate
	return sync.OnceFunc(func() {
		f.mu.Lock()
		f.gate = nil
		f.mu.Unlock()
		close(gate)
	})
}

func (f *heldFile) asked() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.waiting
}

func (f *heldFile) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	gate := f.gate
	if gate != nil {
		f.waiting++
	}
	f.mu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-r.Context().Done():
			return
		}
	}
	f.served.ServeHTTP(w, r)
}

// wasmFetched lists the wasm files the page itself fetched (the worker's own downloads are
// not the page's), by path.
const wasmFetched = `performance.getEntriesByType("resource").map(e => new URL(e.name).pathname).filter(p => p.endsWith(".wasm"))`

// fullBuildKept holds once the page's service worker keeps the full build (each evaluation
// asks again and reads the last answer).
const fullBuildKept = `caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.match("/web/app.wasm"))))).then(rs => window.__fullKept = rs.some(Boolean)) && window.__fullKept === true`

// Issue 35, on a site whose config.js leaves inviteBuild unset: the host's tab, opened at
// home, runs the full build; the invitee's tab, opened by the invite link, fetches the player
// build and not the full one, joins, and its service worker then asks for the full build in
// the background (held here: a download that has not finished). The invitee leaves the game
// and presses Create: the loader's strip says how much of the full build came, and once it
// is in the worker's cache the tab reloads into the full build, which creates the game under
// the name typed before and hosts it.
func TestInviteLinkLoadsThePlayerBuild(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host, _, _ := openHostLobby(t, h, "host at home")
	if got := eval[[]string](host, wasmFetched); len(got) != 1 || got[0] != "/web/app.wasm" {
		t.Errorf("the host's tab, opened at home, fetched %v, want the full build alone", got)
	}

	release := h.fullBuild.hold()
	t.Cleanup(release)
	fern := h.openBrowser("Fern's tab", h.origin, true)
	fern.onEveryPage(keepSockets)
	fern.open(host.value("invite-link"))
	fern.typeInto("name", "Fern")
	fern.click("join")
	fern.waitJS(`[...document.querySelectorAll("#players .player-name")].some(e => e.textContent === "Fern")`, "Fern seated")
	// The page opened the signaling socket while the wasm came (wasm/gen/earlysocket.js),
	// and the join spoke on it: one socket, made before the app ran, still open.
	if got := eval[string](fern, `window.__sockets.length + " made, " + window.__socketsBeforeTheApp + " before the app, the first " + (window.__sockets[0] ? window.__sockets[0].readyState : "-")`); got != "1 made, 1 before the app, the first 1" {
		t.Errorf("the invitee's signaling sockets: %s, want 1 made, 1 before the app, the first 1 (open)", got)
	}
	if got := eval[[]string](fern, wasmFetched); len(got) != 1 || got[0] != "/web/app-player.wasm" {
		t.Errorf("the invitee's tab fetched %v, want the player build alone", got)
	}
	if kind := eval[string](fern, `window.safehouseBuild.kind`); kind != "player" {
		t.Errorf("the invitee's tab runs the %s build", kind)
	}
	eventually(t, "the worker asking for the full build once Fern is seated", func() (string, bool) {
		n := h.fullBuild.asked()
		return fmt.Sprintf("%d requests", n), n > 0
	})

	fern.click("leave")
	fern.waitJS(`document.getElementById("create") !== null && document.getElementById("name").value === "Fern"`, "home, with the name typed before")
	fern.click("create")
	awaitTheFullBuild(fern, release)
	fern.waitJS(`[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Fern" && document.getElementById("invite-link") !== null`,
		"Fern's own game, hosted in the full build")
	fern.waitJS(fullBuildKept, "the full build in the worker's cache")
	if got := eval[[]string](fern, wasmFetched); len(got) != 1 || got[0] != "/web/app.wasm" {
		t.Errorf("after Create the tab fetched %v, want the full build alone", got)
	}
	if left := eval[string](fern, `sessionStorage.getItem("safehouse.continue") || ""`); left != "" {
		t.Errorf("the continuation %q stayed after it was carried out", left)
	}
}

// fullBuildMark is the page's mark that its worker keeps the full build (wasm/gen/build.js).
const fullBuildMark = `localStorage.getItem("safehouse.full-kept") === "1"`

// sleepIntoFullBuild is what a player-build tab seated at a table does once its worker keeps
// the full build: the page is hidden, as a phone put to sleep hides it (the page reads
// visibilityState "hidden" and hears visibilitychange), and the tab reloads into the full
// build by itself, back at the same seat of the table, which lists want's names.
func sleepIntoFullBuild(p browserTab, want string) {
	p.test().Helper()
	if kind := js[string](p, `window.safehouseBuild.kind`); kind != "player" {
		p.fatalf("the tab runs the %s build before its phone sleeps, want the player build", kind)
	}
	p.waitJS(fullBuildMark, "the worker keeping the full build")
	if err := p.inject(`Object.defineProperty(document, "visibilityState", {configurable: true, get: () => "hidden"});
document.dispatchEvent(new Event("visibilitychange"));`); err != nil {
		p.fatalf("hiding the page: %v", err)
	}
	p.waitJS(`window.safehouseBuild && window.safehouseBuild.kind === "full" && document.querySelector(".app.ready") !== null`, "the tab reloaded into the full build")
	p.waitJS(`[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === `+strconv.Quote(want), "the same seat at the table, in the full build")
}

// The QR join is the full build's (app/qrjoin_player.go): an invitee's tab, running the player
// build, leaves the game, opens "No internet?" and presses the QR join. The loader's strip says
// how much of the full build came; once the worker keeps it, the tab reloads into the full
// build, which opens the scan of the host's code (under the name typed before: without one it
// would be home asking for it) and reads its continuation once.
func TestPlayerBuildQRJoinCarriesOnInTheFullBuild(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host, _, _ := openHostLobby(t, h, "host at home")
	release := h.fullBuild.hold()
	t.Cleanup(release)
	fern := joinTab(h, host.value("invite-link"), "Fern")
	if kind := eval[string](fern, `window.safehouseBuild.kind`); kind != "player" {
		t.Fatalf("the invitee's tab runs the %s build", kind)
	}

	fern.click("leave")
	fern.waitJS(`document.getElementById("qr-start") !== null`, "home")
	fern.click("qr-start")
	fern.waitJS(`document.getElementById("qr-join") !== null && document.getElementById("name").value === "Fern"`, "the QR screen, with the name typed before")
	fern.click("qr-join")
	awaitTheFullBuild(fern, release)
	fern.waitJS(`document.getElementById("qr-scan-title") !== null && document.getElementById("qr-paste") !== null`, "the scan of the host's code, in the full build")
	if left := eval[string](fern, `sessionStorage.getItem("safehouse.continue") || ""`); left != "" {
		t.Errorf("the continuation %q stayed after it was carried out", left)
	}
}

// An invitee's tab whose join fails because the signaling server cannot be reached (no
// internet at the table) offers QR codes on its error page; the QR join there switches to the
// full build with the invite still in the address, and the full build carries on with the
// QR join (the scan of the host's code) instead of following the invite again.
func TestPlayerBuildQRJoinAfterAFailedInvite(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host, _, _ := openHostLobby(t, h, "host at home")
	link := host.value("invite-link")
	h.setConfig(map[string]string{"signalURL": "ws://127.0.0.1:9/signal"}) // nobody listens there
	release := h.fullBuild.hold()
	t.Cleanup(release)
	fern := h.openBrowser("Fern's tab", h.origin, true)
	fern.open(link)
	fern.typeInto("name", "Fern")
	fern.click("join")
	fern.waitJS(`document.getElementById("error-title") !== null && document.getElementById("qr-start") !== null`, "the connection's error page, offering QR codes")
	if kind := eval[string](fern, `window.safehouseBuild.kind`); kind != "player" {
		t.Fatalf("the invitee's tab runs the %s build", kind)
	}
	fern.click("qr-start")
	fern.waitJS(`document.getElementById("qr-join") !== null`, "the choice to host or join")
	fern.click("qr-join")
	awaitTheFullBuild(fern, release)
	fern.waitJS(`document.getElementById("qr-scan-title") !== null && document.getElementById("qr-paste") !== null`, "the scan of the host's code, in the full build")
	if hash := eval[string](fern, `location.hash`); hash != "" {
		t.Errorf("the address still holds the invite %q", hash)
	}
}

// awaitTheFullBuild follows a player-build tab that waits for the full build (held until
// release): the loader's strip says so while the tab stays the player build, and once the
// download is let through the tab runs the full build.
func awaitTheFullBuild(tb *tab, release func()) {
	tb.t.Helper()
	waiting := fmt.Sprintf(`(document.querySelector("#full-build-loader.goapp-app-info[role=status] .goapp-label") || {}).textContent === %q`,
		i18n.T(i18n.English, i18n.LoadingFullBuild, 0))
	tb.waitJS(waiting, "the loader's strip while the full build downloads")
	if kind := eval[string](tb, `window.safehouseBuild.kind`); kind != "player" {
		tb.t.Errorf("the tab left the player build (%s) before the full build came", kind)
	}
	release()
	tb.waitJS(`window.safehouseBuild && window.safehouseBuild.kind === "full" && document.querySelector(".app.ready") !== null`, "the full build running")
}
