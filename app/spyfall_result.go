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
// guesses and the points every seat gained.
func roundResult(v *spyfall.View, f SpyfallFrame, r spyfall.RoundResult) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	loc := r.Location.Name.In(string(f.Lang))
	if r.Second != nil {
		loc += " · " + r.Second.Name.In(string(f.Lang))
	}
	spies := seatNames(v, r.Spies)
	if r.Table != nil && len(r.Spies) == 0 {
		spies = "–"
	}
	return goapp.Section().ID("round-result").Class("card sf-result sf-reveal").Body(
		goapp.H1().Text(t(i18n.SFRoundResult, r.Round)),
		goapp.P().ID("result-ending").Class("lead").Text(t(endingText[r.Ending])),
		goapp.Dl().Class("sf-facts").Body(
			goapp.Dt().Text(t(i18n.SFTheLocation)),
			goapp.Dd().ID("result-location").Text(loc),
			goapp.Dt().Text(map[bool]string{true: t(i18n.SFTheSpiesMany), false: t(i18n.SFTheSpies)}[len(r.Spies) > 1]),
			goapp.Dd().ID("result-spies").Class("spy").Text(spies),
		),
		goapp.Range(r.Guesses).Slice(func(i int) goapp.UI {
			g := r.Guesses[i]
			k := i18n.SFGuessWrong
			if g.Correct {
				k = i18n.SFGuessRight
			}
			return goapp.P().Class("small").Text(t(k, seatName(v, g.Seat), locationName(v, g.Location, f.Lang)))
		}),
		pointsTable(v, f, r.Points, r.Totals),
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
	return goapp.Table().Class("sf-points-table").Body(
		goapp.THead().Body(goapp.Tr().Body(
			goapp.Th().Text(""), goapp.Th().Text(t(i18n.SFPointsRound)), goapp.Th().Text(t(i18n.SFTotal)),
		)),
		goapp.TBody().Body(goapp.Range(seats).Slice(func(i int) goapp.UI {
			s := seats[i]
			gain := at(points, s.ID)
			gainText := "+" + itoa(gain)
			if gain <= 0 {
				gainText = itoa(gain)
			}
			return goapp.Tr().DataSet("seat", int(s.ID)).Body(
				goapp.Th().Attr("scope", "row").Text(s.Name),
				goapp.Td().Class(map[bool]string{true: "gain", false: "gain none"}[gain > 0]).Text(gainText),
				goapp.Td().Class("total").Text(itoa(at(totals, s.ID))),
			)
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
	return goapp.Div().ID("scoreboard").Body(pointsTable(v, f, last, totals))
}

// history lists the finished rounds, newest first.
func history(v *spyfall.View, f SpyfallFrame) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	if len(v.History) == 0 {
		return goapp.Text("")
	}
	rounds := slices.Clone(v.History)
	slices.Reverse(rounds)
	return goapp.Section().ID("history").Class("sf-history").Body(
		goapp.H2().Text(t(i18n.SFHistory)),
		goapp.Ol().Body(goapp.Range(rounds).Slice(func(i int) goapp.UI {
			r := rounds[i]
			return goapp.Li().Body(
				goapp.Strong().Text(t(i18n.SFRoundOf, r.Round, v.Rounds)+" · "+r.Location.Name.In(string(f.Lang))),
				goapp.Span().Class("muted small").Text(t(i18n.SFTheSpies)+": "+dash(seatNames(v, r.Spies))+". "+t(endingText[r.Ending])),
			)
		})),
	)
}

func (u *SpyfallUI) roundOverScreen(v *spyfall.View, f SpyfallFrame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	if v.LastRound != nil {
		body = append(body, roundResult(v, f, *v.LastRound))
	}
	body = append(body, history(v, f))
	if can(v, spyfall.Deal{}) {
		actions = append(actions, goapp.Button().ID("deal").Class("btn primary").Type("button").Text(t(i18n.SFNextRound, v.Round+1)).
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
		goapp.Section().ID("final").Class("card sf-final sf-reveal").Body(
			goapp.P().Class("muted").Text(t(i18n.SFGameOver)),
			goapp.H1().ID("winners").Text(head),
			scoreboard(v, f),
		),
	}
	if v.LastRound != nil {
		body = append(body, roundResult(v, f, *v.LastRound))
	}
	body = append(body, history(v, f))
	if f.Host && f.BackToLobby != nil {
		actions = append(actions, goapp.Button().ID("back-to-lobby").Class("btn primary").Type("button").
			Text(i18n.T(f.Lang, i18n.SFBackToLobby)).OnClick(func(ctx goapp.Context, e goapp.Event) { f.BackToLobby(ctx) }))
	}
	return body, actions
}
