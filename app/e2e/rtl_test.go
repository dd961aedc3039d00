//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"safehouse/app/i18n"
	"safehouse/signaling"
)

// The right-to-left languages (issue 34): Arabic, Hebrew and Persian, each screen of a
// pass-and-play round at 320 px, checked for what right to left needs and photographed.

// rtlNames are the players: a Latin, a Hebrew and an Arabic name, so that every sentence
// naming a player mixes directions in one language or another.
var rtlNames = []string{"Maya", "דנה", "ليلى"}

// rtlProbe reads, on the page as drawn: the page's direction, the texts where a name sits in
// a sentence without its isolates (U+2068 ... U+2069), signed numbers drawn with the sign
// after the digits, and whether the clock's minutes come before its seconds, left to right.
const rtlProbe = `((names) => {
	const out = {dir: document.documentElement.dir, body: getComputedStyle(document.body).direction, bare: [], clock: ""};
	const check = (s) => {
		if (!s || s.trim() === "") return;
		for (const name of names) {
			for (let i = s.indexOf(name); i >= 0; i = s.indexOf(name, i + 1)) {
				if (s.trim() === name) continue;
				if (s[i - 1] !== "\u2068" || s[i + name.length] !== "\u2069") out.bare.push(s.trim());
			}
		}
	};
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const p = n.parentElement;
		if (p && !p.closest("script, style, template, textarea") && p.checkVisibility()) check(n.data);
	}
	for (const e of document.querySelectorAll("[aria-label]")) check(e.getAttribute("aria-label"));
	const c = document.querySelector(".sf-clock-time");
	if (c && c.firstChild && c.firstChild.length > 2) {
		const t = c.firstChild, r = document.createRange();
		r.setStart(t, 0); r.setEnd(t, 1);
		const first = r.getBoundingClientRect().left;
		r.setStart(t, t.length - 1); r.setEnd(t, t.length);
		out.clock = t.data + (first < r.getBoundingClientRect().left ? " reads left to right" : " reads right to left");
	}
	// A signed number ("+4" points) keeps its sign before its digits.
	out.signs = [];
	for (const e of document.querySelectorAll("td.gain, .fx-result")) {
		const t = [...e.childNodes].find(n => n.nodeType === 3 && /[+\u2212-]\d/.test(n.data));
		if (!t) continue;
		const i = t.data.search(/[+\u2212-]\d/), r = document.createRange();
		r.setStart(t, i); r.setEnd(t, i + 1);
		const sign = r.getBoundingClientRect().left;
		r.setStart(t, i + 1); r.setEnd(t, i + 2);
		if (sign > r.getBoundingClientRect().left) out.signs.push(t.data.trim());
	}
	out.bare = [...new Set(out.bare)].slice(0, 6);
	return JSON.stringify(out);
})`

// rtlCheck checks the screens of one tab in English and each right-to-left language.
type rtlCheck struct {
	t     *testing.T
	h     *harness
	tb    *tab
	langs []string // the right-to-left languages the app offers
	shots []string // the photographs taken, for the test's log
}

// screen checks the screen now on the tab in English and in each right-to-left language at
// 320 px: the direction, no sideways scroll, no text wider than its box, every name that
// sits in a sentence isolated (in English the right-to-left names), the clock's digits left
// to right. Each right-to-left language is photographed at 390 px in the dark scheme; in make
// test-long a full screen also in the light one and on a desktop (photographs). The tab is
// left in English.
func (r *rtlCheck) screen(name string, full bool) {
	r.t.Helper()
	tb := r.tb
	settle(tb, name)
	for _, lang := range append([]string{"en"}, r.langs...) {
		drawIn(tb, lang)
		names := rtlNames
		if lang == "en" {
			names = rtlNames[1:] // the names written right to left
		}
		arg, _ := json.Marshal(names)
		var m struct {
			Dir   string   `json:"dir"`
			Body  string   `json:"body"`
			Bare  []string `json:"bare"`
			Clock string   `json:"clock"`
			Signs []string `json:"signs"`
		}
		if err := json.Unmarshal([]byte(eval[string](tb, rtlProbe+"("+string(arg)+")")), &m); err != nil {
			tb.fatalf("probing %s: %v", name, err)
		}
		want := i18n.Dir(i18n.Lang(lang))
		if m.Dir != want || m.Body != want {
			r.t.Errorf("%s (%s): the page's dir is %q and its text runs %q, want %s", name, lang, m.Dir, m.Body, want)
		}
		if len(m.Bare) > 0 {
			r.t.Errorf("%s (%s): names in sentences without isolates: %q", name, lang, m.Bare)
		}
		if len(m.Signs) > 0 {
			r.t.Errorf("%s (%s): a number's sign after its digits in %q", name, lang, m.Signs)
		}
		if m.Clock != "" && !strings.HasSuffix(m.Clock, "left to right") {
			r.t.Errorf("%s (%s): the clock %s", name, lang, m.Clock)
		}
		var o overflowReport
		if err := json.Unmarshal([]byte(eval[string](tb, measureOverflow)), &o); err != nil {
			tb.fatalf("measuring %s: %v", name, err)
		}
		if o.Scroll > o.Client {
			r.t.Errorf("%s (%s): the page is %d px wide on a %d px screen; past its edge: %v", name, lang, o.Scroll, o.Client, o.Past)
		}
		if box := eval[[]string](tb, boxOverflow); len(box) > 0 {
			r.t.Errorf("%s (%s): text wider than its box at %d px: %q", name, lang, narrowest, box)
		}
		if lang == "en" {
			continue
		}
		shots := []shot{{phone, "dark"}}
		if full {
			shots = photographs(phone, desktop)
		}
		for _, s := range shots {
			r.h.screenshot(tb, "rtl-"+lang+"-"+name, s.vp, s.scheme)
			r.shots = append(r.shots, fmt.Sprintf("rtl-%s-%s-%s-%s.png", lang, name, s.vp.name, s.scheme))
		}
		tb.do(emulateWidth(narrowest))
	}
	drawIn(tb, "en")
}

// passTo hands the phone to player i through the hand-over screen's list (the holder's line
// names them, isolated when it must be).
func (r *rtlCheck) passTo(i int) {
	r.t.Helper()
	tb := r.tb
	if strings.Contains(tb.text("pass-holder"), rtlNames[i]) {
		return
	}
	tb.click("pass-on")
	tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
	press(tb, fmt.Sprintf(".sf-pass-others button[data-pass='%d']", i))
	tb.waitJS(fmt.Sprintf(`(document.getElementById("pass-holder") || {}).textContent.includes(%q)`, rtlNames[i]), rtlNames[i]+" holding the phone")
}

// cardTitle holds the card of whoever has the phone and reads its title.
func (r *rtlCheck) cardTitle(shot string) string {
	r.t.Helper()
	tb := r.tb
	tb.waitJS(`document.getElementById("secret-card") !== null`, "the card")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`))
	tb.waitJS(`document.getElementById("card-face") !== null`, "the card held open")
	if shot != "" {
		r.screenWhileHeld(shot)
	}
	title := eval[string](tb, `document.querySelector("#card-face .sf-card-title").textContent`)
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true}))`))
	tb.waitJS(`document.getElementById("card-face") === null`, "the card face down again")
	return title
}

// screenWhileHeld checks and photographs a held card: drawn in another language the card
// stays open (the finger has not lifted).
func (r *rtlCheck) screenWhileHeld(name string) {
	r.t.Helper()
	r.screen(name, false)
}

// Issue 34: the right-to-left languages on every screen of a pass-and-play round at 320 px,
// in one browser and one tab, each screen drawn in English and in Arabic, Hebrew and
// Persian in turn: the page reads right to left, nothing scrolls sideways or spills out of
// its box, a player's name inside a sentence is isolated (a Latin name in an Arabic
// sentence, a Hebrew name in an English one), and the clock reads minutes then seconds.
// Each right-to-left screen is photographed (build/screenshots/rtl-<lang>-<screen>-*.png).
func TestRightToLeft(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	tb := h.openBrowser("right to left", h.origin, true)
	tb.do(emulateWidth(narrowest))
	tb.open(h.origin + "/")
	r := &rtlCheck{t: t, h: h, tb: tb}
	for _, l := range offeredLanguages(tb) {
		if i18n.RTL(i18n.Lang(l)) {
			r.langs = append(r.langs, l)
		}
	}
	if len(r.langs) == 0 {
		t.Skip("the app offers no right-to-left language")
	}
	r.screen("home", true)

	tb.click("pass-play")
	tb.waitJS(`document.getElementById("pass-names") !== null`, "the pass-and-play setup")
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const f = document.getElementById("pass-names"); f.value = %q; f.dispatchEvent(new Event("input", {bubbles: true})); })()`, strings.Join(rtlNames, "\n"))))
	tb.click("pass-start")
	tb.waitJS(`document.getElementById("spyfall-settings") !== null`, "the lobby of the first player")
	press(tb, "#set-rounds button[data-value='1']")
	tb.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	r.screen("sf-lobby", true)
	tb.click("start-game")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="dealt"]') !== null`, "the deal")
	r.screen("sf-dealt", false)

	titles := make([]string, len(rtlNames))
	for i := range rtlNames {
		if i == 1 {
			tb.click("pass-on")
			tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
			r.screen("sf-handover", false)
			press(tb, "#pass-ready")
			tb.waitJS(fmt.Sprintf(`(document.getElementById("pass-holder") || {}).textContent.includes(%q)`, rtlNames[i]), rtlNames[i]+" holding the phone")
		}
		r.passTo(i)
		shot := ""
		if i == 0 {
			shot = "sf-card"
		}
		titles[i] = r.cardTitle(shot)
	}
	spy := -1
	for i, title := range titles {
		if len(slices.DeleteFunc(slices.Clone(titles), func(s string) bool { return s != title })) == 1 {
			spy = i
		}
	}
	if spy < 0 {
		t.Fatalf("the cards %q show no one spy", titles)
	}
	location := titles[(spy+1)%len(titles)]

	started := false
	for i := range rtlNames {
		r.passTo(i)
		if eval[bool](tb, `document.getElementById("start-clock") !== null`) {
			tb.click("start-clock")
			started = true
			break
		}
	}
	if !started {
		tb.fatalf("nobody can start the clock")
	}
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null`, "the round to start")
	r.screen("sf-playing", true)
	for _, sheet := range []string{"locations", "scores"} {
		press(tb, "#open-"+sheet)
		tb.waitJS(fmt.Sprintf(`document.getElementById(%q) !== null`, sheet+"-sheet"), "the "+sheet+" sheet")
		r.screen("sf-"+sheet, sheet == "locations")
		if sheet == "locations" {
			r.locationsFit()
		}
		press(tb, "#"+sheet+"-sheet .sheet-close")
		tb.waitJS(fmt.Sprintf(`document.getElementById(%q) === null`, sheet+"-sheet"), "the "+sheet+" sheet closed")
	}

	// An accusation that fails: the holder accuses, the one voter left votes no.
	press(tb, "#accuse")
	tb.waitJS(`document.querySelector("#sf-players button") !== null`, "the suspects")
	r.screen("sf-accuse", false)
	press(tb, "#sf-players button")
	press(tb, "#accuse-confirm")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="vote"]') !== null`, "the vote")
	r.screen("sf-vote", false)
	tb.click("pass-on")
	tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
	tb.click("pass-ready")
	press(tb, "#vote-no")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null && document.getElementById("last-vote") !== null`, "the failed vote")
	r.screen("sf-vote-failed", false)

	// The spy names the location and the game ends.
	r.passTo(spy)
	tb.actFromCard(false)
	tb.waitJS(`document.getElementById("location-list") !== null`, "the location list")
	var locID string
	for _, b := range eval[[][2]string](tb, `[...document.querySelectorAll("#location-list button")].map(b => [b.dataset.location, b.textContent])`) {
		if strings.HasPrefix(location, b[1]) || strings.HasPrefix(b[1], location) {
			locID = b[0]
		}
	}
	if locID == "" {
		t.Fatalf("the card's %q names no location of the list", location)
	}
	press(tb, fmt.Sprintf("#location-list button[data-location=%q]", locID))
	tb.waitJS(`document.querySelector("#guess-confirm:not([disabled])") !== null`, "the guess to be ready to confirm")
	r.screen("sf-guess", false)
	press(tb, "#guess-confirm")
	tb.waitJS(`document.getElementById("final") !== null`, "the final result")
	r.screen("sf-final", true)
	t.Logf("%d photographs in build/screenshots: %s", len(r.shots), strings.Join(r.shots, " "))
}

// firstPaint is the page's first contentful paint, in milliseconds after it began to load.
const firstPaint = `(performance.getEntriesByName("first-contentful-paint")[0] || {startTime: -1}).startTime`

// Issue 34: a player whose language is Arabic sees the page in Arabic, right to left, from
// its first frame, while the app's wasm is still on its way: the prerendered texts, the
// loader's label and the manifest are Arabic, <html> says lang="ar" dir="rtl". When the app
// starts, nothing on the page moves and no English shows for a moment: its first frame is
// the same page. On a first visit the page waits for one small file of texts; on the next
// it has them from the copy it kept, and asks for nothing. The first paint in each case is
// logged beside English's.
func TestPageInTheLanguageFromTheFirstFrame(t *testing.T) {
	t.Parallel()
	chrome := findChrome(t)
	site := findSite(t)
	sig := signaling.New(signaling.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	slow := newSlowSite(t, site, sig)
	t.Cleanup(func() { sig.Close() })
	h := &harness{t: t, chrome: chrome, server: slow.Server, origin: slow.URL, shotDir: shotDir(t)}
	tb := h.openBrowser("first frame", slow.URL, true)
	tb.do(emulateWidth(phone.width), emulateScheme("dark")) // a phone from the start: no resize in between
	offered := map[string]bool{}
	load := func() {
		t.Helper()
		tb.do(chromedp.Navigate(slow.URL + "/"))
		tb.waitJS(`document.getElementById("create") !== null && window.safehouseEarly !== undefined`, "the prerendered page")
		tb.waitJS(firstPaint+` >= 0`, "the first paint")
	}
	load()
	for _, l := range eval[[]string](tb, `Object.keys(window.safehouseLangs || {})`) {
		offered[l] = true
	}
	if !offered["ar"] {
		t.Skip("the app offers no Arabic")
	}
	english := eval[float64](tb, firstPaint)

	ar := func(k i18n.Key, args ...any) string { return i18n.T("ar", k, args...) }
	tb.do(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("safehouse.lang", JSON.stringify("ar")); localStorage.removeItem("safehouse.page")`))
	load()
	firstVisit := eval[float64](tb, firstPaint)
	if got := eval[string](tb, `document.documentElement.lang + " " + document.documentElement.dir`); got != "ar rtl" {
		tb.fatalf("the prerendered page says lang and dir %q, want ar rtl", got)
	}
	for id, want := range map[string]string{"create": ar(i18n.HomeCreate), "join": ar(i18n.HomeJoin), "pass-play": ar(i18n.SFPassEntry)} {
		if got := strings.TrimSpace(tb.text(id)); got != want {
			tb.fatalf("before the app runs, #%s reads %q, want %q", id, got, want)
		}
	}
	if got, want := eval[string](tb, `document.getElementById("name").placeholder`), ar(i18n.HomeNamePlaceholder); got != want {
		tb.fatalf("the name field's placeholder reads %q, want %q", got, want)
	}
	if got, want := eval[string](tb, `document.getElementById("app-wasm-loader-label").textContent`), strings.ReplaceAll(ar(i18n.LoadingText), "{progress}", "0"); got != want {
		tb.fatalf("the loader says %q, want %q", got, want)
	}
	if got := eval[string](tb, `document.getElementById("pref-lang").value`); got != "ar" {
		tb.fatalf("the language switch shows %q, want ar", got)
	}
	manifest := awaitJS[string](tb, `fetch(document.querySelector('link[rel="manifest"]').href).then(r => r.json()).then(m => [m.lang, m.dir, m.description].join("|"))`)
	if want := "ar|rtl|" + ar(i18n.AppTagline); manifest != want {
		tb.fatalf("the manifest says %q, want %q", manifest, want)
	}
	h.screenshot(tb, "rtl-ar-prerendered", phone, "dark")

	// The app starts: the page stays as it is, and never reads English in between.
	before := eval[string](tb, layoutProbeHome)
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__createTexts = []; new MutationObserver(() => {
		const b = document.getElementById("create"); if (b) window.__createTexts.push(b.textContent.trim());
	}).observe(document.body, {subtree: true, childList: true, characterData: true})`))
	slow.release()
	tb.waitJS(`document.querySelector(".app.ready") !== null`, "the app to start")
	awaitJS[bool](tb, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
	if after := eval[string](tb, layoutProbeHome); after != before {
		tb.fatalf("the page moved when the app started:\nprerendered: %s\nthe app's:   %s", before, after)
	}
	if shifts := eval[[]string](tb, `window.__shifts.filter(s => s.value >= 0.01).map(s => s.what)`); len(shifts) > 0 {
		tb.fatalf("the page shifted while the app started: %v", shifts)
	}
	if texts := eval[[]string](tb, `window.__createTexts`); slices.Contains(texts, i18n.T(i18n.English, i18n.HomeCreate)) {
		tb.fatalf("the app drew English for a moment: Create read %q", texts)
	}
	if got := eval[string](tb, `document.documentElement.lang + " " + document.documentElement.dir`); got != "ar rtl" {
		tb.fatalf("the app says lang and dir %q, want ar rtl", got)
	}

	// The next visit: the texts come from the copy kept, no file is asked for.
	load()
	repeat := eval[float64](tb, firstPaint)
	if asked := eval[[]string](tb, `performance.getEntriesByType("resource").map(e => e.name).filter(n => n.includes(".page."))`); len(asked) > 0 {
		tb.fatalf("a repeat visit asked for the page texts again: %q", asked)
	}
	if got := strings.TrimSpace(tb.text("create")); got != ar(i18n.HomeCreate) {
		tb.fatalf("on a repeat visit Create reads %q", got)
	}
	// English again, with the same warm caches, for a fair comparison.
	tb.do(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("safehouse.lang", JSON.stringify("en"))`))
	load()
	if got := eval[string](tb, `document.documentElement.lang + " " + document.documentElement.dir`); got != "en ltr" {
		tb.fatalf("back in English the page says %q", got)
	}
	t.Logf("first contentful paint: English %.0f ms (a cold browser), %.0f ms (warm); Arabic, first visit (one file of texts) %.0f ms; Arabic, repeat visit (kept texts) %.0f ms",
		english, eval[float64](tb, firstPaint), firstVisit, repeat)
}

// layoutProbeHome describes where the home screen's parts are, in CSS pixels.
const layoutProbeHome = `["main.home h1", ".tagline", "#name", "#code", "#join", "#create", "#pass-play", "footer.preferences", "#pref-lang", "#pref-theme"].map(s => {
	const e = document.querySelector(s);
	if (!e) return s + " missing";
	const r = e.getBoundingClientRect();
	return s + " " + [r.x, r.y, r.width, r.height].map(Math.round).join(",");
}).join("; ") + "; page " + document.documentElement.scrollHeight`

// shotDir is where the browser tests keep their photographs (as newHarness says).
func shotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SAFEHOUSE_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(repoRoot(t), "build", "screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// wordInTwo lists the location buttons whose name is broken inside a word (a line ends
// where no space or hyphen is) or spills out of the button, and whether the list scrolls
// sideways.
const wordInTwo = `(() => {
	const out = [];
	const body = document.querySelector(".sf-sheet-body");
	if (body && body.scrollWidth > body.clientWidth + 1) out.push("the sheet scrolls sideways: " + body.scrollWidth + " px in " + body.clientWidth);
	for (const b of document.querySelectorAll("#location-list button")) {
		if (b.scrollWidth > b.clientWidth + 1) { out.push(b.textContent + " spills out of its button"); continue; }
		const t = b.firstChild;
		if (!t || t.nodeType !== 3) continue;
		const r = document.createRange();
		let top = null;
		for (let i = 0; i < t.length; i++) {
			// A soft hyphen is drawn only at a line's end, where the browser breaks: its own
			// box says nothing about the line it is on. The letter after it starts the next
			// line, but its range also touches the end of the one before (the hyphen drawn
			// there): its last box is the letter's own.
			if (t.data[i] === "\u00ad") continue;
			r.setStart(t, i); r.setEnd(t, i + 1);
			const boxes = r.getClientRects();
			const y = (boxes.length ? boxes[boxes.length - 1] : r.getBoundingClientRect()).top;
			if (top !== null && y > top + 2 && i > 0 && !/[\s\-\u00ad\u2010]/.test(t.data[i - 1]) && !/\s/.test(t.data[i])) {
				out.push(t.data.slice(0, i) + "|" + t.data.slice(i) + " breaks inside a word");
				break;
			}
			top = y;
		}
	}
	return out.slice(0, 8);
})()`

// locationsFit checks the location list in every language the app offers at 320 px: no
// name broken inside a word, none spilling out, no sideways scroll ("Militärstützpunkt",
// "Generationenschiff" in German, issue 34). Chinese and Japanese break between any two
// characters by their own rules, and are left out.
func (r *rtlCheck) locationsFit() {
	r.t.Helper()
	for _, lang := range offeredLanguages(r.tb) {
		if lang == "ja" || lang == "zh" || strings.HasPrefix(lang, "zh-") || lang == "ko" {
			continue
		}
		drawIn(r.tb, lang)
		if bad := eval[[]string](r.tb, wordInTwo); len(bad) > 0 {
			r.t.Errorf("the locations at %d px in %s: %q", narrowest, lang, bad)
		}
	}
	drawIn(r.tb, "en")
}
