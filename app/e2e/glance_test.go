//go:build !wasm

package e2e

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"safehouse/app/game"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// restingBody is the page's body as a neighbour sees it at rest, with the things that
// may differ between two seats taken out: which chip is the seat's own, and the running
// clock's digits and ring (each device counts on its own clock, a moment apart).
// The two seats compared are given as data-seat values: each chip names one of them, with
// "(you)" on the seat's own, so both names are taken out on both pages.
const restingBody = `((seats) => {
	const b = document.body.cloneNode(true);
	for (const chip of b.querySelectorAll(".sf-chip")) {
		chip.classList.remove("you");
		const n = chip.querySelector(".sf-chip-name");
		if (n && seats.includes(chip.dataset.seat)) n.textContent = "";
	}
	for (const c of b.querySelectorAll(".sf-clock-time")) c.textContent = "";
	for (const c of b.querySelectorAll(".sf-ring-bar")) c.removeAttribute("stroke-dashoffset");
	for (const c of b.querySelectorAll(".sf-clock")) c.classList.remove("calm", "amber", "red");
	// go-app writes attributes in map order: the same element may list them apart.
	for (const e of b.querySelectorAll("*")) {
		const attrs = [...e.attributes].map(a => [a.name, a.value]).sort();
		for (const [name] of attrs) e.removeAttribute(name);
		for (const [name, value] of attrs) e.setAttribute(name, value);
	}
	return b.innerHTML;
})`

// maskRects are the page areas (CSS pixels) that restingBody takes out: the own chip and
// the clock.
const maskRects = `[...document.querySelectorAll(".sf-chip.you, #sf-clock")].map(e => {
	const r = e.getBoundingClientRect();
	return [r.left, r.top, r.right, r.bottom];
})`

// sameAtAGlance checks that two tabs at rest show the same page: the same body, and the same
// pixels once the own chip and the clock of either are masked (APP-HID-4).
func sameAtAGlance(t *testing.T, h *harness, a, b *tab, seatA, seatB engine.Seat, moment string) {
	t.Helper()
	for _, tb := range []*tab{a, b} {
		tb.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		// A screen that just changed may still be moving in: compare it once it has settled.
		tb.waitJS(`document.getAnimations().filter(x => x.playState === "running").length === 0`, "the screen to settle")
	}
	seats := fmt.Sprintf(`(["%d", "%d"])`, seatA, seatB)
	bodyA, bodyB := eval[string](a, restingBody+seats), eval[string](b, restingBody+seats)
	if bodyA != bodyB {
		t.Fatalf("%s: the pages of %s and %s differ at rest; %s", moment, a.label, b.label, firstLineApart(bodyA, bodyB))
	}
	shot := func(tb *tab) image.Image {
		raw, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			tb.fatalf("screenshot: %v", err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	// At rest means once the screen has settled: a screen that just came back (a reload) may
	// still be drawing, so the pixels are compared a few times before they count as apart.
	var imgA, imgB image.Image
	differ := -1
	// Each try scrolls both to the top again: a screen that settled after the first scroll
	// may have moved its page by a pixel (seen once on a loaded machine: the whole of one
	// page one CSS pixel higher), which is where the page is, not what it shows.
	for try := 0; try < 10 && differ != 0; try++ {
		if try > 0 {
			time.Sleep(300 * time.Millisecond)
		}
		for _, tb := range []*tab{a, b} {
			tb.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		}
		imgA, imgB = shot(a), shot(b)
		differ = pixelsApart(t, a, b, imgA, imgB, moment)
	}
	if differ > 0 {
		for name, img := range map[string]image.Image{a.label: imgA, b.label: imgB} {
			var buf bytes.Buffer
			_ = png.Encode(&buf, img)
			_ = os.WriteFile(filepath.Join(h.shotDir, "glance-differs-"+strings.ReplaceAll(moment+"-"+name, " ", "-")+".png"), buf.Bytes(), 0o644)
		}
		t.Fatalf("%s: %d patches differ between %s and %s outside their own chips and the clock (scrolled to %v and %v px; screenshots in %s)",
			moment, differ, a.label, b.label, eval[float64](a, `window.scrollY`), eval[float64](b, `window.scrollY`), h.shotDir)
	}
}

// pixelsApart counts the patches of 6x6 CSS pixels, outside the own chips and the clocks of
// either page, that a neighbour would see differ (patchesApart).
func pixelsApart(t *testing.T, a, b *tab, imgA, imgB image.Image, moment string) int {
	t.Helper()
	masks := append(eval[[][4]float64](a, maskRects), eval[[][4]float64](b, maskRects)...)
	scale := float64(imgA.Bounds().Dx()) / eval[float64](a, `window.innerWidth`)
	if imgA.Bounds() != imgB.Bounds() {
		t.Fatalf("%s: screenshots of %v and %v", moment, imgA.Bounds(), imgB.Bounds())
	}
	return patchesApart(imgA, imgB, scale, masks)
}

// patchesApart compares two screenshots of the same size, taken at scale device pixels per
// CSS pixel, by patches of 6x6 CSS pixels outside masks (CSS pixel rectangles, 2 px more
// around each). A patch counts as apart when its colours differ as a neighbour would see
// them: by the patch's average, so that two renderings of the same text that differ only in
// anti-aliasing (Chromium may rasterise a line of text on another layer after a reload) do
// not count, and when no shift of up to one CSS pixel either way makes them alike, so that a
// line of text drawn a pixel lower on one page (a loaded machine's Chromium drew the vote's
// heading so: the same words in the same box, nothing a neighbour can see) does not count
// either, while a button, a word or a colour of one seat alone does.
func patchesApart(imgA, imgB image.Image, scale float64, masks [][4]float64) int {
	masked := func(x, y int) bool {
		fx, fy := float64(x)/scale, float64(y)/scale
		for _, m := range masks {
			if fx >= m[0]-2 && fx < m[2]+2 && fy >= m[1]-2 && fy < m[3]+2 {
				return true
			}
		}
		return false
	}
	bounds := imgA.Bounds()
	rgb := func(img image.Image, x, y int) [3]int {
		x, y = min(max(x, bounds.Min.X), bounds.Max.X-1), min(max(y, bounds.Min.Y), bounds.Max.Y-1)
		r, g, b, _ := img.At(x, y).RGBA()
		return [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
	}
	patch, reach := int(6*scale), int(math.Round(scale))
	// alike reports whether the patch at (px, py) looks the same on both pages with page B's
	// pixels taken (dx, dy) device pixels away.
	alike := func(px, py, dx, dy int) bool {
		var sumA, sumB [3]int
		for y := py; y < min(py+patch, bounds.Max.Y); y++ {
			for x := px; x < min(px+patch, bounds.Max.X); x++ {
				if masked(x, y) {
					continue
				}
				ca, cb := rgb(imgA, x, y), rgb(imgB, x+dx, y+dy)
				for c := range 3 {
					sumA[c] += ca[c]
					sumB[c] += cb[c]
				}
			}
		}
		for c := range 3 {
			if d := sumA[c] - sumB[c]; d > 20*patch*patch || d < -20*patch*patch {
				return false
			}
		}
		return true
	}
	apart := 0
	for py := bounds.Min.Y; py < bounds.Max.Y; py += patch {
		for px := bounds.Min.X; px < bounds.Max.X; px += patch {
			if alike(px, py, 0, 0) {
				continue
			}
			shifted := false
			for dy := -reach; dy <= reach && !shifted; dy++ {
				for dx := -reach; dx <= reach && !shifted; dx++ {
					shifted = (dx != 0 || dy != 0) && alike(px, py, dx, dy)
				}
			}
			if !shifted {
				apart++
			}
		}
	}
	return apart
}

func firstLineApart(a, b string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			from := max(i-120, 0)
			return fmt.Sprintf("from byte %d:\n  %s\n  %s", i, a[from:min(i+120, len(a))], b[from:min(i+120, len(b))])
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(a), len(b))
}

// APP-HID-4 in the browser: a spy's tab and another player's tab, side by side at rest while
// the round plays and during a vote, show the same page and the same pixels (but for their own
// chip and the running clock), buzz alike when the vote starts, and look alike with the card
// held; then the spy names the location from the face of the card. Both languages.
func TestNothingAtAGlance(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	// Seed 3 deals the spy card to a tab that does not deal (checked below).
	n := openNativeTableSeeded(t, h, 3, "Leo", "Nadia", "Omar")
	for _, tb := range n.tabs {
		recordVibrations(tb)
	}
	set := game.DefaultSettings().With(game.Spyfall, &spyfall.Config{Edition: spyfall.Classic, Rounds: 1})
	n.start(set)
	v := n.me.waitView("the round", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })

	// Who holds what, read as the players do: by holding the card.
	faces := map[string]string{}
	var spy, agent, other string
	for _, name := range []string{"Leo", "Nadia", "Omar"} {
		faces[name] = peekCard(n.tabs[name])
		switch {
		case strings.Contains(faces[name], "the spy"):
			spy = name
		case n.seat[name] != v.Dealer && agent == "":
			agent = name
		default:
			other = name
		}
	}
	if spy == "" || agent == "" || n.seat[spy] == v.Dealer {
		t.Fatalf("the seed no longer deals the spy card to a tab that does not deal (faces %v, dealer %d): pick another seed", faces, v.Dealer)
	}
	s, a := n.tabs[spy], n.tabs[agent]
	for _, tb := range []*tab{s, a} {
		tb.waitJS(`document.getElementById("card-face") === null && document.getElementById("locations-sheet") === null`, "the screen at rest")
	}
	sameAtAGlance(t, h, s, a, n.seat[spy], n.seat[agent], "playing")
	h.screenshots(s, "glance-spy-playing")
	h.screenshots(a, "glance-agent-playing")

	// The card held up: the same kind of face, with one button in the same place.
	faceShape := `(() => {
		const c = document.getElementById("secret-card");
		c.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));
		return true;
	})()`
	shape := func(tb *tab) string {
		eval[bool](tb, faceShape)
		tb.waitJS(`document.getElementById("card-action") !== null`, "the card's button")
		out := eval[string](tb, `[...document.querySelectorAll(".sf-card-holder *")].map(e => e.tagName + "." + e.className.baseVal === undefined ? e.tagName + "." + e.className : e.tagName).join(" ")`)
		h.screenshot(tb, "glance-held-"+strings.ToLower(tb.label), phone, "dark")
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true}))`))
		tb.waitJS(`document.getElementById("card-face") === null`, "the card face down again")
		return out
	}
	if ss, as := shape(s), shape(a); ss != as {
		t.Fatalf("the held cards differ in shape:\n  spy:   %s\n  agent: %s", ss, as)
	}

	// Choosing a suspect on a phone (issue 17 E): every other player's chip sits above the
	// confirm and cancel buttons, so a first tap lands on a player.
	press(a, "#accuse")
	a.waitJS(`document.getElementById("accuse-confirm") !== null && document.querySelector("#sf-players button") !== null`, "the suspects")
	covered := eval[int](a, `(() => { window.scrollTo(0, 0); const top = document.querySelector("footer.actions").getBoundingClientRect().top;
		return [...document.querySelectorAll("#sf-players button")].filter(b => b.getBoundingClientRect().bottom > top).length; })()`)
	h.screenshots(a, "glance-accuse-pick")
	if covered > 0 {
		a.fatalf("%d players' chips are under the confirm and cancel buttons while choosing a suspect", covered)
	}
	press(a, "#pick-cancel")
	a.waitJS(`document.getElementById("secret-card") !== null`, "the round again")

	// A vote in which both vote: the host's player accuses the third tab.
	n.me.act(spyfall.Accuse{Round: 1, Suspect: n.seat[other]})
	for _, tb := range []*tab{s, a} {
		tb.waitJS(`document.getElementById("vote-yes") !== null`, "the vote")
	}
	sameAtAGlance(t, h, s, a, n.seat[spy], n.seat[agent], "vote")
	h.screenshots(s, "glance-spy-vote")
	h.screenshots(a, "glance-agent-vote")
	if vs, va := eval[string](s, `JSON.stringify(window.__vibes || [])`), eval[string](a, `JSON.stringify(window.__vibes || [])`); vs != va || vs == "[]" {
		t.Fatalf("the vote buzzed the spy %s and the other player %s", vs, va)
	}
	n.vote(false)
	for _, tb := range []*tab{s, a} {
		tb.waitJS(`document.getElementById("last-vote") !== null`, "the failed vote")
	}

	// Russian, after a reload (the game screen has no language switch: the choice is kept on
	// the device), and still nothing apart.
	for _, tb := range []*tab{s, a} {
		tb.do(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("safehouse.lang", JSON.stringify("ru")); location.reload()`))
	}
	for _, tb := range []*tab{s, a} {
		tb.waitJS(`document.documentElement.lang === "ru" && document.querySelector('main.spyfall[data-phase="playing"] #secret-card') !== null && document.getElementById("last-vote") !== null`, "the round again, in Russian")
	}
	sameAtAGlance(t, h, s, a, n.seat[spy], n.seat[agent], "playing in Russian")
	h.screenshots(s, "glance-spy-playing-ru")
	h.screenshots(a, "glance-agent-playing-ru")

	// The spy names the location from the card, holding it and lifting on its button.
	loc := n.me.latest().Card.Location.ID
	s.actFromCard(true)
	press(s, fmt.Sprintf("#location-list button[data-location=%q]", loc))
	press(s, "#guess-confirm")
	final := n.me.waitView("the game over", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseGameOver })
	if r := final.LastRound; r == nil || r.Ending != spyfall.EndSpyGuessed || !slices.Contains(r.Spies, n.seat[spy]) {
		t.Fatalf("the round ended %+v, want %s naming the location", r, spy)
	}
}
