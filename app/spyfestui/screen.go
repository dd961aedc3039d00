package spyfestui

import (
	"slices"
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// Frame is what the screens need from the shell, as every game's (ui.Frame).
type Frame = ui.Frame

// UI is what this device remembers that the host does not: the guess being picked,
// the Spy being proposed, the character being kept, the sheet's search text.
type UI struct {
	tapToggle bool // "tap to toggle" instead of press-and-hold (accessibility)

	round    int
	attempt  int
	guessing int
	picks    []string // names picked for this team's guess, in order
	two      bool     // the team is using "two guesses"
	spyPick  engine.Seat
	keepPick string
	search   string

	view  *spyfest.View // the latest view of this seat (See)
	setup setup         // the lobby's panel, kept between renders
}

// Observe takes a new view and forgets picks that belong to a window or round now over.
func (u *UI) Observe(v *spyfest.View) {
	if v == nil {
		return
	}
	if u.round != v.Round || u.attempt != v.Attempt || u.guessing != v.Guessing {
		u.picks, u.two = nil, false
	}
	if u.round != v.Round {
		u.spyPick, u.keepPick = engine.NoSeat, ""
		u.round = v.Round
	}
	u.attempt, u.guessing = v.Attempt, v.Guessing
}

// teamLetter names team 0 "A" and team 1 "B".
func teamLetter(t int) string {
	if t == 1 {
		return "B"
	}
	return "A"
}

func festName(f Frame, s engine.Seat) string {
	if n, ok := f.Names[s]; ok && n != "" {
		return n
	}
	return "#" + strconv.Itoa(int(s)+1)
}

// characterName finds a character of the sheet in play by ID.
func characterName(v *spyfest.View, id string, lang i18n.Lang) string {
	for _, s := range v.Sheet {
		if s.ID == id {
			return nameCharacter(lang, s.ID, s.Name)
		}
	}
	return id
}

// keywordName finds a keyword of either set by ID (a flip may have changed the set in play).
func keywordName(v *spyfest.View, id string, lang i18n.Lang) string {
	for _, k := range v.Keywords {
		if k.ID == id {
			return nameKeyword(lang, k.ID, k.Name)
		}
	}
	for _, set := range []string{spyfest.KeywordsA, spyfest.KeywordsB} {
		for _, k := range spyfest.KeywordSet(set) {
			if k.ID == id {
				return nameKeyword(lang, k.ID, k.Name)
			}
		}
	}
	return id
}

func keywordNames(v *spyfest.View, ids []string, lang i18n.Lang) string {
	out := ""
	for i, id := range ids {
		if i > 0 {
			out += ", "
		}
		out += keywordName(v, id, lang)
	}
	return out
}

// reverse reports a reverse round: keywords are guessed instead of characters.
func festReverse(v *spyfest.View) bool { return v.Effect == spyfest.EffectReverseRound }

// inRound is true from the draw to the round's end.
func festInRound(v *spyfest.View) bool {
	return v.Phase != spyfest.PhaseSpyChoice && v.Phase != spyfest.PhaseOver
}

// player reports a team member who is not this round's Spy: they stop, guess, mark and play.
func festPlayer(v *spyfest.View) bool {
	return v.Role == spyfest.RoleSpyTeam || v.Role == spyfest.RoleIntercepting
}

// myGuess reports that this seat's team's guess window is open and this seat may submit it.
func myGuess(v *spyfest.View) bool {
	return v.Phase == spyfest.PhaseStopped && festPlayer(v) && v.Guessing == v.Team
}

// cardPlayable says whether this seat could play card c now, by the action cards' rules: it only
// decides which buttons are offered; the engine has the last word and a refusal is a toast.
func cardPlayable(v *spyfest.View, c spyfest.Card) bool {
	if !festPlayer(v) || v.Teams[v.Team].Cards[c] == 0 {
		return false
	}
	own := v.Team == v.ActiveTeam
	switch c {
	case spyfest.CardAsk:
		if v.Question != spyfest.NoTeam {
			return false
		}
		return v.Phase == spyfest.PhaseDescribing ||
			v.Phase == spyfest.PhaseStopped && (own || v.Guessing == v.Team)
	case spyfest.CardCrossQuarter:
		return !festReverse(v) && v.QuarterBy == spyfest.NoTeam &&
			(v.Phase == spyfest.PhaseDescribing || v.Phase == spyfest.PhaseStopped)
	case spyfest.CardTwoCharacters:
		return own && v.Phase == spyfest.PhaseDraw &&
			!slices.Contains(v.Played, spyfest.CardPlayed{Team: v.Team, Card: c})
	case spyfest.CardAnotherKeyword:
		return own && !festReverse(v) &&
			(v.Phase == spyfest.PhaseKeep || v.Phase == spyfest.PhaseDescribing || v.Phase == spyfest.PhaseStopped)
	}
	return false // two guesses is played through the guess itself
}

func (u *UI) act(f Frame, a spyfest.Action) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if f.Act != nil {
			f.Act(ctx, a)
		}
	}
}

// actScope keys a button's handler by its action: go-app keeps the first handler of an
// element while the function's code is the same, so a closure over data that changes
// between renders needs a scope naming that data, or an old action would be sent.
func actScope(a spyfest.Action) goapp.EventOption {
	return ui.ActionScope(spyfest.EncodeAction(a))
}

// Render is the whole game screen of one seat: scores and the red carpet on top, what
// is happening now, the sheet, the team's cards, and the primary action at the bottom.
func (u *UI) Render(v *spyfest.View, f Frame) goapp.UI {
	body, actions := u.phase(v, f)
	// What is happening now comes right under the scores, above the red carpet: on a small
	// phone the track pushed the round's card and the guess window's countdown under the
	// bottom bar (issue 29).
	content := []goapp.UI{u.scoreboard(v, f)}
	content = append(content, body...)
	content = append(content, u.carpet(v, f), u.roundLog(v, f), u.hand(v, f), u.sheet(v, f), u.history(v, f))
	if ui.Hosts && f.Host && v.Phase != spyfest.PhaseOver && f.EndGame != nil {
		content = append(content, ui.El("div.fx-hostbar",
			ui.ElTextWith("button#fx-end.btn.ghost.small[type=button]", f.T(i18n.FestEndGame)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { f.EndGame(ctx) }),
		))
	}
	footer := []goapp.UI{
		ui.Toast(f.Toast),
	}
	footer = append(footer, ui.HeldGroup(f.HostAway, actions...))
	return ui.ElWith("main#spyfest.screen.fx",
		f.TopBar,
		ui.El("div.content", content...),
		ui.El("footer.actions", footer...),
	).Class("fx-role-"+v.Role+" fx-phase-"+string(v.Phase)).
		DataSet("round", v.Round).DataSet("phase", string(v.Phase))
}

// scoreboard shows both teams: VP, place on the carpet, members with the Spy marked.
func (u *UI) scoreboard(v *spyfest.View, f Frame) goapp.UI {
	roleText := map[string]i18n.Key{
		spyfest.RoleSpy: i18n.FestYouSpy, spyfest.RoleSpyTeam: i18n.FestYouSpyTeam,
		spyfest.RoleIntercepting: i18n.FestYouIntercep, spyfest.RoleSpectator: i18n.FestYouWatch,
	}[v.Role]
	switch {
	case v.Phase == spyfest.PhaseOver:
		roleText = i18n.FestGameOver
	case v.Phase == spyfest.PhaseSpyChoice && v.Role != spyfest.RoleSpectator && v.Team == v.ActiveTeam:
		// Nobody is the Spy yet: the engine counts the whole active team (and, from the last
		// round, perhaps one of them) in the Spy's roles until the team has chosen.
		roleText = i18n.FestYouChoosing
	case v.Phase == spyfest.PhaseSpyChoice && v.Role != spyfest.RoleSpectator:
		roleText = i18n.FestYouIntercep
	}
	team := func(t int) goapp.UI {
		tv := v.Teams[t]
		class := "fx-team fx-team-" + strconv.Itoa(t)
		if t == v.ActiveTeam && v.Phase != spyfest.PhaseOver {
			class += " active"
		}
		if t == v.Team {
			class += " mine"
		}
		return ui.ElWith("div",
			ui.El("div.fx-team-head",
				ui.ElText("span.fx-team-name", f.T(i18n.FestTeamName, teamLetter(t))),
				ui.ElText("strong.fx-vp", f.T(i18n.FestTeamVP, tv.VP)),
			),
			ui.El("ul.fx-members",
				goapp.Range(tv.Members).Slice(func(i int) goapp.UI {
					s := tv.Members[i]
					c := "fx-member"
					if s == v.Seat {
						c += " you"
					}
					return ui.ElWith("li",
						goapp.Text(festName(f, s)),
						goapp.If(s == v.Spy && festInRound(v), func() goapp.UI {
							return ui.ElText("span.badge.fx-spy-badge", f.T(i18n.FestSpyBadge))
						}),
					).Class(c)
				}),
			),
		).ID("fx-team-"+strconv.Itoa(t)).Class(class).DataSet("vp", tv.VP).DataSet("position", tv.Position)
	}
	return ui.ElWith("section.fx-score",
		ui.El("div.fx-status",
			ui.ElText("span#fx-round.fx-round", f.T(i18n.FestRound, v.Round)),
			ui.ElText("strong#fx-role.fx-role", f.T(roleText)),
		),
		ui.El("div.fx-teams", team(0), team(1)),
	).Aria("label", f.T(i18n.FestRound, v.Round))
}

// roundLog shows what everybody sees of the round: the Spy's answers, the cards played, the
// keywords out of play.
func (u *UI) roundLog(v *spyfest.View, f Frame) goapp.UI {
	if !festInRound(v) || len(v.Answers)+len(v.Played)+len(v.KeywordsOut) == 0 {
		return goapp.Text("")
	}
	return ui.El("section#fx-log.card.fx-log",
		goapp.Range(v.Answers).Slice(func(i int) goapp.UI {
			a := v.Answers[i]
			word := f.T(i18n.FestNo)
			if a.Yes {
				word = f.T(i18n.FestYes)
			}
			return ui.ElText("p.fx-answer", f.T(i18n.FestAnswered, teamLetter(a.Team), word))
		}),
		goapp.If(len(v.Played) > 0, func() goapp.UI {
			return ui.El("div",
				ui.ElText("h3.label", f.T(i18n.FestPlayedTitle)),
				ui.El("ul.fx-played", goapp.Range(v.Played).Slice(func(i int) goapp.UI {
					p := v.Played[i]
					return ui.ElTextWith("li.fx-played-card", f.T(i18n.FestPlayedBy, teamLetter(p.Team), f.T(i18n.Key("fest.card."+string(p.Card))))).
						Class("fx-team-" + strconv.Itoa(p.Team))
				})),
			)
		}),
		goapp.If(len(v.KeywordsOut) > 0, func() goapp.UI {
			return ui.El("p.fx-out",
				ui.ElText("strong", f.T(i18n.Key("fest.effect.keywords_out"))+": "),
				goapp.Text(keywordNames(v, v.KeywordsOut, f.Lang)),
			)
		}),
	)
}
