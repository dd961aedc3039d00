//go:build !wasm

package e2e

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"safehouse/app/i18n"
	"safehouse/signaling"
)

// homeReach lists what a player cannot reach on the screen as it comes, scrolled to its top:
// a control of the screen (not of its bottom bar) that is not wholly above the sticky bar,
// and a button whose label has no room left around it in its box (issue 29: "No internet?
// Connect with QR codes" wrapped to two lines inside a 48 px button).
const homeReach = `(() => {
	window.scrollTo(0, 0);
	const main = document.querySelector("main");
	if (!main) return ["no screen"];
	// A bar that is no overlay (it ends the page on a short phone, or sits in the page on a
	// wide screen) covers nothing: what is under the screen's edge is reached by scrolling.
	const bar = main.querySelector(":scope > footer.actions");
	const over = bar && getComputedStyle(bar).position === "sticky";
	const barTop = over ? Math.min(bar.getBoundingClientRect().top, innerHeight) : Infinity;
	const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.textContent.trim() ? " " + JSON.stringify(e.textContent.trim().slice(0, 40)) : "");
	const out = [];
	for (const e of main.querySelectorAll("button, input:not([type=hidden]), select, textarea, a[href], summary")) {
		if (!e.checkVisibility() || (bar && bar.contains(e))) continue;
		const r = e.getBoundingClientRect();
		if (r.top < 0 || r.bottom > barTop + 0.5) {
			out.push(name(e) + " spans " + Math.round(r.top) + "-" + Math.round(r.bottom) + " px, the bottom bar starts at " + Math.round(barTop) + " px");
		}
	}
	for (const b of main.querySelectorAll("button")) {
		if (!b.checkVisibility()) continue;
		const range = document.createRange();
		range.selectNodeContents(b);
		const text = range.getBoundingClientRect().height;
		if (text > 0 && b.clientHeight - text < 8) {
			out.push("cramped label " + name(b) + ": " + Math.round(text) + " px of text in a " + b.clientHeight + " px button");
		}
	}
	const root = document.scrollingElement;
	if (root.scrollWidth > root.clientWidth + 1) out.push("the page is " + root.scrollWidth + " px wide on a " + root.clientWidth + " px screen");
	return out;
})()`

// barPhones are the phones of issue 29: the smallest in use, a small iPhone, a common one.
var barPhones = [][2]int64{{320, 640}, {375, 667}, {390, 844}}

// barSizes are the phones a screen with a bottom bar is checked on: all of barPhones in make
// test-long; in make test the smallest, and the tall phone on the other side of the style
// sheets' 700 px height breakpoint. 375x667 is the same layout as 320x640 with more room both
// ways (no width breakpoint below 600 px: TestNoWidthBreakpointAmongPhoneWidths), so what is
// above the bar on 320x640, or a label with room in its button, is so there as well.
func barSizes() [][2]int64 {
	if longRun {
		return barPhones
	}
	return [][2]int64{barPhones[0], barPhones[2]}
}

// inTurn says whether the layout tests check screen (or state) i in language j. make test-long
// checks every pair. make test checks every other pair, alternating from one screen to the
// next: each language on half the screens and each screen in half the languages, so every
// language and every screen is checked in each run while a language drawn on a screen, most of
// these tests' time, is done half as often.
func inTurn(i, j int) bool {
	return longRun || (i+j)%2 == 0
}

// Issue 29: on a phone the sticky bottom bar of home (the hosting note, "Create a game",
// "Play on one phone") covered "No internet? Connect with QR codes", which showed only after
// scrolling, its label wrapped inside a 48 px button. Every state home can be in -- as it
// comes, with the name and code refused, with no network, with a game that could not come
// back, on a plain-http page, opened from an invite, the first step of a game with no
// internet, and the page saying a game could not be created -- is checked in every language
// at 320x640, 375x667 and 390x844 (in make test, at barSizes and in every other language:
// inTurn; the page saying the game could not be created in every language, since it checks
// its words too): each control is above the bar as the screen comes, and no button's label is
// cramped in its box. The site is served with no signaling server, as
// when it is down (item 7): creating a game fails, and the page says so and offers the QR
// game first.
func TestHomeControlsAboveTheBar(t *testing.T) {
	t.Parallel()
	chrome := findChrome(t)
	site := findSite(t)
	server := httptest.NewServer(signaling.SiteHandler(site))
	t.Cleanup(server.Close)
	_, port, _ := strings.Cut(strings.TrimPrefix(server.URL, "http://"), ":")
	shots := os.Getenv("SAFEHOUSE_SCREENSHOTS")
	if shots == "" {
		shots = filepath.Join(repoRoot(t), "build", "screenshots")
	}
	h := &harness{t: t, chrome: chrome, server: server, origin: server.URL, port: port, shotDir: shots}
	insecure := "http://safehouse.test:" + port
	tb := h.openBrowser("home", h.origin, true)
	tb.open(h.origin + "/")
	langs := offeredLanguages(tb)

	fresh := func(origin string) {
		tb.do(chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
		tb.open(origin + "/")
	}
	// No network, as the page learns it: navigator.onLine and the offline event. (Cutting the
	// tab's network would also stop the language packs this test draws the page in.)
	setOffline := func(off bool) {
		tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			Object.defineProperty(navigator, "onLine", {configurable: true, get: () => %[1]v});
			window.dispatchEvent(new Event(%[1]v ? "online" : "offline"));
		})()`, !off)))
	}
	states := []struct {
		name, shot string
		enter      func()
		words      bool // the page checks its words too: drawn in every language in make test as well
	}{
		{"home", "home", func() { fresh(h.origin) }, false},
		{"home with the name and code refused", "home-refused", func() {
			fresh(h.origin)
			tb.typeInto("code", "AB1")
			tb.click("join")
			tb.waitJS(`document.getElementById("name-error").textContent && document.getElementById("code-error").textContent`, "both refusals")
		}, false},
		{"home with no network", "home-offline", func() {
			fresh(h.origin)
			setOffline(true)
			tb.waitJS(`document.getElementById("offline-note") !== null && document.getElementById("offline-note").checkVisibility()`, "the offline note")
		}, false},
		{"home with a game set aside", "home-set-aside", func() {
			setOffline(false)
			fresh(h.origin)
			tb.do(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("safehouse.host", JSON.stringify("not a saved game"))`))
			// (Not open: the note comes a frame after the app starts, when it has read the
			// save, and may move the page under it; that is not this test's matter.)
			tb.do(chromedp.Navigate(h.origin + "/"))
			tb.waitJS(`document.getElementById("resume-note") !== null`, "the note on the game set aside")
		}, false},
		{"home on a plain-http page", "home-plain-http", func() {
			// The note is drawn from the page's first frame (TestBrowserNotesFromTheFirstFrame),
			// so the page opens without a shift, as every other page here does.
			fresh(insecure)
			tb.waitJS(`document.getElementById("insecure-note") !== null && document.getElementById("insecure-note").checkVisibility()`, "the plain-http note")
		}, false},
		{"the invited screen", "home-invited", func() {
			fresh(h.origin)
			tb.open(h.origin + "/#join=K7MPQ2&k=" + strings.Repeat("a", 22))
			tb.waitJS(`document.getElementById("invited-title") !== null`, "the invited screen")
		}, false},
		{"no internet: host or join", "home-qr-choose", func() {
			fresh(h.origin)
			press(tb, "#qr-start")
			tb.waitJS(`document.getElementById("qr-host") !== null`, "the choice to host or join")
		}, false},
		{"creating a game with the server unreachable", "home-create-failed", func() {
			fresh(h.origin)
			tb.typeInto("name", "Maya")
			tb.click("create")
			tb.waitJS(`document.getElementById("error-title") !== null`, "the page saying the game could not be created")
		}, true},
	}
	for i, st := range states {
		began := time.Now()
		st.enter()
		settle(tb, st.name)
		for j, lang := range langs {
			if !inTurn(i, j) && !st.words {
				continue
			}
			drawIn(tb, lang)
			if st.words {
				checkHostingFailure(t, tb, lang)
			}
			for _, size := range barSizes() {
				tb.resize(size[0], size[1])
				problems := eval[[]string](tb, homeReach)
				if strings.HasPrefix(lang, "ja") {
					problems = append(problems, eval[[]string](tb, brokenApart)...) // no Japanese word cut in two
				}
				if len(problems) > 0 {
					t.Errorf("%s, %s, %dx%d: %s", st.name, lang, size[0], size[1], strings.Join(problems, "; "))
				}
			}
		}
		drawIn(tb, "en")
		for _, vp := range []viewport{phone, desktop} {
			h.screenshot(tb, "bar-"+st.shot, vp, "dark")
		}
		t.Logf("%s: %v", st.name, time.Since(began).Round(time.Millisecond))
	}
	// The QR game offered first opens.
	press(tb, "#qr-start")
	tb.waitJS(`document.getElementById("qr-host") !== null`, "the QR game's first step")
}

// checkHostingFailure: "Create a game" with the signaling server unreachable said "Check that
// you're on the same network as the host" (issue 29): wrong for the host. The page says what
// happened, in the player's language, and its first button, the primary one, is the game
// through QR codes.
func checkHostingFailure(t *testing.T, tb *tab, lang string) {
	t.Helper()
	l, ok := i18n.Parse(lang)
	if !ok {
		t.Fatalf("the language switch offers %q, which the catalogue does not know", lang)
	}
	if got, want := tb.text("error-title"), i18n.T(l, i18n.ErrorHostTitle); got != want {
		t.Errorf("%s: the page's title is %q, want %q", lang, got, want)
	}
	body := tb.text("error-body")
	if want := i18n.T(l, i18n.ErrorHostNoServer); body != want {
		t.Errorf("%s: the page says %q, want %q", lang, body, want)
	}
	if strings.Contains(body, i18n.T(l, i18n.ErrorConnect)) || strings.Contains(body, "same network") {
		t.Errorf("%s: the host is told %q", lang, body)
	}
	first := eval[string](tb, `(b => b ? b.id + " " + b.className : "")(document.querySelector("main footer.actions button"))`)
	if !strings.HasPrefix(first, "qr-start ") || !strings.Contains(first, "primary") {
		t.Errorf("%s: the first button under the failure is %q, want the QR game as the primary action", lang, first)
	}
}
