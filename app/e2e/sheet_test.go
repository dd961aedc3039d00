//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/spyfestui"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// festSheet renders one seat's Spyfest screen as go-app writes it.
type festSheet struct {
	goapp.Compo
	ui   spyfestui.UI
	view spyfest.View
	lang i18n.Lang
}

func (p *festSheet) Render() goapp.UI {
	return p.ui.Render(&p.view, spyfestui.Frame{
		Lang: p.lang, TopBar: goapp.Div(),
		Names: map[engine.Seat]string{0: "Maya", 1: "Leo", 2: "Nadia", 3: "Omar"},
		Act:   func(goapp.Context, spyfest.Action) {}, EndGame: func(goapp.Context) {},
	})
}

// guessWindowPage is the intercepting team's screen in a guess window (every name of the
// sheet with a pick button and the marks), in lang, styled by the site's own CSS files.
func guessWindowPage(t *testing.T, lang i18n.Lang) string {
	t.Helper()
	g, err := spyfest.New(spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional,
		Keywords: spyfest.KeywordsA, Teams: [2][]engine.Seat{{0, 1}, {2, 3}}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(spyfest.Host)
	at := engine.Instant(1_800_000_000_000)
	act := func(seat engine.Seat, a spyfest.Action) {
		if err := g.Apply(seat, a, at); err != nil {
			t.Fatalf("%T: %v", a, err)
		}
	}
	act(v.Teams[v.ActiveTeam].Members[0], spyfest.ChooseSpy{Round: 1, Spy: v.SuggestedSpy})
	act(v.SuggestedSpy, spyfest.Draw{Round: 1})
	if sv := g.View(v.SuggestedSpy); sv.Phase == spyfest.PhaseKeep {
		act(v.SuggestedSpy, spyfest.Keep{Round: 1, Character: sv.Candidates[0]})
	}
	opp := v.Teams[1-v.ActiveTeam].Members[0]
	act(opp, spyfest.Stop{Round: 1})
	p := &festSheet{view: g.View(opp), lang: lang}
	p.ui.Observe(&p.view)
	e := goapp.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	css := ""
	for _, f := range []string{"styles.css", "settings.css", "spyfall.css", "spyfest.css"} {
		css += `<link rel="stylesheet" href="/web/` + f + `">`
	}
	return `<!doctype html><html lang="` + string(lang) + `"><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width, initial-scale=1">` + css +
		`</head><body><div id="app">` + goapp.HTMLString(p) + `</div></body></html>`
}

// brokenWords lists the words (or parts of a hyphenated compound) of the sheet's names that
// a line break cuts in two, and how much wider than the screen the page is.
const brokenWords = `(() => {
  const broken = [];
  for (const name of document.querySelectorAll(".fx-name")) {
    for (const node of name.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      // A break after a hyphen ("Баба-/Яга") is where compounds may break, and in Japanese and
      // Chinese after the dot between given name and surname ("シャーロック・/ホームズ") or
      // before a bracket; inside a word, not -- unless the word is wider than the row itself.
      const row = name.closest(".fx-row");
      const pick = row && row.querySelector(".fx-pick");
      const room = row ? row.clientWidth - (pick ? pick.getBoundingClientRect().width : 0) - 16 : Infinity;
      for (const m of node.textContent.matchAll(/[^\s\-・·（]+[-・·]?/g)) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const rects = [...r.getClientRects()];
        const lines = new Set(rects.map(x => Math.round(x.top)));
        const width = rects.reduce((w, x) => w + x.width, 0);
        if (lines.size > 1 && width <= room) broken.push(m[0]);
      }
    }
  }
  return JSON.stringify({broken, wide: document.documentElement.scrollWidth - window.innerWidth,
    names: document.querySelectorAll(".fx-name").length});
})()`

// Issue 17: "Frankenstein' / s Monster" broke mid-word in the guess list. On phones from
// 320 to 430 px wide, at the default text size and a larger one, in every language (in make
// test, each width in every other language: inTurn), no word of a name in the sheet is cut by
// a line break and the page is no wider than the screen.
func TestSheetNamesKeepTheirWordsWhole(t *testing.T) {
	t.Parallel()
	chrome := findChrome(t)
	pages := map[string]string{}
	for _, l := range i18n.Available() {
		pages["/"+string(l)] = guessWindowPage(t, l)
	}
	mux := http.NewServeMux()
	mux.Handle("/web/", http.StripPrefix("/web/", http.FileServer(http.Dir(filepath.Join(repoRoot(t), "web")))))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		page, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	})
	server := httptest.NewServer(mux)
	t.Cleanup(server.Close)
	h := &harness{t: t, chrome: chrome}
	tb := h.openBrowser("sheet", server.URL, false)
	for j, l := range i18n.Available() {
		path := "/" + string(l)
		tb.do(chromedp.Navigate(server.URL + path))
		for i, width := range []int64{320, 360, 390, 430} {
			if !inTurn(i, j) {
				continue
			}
			for _, size := range []string{"", "20px"} { // the browser's default text size, and a larger one
				tb.do(chromedp.EmulateViewport(width, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
					chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.documentElement.style.fontSize = %q`, size)))
				var got struct {
					Broken []string
					Wide   int
					Names  int
				}
				if err := json.Unmarshal([]byte(eval[string](tb, brokenWords)), &got); err != nil {
					t.Fatal(err)
				}
				if got.Names < 20 {
					t.Fatalf("%s: only %d names on the sheet", path, got.Names)
				}
				if len(got.Broken) > 0 || got.Wide > 0 {
					t.Errorf("%s at %d px, text size %q: words cut by a line break %q; the page is %d px too wide",
						path, width, size, got.Broken, got.Wide)
				}
			}
		}
	}
}
