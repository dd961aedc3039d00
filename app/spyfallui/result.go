package spyfallui

import (
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

var endingText = map[spyfall.Ending]i18n.Key{
	spyfall.EndNoConviction:    i18n.SFEndNoConviction,
	spyfall.EndSpyConvicted:    i18n.SFEndSpyConvicted,
	spyfall.EndNonSpyConvicted: i18n.SFEndNonSpy,
	spyfall.EndSpyGuessed:      i18n.SFEndSpyGuessed,
	spyfall.EndSpyMissed:       i18n.SFEndSpyMissed,
	spyfall.EndTableSpy:        i18n.SFEndTableSpy,
	spyfall.EndTableLocation:   i18n.SFEndTableLoc,
	spyfall.EndSpyPicked:       i18n.SFEndSpyPicked,
	spyfall.EndSpyNotPicked:    i18n.SFEndSpyNotPicked,
	spyfall.EndVoided:          i18n.SFEndVoided,
}

// roundResult shows one finished round: the location, the spies, how it ended, the spies'
// guesses and, with points, what every seat gained.
func roundResult(v *spyfall.View, f Frame, r spyfall.RoundResult, points bool) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	loc := nameLocation(f.Lang, r.Location.ID, r.Location.Name)
	if r.Second != nil {
		// Each name isolated, so two names of another direction keep the page's order.
		loc = i18n.Isolate(f.Lang, loc) + " · " + i18n.Isolate(f.Lang, nameLocation(f.Lang, r.Second.ID, r.Second.Name))
	}
	spies := seatNames(v, r.Spies, f.Lang)
	if r.Table != nil && len(r.Spies) == 0 {
		spies = "–"
	}
	return ui.El("section#round-result.card.sf-result.sf-reveal",
		ui.ElText("h1", t(i18n.SFRoundResult, r.Round)),
		ui.ElText("p#result-ending.lead", t(endingText[r.Ending])),
		ui.El("dl.sf-facts",
			ui.ElText("dt", t(i18n.SFTheLocation)),
			ui.ElText("dd#result-location", loc),
			ui.ElText("dt", spiesLabel(t, len(r.Spies))),
			ui.ElText("dd#result-spies.spy", spies),
		),
		goapp.Range(r.Guesses).Slice(func(i int) goapp.UI {
			g := r.Guesses[i]
			k := i18n.SFGuessWrong
			if g.Correct {
				k = i18n.SFGuessRight
			}
			return ui.ElText("p.small", t(k, seatName(v, g.Seat), locationName(v, g.Location, f.Lang)))
		}),
		goapp.If(points, func() goapp.UI { return pointsTable(v, f, r.Points, r.Totals) }),
	)
}

// pointsTable lists every seat with this round's points and the running total.
func pointsTable(v *spyfall.View, f Frame, points, totals []int) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	seats := slices.Clone(v.Seats)
	at := func(xs []int, id engine.Seat) int {
		if int(id) < len(xs) {
			return xs[id]
		}
		return 0
	}
	slices.SortStableFunc(seats, func(a, b spyfall.SeatView) int { return at(totals, b.ID) - at(totals, a.ID) })
	return ui.El("table.sf-points-table",
		ui.El("thead", ui.El("tr",
			ui.ElText("th", ""), ui.ElText("th", t(i18n.SFPointsRound)), ui.ElText("th", t(i18n.SFTotal)),
		)),
		ui.El("tbody", goapp.Range(seats).Slice(func(i int) goapp.UI {
			s := seats[i]
			gain := at(points, s.ID)
			gainText := "+" + itoa(gain)
			if gain <= 0 {
				gainText = itoa(gain)
			}
			if i18n.RTL(f.Lang) {
				// A left-to-right mark keeps the sign before the number on a right-to-left
				// page ("+4", not "4+").
				gainText = "\u200e" + gainText
			}
			return ui.ElWith("tr",
				ui.ElText("th[scope=row]", s.Name),
				ui.ElTextWith("td", gainText).Class(map[bool]string{true: "gain", false: "gain none"}[gain > 0]),
				ui.ElText("td.total", itoa(at(totals, s.ID))),
			).DataSet("seat", int(s.ID))
		})),
	)
}

// scoreboard is the running total of every seat, as the engine keeps it.
func scoreboard(v *spyfall.View, f Frame) goapp.UI {
	totals := make([]int, 0)
	var last []int
	for _, s := range v.Seats {
		for len(totals) <= int(s.ID) {
			totals = append(totals, 0)
		}
		totals[s.ID] = s.Points
	}
	if n := len(v.History); n > 0 {
		last = v.History[n-1].Points
	}
	return ui.El("div#scoreboard", pointsTable(v, f, last, totals))
}

// history lists the finished rounds, newest first.
func history(v *spyfall.View, f Frame) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	if len(v.History) == 0 {
		return goapp.Text("")
	}
	rounds := slices.Clone(v.History)
	slices.Reverse(rounds)
	return ui.El("section#history.sf-history",
		ui.ElText("h2", t(i18n.SFHistory)),
		ui.El("ol", goapp.Range(rounds).Slice(func(i int) goapp.UI {
			r := rounds[i]
			return ui.El("li",
				ui.ElText("strong", t(i18n.SFRoundOf, r.Round, v.Rounds)+" · "+i18n.Isolate(f.Lang, nameLocation(f.Lang, r.Location.ID, r.Location.Name))),
				ui.ElText("span.muted.small", t(i18n.SFHistoryLine, spiesLabel(t, len(r.Spies)), dash(seatNames(v, r.Spies, f.Lang)), t(endingText[r.Ending]))),
			)
		})),
	)
}

func (u *UI) roundOverScreen(v *spyfall.View, f Frame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	if v.LastRound != nil {
		body = append(body, roundResult(v, f, *v.LastRound, true))
	}
	body = append(body, history(v, f))
	if can(v, spyfall.Deal{}) {
		actions = append(actions, dealButton(v, f, t(i18n.SFNextRound, v.Round+1)))
	}
	return body, actions
}

func (u *UI) gameOverScreen(v *spyfall.View, f Frame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	head := t(i18n.SFWinners, seatNames(v, v.Winners, f.Lang))
	if len(v.Winners) == 1 {
		head = t(i18n.SFWinner, seatName(v, v.Winners[0]))
	}
	body = []goapp.UI{
		ui.El("section#final.card.sf-final.sf-reveal",
			ui.ElText("p.muted", t(i18n.SFGameOver)),
			ui.ElText("h1#winners", head),
			scoreboard(v, f),
		),
	}
	if v.LastRound != nil {
		// The final scoreboard above already shows the last round's gains and the totals.
		body = append(body, roundResult(v, f, *v.LastRound, false))
	}
	body = append(body, history(v, f))
	if ui.Hosts && f.Host && f.BackToLobby != nil {
		actions = append(actions, ui.ElTextWith("button#back-to-lobby.btn.primary[type=button]", i18n.T(f.Lang, i18n.SFBackToLobby)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { f.BackToLobby(ctx) }))
	}
	return body, actions
}

// spiesLabel names the spies of a round: "The spy", or "The spies" when there were several.
func spiesLabel(t func(i18n.Key, ...any) string, spies int) string {
	if spies > 1 {
		return t(i18n.SFTheSpiesMany)
	}
	return t(i18n.SFTheSpies)
}
