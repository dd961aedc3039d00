//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"safehouse/signaling"
)

// qrTable is a game with no signaling server anywhere: the site alone is served, and every
// tab is its own phone (a browser context of its own, so its own storage) in one Chromium.
type qrTable struct {
	t      *testing.T
	h      *harness
	origin string
	tabs   map[string]*tab
}

// newQRTable serves the site with no /signal at all and starts one Chromium for every tab.
func newQRTable(t *testing.T) *qrTable {
	t.Helper()
	chrome := findChrome(t)
	site := findSite(t)
	server := httptest.NewServer(signaling.SiteHandler(site))
	t.Cleanup(server.Close)
	shots := os.Getenv("SAFEHOUSE_SCREENSHOTS")
	if shots == "" {
		shots = filepath.Join(repoRoot(t), "build", "screenshots")
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, chrome: chrome, server: server, origin: server.URL, shotDir: shots}
	return &qrTable{t: t, h: h, origin: server.URL, tabs: map[string]*tab{}}
}

// openTabs opens one tab per label, each in a browser context of its own, with the media
// permission that lets Chromium gather loopback candidates (FIELD-NOTES).
func (q *qrTable) openTabs(labels ...string) {
	for _, label := range labels {
		tb := q.h.openBrowser(label, q.origin, true)
		tb.tableMates = q.allTabs
		q.tabs[label] = tb
	}
}

// setField sets a text field's value as pasting does, with an input event.
func setField(tb *tab, id, text string) {
	tb.t.Helper()
	v, _ := json.Marshal(text)
	tb.waitJS(fmt.Sprintf(`document.getElementById(%q) !== null`, id), id)
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const f = document.getElementById(%q); f.value = %s; f.dispatchEvent(new Event("input", {bubbles: true})); })()`, id, v)))
}

// waitValue waits for a field to hold text and returns it.
func waitValue(tb *tab, id string) string {
	tb.t.Helper()
	tb.waitJS(fmt.Sprintf(`(document.getElementById(%q) || {}).value`, id), id+" filled")
	return tb.value(id)
}

// fakeCamera makes the tab's camera a canvas that shows the QR code svg (the markup of a QR
// code on another tab's screen): the scanner reads real video frames of it.
func fakeCamera(tb *tab, svg string) {
	tb.t.Helper()
	v, _ := json.Marshal(svg)
	got := awaitJS[string](tb, `(async (svg) => {
		const img = new Image();
		img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
		await img.decode();
		const c = document.createElement("canvas"); c.width = 480; c.height = 480;
		const g = c.getContext("2d");
		const draw = () => { g.fillStyle = "#fff"; g.fillRect(0, 0, 480, 480); g.drawImage(img, 40, 40, 400, 400); };
		draw(); window.__camTimer = setInterval(draw, 100);
		const stream = c.captureStream(10);
		navigator.mediaDevices.getUserMedia = async () => { window.__camOpened = (window.__camOpened || 0) + 1; return stream; };
		return "ok";
	})(`+string(v)+`)`)
	if got != "ok" {
		tb.fatalf("fake camera: %s", got)
	}
}

// hostOffer is the host's current code for the next seat, as text.
func hostOffer(host *tab) string {
	host.t.Helper()
	return waitValue(host, "qr-offer-text")
}

// seatByText has a player read the host's offer (pasted), and the host take the answer
// (pasted): the manual way both ways. The host must take it.
func (q *qrTable) seatByText(host, player *tab, offer string) {
	q.t.Helper()
	if refused := q.trySeatByText(host, player, offer); refused != "" {
		host.fatalf("the host refused %s's answer: %s", player.label, refused)
	}
}

// trySeatByText is seatByText that returns the host's error instead of failing: empty once
// the host took the answer (it shows the next seat's code then, or over a game where nobody
// is away any more, no code at all).
func (q *qrTable) trySeatByText(host, player *tab, offer string) string {
	q.t.Helper()
	player.waitJS(`document.getElementById("qr-paste") !== null`, "the scanning screen")
	setField(player, "qr-paste", offer)
	player.click("qr-use")
	answer := waitValue(player, "qr-answer-text")
	shown := hostOffer(host)
	stale := host.text("qr-error") // a refusal shown before, still on screen
	setField(host, "qr-paste", answer)
	host.click("qr-use")
	// Taken: the host shows the next seat's code, or over a game with everyone back none.
	taken := fmt.Sprintf(`document.getElementById("qr-seat") === null || ((document.getElementById("qr-offer-text") || {}).value || %[1]q) !== %[1]q`, shown)
	host.waitJS(fmt.Sprintf(`%s || !["", %q].includes(document.getElementById("qr-error").textContent)`, taken, stale),
		"the answer taken (a new code) or refused")
	if eval[bool](host, taken) {
		return ""
	}
	return host.text("qr-error")
}

func (q *qrTable) allTabs() []*tab {
	var all []*tab
	for _, label := range slices.Sorted(maps.Keys(q.tabs)) {
		all = append(all, q.tabs[label])
	}
	return all
}

// playerJoins opens the app on a player's tab and goes to the QR join screen.
func playerJoins(tb *tab, name string) {
	tb.t.Helper()
	tb.typeInto("name", name)
	press(tb, "#qr-start")
	tb.click("qr-join")
}

// No signaling server at all, and after the first visit no server of any kind (the service
// worker serves the app): a host tab and two player tabs connect through their QR codes and
// play a classic Spyfall round to its end. The first player scans the host's code with
// the camera (a canvas stream of the QR code on the host's screen, read by the app's real
// decoder), the second pastes the codes both ways; one player reloads in the middle of the
// round, his page opens the scan by itself, and he comes back by the codes to the same seat
// and card, the host's screen naming who is away meanwhile and closing the code once he is
// back. Then the host's tab reloads: it resumes the game from its save, and both
// players come back by the codes to the same seats and cards.
func TestQRGameWithNoServer(t *testing.T) {
	t.Parallel()
	q := newQRTable(t)
	q.openTabs("host", "Leo", "Nadia")
	host, leo, nadia := q.tabs["host"], q.tabs["Leo"], q.tabs["Nadia"]

	// Every phone has the app from an earlier visit; then the site goes away too: from here
	// the service worker serves everything (the scanner and its decoder included).
	for _, tb := range []*tab{host, leo, nadia} {
		tb.open(q.origin + "/")
		waitInstalled(tb)
		// Russian once while online (the screenshots check each screen in it too): a pack
		// is fetched on first use, then kept by the worker.
		pickLanguage(tb, "ru")
		tb.waitJS(`document.documentElement.lang === "ru" && document.getElementById("qr-start").textContent.startsWith("Нет")`, "the app in Russian")
		pickLanguage(tb, "en")
		tb.waitJS(`document.documentElement.lang === "en"`, "the app in English again")
	}
	q.h.server.Close()
	for _, tb := range []*tab{host, leo, nadia} {
		tb.open(q.origin + "/") // a page the worker controls
	}
	host.typeInto("name", "Maya")
	press(host, "#qr-start")
	host.waitJS(`document.getElementById("qr-host") !== null`, "the choice to host or join")
	settle(host, "qr-choose") // the buttons' colours fade in from the home screen's
	q.h.screenshots(host, "qr-choose")
	host.click("qr-host")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	offer := hostOffer(host)
	if len(offer) > 400 {
		t.Errorf("the host's code is %d characters", len(offer))
	}
	q.h.screenshots(host, "qr-host-lobby")

	// Leo scans the host's code with the camera.
	playerJoins(leo, "Leo")
	svg := eval[string](host, `document.querySelector("#qr-offer-qr svg").outerHTML`)
	fakeCamera(leo, svg)
	leo.click("qr-camera")
	answer := waitValue(leo, "qr-answer-text")
	if n := eval[int](leo, `window.__camOpened || 0`); n != 1 {
		leo.fatalf("the camera was opened %d times", n)
	}
	if !eval[bool](leo, `Boolean(window.jsQR) || "BarcodeDetector" in window`) {
		leo.fatalf("the code was read with neither jsQR nor BarcodeDetector")
	}
	t.Logf("decoded by %s", eval[string](leo, `window.jsQR ? "jsQR" : "BarcodeDetector"`))
	q.h.screenshots(leo, "qr-answer")
	setField(host, "qr-paste", answer)
	host.click("qr-use")
	leo.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "Leo in the lobby")
	if leo.text("lobby-room") != host.text("lobby-room") {
		leo.fatalf("Leo's lobby shows room %q, the host's %q", leo.text("lobby-room"), host.text("lobby-room"))
	}

	// Nadia pastes the codes both ways; the host shows the next seat's new code meanwhile.
	host.waitJS(fmt.Sprintf(`(document.getElementById("qr-offer-text") || {}).value && document.getElementById("qr-offer-text").value !== %q`, offer), "a new code for the next seat")
	playerJoins(nadia, "Nadia")
	// The code Leo used is spent: pasting it is refused on the host, and changes nothing.
	if q.trySeatByText(host, nadia, offer) == "" {
		host.fatalf("the host took an answer to the code Leo used")
	}
	nadia.click("qr-back")
	press(nadia, "#qr-start")
	nadia.click("qr-join")
	q.seatByText(host, nadia, hostOffer(host))
	for _, tb := range []*tab{host, leo, nadia} {
		tb.waitJS(`document.querySelectorAll("#players .player-name").length === 3`, "three players")
	}

	press(host, "#start-game")
	cards := map[string]string{}
	for name, tb := range map[string]*tab{"Maya": host, "Leo": leo, "Nadia": nadia} {
		tb.waitJS(`document.getElementById("secret-card") !== null`, "the card dealt")
		cards[name] = peekCard(tb)
	}
	spy := ""
	for name, face := range cards {
		if strings.Contains(face, "the spy") {
			spy = name
		}
	}
	if spy == "" {
		t.Fatalf("nobody is the spy: %v", cards)
	}
	byName := map[string]*tab{"Maya": host, "Leo": leo, "Nadia": nadia}
	var dealer *tab
	deadline := time.Now().Add(waitLimit)
	for dealer == nil {
		for _, tb := range byName {
			if eval[bool](tb, `document.getElementById("start-clock") !== null`) {
				dealer = tb
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("nobody may start the clock")
		}
	}
	dealer.click("start-clock")
	for _, tb := range byName {
		tb.waitJS(`document.getElementById("accuse") !== null`, "the round in play")
	}

	// Leo's tab reloads mid-round: the host names him away and shows the code to bring him
	// back; two codes later he has his seat and card again.
	leo.do(chromedp.Reload())
	host.waitJS(`document.getElementById("qr-show") !== null && document.getElementById("qr-overlay").textContent.includes("Leo")`, "the host naming Leo away")
	q.h.screenshots(host, "qr-away")
	host.click("qr-show")
	// His own page knows its game (issue 29: it came back as the plain home screen): it
	// opens the scan at once, saying the game is still on and whose code to scan.
	leo.waitJS(`document.querySelector(".app.ready") !== null`, "the app to start again")
	leo.waitJS(`(document.getElementById("qr-resumed") || {textContent: ""}).textContent.includes("Maya") && document.getElementById("qr-paste") !== null`,
		"the scan, saying Maya's game is still on")
	for _, vp := range []viewport{phone, desktop} {
		q.h.screenshot(leo, "qr-reloaded", vp, "dark")
	}
	q.seatByText(host, leo, hostOffer(host))
	leo.waitJS(`document.getElementById("secret-card") !== null`, "Leo back at the table")
	if got := peekCard(leo); got != cards["Leo"] {
		leo.fatalf("Leo came back with card %q, want %q", got, cards["Leo"])
	}
	// Everyone back: the next seat's code leaves the host's game by itself (it stayed, with
	// "A player is connecting…", until Hide).
	host.waitJS(`document.getElementById("qr-seat") === null && document.getElementById("qr-away") === null`, "the code gone once Leo is back")

	// Then the host's tab reloads (a phone whose browser discarded it): it resumes its saved
	// game with both players away and the code that brings them back on screen, while each
	// player's screen says the game waits for Maya's device and offers the scan again. Leo's
	// first answer, from before the reload, is refused as used; two codes each later both
	// players have their seats and cards back.
	host.do(chromedp.Reload())
	for _, tb := range []*tab{leo, nadia} {
		tb.waitJS(`(document.getElementById("qr-host-away") || {textContent: ""}).textContent.includes("Maya") && document.getElementById("qr-paste") !== null`,
			"the scanning screen saying the game waits for Maya's device")
	}
	host.waitJS(`document.getElementById("secret-card") !== null && document.getElementById("qr-away") !== null`, "the host's game back")
	if got := peekCard(host); got != cards["Maya"] {
		host.fatalf("the host came back with card %q, want %q", got, cards["Maya"])
	}
	if away := host.text("qr-away"); !strings.Contains(away, "Leo") || !strings.Contains(away, "Nadia") {
		host.fatalf("after the reload the host names %q away, want Leo and Nadia", away)
	}
	q.h.screenshots(nadia, "qr-host-away")
	offer = hostOffer(host)
	setField(host, "qr-paste", answer)
	host.click("qr-use")
	host.waitJS(`document.getElementById("qr-error").textContent.includes("already used")`, "Leo's old answer refused as used")
	q.seatByText(host, leo, offer)
	q.seatByText(host, nadia, hostOffer(host))
	for name, tb := range map[string]*tab{"Leo": leo, "Nadia": nadia} {
		tb.waitJS(`document.getElementById("secret-card") !== null`, name+" back at the table")
		if got := peekCard(tb); got != cards[name] {
			tb.fatalf("%s came back with card %q, want %q", name, got, cards[name])
		}
	}
	host.waitJS(`document.getElementById("qr-away") === null && document.getElementById("qr-seat") === null`, "nobody away, and the code gone")

	// A player who is not the spy accuses the spy; the other votes yes.
	var accuser, voter string
	for _, name := range []string{"Maya", "Leo", "Nadia"} {
		switch {
		case name == spy:
		case accuser == "":
			accuser = name
		default:
			voter = name
		}
	}
	a := byName[accuser]
	a.click("accuse")
	a.waitJS(fmt.Sprintf(`[...document.querySelectorAll("#sf-players button[data-seat]")].some(b => b.textContent.includes(%q))`, spy), "the suspects to pick from")
	seat := eval[string](a, fmt.Sprintf(`[...document.querySelectorAll("#sf-players button[data-seat]")].find(b => b.textContent.includes(%q)).dataset.seat`, spy))
	press(a, fmt.Sprintf("#sf-players button[data-seat='%s']", seat))
	a.waitJS(fmt.Sprintf(`document.querySelector("#sf-players button[data-seat='%s'][aria-pressed=true]") !== null`, seat), "the suspect picked")
	a.click("accuse-confirm")
	byName[voter].click("vote-yes")
	for name, tb := range byName {
		tb.waitJS(`document.getElementById("round-result") !== null`, name+" to see the round's result")
	}
	q.h.screenshots(host, "qr-round-result")
}
