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
	"safehouse/app/spyfallui"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// sfPage is one seat's Spyfall screen (engine.NoSeat: the table screen's).
type sfPage struct {
	goapp.Compo
	ui   spyfallui.UI
	view spyfall.View
	lang i18n.Lang
}

func (p *sfPage) Render() goapp.UI {
	return p.ui.Render(&p.view, spyfallui.Frame{Lang: p.lang, Act: func(goapp.Context, spyfall.Action) {}})
}

// seatListMoments are a six-seat classic game at the moments its seat list carries the most
// badges: dealt (the dealer), the clock running (dealer and who asks, one seat at first), a
// vote (who accused, who voted), and the round again after a failed vote, with a seat away.
// Each is given as the view of the dealer's own seat (its row
// says "you" too) and the table screen's.
func seatListMoments(t *testing.T) map[string][2]spyfall.View {
	t.Helper()
	names := []string{"Maya", "Leo", "Alexandra", "Omar", "Nadia", "Jun"}
	g, err := spyfall.New(spyfall.Config{Edition: spyfall.Classic, Players: names, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	at := engine.At(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	apply := func(seat engine.Seat, a spyfall.Action) {
		t.Helper()
		if err := g.Apply(seat, a, at); err != nil {
			t.Fatalf("%T by %d: %v", a, seat, err)
		}
	}
	out := map[string][2]spyfall.View{}
	keep := func(moment string) {
		dealer := g.View(engine.NoSeat).Dealer
		out[moment] = [2]spyfall.View{g.View(dealer), g.View(engine.NoSeat)}
	}
	apply(spyfall.Host, spyfall.Deal{Round: 1})
	keep("dealt")
	dealer := g.View(engine.NoSeat).Dealer
	apply(dealer, spyfall.StartClock{Round: 1})
	keep("playing")
	// The dealer accuses the seat after it; two seats vote.
	suspect := engine.Seat((int(dealer) + 1) % len(names))
	apply(dealer, spyfall.Accuse{Round: 1, Suspect: suspect})
	vote := g.View(dealer).Vote
	voted := 0
	for _, s := range vote.Voters {
		if voted < 2 && g.View(s).Vote.Mine == "pending" {
			apply(s, spyfall.Vote{Vote: vote.ID, Yes: true})
			voted++
		}
	}
	keep("vote")
	// A no fails the vote: the dealer asks and has accused; a seat is marked away.
	for _, s := range vote.Voters {
		if g.View(s).Vote != nil && g.View(s).Vote.Mine == "pending" {
			apply(s, spyfall.Vote{Vote: vote.ID, Yes: false})
		}
	}
	for i := 2; i < len(names); i++ {
		if s := engine.Seat((int(dealer) + i) % len(names)); !g.View(s).Card.Spy {
			apply(spyfall.Host, spyfall.HostMarkAbsent{Round: 1, Seat: s})
			break
		}
	}
	keep("crowded")
	return out
}

// seatRowHeights measures the rows of the seat list: their heights, and each row's text.
const seatRowHeights = `JSON.stringify([...document.querySelectorAll("#sf-players .sf-chip")].map(c =>
	[Math.round(c.getBoundingClientRect().height * 10) / 10, c.innerText.replace(/\s+/g, " ").trim()]))`

// Issue 29: the dealer's badge pushed the score to a second line (at 320 px in Japanese and
// Russian, and on the 1280 px table screen), so the dealer's row was taller than the others.
// Every row of the seat list has one height, whatever its badges, in every language: on a
// 320 px phone and on the table screen at 1280 px, at each moment the list carries badges (in
// make test, each moment in every other language: inTurn).
// (No Japanese word on these screens is cut by a line break either: issue 29's "Mayaさ / ん".)
func TestSeatRowsKeepOneHeight(t *testing.T) {
	t.Parallel()
	site := newLayoutSite(t)
	moments := seatListMoments(t)
	type page struct {
		name          string
		url           string
		width, height int64
	}
	var pages []page
	for j, lang := range i18n.Available() {
		for i, m := range []string{"dealt", "playing", "vote", "crowded"} {
			views := moments[m]
			phone := &sfPage{view: views[0], lang: lang}
			phoneURL := site.add(fmt.Sprintf("/%s/%s/phone", lang, m), lang, phone)
			tv := &sfPage{view: views[1], lang: lang}
			tvURL := site.add(fmt.Sprintf("/%s/%s/tv", lang, m), lang, tv, `<div id="table-screen" class="tv">`)
			if inTurn(i, j) {
				pages = append(pages, page{fmt.Sprintf("%s, %s, 320 px", m, lang), phoneURL, 320, 640},
					page{fmt.Sprintf("%s, %s, table screen", m, lang), tvURL, 1280, 800})
			}
		}
	}
	tb := layoutTab(t, site.server.URL)
	for _, p := range pages {
		tb.show(p.url, p.width, p.height)
		var rows [][2]any
		if err := json.Unmarshal([]byte(eval[string](tb, seatRowHeights)), &rows); err != nil {
			t.Fatal(err)
		}
		if len(rows) < 6 {
			t.Fatalf("%s: %d rows in the seat list, want 6", p.name, len(rows))
		}
		lo, hi := rows[0], rows[0]
		for _, r := range rows {
			if r[0].(float64) < lo[0].(float64) {
				lo = r
			}
			if r[0].(float64) > hi[0].(float64) {
				hi = r
			}
		}
		if hi[0].(float64)-lo[0].(float64) > 1 {
			t.Errorf("%s: the row %q is %v px high, %q %v px", p.name, hi[1], hi[0], lo[1], lo[0])
		}
		if broken := eval[[]string](tb, brokenApart); len(broken) > 0 { // Japanese words cut by a line break
			t.Errorf("%s: %s", p.name, strings.Join(broken, "; "))
		}
	}
	for _, shot := range []struct{ path, name string }{{"/ru/crowded/phone", "rows-ru-320"}, {"/ja/vote/phone", "rows-ja-vote-320"}, {"/ru/dealt/tv", "rows-ru-tv"}} {
		w, h := int64(320), int64(640)
		if shot.name == "rows-ru-tv" {
			w, h = 1280, 800
		}
		tb.show(site.server.URL+shot.path, w, h)
		tb.show(site.server.URL+shot.path, w, max(h, eval[int64](tb, `document.scrollingElement.scrollHeight`)))
		layoutShot(t, tb, shot.name)
	}
}
