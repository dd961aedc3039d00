//go:build !wasm

package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// Russian strings run a third longer than English ones: the game screens in Russian must
// still fit a phone (nothing wider than the screen) and show no English left behind. A
// pass-and-play round of Spyfall on one tab reaches the lobby, the deal, a held card, the
// hand-over and the running round without any peer; each is photographed at both sizes.
func TestRussianGameScreensFit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	tb := h.openBrowser("russian phone", h.origin, true)
	tb.open(h.origin + "/")
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("pref-lang"); s.value = "ru"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`))
	tb.waitJS(`document.documentElement.lang === "ru"`, "the switch to Russian")

	check := func(screen string) {
		t.Helper()
		settle(tb, screen)
		for _, vp := range []viewport{phone, desktop} {
			tb.do(chromedp.EmulateViewport(vp.width, vp.height, chromedp.EmulateScale(vp.scale)))
			if wide := eval[int](tb, `document.documentElement.scrollWidth - window.innerWidth`); wide > 0 {
				tb.fatalf("%s at %s: the page is %d px wider than the screen", screen, vp.name, wide)
			}
			// A screen that fell back to English (a string missing from the catalog) shows none.
			if text := eval[string](tb, `document.querySelector("main").innerText`); !cyrillic(text) {
				tb.fatalf("%s at %s shows no Russian: %q", screen, vp.name, text)
			}
		}
		h.screenshots(tb, "ru-"+screen)
	}

	tb.click("pass-play")
	tb.waitJS(`document.getElementById("pass-names") !== null`, "the pass-and-play setup")
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const f = document.getElementById("pass-names"); f.value = "Мария\nЛев\nНадежда"; f.dispatchEvent(new Event("input", {bubbles: true})); })()`))
	check("pass-setup")
	tb.click("pass-start")
	tb.waitJS(`document.getElementById("spyfall-settings") !== null`, "the lobby of the first player")
	check("sf-lobby")
	press(tb, "#set-rounds button[data-value='1']")
	tb.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	tb.click("start-game")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="dealt"]') !== null`, "the deal")
	check("sf-dealt")

	// The card held open: the face is only on screen while the finger stays down.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`))
	tb.waitJS(`document.getElementById("card-face") !== null`, "the card held open")
	check("sf-card-held")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true}))`))
	tb.waitJS(`document.getElementById("card-face") === null`, "the card face down again")

	// Round the table until the dealer holds the phone and can start the clock.
	for i := 0; eval[bool](tb, `document.getElementById("start-clock") === null`); i++ {
		if i == 3 {
			tb.fatalf("nobody can start the clock")
		}
		holder := tb.text("pass-holder")
		tb.click("pass-on")
		tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
		if i == 0 {
			check("sf-handover")
		}
		tb.click("pass-ready")
		tb.waitJS(fmt.Sprintf(`document.getElementById("pass-holder").textContent !== %q`, holder), "the next player holding the phone")
	}
	tb.click("start-clock")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null`, "the round to start")
	check("sf-playing")
}

// cyrillic reports whether s has any Cyrillic letter.
func cyrillic(s string) bool {
	for _, r := range s {
		if r >= 'А' && r <= 'я' || r == 'ё' || r == 'Ё' {
			return true
		}
	}
	return false
}
