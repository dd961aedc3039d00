//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"safehouse/tools/webkit"
)

// The WebKit tests drive Debian's WebKitGTK (Safari's engine; tools/webkit) over W3C
// WebDriver: each phone is a window of the package's one WebKit (browsers_test.go). Debian's
// build has no WebRTC, so a WebKit phone reaches its host, or its players reach it, through
// the signaling server's encrypted relay, as a locked-down browser does.

// wkTab is one WebKit window: another phone.
type wkTab struct {
	t     *testing.T
	h     *harness
	label string
	b     *webkit.Browser
	win   *webkit.Window
}

// The sizes a WebKit screen is photographed at: the iPhone 12 to 15's 390 by 844 and the
// small iPhones' (SE, 8) 375 by 667.
var (
	wkPhone = viewport{name: "phone", width: 390, height: 844}
	wkSmall = viewport{name: "small", width: 375, height: 667}
)

// openWebKit opens a window of the package's WebKit at the size of a phone, closed with the
// test. It skips loudly, or fails where the browser tests are required, when WebKitGTK's
// driver or Xvfb is missing.
func (h *harness) openWebKit(label string) *wkTab {
	t := h.t
	t.Helper()
	b := webKitForTest(t)
	win, err := b.NewWindow()
	if err != nil {
		t.Fatalf("%s: opening a WebKit window: %v", label, err)
	}
	wk := &wkTab{t: t, h: h, label: label, b: b, win: win}
	t.Cleanup(func() {
		if err := win.Close(); err != nil {
			t.Logf("%s: closing the window: %v", label, err)
		}
	})
	wk.resize(wkPhone)
	return wk
}

func (wk *wkTab) test() *testing.T { return wk.t }

func (wk *wkTab) evalJSON(expr string) (json.RawMessage, error) { return wk.win.EvalRaw(expr) }

func (wk *wkTab) inject(script string) error { return wk.win.Run(script) }

// console is what the pages of this test's site wrote to the console (MiniBrowser writes
// every window's messages, each with its page's address, to one output).
func (wk *wkTab) console() string {
	var lines []string
	for _, l := range strings.Split(wk.b.Log(), "\n") {
		if strings.Contains(l, wk.h.origin) {
			lines = append(lines, l)
		}
	}
	if len(lines) > 40 {
		lines = lines[len(lines)-40:]
	}
	return strings.Join(lines, "\n  ")
}

func (wk *wkTab) fatalf(format string, args ...any) {
	wk.t.Helper()
	var text string
	_ = wk.win.Eval(`document.body ? document.body.innerText : ""`, &text)
	path := filepath.Join(wk.h.shotDir, "webkit-failed-"+strings.ReplaceAll(wk.label, " ", "-")+".png")
	shot := "photographed to " + path
	if png, err := wk.win.Screenshot(); err != nil {
		shot = "no photograph: " + err.Error()
	} else if err := os.WriteFile(path, png, 0o644); err != nil {
		shot = "no photograph: " + err.Error()
	}
	wk.t.Fatalf("%s: %s\n  page text:\n  %s\n  console:\n  %s\n  %s", wk.label, fmt.Sprintf(format, args...),
		strings.ReplaceAll(text, "\n", "\n  "), wk.console(), shot)
}

func (wk *wkTab) waitJS(cond, what string) { wk.t.Helper(); waitFor(wk, cond, what) }

// open loads url and waits until the app (not just the prerendered page) runs. WebKit has no
// Layout Instability API: the page's elements are watched frame by frame from the moment
// its document is parsed, and one that moves while the app starts fails the test.
func (wk *wkTab) open(url string) {
	wk.t.Helper()
	if err := wk.win.Navigate(url); err != nil {
		wk.fatalf("opening %s: %v", url, err)
	}
	wk.watchShifts()
	wk.waitJS(`document.querySelector(".app.ready") !== null`, "the app to start")
	wk.checkShifts("opening " + url)
}

// reload reloads the page as a person does and waits until the app runs again.
func (wk *wkTab) reload() {
	wk.t.Helper()
	if err := wk.win.Reload(); err != nil {
		wk.fatalf("reloading: %v", err)
	}
	wk.watchShifts()
	wk.waitJS(`document.querySelector(".app.ready") !== null`, "the app to start again")
	wk.checkShifts("reloading")
}

// shiftWatcher scores, frame by frame until the app has run for a moment, how much of the
// page moved under the player, as the Layout Instability API scores a layout shift in
// Chromium (which WebKit lacks): the share of the screen the moved elements covered before
// and after (sampled on a grid), times the farthest move over the screen's longer side.
// Elements are those with an id and every control, heading and paragraph; places are layout
// offsets, which a transform does not change (the loader's icon turns and bobs while the wasm
// loads, and no player calls that a shift, nor does the Layout Instability API). Frames
// scoring 0.01 or more are kept, the threshold the Chromium tests use (startShifts).
const shiftWatcher = `(() => {
	if (window.__wkShifts) return true;
	window.__wkShifts = [];
	const key = e => e.id ? "#" + e.id : e.tagName.toLowerCase() + ":" + (e.textContent || "").trim().slice(0, 24);
	let last = new Map(), readyAt = 0;
	const frame = t => {
		const now = new Map(), W = innerWidth, H = innerHeight;
		for (const e of document.querySelectorAll("body [id], body button, body input, body h1, body h2, body p")) {
			if (e.offsetWidth === 0 && e.offsetHeight === 0) continue;
			let x = 0, y = 0;
			for (let n = e; n; n = n.offsetParent) { x += n.offsetLeft; y += n.offsetTop; }
			now.set(key(e), {x: x - scrollX, y: y - scrollY, w: e.offsetWidth, h: e.offsetHeight, W});
		}
		const moved = [];
		let far = 0;
		for (const [k, p] of now) {
			const q = last.get(k);
			if (!q || q.W !== p.W) continue;
			const d = Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y));
			if (d < 1) continue;
			far = Math.max(far, d);
			moved.push({k, d, q, p, l: Math.min(q.x, p.x), t: Math.min(q.y, p.y), r: Math.max(q.x + q.w, p.x + p.w), b: Math.max(q.y + q.h, p.y + p.h)});
		}
		if (moved.length) {
			let hit = 0, all = 0;
			for (let sy = 4; sy < H; sy += 8) for (let sx = 4; sx < W; sx += 8) {
				all++;
				if (moved.some(m => sx >= m.l && sx < m.r && sy >= m.t && sy < m.b)) hit++;
			}
			const score = hit / all * Math.min(1, far / Math.max(W, H));
			if (score >= 0.01) {
				window.__wkShifts.push(score.toFixed(3) + " at " + Math.round(t) + " ms: " + moved.map(m => m.k + " from " + m.q.x + "," + m.q.y + " to " + m.p.x + "," + m.p.y).join(", "));
			}
		}
		last = now;
		if (!readyAt && document.querySelector(".app.ready")) readyAt = t;
		if (readyAt && t - readyAt > 300) { window.__wkShiftsDone = true; return; }
		requestAnimationFrame(frame);
	};
	requestAnimationFrame(frame);
	return true;
})()`

func (wk *wkTab) watchShifts() {
	wk.t.Helper()
	js[bool](wk, shiftWatcher)
}

func (wk *wkTab) checkShifts(what string) {
	wk.t.Helper()
	wk.waitJS(`window.__wkShiftsDone === true`, "the start to be watched")
	if shifts := js[[]string](wk, `window.__wkShifts`); len(shifts) > 0 {
		wk.fatalf("%s, the page shifted under the player while it loaded: %v", what, shifts)
	}
}

// press clicks the element a CSS selector finds with the pointer (scrolled into view, at its
// centre; an error when something covers it), once it is there and enabled.
func (wk *wkTab) press(selector string) {
	wk.t.Helper()
	q := fmt.Sprintf("document.querySelector(%q)", selector)
	wk.waitJS(q+" !== null && !"+q+".matches(':disabled')", selector)
	// To the middle of the screen first, as a person scrolls to what they tap: the protocol
	// scrolls it only just into view, where the lobby's bar stuck to the screen's foot
	// covers it.
	js[bool](wk, q+`.scrollIntoView({block: "center", inline: "center"}) || true`)
	if err := wk.win.Click(selector); err != nil {
		wk.fatalf("clicking %s: %v", selector, err)
	}
}

func (wk *wkTab) click(id string) { wk.t.Helper(); wk.press("#" + id) }

// typeInto replaces a field's text with key presses, as a person types.
func (wk *wkTab) typeInto(id, text string) {
	wk.t.Helper()
	wk.waitJS(fmt.Sprintf(`document.getElementById(%q) !== null`, id), "the field "+id)
	if err := wk.win.Clear("#" + id); err != nil {
		wk.fatalf("clearing %s: %v", id, err)
	}
	if err := wk.win.Type("#"+id, text); err != nil {
		wk.fatalf("typing into %s: %v", id, err)
	}
}

func (wk *wkTab) text(id string) string {
	wk.t.Helper()
	return js[string](wk, fmt.Sprintf(`(document.getElementById(%q) || {}).textContent || ""`, id))
}

func (wk *wkTab) value(id string) string {
	wk.t.Helper()
	return js[string](wk, fmt.Sprintf(`(document.getElementById(%q) || {}).value || ""`, id))
}

func (wk *wkTab) resize(vp viewport) {
	wk.t.Helper()
	if err := wk.win.SetViewport(int(vp.width), int(vp.height)); err != nil {
		wk.fatalf("sizing the window to %dx%d: %v", vp.width, vp.height, err)
	}
}

// screenshots photographs a WebKit screen as an iPhone 12-15 (390 by 844) in both colour
// schemes and as a small iPhone (375 by 667), checks at each that it does not scroll
// sideways, and checks it with axe-core in both schemes and with the iPhone checks
// (iphone_test.go). The scheme is the one a player picks in the settings (data-theme), set
// for the photograph and put back.
func (wk *wkTab) screenshots(name string) {
	wk.t.Helper()
	h := wk.h
	prev := js[string](wk, `document.documentElement.getAttribute("data-theme") || ""`)
	shoot := func(vp viewport, scheme string) {
		wk.resize(vp)
		js[bool](wk, fmt.Sprintf(`(document.documentElement.setAttribute("data-theme", %q), true)`, scheme))
		bg := map[string]string{"dark": "rgb(16, 21, 31)", "light": "rgb(247, 248, 250)"}[scheme]
		wk.waitJS(fmt.Sprintf(`getComputedStyle(document.body).backgroundColor === %q`, bg), "the "+scheme+" background")
		// Two frames first: axe once measured a button half-way through its fade to the new
		// scheme's colours, a transition not yet started, so not yet among the animations
		// settleOn waits out.
		js[bool](wk, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
		settleOn(wk, name)
		checkSideways(wk, "WebKit "+vp.name, name)
		if vp == wkPhone {
			h.axeOn(wk, "WebKit", name+" in "+scheme)
		}
		png, err := wk.win.Screenshot()
		if err != nil {
			wk.fatalf("photographing %s: %v", name, err)
		}
		path := filepath.Join(h.shotDir, fmt.Sprintf("%s-webkit-%s-%s.png", name, vp.name, scheme))
		if err := os.WriteFile(path, png, 0o644); err != nil {
			wk.t.Fatal(err)
		}
	}
	shoot(wkPhone, "dark")
	checkIPhone(wk, "WebKit", name)
	if longRun { // the light scheme's colours: axe checks them in make test-long
		shoot(wkPhone, "light")
	}
	shoot(wkSmall, "dark")
	wk.resize(wkPhone)
	js[bool](wk, fmt.Sprintf(`((r, p) => (p ? r.setAttribute("data-theme", p) : r.removeAttribute("data-theme"), true))(document.documentElement, %q)`, prev))
}
