//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/spyfestui"
	"safehouse/app/ui"
	"safehouse/app/ui/uitest"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// festScreen is one seat's Spyfest screen under the shell's top bar, as a phone shows it.
type festScreen struct {
	goapp.Compo
	ui   spyfestui.UI
	view spyfest.View
	lang i18n.Lang
}

func (p *festScreen) Render() goapp.UI {
	t := func(k i18n.Key) string { return i18n.T(p.lang, k) }
	// The shell's top bar (app/lobby.go, renderTopBar): its height is part of the screen.
	top := ui.El("header.topbar",
		ui.El("div.room",
			ui.ElText("span.room-label", t(i18n.LobbyRoomCode)),
			ui.ElText("strong.room-code", "K7MPQ2"),
			ui.El("span.status.status-online", ui.El("span.dot[aria-hidden=true]"), goapp.Text(t(i18n.StatusOnlineDirect))),
		),
		ui.ElText("button#leave.btn.ghost.small[type=button]", t(i18n.LobbyLeave)),
	)
	return p.ui.Render(&p.view, spyfestui.Frame{
		Lang: p.lang, TopBar: top,
		Names: map[engine.Seat]string{0: "Maya", 1: "Leo", 2: "Nadia", 3: "Omar"},
		Act:   func(goapp.Context, spyfest.Action) {}, EndGame: func(goapp.Context) {},
	})
}

// festMoment is one seat's Spyfest screen at one moment of a round.
type festMoment struct {
	name string
	view spyfest.View
}

// festMoments plays a four-seat Spyfest round through each screen a seat reads while the
// bottom bar shows, from each side of the table: the team choosing its Spy, the draw, the
// description (with and without the idle minute running), the intercepting team's guess
// window, and the Spy's team's window once the intercepting team's time ran out.
func festMoments(t *testing.T) []festMoment {
	t.Helper()
	g, err := spyfest.New(spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional,
		Keywords: spyfest.KeywordsA, Teams: [2][]engine.Seat{{0, 1}, {2, 3}}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	at := engine.Instant(1_800_000_000_000)
	uitest.PinClock(t, at)
	act := func(seat engine.Seat, a spyfest.Action) {
		t.Helper()
		if err := g.Apply(seat, a, at); err != nil {
			t.Fatalf("%T by %d: %v", a, seat, err)
		}
	}
	var out []festMoment
	v := g.View(spyfest.Host)
	spy := v.SuggestedSpy
	mate, opp := mateOf(&v, spy), v.Teams[1-v.ActiveTeam].Members[0]
	keep := func(moment string, seats ...engine.Seat) {
		for _, s := range seats {
			role := map[engine.Seat]string{spy: "spy", mate: "spy's team", opp: "intercepting"}[s]
			out = append(out, festMoment{moment + " (" + role + ")", g.View(s)})
		}
	}
	keep("choosing", mate, opp)
	act(mate, spyfest.ChooseSpy{Round: 1, Spy: spy})
	keep("draw", spy, mate)
	act(spy, spyfest.Draw{Round: 1})
	if g.View(spy).Phase == spyfest.PhaseKeep {
		keep("keep", spy)
		act(spy, spyfest.Keep{Round: 1, Character: g.View(spy).Candidates[0]})
	}
	keep("describing", spy, mate, opp)
	act(opp, spyfest.StartIdle{Round: 1})
	keep("idle minute", mate, opp)
	act(opp, spyfest.CancelIdle{Round: 1})
	act(mate, spyfest.Stop{Round: 1})
	keep("guess window", opp, mate)
	at = at.Add(spyfest.DefaultGuessWindow + time.Second)
	uitest.PinClock(t, at)
	g.Advance(at)
	keep("time ran out", opp, mate)
	return out
}

// mustRead lists what a seat reads while the bottom bar shows and where it is: a heading,
// a countdown, the label on the face-down card. Each element's box, the bar's top edge, and
// the viewport's height, with the page scrolled to its top as it is when the screen comes.
const mustRead = `(() => {
	window.scrollTo(0, 0);
	const bar = document.querySelector("main > footer.actions");
	const barTop = bar ? bar.getBoundingClientRect().top : innerHeight;
	// While the Spy describes, the round's panel with the card face down comes first (while
	// the idle minute runs, its countdown is what everyone reads, above the card already
	// seen); once the game is stopped, the guess window does (the card is below it).
	const wanted = ["#fx-role", "#fx-choose > h2", "#fx-draw > h2", "#fx-keep > h2", "#fx-question > h2",
		"#fx-window > h2", "#fx-window .sf-clock", "#fx-idle .sf-clock"];
	if (document.querySelector("main[data-phase=describing]")) {
		wanted.push("#fx-play > h2");
		if (!document.getElementById("fx-idle")) wanted.push(".sf-card-prompt");
	}
	const out = [];
	for (const sel of wanted) {
		for (const e of document.querySelectorAll(sel)) {
			if (!e.checkVisibility()) continue;
			const r = e.getBoundingClientRect();
			out.push({what: sel + " " + JSON.stringify(e.textContent.trim().slice(0, 40)), top: r.top, bottom: r.bottom});
		}
	}
	return JSON.stringify({barTop: Math.min(barTop, innerHeight), height: innerHeight, items: out});
})()`

// brokenApart lists the texts of elements that must stay on one line and do not (a team's
// name, its points), and, in Japanese, the words a line break cuts in two: the page's text
// is cut into words by the browser's own segmenter, and a word on two lines is broken unless
// it is wider than its box.
const brokenApart = `(() => {
	const lines = (node, from, to) => {
		const r = document.createRange();
		r.setStart(node, from);
		r.setEnd(node, to);
		const rects = [...r.getClientRects()].filter(x => x.width > 0);
		return {lines: new Set(rects.map(x => Math.round(x.top))).size, width: rects.reduce((w, x) => w + x.width, 0)};
	};
	const out = [];
	for (const e of document.querySelectorAll(".fx-team-name, .fx-vp")) {
		const n = e.firstChild;
		if (n && n.nodeType === 3 && lines(n, 0, n.textContent.length).lines > 1) out.push("on two lines: " + JSON.stringify(n.textContent));
	}
	if (document.documentElement.lang.startsWith("ja")) {
		const seg = new Intl.Segmenter("ja", {granularity: "word"});
		const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			const p = n.parentElement;
			if (!p || !p.checkVisibility() || p.closest("script, style, svg")) continue;
			const room = p.clientWidth || p.getBoundingClientRect().width;
			for (const s of seg.segment(n.textContent)) {
				if (!s.isWordLike || s.segment.length < 2) continue;
				const m = lines(n, s.index, s.index + s.segment.length);
				if (m.lines > 1 && m.width <= room) out.push("broken word " + JSON.stringify(s.segment) + " in " + JSON.stringify(n.textContent.slice(0, 40)));
			}
		}
	}
	return out;
})()`

// readableShots are the screens photographed (at 390x844, 320x640 and 1280x800) to be looked at.
var readableShots = map[string]string{
	"describing (spy's team), es":     "fest-describing-mate-es",
	"describing (intercepting), ru":   "fest-describing-opp-ru",
	"idle minute (spy's team), es":    "fest-idle-mate-es",
	"guess window (intercepting), es": "fest-window-opp-es",
	"time ran out (intercepting), ja": "fest-lapsed-opp-ja",
	"draw (spy's team), ja":           "fest-draw-mate-ja",
}

// Issue 29: at 320x640 in Spanish the bottom bar of a Spyfest round covered a fifth of the
// screen, the guess window's heading and 30 s countdown sat behind the answer button, a
// teammate's "Hold to see your card" hid behind the bar at 390x844, team boxes broke as
// "Equipo / A" and "0 / PV", and Japanese broke inside words ("キーワー / ド"). On each
// screen a seat reads while the bar shows, in every language (every other one in make test,
// alternating from screen to screen: inTurn) and at each phone size (barSizes),
// whatever must be read -- the headings, the countdowns, the card's label, the seat's role --
// is above the bar when the screen comes; a team's name and points each stay on one line;
// and no Japanese word is cut by a line break.
func TestSpyfestReadsAboveTheBar(t *testing.T) {
	t.Parallel()
	site := newLayoutSite(t)
	moments := festMoments(t)
	type page struct{ name, url string }
	var pages []page
	shots := map[string]string{}
	for j, lang := range i18n.Available() {
		for i, m := range moments {
			shot := readableShots[m.name+", "+string(lang)]
			if !inTurn(i, j) && shot == "" {
				continue
			}
			p := &festScreen{view: m.view, lang: lang}
			p.ui.Observe(&p.view)
			url := site.add(fmt.Sprintf("/%s/%d", lang, i), lang, p)
			pages = append(pages, page{m.name + ", " + string(lang), url})
			if shot != "" {
				shots[shot] = url
			}
		}
	}
	tb := layoutTab(t, site.server.URL)
	t.Cleanup(func() {
		for name, url := range shots {
			for _, size := range [][2]int64{{390, 844}, {320, 640}, {1280, 800}} {
				tb.show(url, size[0], size[1])
				layoutShot(t, tb, fmt.Sprintf("%s-%dx%d", name, size[0], size[1]))
			}
		}
	})
	for _, p := range pages {
		tb.show(p.url, barPhones[0][0], barPhones[0][1])
		for _, size := range barSizes() {
			tb.resize(size[0], size[1])
			var got struct {
				BarTop float64 `json:"barTop"`
				Height float64 `json:"height"`
				Items  []struct {
					What   string  `json:"what"`
					Top    float64 `json:"top"`
					Bottom float64 `json:"bottom"`
				} `json:"items"`
			}
			if err := json.Unmarshal([]byte(eval[string](tb, mustRead)), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Items) == 0 {
				t.Fatalf("%s: nothing to read on the screen", p.name)
			}
			for _, it := range got.Items {
				if it.Bottom > got.BarTop+0.5 || it.Top < 0 {
					t.Errorf("%s at %dx%d: %s spans %.0f-%.0f px, the bottom bar starts at %.0f px", p.name, size[0], size[1], it.What, it.Top, it.Bottom, got.BarTop)
				}
			}
			if broken := eval[[]string](tb, brokenApart); len(broken) > 0 {
				t.Errorf("%s at %dx%d: %s", p.name, size[0], size[1], strings.Join(broken, "; "))
			}
		}
	}
}
