//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"safehouse/app/i18n"
	"safehouse/engine/spyfall"
)

// The browser tests of every language the app offers (issue 21): which languages is read
// from the page itself, the options of its language switch, so a language added to the app
// is tested without a change here. Each screen is checked in each language for
//   - English left behind: the screen is drawn in English too, and a visible text that is
//     the same in both is a fallback, unless it names a player, the room, the brand, or is
//     in sameInEnglish with a reason;
//   - sideways scroll at 320 px, the narrowest phone in use, and text wider than its own box
//     there (a word spilling out of its button, a select cutting off its choice);
//   - a raw catalogue key (home.create) where a text should be;
//   - Japanese, Korean and Chinese drawn with real glyphs, not the empty boxes of a missing
//     font.

// langNames are the players of the language tests: names, never translated.
var langNames = []string{"Maya", "Leo", "Nadia"}

// sameInEnglish are texts that may be the same as English on a screen in another language,
// each with its reason. Digits are written # (so "# min" is every length in minutes). The
// key "*" holds those every language may share.
var sameInEnglish = map[string]map[string]string{
	"*": {},
	"cs": {
		"online": "the Czech word for online", "# min": "min is Czech for minutes",
	},
	"de": {
		"Edition": "German for edition (of a game)", "online": "the German word for online",
		"Host": "German players call the host Host", "Teams": "German for teams",
		"Team A (#)": "Team is German for team", "Team B (#)": "Team is German for team",
		"Name": "German for name",
	},
	"es": {
		"Total": "Spanish for total", "# min": "min is Spanish for minutes",
	},
	"es-419": {
		"Total": "Spanish for total", "# min": "min is Spanish for minutes",
	},
	"fr": {
		"Scores": "French for scores", "Points": "French for points", "Total": "French for total",
		"# min": "min is French for minutes",
	},
	"it": {
		"online": "the Italian word for online", "Host": "Italian players call the host host",
		"# min": "min is Italian for minutes",
	},
	"nl": {
		"Start": "Dutch for start", "online": "the Dutch word for online",
		"Host": "Dutch players call the host host", "Teams": "Dutch for teams",
		"Team A (#)": "Team is Dutch for team", "Team B (#)": "Team is Dutch for team",
		"# min": "min is Dutch for minutes",
	},
	"pl": {
		"online": "the Polish word for online", "# min": "min is Polish for minutes",
	},
	"pt": {
		"Total": "Portuguese for total", "online": "the Portuguese word for online",
		"# min": "min is Portuguese for minutes",
	},
	"pt-PT": {
		"Total": "Portuguese for total", "# min": "min is Portuguese for minutes",
	},
	"ro": {
		"Total": "Romanian for total", "# min": "min is Romanian for minutes",
	},
	"sv": {
		"online": "the Swedish word for online", "# min": "min is Swedish for minutes",
	},
}

// digits are written # when a text is looked up in sameInEnglish.
var digits = regexp.MustCompile(`[0-9]+`)

// narrowest is the phone width no screen may scroll sideways at, in any language.
const narrowest = 320

// visibleTexts lists what the page shows as text: every text node in a visible element,
// the placeholder of an empty field, the options of a select (but the language switch,
// whose options name each language in itself), each with runs of white space made one.
const visibleTexts = `(() => {
	const out = [];
	const add = s => { s = (s || "").replace(/\s+/g, " ").trim(); if (s) out.push(s); };
	const skip = e => e.closest("#pref-lang, script, style, noscript, template, title");
	const shown = e => e.checkVisibility({visibilityProperty: true});
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const p = n.parentElement;
		if (!p || skip(p) || p.closest("select") || !shown(p)) continue;
		add(n.textContent);
	}
	for (const f of document.querySelectorAll("input[placeholder], textarea[placeholder]")) {
		if (!skip(f) && shown(f) && !f.value) add(f.placeholder);
	}
	for (const s of document.querySelectorAll("select")) {
		if (skip(s) || !shown(s)) continue;
		for (const o of s.options) add(o.text);
	}
	for (const b of document.querySelectorAll("input[type=button], input[type=submit]")) {
		if (!skip(b) && shown(b)) add(b.value);
	}
	return out;
})()`

// glyphCheck draws up to 16 of the page's CJK characters on a canvas in the page's font and
// counts how many different pictures they make: with no font for them every one is the same
// empty box (tofu).
const glyphCheck = `(() => {
	const chars = [...new Set([...document.body.innerText].filter(c => /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/.test(c)))].slice(0, 16);
	const c = document.createElement("canvas");
	c.width = 48; c.height = 48;
	const g = c.getContext("2d", {willReadFrequently: true});
	g.font = "40px " + getComputedStyle(document.body).fontFamily;
	g.textBaseline = "top";
	const prints = new Set();
	for (const ch of chars) {
		g.clearRect(0, 0, 48, 48);
		g.fillText(ch, 4, 4);
		const d = g.getImageData(0, 0, 48, 48).data;
		let h = 0;
		for (let i = 3; i < d.length; i += 4) h = (h * 31 + d[i]) >>> 0;
		prints.add(h);
	}
	return {chars: chars.join(""), pictures: prints.size};
})()`

// boxOverflow lists the visible elements whose text is wider than their own box (a word
// that spills out of its button), and the selects whose chosen option is cut off: either
// fits the screen and still looks broken.
const boxOverflow = `(() => {
	const out = [];
	const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
		(typeof e.className === "string" && e.className.trim() ? "." + e.className.trim().replace(/\s+/g, ".") : "");
	const g = document.createElement("canvas").getContext("2d");
	for (const e of document.querySelectorAll("body *")) {
		if (e.closest("svg") || !e.checkVisibility()) continue;
		const cs = getComputedStyle(e);
		if (e.tagName === "SELECT") {
			const o = e.selectedOptions[0];
			if (!o) continue;
			g.font = cs.font;
			const room = e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
			if (g.measureText(o.text).width > room + 1) out.push(name(e) + " cuts off " + JSON.stringify(o.text));
			continue;
		}
		if (e.tagName === "INPUT" || e.tagName === "TEXTAREA" || cs.overflowX === "auto" || cs.overflowX === "scroll") continue;
		// (A box of a pixel or so holds text for screen readers only.)
		if (e.clientWidth > 2 && e.scrollWidth > e.clientWidth + 1 && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) {
			out.push(name(e) + " " + e.scrollWidth + " px of text in " + e.clientWidth + ": " + JSON.stringify(e.textContent.trim().slice(0, 30)));
		}
	}
	return out.slice(0, 6);
})()`

// catalogueKey is how a key of the catalogue looks: lower-case words joined by dots
// (home.create, sf.set.browse), each at least two letters long (so "e.g" is none).
var catalogueKey = regexp.MustCompile(`^[a-z][a-z0-9_-]+(\.[a-z0-9_-]{2,})+$`)

// rawKeys are the words of texts that look like catalogue keys.
func rawKeys(texts []string) []string {
	var keys []string
	for _, s := range texts {
		for _, w := range strings.Fields(s) {
			w = strings.TrimRight(strings.TrimLeft(w, `("«“`), `).,:;!?»”"`)
			if catalogueKey.MatchString(w) {
				keys = append(keys, w)
			}
		}
	}
	return keys
}

// langCheck checks screens in several languages on one tab, against the same screen in
// English.
type langCheck struct {
	t       *testing.T
	h       *harness
	tb      *tab
	langs   []string // what the language switch offers, English first
	room    string   // the room code, once there is one
	shots   map[string]bool
	visited int
	// rest is the language the tab is left in after a screen is checked.
	rest string
}

// offeredLanguages reads the language switch's options: the languages the app offers.
func offeredLanguages(tb *tab) []string {
	tb.t.Helper()
	tb.waitJS(`document.querySelectorAll("#pref-lang option").length > 0`, "the language switch")
	langs := eval[[]string](tb, `[...document.querySelectorAll("#pref-lang option")].map(o => o.value)`)
	if !slices.Contains(langs, "en") {
		tb.fatalf("the language switch offers %v, without English", langs)
	}
	slices.Sort(langs)
	langs = slices.DeleteFunc(langs, func(l string) bool { return l == "en" })
	return append([]string{"en"}, langs...)
}

// drawLanguage draws the page in a language, in the page itself (one round trip): by the
// language switch where the screen has one, else as another tab of the app would (the
// stored choice and its storage event). It resolves when the page says that language (by
// its full tag: "pt-BR" for the code "pt") and its text has changed, two frames later; or
// with the reason it cannot: the app's message that the pack failed.
const drawLanguage = `(async (lang, tag) => {
	if (document.documentElement.lang === tag) return "";
	const before = document.body.innerText;
	const select = document.getElementById("pref-lang");
	if (select) {
		select.value = lang;
		select.dispatchEvent(new Event("change", {bubbles: true}));
	} else {
		localStorage.setItem("safehouse.lang", JSON.stringify(lang));
		window.dispatchEvent(new StorageEvent("storage", {key: "safehouse.lang", newValue: JSON.stringify(lang)}));
	}
	const frame = () => new Promise(r => requestAnimationFrame(r));
	for (const until = performance.now() + 60000; performance.now() < until; ) {
		await frame();
		if (document.documentElement.lang === tag && document.body.innerText !== before) {
			await frame();
			await frame();
			return "";
		}
		// (A message about the language before may stay a frame: this one names lang.)
		const failed = document.getElementById("pack-failed"), option = select && select.querySelector("option[value='" + lang + "']");
		if (failed && option && failed.textContent.includes(option.textContent)) {
			return "the " + lang + " pack did not load: " + JSON.stringify(failed.textContent);
		}
	}
	return "the screen did not change to " + lang + " in a minute";
})`

// tryLanguage draws the page in lang (drawLanguage) and says why not, "" when it is.
func tryLanguage(tb *tab, lang string) (problem string) {
	tb.t.Helper()
	return awaitJS[string](tb, fmt.Sprintf(drawLanguage+`(%q, %q)`, lang, i18n.Tag(i18n.Lang(lang))))
}

// drawIn draws the page in lang (drawLanguage), or ends the test.
func drawIn(tb *tab, lang string) {
	tb.t.Helper()
	if problem := tryLanguage(tb, lang); problem != "" {
		tb.fatalf("%s", problem)
	}
}

// ignorable is a text that may read the same in every language: one in sameInEnglish, or
// one with no word left once the players' names, the room code, the brand and the games'
// own names (which some editions keep, e.g. the German and French Spyfall) are taken out
// (a letter alone is a label, as Spyfest's teams A and B).
func (c *langCheck) ignorable(lang, s string) bool {
	if sameContent()[lang][s] {
		return true
	}
	key := digits.ReplaceAllString(s, "#")
	if _, ok := sameInEnglish["*"][key]; ok {
		return true
	}
	if _, ok := sameInEnglish[lang][key]; ok {
		return true
	}
	for _, w := range append(slices.Clone(langNames), c.room, "Safehouse", "Spyfall", "Spyfest", "Spycon") {
		if w != "" {
			s = strings.ReplaceAll(s, w, "")
		}
	}
	// A single letter is a label (Spyfest's teams A and B), not a word.
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters <= 1
}

// sameContent is, for each language, the Spyfall content it writes as English does: pack,
// location and role names such as "Hotel" or "Student". The round deals them at random, and
// a pack's own word is never English left behind.
var sameContent = sync.OnceValue(func() map[string]map[string]bool {
	same := map[string]map[string]bool{}
	for _, lang := range i18n.Available() {
		same[string(lang)] = map[string]bool{}
		add := func(text, english string) {
			if text == english {
				same[string(lang)][text] = true
			}
		}
		for _, pack := range spyfall.BuiltinPacks() {
			add(i18n.PackName(lang, pack.ID), i18n.PackName(i18n.English, pack.ID))
			for _, loc := range pack.Locations {
				add(i18n.LocationName(lang, loc.ID), i18n.LocationName(i18n.English, loc.ID))
				for i := range loc.NumRoles() {
					add(i18n.RoleName(lang, loc.ID, i), i18n.RoleName(i18n.English, loc.ID, i))
				}
			}
		}
	}
	return same
})

// screen checks the screen now on the tab in each of c.langs, then leaves it in c.rest.
// With shot, the screen is photographed in each language (once per language over the test).
// In make test a screen that is not photographed is checked in English and every other
// language, alternating from screen to screen (inTurn): English left on a screen by the code
// shows in any other language, and each language still has half the screens measured.
func (c *langCheck) screen(name string, shot bool) {
	c.t.Helper()
	tb := c.tb
	c.visited++
	settle(tb, name)
	var english map[string]bool
	for j, lang := range slices.Clone(c.langs) {
		if lang != "en" && !shot && !inTurn(c.visited, j) {
			continue
		}
		if problem := tryLanguage(tb, lang); problem != "" {
			c.t.Errorf("%s: %s; %s is not checked further", name, problem, lang)
			c.langs = slices.DeleteFunc(c.langs, func(l string) bool { return l == lang })
			continue
		}
		var m struct {
			Texts    []string       `json:"texts"`
			Overflow overflowReport `json:"overflow"`
			Box      []string       `json:"box"`
		}
		raw := eval[string](tb, `JSON.stringify({texts: `+visibleTexts+`, overflow: JSON.parse(`+measureOverflow+`), box: `+boxOverflow+`})`)
		if err := json.Unmarshal([]byte(raw), &m); err != nil {
			tb.fatalf("measuring %s: %v", name, err)
		}
		texts := m.Texts
		if lang == "en" {
			english = map[string]bool{}
			for _, s := range texts {
				english[s] = true
			}
		} else {
			var left []string
			for _, s := range texts {
				if english[s] && !c.ignorable(lang, s) && !slices.Contains(left, s) {
					left = append(left, s)
				}
			}
			if len(left) > 0 {
				c.t.Errorf("%s (%s): English left on the screen: %q", name, lang, left)
			}
		}
		if keys := rawKeys(texts); len(keys) > 0 {
			c.t.Errorf("%s (%s): catalogue keys on the screen: %q", name, lang, keys)
		}
		if r := m.Overflow; r.Scroll > r.Client {
			c.t.Errorf("%s (%s): the page is %d px wide on a %d px screen; past its edge: %v", name, lang, r.Scroll, r.Client, r.Past)
		}
		if len(m.Box) > 0 {
			c.t.Errorf("%s (%s): text wider than its box at %d px: %q", name, lang, narrowest, m.Box)
		}
		if lang == "ja" || lang == "ko" || strings.HasPrefix(lang, "zh") {
			c.glyphs(name, lang)
		}
		if shot && !c.shots[lang] {
			c.shots[lang] = true
			c.photograph("lang-"+lang+"-"+name, lang == "de" || lang == "ja" || lang == "ru")
		}
	}
	drawIn(tb, c.rest)
}

// glyphs checks that the screen's Chinese, Japanese or Korean characters are drawn, each its
// own picture, and that the page says its language (so the font has the right forms).
func (c *langCheck) glyphs(name, lang string) {
	c.t.Helper()
	var g struct {
		Chars    string `json:"chars"`
		Pictures int    `json:"pictures"`
	}
	raw := eval[string](c.tb, `JSON.stringify(`+glyphCheck+`)`)
	if err := json.Unmarshal([]byte(raw), &g); err != nil {
		c.tb.fatalf("glyph check: %v", err)
	}
	n := len([]rune(g.Chars))
	switch {
	case n == 0:
		c.t.Errorf("%s (%s): no Chinese, Japanese or Korean character on the screen", name, lang)
	case n > 1 && g.Pictures < n:
		c.t.Errorf("%s (%s): %d characters %q draw as %d pictures: a font is missing (fonts-noto-cjk, make deps)", name, lang, n, g.Chars, g.Pictures)
	}
	if got := eval[string](c.tb, `document.documentElement.lang`); !strings.HasPrefix(got, lang) {
		c.t.Errorf("%s (%s): the page says its language is %q", name, lang, got)
	}
}

// photograph keeps the whole screen at 390 px (and, with desktop, at 1280), then brings the
// tab back to the narrowest phone.
func (c *langCheck) photograph(name string, desktopToo bool) {
	c.t.Helper()
	sizes := []viewport{phone}
	if desktopToo {
		sizes = append(sizes, desktop)
	}
	for _, vp := range sizes {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(vp.scale)}
		if vp.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		c.tb.do(chromedp.EmulateViewport(vp.width, vp.height, opts...), emulateScheme("dark"))
		// The whole screen: as tall as its content (up to four phones).
		if tall := eval[int64](c.tb, `document.scrollingElement.scrollHeight`); tall > vp.height {
			c.tb.do(chromedp.EmulateViewport(vp.width, min(tall, 4*vp.height), opts...))
		}
		settle(c.tb, name)
		png, err := chromedp.Run(c.tb.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			c.tb.fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(c.h.shotDir, name+"-"+vp.name+".png"), png, 0o644); err != nil {
			c.t.Fatal(err)
		}
	}
	c.tb.do(emulateWidth(narrowest))
}

// langRound plays one round of pass-and-play Spyfall on c's tab, checking each screen it
// reaches, and ends at the round's result. The spy is found by language, not by words:
// the card whose face differs from the other two.
func (c *langCheck) langRound(shotAt string) {
	c.t.Helper()
	tb := c.tb
	tb.click("pass-play")
	tb.waitJS(`document.getElementById("pass-names") !== null`, "the pass-and-play setup")
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const f = document.getElementById("pass-names"); f.value = %q; f.dispatchEvent(new Event("input", {bubbles: true})); })()`, strings.Join(langNames, "\n"))))
	c.screen("pass-setup", shotAt == "pass-setup")
	tb.click("pass-start")
	tb.waitJS(`document.getElementById("spyfall-settings") !== null`, "the lobby of the first player")
	press(tb, "#set-rounds button[data-value='1']")
	tb.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	c.screen("sf-lobby", shotAt == "sf-lobby")
	tb.click("start-game")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="dealt"]') !== null`, "the deal")
	c.screen("sf-dealt", shotAt == "sf-dealt")

	holder := func() string { return tb.text("pass-holder") }
	titles := map[string]string{}
	for i, name := range langNames {
		if i > 0 {
			before := holder()
			tb.click("pass-on")
			tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
			if i == 1 {
				c.screen("sf-handover", shotAt == "sf-handover")
			}
			tb.click("pass-ready")
			tb.waitJS(fmt.Sprintf(`(document.getElementById("pass-holder") || {}).textContent !== %q`, before), name+" holding the phone")
		}
		tb.waitJS(`document.getElementById("secret-card") !== null`, "the card")
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`))
		tb.waitJS(`document.getElementById("card-face") !== null`, "the card held open")
		if i == 0 {
			c.screen("sf-card", shotAt == "sf-card")
		}
		titles[name] = eval[string](tb, `document.querySelector("#card-face .sf-card-title").textContent`)
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true}))`))
		tb.waitJS(`document.getElementById("card-face") === null`, "the card face down again")
	}
	spy, location := "", ""
	for _, name := range langNames {
		same := 0
		for _, other := range langNames {
			if titles[other] == titles[name] {
				same++
			}
		}
		if same == 1 {
			spy = name
		} else {
			location = titles[name]
		}
	}
	if spy == "" || location == "" {
		c.t.Fatalf("the cards %v show no one spy and one location", titles)
	}

	for i := 0; eval[bool](tb, `document.getElementById("start-clock") === null`); i++ {
		if i == len(langNames) {
			tb.fatalf("nobody can start the clock")
		}
		before := holder()
		tb.click("pass-on")
		tb.click("pass-ready")
		tb.waitJS(fmt.Sprintf(`document.getElementById("pass-holder").textContent !== %q`, before), "the next player holding the phone")
	}
	tb.click("start-clock")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null`, "the round to start")
	c.screen("sf-playing", shotAt == "sf-playing")
	for _, sheet := range []string{"locations", "scores"} {
		press(tb, "#open-"+sheet)
		tb.waitJS(fmt.Sprintf(`document.getElementById(%q) !== null`, sheet+"-sheet"), "the "+sheet+" sheet")
		c.screen("sf-"+sheet, shotAt == "sf-"+sheet)
		press(tb, "#"+sheet+"-sheet .sheet-close")
		tb.waitJS(fmt.Sprintf(`document.getElementById(%q) === null`, sheet+"-sheet"), "the "+sheet+" sheet closed")
	}

	// An accusation that fails: whoever holds the phone accuses, the phone goes to the one
	// voter left, who votes no.
	press(tb, "#accuse")
	tb.waitJS(`document.querySelector("#sf-players button") !== null`, "the suspects")
	c.screen("sf-accuse", shotAt == "sf-accuse")
	press(tb, "#sf-players button")
	press(tb, "#accuse-confirm")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="vote"]') !== null`, "the vote")
	c.screen("sf-vote", shotAt == "sf-vote")
	tb.click("pass-on")
	tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
	tb.click("pass-ready")
	press(tb, "#vote-no")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null && document.getElementById("last-vote") !== null`, "the failed vote")
	c.screen("sf-vote-failed", shotAt == "sf-vote-failed")

	tb.click("pass-on")
	tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
	before := eval[string](tb, `document.getElementById("pass-to").textContent`)
	press(tb, fmt.Sprintf(".sf-pass-others button[data-pass='%d']", slices.Index(langNames, spy)))
	tb.waitJS(fmt.Sprintf(`document.getElementById("pass-holder") !== null && (document.getElementById("pass-to") || {}).textContent !== %q`, before), "the spy holding the phone")
	tb.actFromCard(true)
	tb.waitJS(`document.getElementById("location-list") !== null`, "the location list")
	c.screen("sf-guess", shotAt == "sf-guess")
	var locID string
	for _, id := range eval[[]string](tb, `[...document.querySelectorAll("#location-list button")].map(b => b.dataset.location + "|" + b.textContent)`) {
		if l, n, _ := strings.Cut(id, "|"); strings.HasPrefix(location, n) || strings.HasPrefix(n, location) {
			locID = l
		}
	}
	if locID == "" {
		c.t.Fatalf("the card's %q names no location of the list", location)
	}
	press(tb, fmt.Sprintf("#location-list button[data-location=%q]", locID))
	tb.waitJS(`document.querySelector("#guess-confirm:not([disabled])") !== null`, "the guess to be ready to confirm")
	press(tb, "#guess-confirm")
	tb.waitJS(`document.getElementById("final") !== null`, "the final result")
	c.screen("sf-final", shotAt == "sf-final")
}

// langLobby creates a game over the signaling server on c's tab (home must be on screen)
// and checks its lobby.
func (c *langCheck) langLobby(shot bool) {
	c.t.Helper()
	tb := c.tb
	tb.typeInto("name", langNames[0])
	tb.click("create")
	tb.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	c.room = tb.text("lobby-room")
	c.screen("lobby", shot)
	// Spyfest's settings, with every list open (the characters, the carpet, the cards).
	press(tb, "#fest-family")
	tb.waitJS(`document.getElementById("spyfest-settings") !== null`, "the Spyfest settings")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`))
	c.screen("fest-lobby", false)
}

// Issue 21, the browser: every language the switch offers on every screen of a lobby and of
// a pass-and-play round, at 320 px. One browser, one tab, one game of each: each screen is
// drawn in every language in turn (in make test, English and every other language,
// alternating from screen to screen: langCheck.screen): the home screen by the switch, so
// each pack is fetched as a player's choice fetches it; the game screens, which have no
// switch, as another tab of the app would switch. The lobby comes after a reload, so there
// each pack is fetched again while the lobby is on screen, as for a player who first picks a
// language there.
// Each language is photographed once (at 390 px, and at 1280 for a few) in
// build/screenshots as lang-<lang>-<screen>.
//
// With SAFEHOUSE_LONG (make test-long), each language also plays a round of its own from
// the start, in a fresh tab (its own storage) of the same browser, chosen on the home screen
// as a player would, each screen checked against English only; its held card is
// photographed (lang-<lang>-sf-card).
func TestLanguages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	tb := h.openBrowser("languages", h.origin, true)
	tb.do(emulateWidth(narrowest))
	tb.open(h.origin + "/")
	langs := offeredLanguages(tb)
	c := &langCheck{t: t, h: h, tb: tb, langs: langs, shots: map[string]bool{}, rest: "en"}
	t.Logf("languages offered: %v", c.langs)
	start := time.Now()
	c.screen("home", false)
	c.langRound("sf-lobby")
	tb.open(h.origin + "/")
	c.langLobby(false)
	t.Logf("%d screens in %d languages in %s", c.visited, len(c.langs), time.Since(start).Round(100*time.Millisecond))

	if os.Getenv("SAFEHOUSE_LONG") == "" {
		return
	}
	for _, lang := range langs[1:] {
		t.Run(lang, func(t *testing.T) {
			start := time.Now()
			// A signaling server of its own: one address may keep only so many rooms at
			// once (RoomsPerAddress), and a lobby left stays a minute.
			h := newHarness(t, nil)
			tb := h.openBrowser(lang, h.origin, true)
			tb.do(emulateWidth(narrowest))
			tb.open(h.origin + "/")
			drawIn(tb, lang)
			c := &langCheck{t: t, h: h, tb: tb, langs: []string{"en", lang}, shots: map[string]bool{"en": true}, rest: lang}
			c.langRound("sf-card")
			tb.open(h.origin + "/")
			c.langLobby(false)
			t.Logf("a round and a lobby in %s in %s", lang, time.Since(start).Round(100*time.Millisecond))
		})
	}
}

// preferredLanguage is the first of want that the app offers (besides not), else English.
func preferredLanguage(offered []string, not string, want ...string) string {
	for _, l := range want {
		if l != not && slices.Contains(offered, l) {
			return l
		}
	}
	return "en"
}

// sharedTexts are the texts two tabs both show, but names, the room and the brand: on two
// screens in two languages there should be none.
func (c *langCheck) sharedTexts(lang string, a, b []string) []string {
	var both []string
	for _, s := range a {
		if slices.Contains(b, s) && !c.ignorable(lang, s) && !slices.Contains(both, s) {
			both = append(both, s)
		}
	}
	return both
}

// cardFace holds the tab's card, reads its face (title, then lines) and lets it go.
func cardFace(tb *tab) []string {
	tb.t.Helper()
	tb.waitJS(`document.getElementById("secret-card") !== null`, "the card")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`))
	tb.waitJS(`document.getElementById("card-face") !== null`, "the card held open")
	face := eval[[]string](tb, `[...document.querySelectorAll("#card-face .sf-card-title, #card-face .sf-card-line")].map(e => e.textContent)`)
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true}))`))
	tb.waitJS(`document.getElementById("card-face") === null`, "the card face down again")
	return face
}

// locationNames reads the game's location list from the tab's locations sheet: id to name,
// in the tab's language.
func locationNames(tb *tab) map[string]string {
	tb.t.Helper()
	press(tb, "#open-locations")
	tb.waitJS(`document.querySelector("#locations-sheet #location-list button") !== null`, "the locations sheet")
	pairs := eval[[][2]string](tb, `[...document.querySelectorAll("#location-list button")].map(b => [b.dataset.location, b.textContent])`)
	press(tb, "#locations-sheet .sheet-close")
	tb.waitJS(`document.getElementById("locations-sheet") === null`, "the locations sheet closed")
	names := map[string]string{}
	for _, p := range pairs {
		names[p[0]] = p[1]
	}
	return names
}

// Issue 21: a host in one language and a player in another play a classic round over the
// signaling server, with a native player as the third; each tab reads the game in its own
// language: the location and role on its card, and no text of the other's language on any
// screen (the lobby, the deal, the running round, the result). The player's card, drawn in
// the host's language on the player's device, reads as the host's does: the view names the
// location by id, and each device names it.
func TestTwoLanguagesOneGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host := h.openBrowser("host", h.origin, true)
	host.open(h.origin + "/")
	offered := offeredLanguages(host)
	hostLang := preferredLanguage(offered, "", "de", "ru")
	playerLang := preferredLanguage(offered, hostLang, "ja", "zh", "en")
	if hostLang == playerLang {
		t.Skipf("the app offers one language (%v)", offered)
	}
	t.Logf("the host plays in %s, the player in %s", hostLang, playerLang)
	drawIn(host, hostLang)
	host.typeInto("name", "Maya")
	host.click("create")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	room, link := host.text("lobby-room"), host.value("invite-link")
	secret := link[strings.Index(link, "k=")+2:]

	player := h.openBrowser("player", h.origin, true)
	player.open(h.origin + "/")
	drawIn(player, playerLang)
	player.open(link)
	player.waitJS(`document.getElementById("invited-title") !== null`, "the invited screen")
	if got := eval[string](player, `document.documentElement.lang`); got != i18n.Tag(i18n.Lang(playerLang)) {
		player.fatalf("the invited screen is in %q, want %s", got, playerLang)
	}
	player.typeInto("name", "Leo")
	player.click("join")
	nadia := joinSpyPeer(t, h, room, secret, "Nadia")
	for _, tb := range []*tab{host, player} {
		tb.waitJS(`document.querySelectorAll("#players .player-name").length === 3`, "three players")
	}
	c := &langCheck{t: t, h: h, room: room}
	apart := func(screen string) {
		t.Helper()
		for _, tb := range []*tab{host, player} {
			settle(tb, screen)
		}
		a, b := eval[[]string](host, visibleTexts), eval[[]string](player, visibleTexts)
		if both := c.sharedTexts(playerLang, a, b); len(both) > 0 {
			t.Errorf("%s: the host's tab (%s) and the player's (%s) both show %q", screen, hostLang, playerLang, both)
		}
		for _, tb := range []*tab{host, player} {
			if keys := rawKeys(eval[[]string](tb, visibleTexts)); len(keys) > 0 {
				t.Errorf("%s: catalogue keys on the %s: %q", screen, tb.label, keys)
			}
		}
	}
	apart("lobby")

	press(host, "#set-rounds button[data-value='1']")
	host.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	host.click("start-game")
	for _, tb := range []*tab{host, player} {
		tb.waitJS(`document.querySelector('main.spyfall[data-phase="dealt"]') !== null`, "the deal")
	}
	v := nadia.waitView("the deal", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseDealt })
	apart("dealt")

	// The cards: each in its tab's language; an agent's names the location as its own list does.
	hostFace, playerFace := cardFace(host), cardFace(player)
	hostList, playerList := locationNames(host), locationNames(player)
	locID := ""
	if v.Card != nil && v.Card.Location != nil {
		locID = v.Card.Location.ID
	}
	agents := 0
	for _, side := range []struct {
		tb   *tab
		face []string
		list map[string]string
	}{{host, hostFace, hostList}, {player, playerFace, playerList}} {
		if len(side.face) == 0 {
			side.tb.fatalf("an empty card face")
		}
		for id, name := range side.list {
			if name == side.face[0] {
				if locID == "" {
					locID = id
				}
				if id != locID {
					side.tb.fatalf("the card names %q (%s), the game's location is %s", name, id, locID)
				}
				agents++
			}
		}
	}
	if agents == 0 {
		t.Fatalf("neither tab's card names a location of its list: host %q, player %q", hostFace, playerFace)
	}
	if both := c.sharedTexts(playerLang, hostFace, playerFace); len(both) > 0 {
		t.Errorf("the host's card (%s) %q and the player's (%s) %q share %q", hostLang, hostFace, playerLang, playerFace, both)
	}
	if hostList[locID] == playerList[locID] {
		t.Errorf("the location %s is %q in both %s and %s", locID, hostList[locID], hostLang, playerLang)
	}
	// The player's device drawn in the host's language reads the card as the host's device
	// does (when both are agents; a spy's card says so in either language).
	drawIn(player, hostLang)
	inHostLang := cardFace(player)
	if slices.Equal(inHostLang, playerFace) {
		t.Errorf("the player's card reads %q in both %s and %s", playerFace, playerLang, hostLang)
	}
	if agents == 2 && inHostLang[0] != hostFace[0] {
		t.Errorf("in %s the player's card names %q, the host's %q", hostLang, inHostLang[0], hostFace[0])
	}
	drawIn(player, playerLang)
	h.screenshot(host, "two-langs-host-"+hostLang, phone, "dark")
	h.screenshot(player, "two-langs-player-"+playerLang, phone, "dark")

	// The dealer starts the clock; then the spy names a location and the round ends.
	switch {
	case v.Dealer == v.Seat:
		nadia.act(spyfall.StartClock{Round: 1})
	case eval[bool](host, `document.getElementById("start-clock") !== null`):
		host.click("start-clock")
	default:
		player.click("start-clock")
	}
	for _, tb := range []*tab{host, player} {
		tb.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null`, "the round")
	}
	nadia.waitView("the round", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })
	apart("playing")
	if v.Card != nil && v.Card.Spy {
		nadia.act(spyfall.Guess{Round: 1, Location: locID})
	} else {
		spy := host
		if hostList[locID] == hostFace[0] {
			spy = player
		}
		spy.actFromCard(true)
		press(spy, fmt.Sprintf("#location-list button[data-location=%q]", locID))
		press(spy, "#guess-confirm")
	}
	for _, tb := range []*tab{host, player} {
		tb.waitJS(`document.getElementById("final") !== null`, "the result")
	}
	apart("result")
	h.screenshot(host, "two-langs-host-result-"+hostLang, phone, "dark")
	h.screenshot(player, "two-langs-player-result-"+playerLang, phone, "dark")
}

// The key finder of the language tests, without a browser: keys are found in a sentence,
// and ordinary text with dots (an abbreviation, a time, a decimal) is not taken for one.
func TestRawKeysLookLikeKeys(t *testing.T) {
	t.Parallel()
	got := rawKeys([]string{"home.create", "Tap (sf.set.browse) to see", "e.g. this", "3.5 min", "Ready. Set. Go", "Шпион.", "lobby.badge.host:"})
	if want := []string{"home.create", "sf.set.browse", "lobby.badge.host"}; !slices.Equal(got, want) {
		t.Fatalf("rawKeys found %q, want %q", got, want)
	}
}

// packFault is how the network answers a language pack in TestLanguagePackFails.
type packFault int

const (
	packServed  packFault = iota // the site's pack
	packMissing                  // 404
	packCorrupt                  // 200 with a body that is no pack
	packOffline                  // no answer: the network is down
)

// Issue 21: a language pack that cannot be had -- not found, corrupt, or the network down
// with the pack never cached -- leaves the app in English with a clear message naming the
// language, never a blank screen or a raw key; choosing the language again asks for the pack
// again (as the message says to), and once the pack comes the app speaks it: a corrupt copy
// is not kept. The pack requests of the tab are held (the Fetch domain, with the service
// worker bypassed so every pack request is the page's own) and answered as the step needs,
// when the player picks the language and when the app starts in a remembered one; the last
// step puts the worker back in charge.
func TestLanguagePackFails(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	tb := h.openBrowser("pack faults", h.origin, true)
	tb.open(h.origin + "/")
	langs := offeredLanguages(tb)
	if len(langs) < 2 || !eval[bool](tb, `typeof window.safehousePacks === "object"`) {
		t.Skipf("the app offers %v and fetches no language packs", langs)
	}
	lang := langs[1]
	native := eval[string](tb, fmt.Sprintf(`document.querySelector("#pref-lang option[value='%s']").textContent`, lang))

	// The answers run on goroutines of their own (a listener must not send commands); they
	// note their errors for the test's own goroutine.
	var mu sync.Mutex
	var answerErrs []string
	fault, asked := packServed, 0
	setFault := func(f packFault) { mu.Lock(); fault = f; mu.Unlock() }
	answer := func(id fetch.RequestID, url string) {
		mu.Lock()
		f := fault
		if strings.Contains(url, "/"+lang+".") {
			asked++
		} else {
			f = packServed
		}
		mu.Unlock()
		var err error
		switch f {
		case packMissing:
			_, err = chromedp.Call(tb.ctx, fetch.FulfillRequest, fetch.FulfillRequestParams{RequestID: id, ResponseCode: 404, Body: []byte("not found")})
		case packCorrupt:
			_, err = chromedp.Call(tb.ctx, fetch.FulfillRequest, fetch.FulfillRequestParams{RequestID: id, ResponseCode: 200,
				ResponseHeaders: []*fetch.HeaderEntry{{Name: "Content-Type", Value: "application/json"}}, Body: []byte(`{"lang": "` + lang + `", "ui": {"home.create": `)})
		case packOffline:
			_, err = chromedp.Call(tb.ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: id, ErrorReason: network.ErrorReasonInternetDisconnected})
		default:
			_, err = chromedp.Call(tb.ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id})
		}
		if err != nil {
			mu.Lock()
			answerErrs = append(answerErrs, fmt.Sprintf("answering %s: %v", url, err))
			mu.Unlock()
		}
	}
	if err := chromedp.Listen(tb.ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			go answer(e.RequestID, e.Request.URL)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
		t.Fatalf("bypassing the service worker: %v", err)
	}
	if _, err := chromedp.Call(tb.ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/lang/*"}}}); err != nil {
		t.Fatalf("holding the pack requests: %v", err)
	}

	// inEnglish checks the home screen is whole, in English, and says the pack failed.
	inEnglish := func(step string) {
		t.Helper()
		tb.waitJS(`(document.getElementById("pack-failed") || {}).textContent`, step+": the message that the pack failed")
		if msg, want := tb.text("pack-failed"), i18n.T(i18n.English, i18n.PackFailed, native); msg != want {
			t.Errorf("%s: the message reads %q, want %q", step, msg, want)
		}
		if got := eval[string](tb, `document.documentElement.lang`); got != "en" {
			t.Errorf("%s: the page says it is %q with no %s pack", step, got, lang)
		}
		texts := eval[[]string](tb, visibleTexts)
		if keys := rawKeys(texts); len(keys) > 0 {
			t.Errorf("%s: catalogue keys on the screen: %q", step, keys)
		}
		if !eval[bool](tb, `document.getElementById("create") !== null && document.getElementById("create").checkVisibility()`) || len(texts) < 5 {
			t.Errorf("%s: the home screen is not whole: %q", step, texts)
		}
	}
	pick := func(f packFault, step string) {
		t.Helper()
		setFault(f)
		chooseEnglish(tb)
		mu.Lock()
		before := asked
		mu.Unlock()
		tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById("pref-lang"); s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, lang)))
		// The app asks at once; the limit only stops a step that never asks (the test goes
		// on: the app must still be whole and in English).
		for limit := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			mu.Lock()
			n := asked - before
			mu.Unlock()
			if n > 0 {
				return
			}
			if time.Now().After(limit) {
				t.Errorf("%s: choosing %s again asked for no pack (the message says to choose it again)", step, lang)
				return
			}
		}
	}

	pick(packMissing, "not found")
	inEnglish("not found")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("pack-failed").scrollIntoView({block: "center"})`))
	h.axeCheck(tb, "lang-pack-failed")
	h.screenshot(tb, "lang-pack-failed", phone, "dark")
	pick(packOffline, "offline")
	inEnglish("offline")
	// The message asks the player to choose the language again: after a corrupt file too,
	// choosing again asks the network again.
	pick(packCorrupt, "corrupt")
	inEnglish("corrupt")
	pick(packMissing, "after a corrupt pack")
	inEnglish("after a corrupt pack")

	// Started in the remembered language while its pack cannot be had: English, and why.
	setFault(packOffline)
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem("safehouse.lang", JSON.stringify(%q))`, lang)))
	tb.reload()
	inEnglish("offline at start")

	// Back online, with the service worker in charge again (and its cache of packs): the
	// app speaks the language, so nothing kept the corrupt copy it was answered before.
	setFault(packServed)
	waitInstalled(tb)
	if _, err := chromedp.Call(tb.ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: false}); err != nil {
		t.Fatalf("the service worker in charge again: %v", err)
	}
	tb.reload()
	tb.waitJS(fmt.Sprintf(`document.documentElement.lang === %q || document.getElementById("pack-failed") !== null`, lang), "the app in "+lang+" or its message")
	if msg := tb.text("pack-failed"); msg != "" {
		t.Errorf("online again with the worker in charge, %s still fails (a corrupt copy of the pack was kept?): %q", lang, msg)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, e := range answerErrs {
		t.Error(e)
	}
}

// chooseEnglish puts the tab back in English by its language switch.
func chooseEnglish(tb *tab) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("pref-lang"); s.value = "en"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`))
	tb.waitJS(`document.documentElement.lang === "en" && document.getElementById("pack-failed") === null`, "the app in English")
}
