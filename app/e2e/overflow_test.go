//go:build !wasm

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// allPhoneWidths are the phone widths no screen may scroll sideways at: the narrowest phones
// still in use, the common Android and iPhone widths, and the large iPhones.
var allPhoneWidths = []int64{320, 360, 390, 430}

// overflowWidths are the widths checkOverflow measures: all of allPhoneWidths in make
// test-long, the narrowest in make test. The style sheets have no width breakpoint below
// 600 px, so between 320 and 430 px every screen is the same fluid layout, and what fits at
// 320 px fits wider; the other widths are there to catch a breakpoint added later.
func overflowWidths() []int64 {
	if longRun {
		return allPhoneWidths
	}
	return allPhoneWidths[:1]
}

// overflowReport is the page's width against the screen's, with the elements that reach past
// the screen's right edge (the culprits, when it scrolls sideways).
type overflowReport struct {
	Scroll int      `json:"scroll"`
	Client int      `json:"client"`
	Past   []string `json:"past"`
}

const measureOverflow = `(() => {
	const root = document.scrollingElement, w = root.clientWidth;
	const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
		(typeof e.className === "string" && e.className.trim() ? "." + e.className.trim().replace(/\s+/g, ".") : "");
	const past = [];
	for (const e of document.querySelectorAll("body *")) {
		const r = e.getBoundingClientRect();
		if (r.right > w + 0.5 && getComputedStyle(e).position !== "fixed") {
			past.push(name(e) + " right " + Math.round(r.right));
		}
	}
	// Text can reach past a box that itself fits (a long word that cannot wrap).
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	const range = document.createRange();
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		range.selectNodeContents(n);
		const r = range.getBoundingClientRect();
		if (r.width > 0 && r.right > w + 0.5) {
			past.push("text in " + name(n.parentElement) + " right " + Math.round(r.right) + ": " + n.textContent.trim().slice(0, 40));
		}
	}
	return JSON.stringify({scroll: root.scrollWidth, client: w, past: past.slice(-6)});
})()`

// checkOverflow fails the test when the screen on tb scrolls sideways at any of
// overflowWidths(), in either language or either colour scheme. It resizes the same tab (no
// new browser), switches the language the way another tab of the app would (a storage
// event: the settings strip is not on every screen), and leaves the tab as it found it:
// phone size, dark scheme, its language.
func (h *harness) checkOverflow(tb *tab, screen string) {
	h.t.Helper()
	lang := eval[string](tb, `document.documentElement.lang`)
	stored := eval[bool](tb, `localStorage.getItem("safehouse.lang") !== null`)
	other := map[string]string{"en": "ru", "ru": "en"}[lang]
	if other == "" {
		tb.fatalf("%s: the page's language %q is neither en nor ru", screen, lang)
	}
	for _, l := range []string{lang, other} {
		if l != lang {
			switchLanguage(tb, l)
		}
		for _, scheme := range overflowSchemes() {
			for _, w := range overflowWidths() {
				tb.do(emulateWidth(w), emulateScheme(scheme))
				raw := eval[string](tb, measureOverflow)
				var r overflowReport
				if err := json.Unmarshal([]byte(raw), &r); err != nil {
					tb.fatalf("measuring %s: %v", screen, err)
				}
				if r.Scroll > r.Client {
					h.t.Errorf("%s (%s, %s, %d px): the page is %d px wide on a %d px screen; past its edge: %v",
						screen, l, scheme, w, r.Scroll, r.Client, r.Past)
				}
			}
		}
	}
	switchLanguage(tb, lang)
	if !stored {
		tb.do(chromedp.Evaluate[chromedp.Void](`localStorage.removeItem("safehouse.lang")`))
	}
	tb.do(emulateWidth(phone.width), emulateScheme("dark"))
}

// overflowSchemes are the colour schemes a screen's width is checked in: a scheme changes
// colours, not sizes, so make test checks the dark one and make test-long both.
func overflowSchemes() []string {
	if longRun {
		return []string{"dark", "light"}
	}
	return []string{"dark"}
}

// emulateWidth makes the tab a phone screen w px wide (the height of a tall phone).
func emulateWidth(w int64) chromedp.Action[chromedp.Void] {
	if w == phone.width {
		return chromedp.EmulateViewport(phone.width, phone.height, chromedp.EmulateScale(phone.scale), chromedp.EmulateMobile)
	}
	return chromedp.EmulateViewport(w, 800, chromedp.EmulateScale(1), chromedp.EmulateMobile)
}

// emulateScheme makes the tab's colour scheme s ("dark" or "light").
func emulateScheme(s string) chromedp.Action[chromedp.Void] {
	return emulateMedia(&emulation.MediaFeature{Name: "prefers-color-scheme", Value: s})
}

// reducedMotion is set by make test for the browser tests outside E2E_WIDE: their Chromium
// tabs are players who asked for less motion (prefers-reduced-motion), so nothing may wait
// for an animation's end; the wide half, Firefox and WebKit keep the motion. A tab waiting
// on a spinner cost about a sixth of a core in the animation's frames (that half's Chromium
// used 346 CPU-seconds with reduced motion and 373 without, in one pair of runs).
var reducedMotion = os.Getenv("SAFEHOUSE_E2E_REDUCED_MOTION") == "1"

// emulateMedia sets the tab's emulated media features to features, and to reduced motion
// where reducedMotion asks for it (each call replaces every feature set before).
func emulateMedia(features ...*emulation.MediaFeature) chromedp.Action[chromedp.Void] {
	if reducedMotion {
		features = append(features, &emulation.MediaFeature{Name: "prefers-reduced-motion", Value: "reduce"})
	}
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: features})
		return err
	})
}

// switchLanguage sets the app's language as another tab would: the stored preference and
// the storage event the browser sends the other tabs. It waits until the screen is drawn
// in that language.
func switchLanguage(tb *tab, lang string) {
	tb.t.Helper()
	if eval[string](tb, `document.documentElement.lang`) == lang {
		return
	}
	value, _ := json.Marshal(lang)
	before := eval[string](tb, `document.body.innerText`)
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		localStorage.setItem("safehouse.lang", %[1]q);
		window.dispatchEvent(new StorageEvent("storage", {key: "safehouse.lang", newValue: %[1]q}));
	})()`, value)))
	tb.waitJS(fmt.Sprintf(`document.documentElement.lang === %q && document.body.innerText !== %q`, lang, before),
		"the screen in "+lang)
	// One frame more, for go-app to finish the redraw it started.
	awaitJS[bool](tb, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
	time.Sleep(20 * time.Millisecond)
}
