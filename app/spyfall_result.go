package app

import (
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
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
func roundResult(v *spyfall.View, f SpyfallFrame, r spyfall.RoundResult, points bool) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	loc := nameLocation(f.Lang, r.Location.ID, r.Location.Name)
	if r.Second != nil {
		loc += " · " + nameLocation(f.Lang, r.Second.ID, r.Second.Name)
	}
	spies := seatNames(v, r.Spies)
	if r.Table != nil && len(r.Spies) == 0 {
		spies = "–"
	}
	return el("section#round-result.card.sf-result.sf-reveal",
		elText("h1", t(i18n.SFRoundResult, r.Round)),
		elText("p#result-ending.lead", t(endingText[r.Ending])),
		el("dl.sf-facts",
			elText("dt", t(i18n.SFTheLocation)),
			elText("dd#result-location", loc),
			elText("dt", map[bool]string{true: t(i18n.SFTheSpiesMany), false: t(i18n.SFTheSpies)}[len(r.Spies) > 1]),
			elText("dd#result-spies.spy", spies),
		),
		goapp.Range(r.Guesses).Slice(func(i int) goapp.UI {
			g := r.Guesses[i]
			k := i18n.SFGuessWrong
			if g.Correct {
				k = i18n.SFGuessRight
			}
			return elText("p.small", t(k, seatName(v, g.Seat), locationName(v, g.Location, f.Lang)))
		}),
		goapp.If(points, func() goapp.UI { return pointsTable(v, f, r.Points, r.Totals) }),
	)
}

// pointsTable lists every seat with this round's points and the running total.
func pointsTable(v *spyfall.View, f SpyfallFrame, points, totals []int) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	seats := slices.Clone(v.Seats)
	at := func(xs []int, id engine.Seat) int {
		if int(id) < len(xs) {
			return xs[id]
		}
		return 0
	}
	slices.SortStableFunc(seats, func(a, b spyfall.SeatView) int { return at(totals, b.ID) - at(totals, a.ID) })
	return el("table.sf-points-table",
		el("thead", el("tr",
			elText("th", ""), elText("th", t(i18n.SFPointsRound)), elText("th", t(i18n.SFTotal)),
		)),
		el("tbody", goapp.Range(seats).Slice(func(i int) goapp.UI {
			s := seats[i]
			gain := at(points, s.ID)
			gainText := "+" + itoa(gain)
			if gain <= 0 {
				gainText = itoa(gain)
			}
			return elWith("tr",
				elText("th[scope=row]", s.Name),
				elTextWith("td", gainText).Class(map[bool]string{true: "gain", false: "gain none"}[gain > 0]),
				elText("td.total", itoa(at(totals, s.ID))),
			).DataSet("seat", int(s.ID))
		})),
	)
}

// scoreboard is the running total of every seat, as the engine keeps it.
func scoreboard(v *spyfall.View, f SpyfallFrame) goapp.UI {
	totals := make([]int, 0)
	var last []int
	for _, s := range v.Seats {
		for len(totals) <= int(s.ID) {
			totals = append(totals, 0)
		}
		totals[s.ID] = s.Points
	}
	if v.LastRound != nil {
		last = v.LastRound.Points
	}
	return el("div#scoreboard", pointsTable(v, f, last, totals))
}

// history lists the finished rounds, newest first.
func history(v *spyfall.View, f SpyfallFrame) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	if len(v.History) == 0 {
		return goapp.Text("")
	}
	rounds := slices.Clone(v.History)
	slices.Reverse(rounds)
	return el("section#history.sf-history",
		elText("h2", t(i18n.SFHistory)),
		el("ol", goapp.Range(rounds).Slice(func(i int) goapp.UI {
			r := rounds[i]
			return el("li",
				elText("strong", t(i18n.SFRoundOf, r.Round, v.Rounds)+" · "+nameLocation(f.Lang, r.Location.ID, r.Location.Name)),
				elText("span.muted.small", t(i18n.SFTheSpies)+": "+dash(seatNames(v, r.Spies))+". "+t(endingText[r.Ending])),
			)
		})),
	)
}

func (u *SpyfallUI) roundOverScreen(v *spyfall.View, f SpyfallFrame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	if v.LastRound != nil {
		body = append(body, roundResult(v, f, *v.LastRound, true))
	}
	body = append(body, history(v, f))
	if can(v, spyfall.Deal{}) {
		actions = append(actions, elTextWith("button#deal.btn.primary[type=button]", t(i18n.SFNextRound, v.Round+1)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { f.Act(ctx, spyfall.Deal{Round: v.Round + 1}) }, sfScope(spyfall.Deal{Round: v.Round + 1})))
	}
	return body, actions
}

func (u *SpyfallUI) gameOverScreen(v *spyfall.View, f SpyfallFrame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	head := t(i18n.SFWinners, seatNames(v, v.Winners))
	if len(v.Winners) == 1 {
		head = t(i18n.SFWinner, seatName(v, v.Winners[0]))
	}
	body = []goapp.UI{
		el("section#final.card.sf-final.sf-reveal",
			elText("p.muted", t(i18n.SFGameOver)),
			elText("h1#winners", head),
			scoreboard(v, f),
		),
	}
	if v.LastRound != nil {
		// The final scoreboard above already shows the last round's gains and the totals.
		body = append(body, roundResult(v, f, *v.LastRound, false))
	}
	body = append(body, history(v, f))
	if f.Host && f.BackToLobby != nil {
		actions = append(actions, elTextWith("button#back-to-lobby.btn.primary[type=button]", i18n.T(f.Lang, i18n.SFBackToLobby)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { f.BackToLobby(ctx) }))
	}
	return body, actions
}
