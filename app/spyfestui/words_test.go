package spyfestui

import (
	"html"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/app/ui/uitest"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// Issue 29, item 5: words of the Spyfest screens that misled a table.

// textOf is the text that element id starts with, unescaped ("" when it is not there).
func textOf(page, id string) string {
	tag := uitest.Tag(page, id)
	if tag == "" {
		return ""
	}
	rest := page[strings.Index(page, tag)+len(tag):]
	rest = rest[strings.Index(rest, ">")+1:]
	return html.UnescapeString(rest[:strings.Index(rest, "<")])
}

// festIn renders seat's screen of g in lang.
func festIn(t *testing.T, g *spyfest.Game, seat engine.Seat, lang i18n.Lang) string {
	t.Helper()
	p := &langPage{view: g.View(seat), lang: lang}
	p.ui.Observe(&p.view)
	return uitest.HTML(t, p)
}

type langPage struct {
	goapp.Compo
	ui   UI
	view spyfest.View
	lang i18n.Lang
}

func (p *langPage) Render() goapp.UI {
	return p.ui.Render(&p.view, Frame{Lang: p.lang, TopBar: goapp.Div(),
		Names: map[engine.Seat]string{0: "Maya", 1: "Leo", 2: "Nadia", 3: "Omar"},
		Act:   func(goapp.Context, spyfest.Action) {}, EndGame: func(goapp.Context) {}})
}

// SX-GUESS-1, SX-GUESS-2: "Stop: we're guessing", pressed by the Spy's own team, gave the first
// guess to the other team. The button says what it does, and a line says who guesses first:
// the intercepting team, whoever stops.
func TestSpyfestStopSaysWhoGuessesFirstSXGUESS2(t *testing.T) {
	g := newFestGame(t, spyfest.Config{})
	_, mate, opp := startDescribing(t, g)
	v := g.View(opp)
	spyTeam, intercepting := teamLetter(v.ActiveTeam), teamLetter(1-v.ActiveTeam)
	for _, lang := range i18n.Available() {
		for _, c := range []struct {
			seat engine.Seat
			note string
		}{
			{opp, i18n.T(lang, i18n.FestStopFirstUs, spyTeam)},
			{mate, i18n.T(lang, i18n.FestStopFirstThem, intercepting)},
		} {
			page := festIn(t, g, c.seat, lang)
			if got, want := textOf(page, "fx-stop"), i18n.T(lang, i18n.FestStop); got != want {
				t.Errorf("%s, seat %d: the stop button reads %q, want %q", lang, c.seat, got, want)
			}
			if got := textOf(page, "fx-stop-note"); got != c.note {
				t.Errorf("%s, seat %d: the line by the stop button reads %q, want %q", lang, c.seat, got, c.note)
			}
		}
	}
	if got := i18n.T(i18n.English, i18n.FestStop); strings.Contains(strings.ToLower(got), "guess") {
		t.Errorf("the stop button %q speaks of guessing: the one who presses it may not guess first", got)
	}
	must(t, g, opp, spyfest.Stop{Round: 1})
	if textOf(festIn(t, g, mate, i18n.English), "fx-stop-note") != "" {
		t.Error("the game is stopped: the line about stopping stays")
	}
}

// SX-GUESS-2: a team that let its 30 s run out was told "Your team's guess missed". It is told
// its time ran out; a wrong guess is still called a miss.
func TestSpyfestTimeRanOutIsNotAMissSXGUESS2(t *testing.T) {
	for _, lapse := range []bool{true, false} {
		g := newFestGame(t, spyfest.Config{})
		spy, _, opp := startDescribing(t, g)
		if err := g.Apply(opp, spyfest.Stop{Round: 1}, festNow); err != nil {
			t.Fatal(err)
		}
		if lapse {
			g.Advance(festNow.Add(spyfest.DefaultGuessWindow))
		} else {
			wrong := wrongFor(g, spy, opp)
			must(t, g, opp, spyfest.Guess{Round: 1, Attempt: 1, Names: []string{wrong}})
		}
		if v := g.View(opp); v.Phase != spyfest.PhaseStopped || v.Guessing == v.Team {
			t.Fatalf("lapse %v: the Spy's team does not guess (phase %s)", lapse, v.Phase)
		}
		for _, lang := range i18n.Available() {
			want := i18n.T(lang, i18n.FestGuessMissed)
			if lapse {
				want = i18n.T(lang, i18n.FestGuessLapsed)
			}
			if got := textOf(festIn(t, g, opp, lang), "fx-missed"); got != want {
				t.Errorf("%s, time ran out %v: the intercepting team reads %q, want %q", lang, lapse, got, want)
			}
		}
	}
}

func wrongFor(g *spyfest.Game, spy, seat engine.Seat) string {
	character := g.View(spy).Character
	for _, e := range g.View(seat).Sheet {
		if e.ID != character && !e.Out {
			return e.ID
		}
	}
	return ""
}

// "Draw your cards" was the heading on every phone, though only the Spy draws; likewise
// keeping a character. The others' headings say the Spy does it.
func TestSpyfestOnlyTheSpyIsToldToDraw(t *testing.T) {
	g := newFestGame(t, spyfest.Config{})
	v := g.View(spyfest.Host)
	members := v.Teams[v.ActiveTeam].Members
	spy := v.SuggestedSpy
	must(t, g, members[0], spyfest.ChooseSpy{Round: 1, Spy: spy})
	mate := members[0]
	if mate == spy {
		mate = members[1]
	}
	// Two characters: the Spy keeps one of them, so the keep screen comes too.
	must(t, g, mate, spyfest.Play{Round: 1, Card: spyfest.CardTwoCharacters})
	opp := v.Teams[1-v.ActiveTeam].Members[0]
	heading := func(page, panel string) string {
		i := strings.Index(page, `id="`+panel+`"`)
		if i < 0 {
			return ""
		}
		rest := page[i:]
		rest = rest[strings.Index(rest, "<h2")+3:]
		rest = rest[strings.Index(rest, ">")+1:]
		return html.UnescapeString(rest[:strings.Index(rest, "<")])
	}
	for _, step := range []struct {
		panel       string
		spy, others i18n.Key
	}{{"fx-draw", i18n.FestDrawTitle, i18n.FestDrawTitleOthers}, {"fx-keep", i18n.FestKeepTitle, i18n.FestKeepTitleOthers}} {
		for _, lang := range i18n.Available() {
			if got, want := heading(festIn(t, g, spy, lang), step.panel), i18n.T(lang, step.spy); got != want {
				t.Errorf("%s: the Spy's %s heading is %q, want %q", lang, step.panel, got, want)
			}
			for _, seat := range []engine.Seat{mate, opp, engine.NoSeat} {
				if got, want := heading(festIn(t, g, seat, lang), step.panel), i18n.T(lang, step.others); got != want {
					t.Errorf("%s: seat %d's %s heading is %q, want %q", lang, seat, step.panel, got, want)
				}
			}
		}
		if step.panel == "fx-draw" {
			must(t, g, spy, spyfest.Draw{Round: 1})
		}
	}
}

// "Spy" stood in English in the Spanish and Japanese team boxes.
func TestSpyfestTeamBoxesSaySpyInTheirLanguage(t *testing.T) {
	g := newFestGame(t, spyfest.Config{})
	_, _, opp := startDescribing(t, g)
	for _, lang := range i18n.Available() {
		page := festIn(t, g, opp, lang)
		i := strings.Index(page, `fx-spy-badge`)
		if i < 0 {
			t.Fatalf("%s: no Spy in the team boxes", lang)
		}
		rest := page[i:]
		got := html.UnescapeString(rest[strings.Index(rest, ">")+1 : strings.Index(rest, "<")])
		if want := i18n.T(lang, i18n.FestSpyBadge); got != want {
			t.Errorf("%s: the team box says %q, want %q", lang, got, want)
		}
		if lang != i18n.English && got == "Spy" {
			t.Errorf("%s: the team box says Spy in English", lang)
		}
	}
}

// The lobby showed the players who wait for the host no Spyfest rules, and its summary wrote
// the edition in English under a Japanese heading. A guest reads how the game goes and the
// host's choices, the edition named in the guest's language; the host's panel has the settings.
func TestSpyfestLobbyTellsGuestsTheRules(t *testing.T) {
	for _, lang := range i18n.Available() {
		for _, host := range []bool{false, true} {
			config := ConfigOf(nil)
			s := ui.Setup{Lang: lang, Config: &config, Chosen: true, Host: host,
				Players: []ui.Player{{Seat: 0, Name: "Maya"}, {Seat: 1, Name: "Leo", You: !host}},
				Start:   func(string, string) goapp.UI { return goapp.Text("") }}
			page := uitest.HTML(t, &setupPage{s: s})
			rules := textOf(page, "fest-rules")
			if host {
				if rules != "" {
					t.Errorf("%s: the host's panel repeats the rules", lang)
				}
				continue
			}
			if want := i18n.T(lang, i18n.FestRules); rules != want {
				t.Errorf("%s: a guest reads the rules %q, want %q", lang, rules, want)
			}
			summary := textOf(page, "fest-summary")
			if edition := i18n.T(lang, i18n.FestEditionSpyfest); !strings.HasPrefix(summary, edition) {
				t.Errorf("%s: the summary %q does not start with the edition %q", lang, summary, edition)
			}
			if lang == "ja" && strings.Contains(summary, "Spyfest") {
				t.Errorf("ja: the summary %q keeps the English Spyfest", summary)
			}
			if window := i18n.T(lang, i18n.FestSeconds, 30); !strings.Contains(summary, window) {
				t.Errorf("%s: the summary %q does not give the guess window (%s)", lang, summary, window)
			}
		}
	}
}

type setupPage struct {
	goapp.Compo
	ui UI
	s  ui.Setup
}

func (p *setupPage) Render() goapp.UI {
	panel, _ := p.ui.Settings(p.s)
	return panel
}

// The idle minute's buttons, now beside the round's panel rather than in the bottom bar, are
// held while the host is away like the bar's.
func TestHostAwayHoldsTheIdleMinute(t *testing.T) {
	fest := newFestGame(t, spyfest.Config{})
	_, mate, opp := startDescribing(t, fest)
	v := fest.View(opp)
	uitest.HeldOnlyWhileAway(t, "fx-idle-start", func(away bool) goapp.Composer { return &hostAwayPage{fest: &v, away: away} })
	must(t, fest, opp, spyfest.StartIdle{Round: 1})
	w := fest.View(mate)
	uitest.HeldOnlyWhileAway(t, "fx-idle-cancel", func(away bool) goapp.Composer { return &hostAwayPage{fest: &w, away: away} })
}
