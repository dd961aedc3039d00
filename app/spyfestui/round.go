package spyfestui

import (
	"slices"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// phase returns the panel of the current phase and the buttons of the bottom bar.
func (u *UI) phase(v *spyfest.View, f Frame) (body, actions []goapp.UI) {
	switch v.Phase {
	case spyfest.PhaseSpyChoice:
		return u.choosePanel(v, f)
	case spyfest.PhaseDraw:
		return u.drawPanel(v, f)
	case spyfest.PhaseKeep:
		return u.keepPanel(v, f)
	case spyfest.PhaseDescribing, spyfest.PhaseStopped:
		return u.playPanel(v, f)
	case spyfest.PhaseOver:
		return u.overPanel(v, f), nil
	}
	return nil, nil
}

func panel(id, title string, children ...goapp.UI) goapp.UI {
	return ui.ElWith("section.card.fx-panel",
		append([]goapp.UI{ui.ElText("h2", title)}, children...)...,
	).ID(id)
}

// choosePanel: the active team picks its Spy; the others wait. The last round's
// result sits on top.
func (u *UI) choosePanel(v *spyfest.View, f Frame) (body, actions []goapp.UI) {
	if len(v.History) > 0 {
		body = append(body, u.result(v, f, v.History[len(v.History)-1], "fx-result"))
	}
	letter := teamLetter(v.ActiveTeam)
	if v.Team != v.ActiveTeam {
		body = append(body, panel("fx-choose", f.T(i18n.FestChooseTitle, letter),
			ui.ElText("p.muted", f.T(i18n.FestChooseWait, letter))))
		return body, nil
	}
	pick := u.spyPick
	members := v.Teams[v.ActiveTeam].Members
	if !slices.Contains(members, pick) {
		pick = v.SuggestedSpy
	}
	body = append(body, panel("fx-choose", f.T(i18n.FestChooseTitle, letter),
		ui.ElText("p.muted", f.T(i18n.FestChooseHint, festName(f, v.SuggestedSpy))),
		ui.ElWith("div.fx-chips",
			goapp.Range(members).Slice(func(i int) goapp.UI {
				s := members[i]
				return ui.ElWith("button.fx-chip[type=button]",
					goapp.Text(festName(f, s)),
					goapp.If(s == v.SuggestedSpy, func() goapp.UI {
						return ui.ElText("span.fx-chip-note", f.T(i18n.FestSuggested))
					}),
				).ID("fx-spy-"+strconv.Itoa(int(s))).
					Aria("pressed", s == pick).
					OnClick(func(ctx goapp.Context, e goapp.Event) { u.spyPick = s }, goapp.EventScope(int(s)))
			}),
		).Aria("label", f.T(i18n.FestChooseTitle, letter)),
	))
	actions = append(actions, ui.ElTextWith("button#fx-choose-spy.btn.primary[type=button]", f.T(i18n.FestMakeSpy, festName(f, pick))).
		OnClick(u.act(f, spyfest.ChooseSpy{Round: v.Round, Spy: pick}), actScope(spyfest.ChooseSpy{Round: v.Round, Spy: pick})))
	return body, actions
}

// drawPanel: the Spy draws; the Spy's team may still play "two characters".
func (u *UI) drawPanel(v *spyfest.View, f Frame) (body, actions []goapp.UI) {
	if v.Role != spyfest.RoleSpy {
		// Only the Spy draws: the others' heading says so ("Draw your cards" on every phone
		// sent them looking for cards, issue 29).
		return []goapp.UI{panel("fx-draw", f.T(i18n.FestDrawTitleOthers),
			ui.ElText("p.muted", f.T(i18n.FestDrawWait, festName(f, v.Spy))))}, nil
	}
	body = []goapp.UI{panel("fx-draw", f.T(i18n.FestDrawTitle),
		ui.ElText("p.muted", f.T(i18n.FestDrawHint)), u.reminder(v, f))}
	actions = []goapp.UI{ui.ElTextWith("button#fx-draw-btn.btn.primary[type=button]", f.T(i18n.FestDraw)).OnClick(u.act(f, spyfest.Draw{Round: v.Round}), actScope(spyfest.Draw{Round: v.Round}))}
	return body, actions
}

// keepPanel: the Spy keeps one of the characters drawn (by the carpet card or "two characters").
func (u *UI) keepPanel(v *spyfest.View, f Frame) (body, actions []goapp.UI) {
	if v.Role != spyfest.RoleSpy {
		return []goapp.UI{panel("fx-keep", f.T(i18n.FestKeepTitleOthers),
			ui.ElText("p.muted", f.T(i18n.FestKeepWait, festName(f, v.Spy))))}, nil
	}
	pick := u.keepPick
	if !slices.Contains(v.Candidates, pick) && len(v.Candidates) > 0 {
		pick = v.Candidates[0]
	}
	body = []goapp.UI{panel("fx-keep", f.T(i18n.FestKeepTitle),
		ui.ElText("p.muted", f.T(i18n.FestKeepHint)),
		ui.El("div.fx-candidates", goapp.Range(v.Candidates).Slice(func(i int) goapp.UI {
			id := v.Candidates[i]
			return ui.ElWith("button.fx-candidate[type=button]",
				ui.ElText("strong", characterName(v, id, f.Lang)),
				ui.ElText("span.small.muted", overviewOf(v, id, f.Lang)),
			).ID("fx-cand-"+id).Aria("pressed", id == pick).
				OnClick(func(ctx goapp.Context, e goapp.Event) { u.keepPick = id }, goapp.EventScope(id))
		})),
	)}
	actions = []goapp.UI{ui.ElTextWith("button#fx-keep-btn.btn.primary[type=button]", f.T(i18n.FestKeep, characterName(v, pick, f.Lang))).
		OnClick(u.act(f, spyfest.Keep{Round: v.Round, Character: pick}), actScope(spyfest.Keep{Round: v.Round, Character: pick}))}
	return body, actions
}

func overviewOf(v *spyfest.View, id string, lang i18n.Lang) string {
	for _, s := range v.Sheet {
		if s.ID == id {
			return nameOverview(lang, s.ID, s.Overview, s.Name)
		}
	}
	return ""
}

// secretFor is the hidden card of this seat: the Spy's character and keywords, the Spy's
// team's keywords (or the character in a reverse round); nothing for the others.
func (u *UI) secretFor(v *spyfest.View, f Frame) goapp.UI {
	var title string
	var lines []string
	switch {
	case v.Role == spyfest.RoleSpy && v.Character != "":
		title = characterName(v, v.Character, f.Lang)
		lines = []string{f.T(i18n.FestYourKeywords) + ": " + keywordNames(v, v.MyKeywords, f.Lang)}
	case v.Role == spyfest.RoleSpyTeam && v.Character != "":
		title = characterName(v, v.Character, f.Lang)
		lines = []string{f.T(i18n.FestTeamCharacter)}
	case v.Role == spyfest.RoleSpyTeam && len(v.MyKeywords) > 0:
		title = keywordNames(v, v.MyKeywords, f.Lang)
		lines = []string{f.T(i18n.FestTeamKeywords)}
	default:
		return goapp.Text("")
	}
	return &ui.SecretCard{Title: title, Lines: lines, TapToggle: u.tapToggle, Prompt: f.T(i18n.FestHoldToSee)}
}

// reminder is the Spy's card of restrictions and permissions, with the variants in play.
func (u *UI) reminder(v *spyfest.View, f Frame) goapp.UI {
	r := v.Reminder
	if r == nil {
		r = &spyfest.Reminder{}
	}
	lines := []i18n.Key{i18n.FestReminderFirst}
	if r.ThirdPerson {
		lines[0] = i18n.FestReminderThird
	}
	lines = append(lines, i18n.FestReminderNoName, i18n.FestReminderNoSpell)
	if r.Reverse {
		lines = append(lines, i18n.FestReminderReverse)
	} else {
		lines = append(lines, i18n.FestReminderKeyword)
	}
	lines = append(lines, i18n.FestReminderRefuse, i18n.FestReminderSilent)
	if r.InternetLookup {
		lines = append(lines, i18n.FestReminderInternet)
	}
	return ui.El("details#fx-reminder.fx-reminder",
		ui.ElText("summary", f.T(i18n.FestReminderTitle)),
		ui.El("ul", goapp.Range(lines).Slice(func(i int) goapp.UI {
			return ui.ElText("li", f.T(lines[i]))
		})),
	)
}

// clock is a countdown to a deadline of the host's clock.
func festClock(f Frame, deadline engine.Instant, length time.Duration, label string, small bool) goapp.UI {
	return &ui.Clock{Running: true, Deadline: int64(deadline), Length: length, Skew: f.Skew,
		Small: small, Label: label, PausedText: f.T(i18n.FestPaused)}
}

// playPanel: describing and stopped. The Spy sees the secret, the reminder, and answers
// cards; the others stop the game, keep the idle minute honest and guess in their window.
func (u *UI) playPanel(v *spyfest.View, f Frame) (body, actions []goapp.UI) {
	var main []goapp.UI
	attempt := max(v.Attempt, 1)
	if v.Phase == spyfest.PhaseDescribing {
		attempt = v.Attempt + 1
	}
	vp := 0
	if attempt-1 < len(v.AttemptVP) {
		vp = v.AttemptVP[attempt-1]
	}
	attemptLine := []goapp.UI{
		ui.ElText("strong", f.T(i18n.FestAttempt, min(attempt, v.MaxAttempts), v.MaxAttempts)),
		goapp.Text(" · " + f.T(i18n.FestAttemptVP, vp)),
	}
	if v.Phase == spyfest.PhaseStopped {
		main = append(main, ui.El("p#fx-attempt.fx-attempt", attemptLine...))
	}
	main = append(main, u.idleMinute(v, f), u.secretFor(v, f))
	switch v.Role {
	case spyfest.RoleSpy:
		main = append(main, u.reminder(v, f))
	case spyfest.RoleSpyTeam:
	case spyfest.RoleIntercepting, spyfest.RoleSpectator:
		switch {
		case v.Phase == spyfest.PhaseDescribing:
			// Listening and stopping are for while the Spy speaks; stopped, the window says
			// who guesses.
			key := i18n.FestListen
			if festReverse(v) {
				key = i18n.FestListenReverse
			}
			main = append(main, ui.ElText("p#fx-listen.muted", f.T(key, festName(f, v.Spy))))
			if v.Role == spyfest.RoleIntercepting && !festReverse(v) {
				main = append(main, ui.ElText("p.small.muted", f.T(i18n.FestNoKeyword)))
			}
		case v.Role == spyfest.RoleIntercepting && v.Guessing != v.Team:
			missed := i18n.FestGuessMissed
			if v.Lapsed {
				missed = i18n.FestGuessLapsed // its time ran out: nothing it said was wrong
			}
			main = append(main, ui.ElText("p#fx-missed.muted", f.T(missed)))
		}
	}
	if festPlayer(v) && v.Phase == spyfest.PhaseDescribing {
		// Who guesses first once the game stops: the intercepting team, whoever
		// stops it. The stop button's old words ("Stop: we're guessing") said otherwise to the
		// Spy's own team.
		if v.Role == spyfest.RoleIntercepting {
			main = append(main, ui.ElText("p#fx-stop-note.small.muted", f.T(i18n.FestStopFirstUs, teamLetter(v.ActiveTeam))))
		} else {
			main = append(main, ui.ElText("p#fx-stop-note.small.muted", f.T(i18n.FestStopFirstThem, teamLetter(1-v.ActiveTeam))))
		}
		if v.Idle == 0 && v.IdleTimer > 0 {
			main = append(main, ui.HeldGroup(f.HostAway, ui.ElTextWith("button#fx-idle-start.btn.secondary.small[type=button]", f.T(i18n.FestIdleStart)).
				OnClick(u.act(f, spyfest.StartIdle{Round: v.Round}), actScope(spyfest.StartIdle{Round: v.Round}))))
		}
	}
	if v.Silent {
		main = append(main, ui.ElText("p.note", f.T(i18n.FestSpySilent)))
	} else if v.Description.Running || v.Description.Left > 0 {
		main = append(main, &ui.Clock{Running: v.Description.Running, Deadline: int64(v.Description.Deadline),
			Left: v.Description.Left, Skew: f.Skew, Small: true, Label: f.T(i18n.FestDescribeClock),
			PausedText: f.T(i18n.FestPaused)})
	}
	if v.Phase == spyfest.PhaseStopped {
		body = append(body, panel("fx-play", f.T(i18n.FestStoppedTitle), main...))
	} else {
		// While the Spy describes, the attempt is the panel's heading (the round is named in
		// the line above the teams): one line less between the scores and the card.
		body = append(body, ui.El("section#fx-play.card.fx-panel",
			append([]goapp.UI{ui.El("h2#fx-attempt.fx-attempt", attemptLine...)}, main...)...))
	}

	// The Spy's answers and quarter choice go on top: the whole table waits for them.
	var urgent []goapp.UI
	if v.Question != spyfest.NoTeam {
		if v.Role == spyfest.RoleSpy {
			urgent = append(urgent, panel("fx-question", f.T(i18n.FestQuestionTitle, teamLetter(v.Question))))
			actions = append(actions, ui.El("div.fx-yesno",
				ui.ElTextWith("button#fx-yes.btn.primary[type=button]", f.T(i18n.FestYes)).
					OnClick(u.act(f, spyfest.Answer{Round: v.Round, Yes: true}), actScope(spyfest.Answer{Round: v.Round, Yes: true})),
				ui.ElTextWith("button#fx-no.btn.secondary[type=button]", f.T(i18n.FestNo)).
					OnClick(u.act(f, spyfest.Answer{Round: v.Round, Yes: false}), actScope(spyfest.Answer{Round: v.Round, Yes: false})),
			))
		} else {
			urgent = append(urgent, ui.ElText("p#fx-question.note", f.T(i18n.FestQuestionWait, teamLetter(v.Question))))
		}
	}
	if v.QuarterBy != spyfest.NoTeam {
		if v.Role == spyfest.RoleSpy {
			urgent = append(urgent, panel("fx-quarter", f.T(i18n.FestQuarterTitle),
				ui.El("div.fx-quarters", goapp.Range(v.ValidQuarters).Slice(func(i int) goapp.UI {
					q := v.ValidQuarters[i]
					return ui.ElTextWith("button.btn.secondary[type=button]", f.T(i18n.FestCrossQuarter, q+1)).ID("fx-quarter-"+strconv.Itoa(q)).
						OnClick(u.act(f, spyfest.CrossQuarter{Round: v.Round, Quarter: q}), actScope(spyfest.CrossQuarter{Round: v.Round, Quarter: q}))
				}))))
		} else {
			urgent = append(urgent, ui.ElText("p#fx-quarter.note", f.T(i18n.FestQuarterWait)))
		}
	}

	if v.Phase == spyfest.PhaseStopped {
		// The window and its clock are what everybody looks at now: they go first.
		b, a := u.guessPanel(v, f)
		body = append(append(urgent, b...), body...)
		actions = append(actions, a...)
		return body, actions
	}
	body = append(urgent, body...)
	// Describing: the bottom bar keeps the one button of the moment, stopping the game
	// (anyone but the Spy); the idle minute is started and cancelled in the round's panel (two
	// buttons in the bar covered a fifth of a small phone, issue 29).
	if festPlayer(v) {
		actions = append(actions, ui.ElTextWith("button#fx-stop.btn.danger.big[type=button]", f.T(i18n.FestStop)).OnClick(u.act(f, spyfest.Stop{Round: v.Round}), actScope(spyfest.Stop{Round: v.Round})))
	}
	return body, actions
}

// idleMinute is the idle minute running: its countdown at the top of the round's
// panel, above the card, where the Spy and everyone see it, and the button that cancels it.
func (u *UI) idleMinute(v *spyfest.View, f Frame) goapp.UI {
	if v.Idle == 0 || v.Phase != spyfest.PhaseDescribing {
		return goapp.Text("")
	}
	idle := []goapp.UI{
		ui.ElText("span.label", f.T(i18n.FestIdleRunning)),
		festClock(f, v.Idle, v.IdleTimer, f.T(i18n.FestIdleRunning), true),
	}
	if v.Role != spyfest.RoleSpectator {
		idle = append(idle, ui.HeldGroup(f.HostAway, ui.ElTextWith("button#fx-idle-cancel.btn.secondary.small[type=button]", f.T(i18n.FestIdleCancel)).
			OnClick(u.act(f, spyfest.CancelIdle{Round: v.Round}), actScope(spyfest.CancelIdle{Round: v.Round}))))
	}
	return ui.El("div#fx-idle.fx-idle", idle...)
}

// guessPanel: the window of the team guessing now, with its countdown on every device;
// the guessing team picks from the sheet and confirms.
func (u *UI) guessPanel(v *spyfest.View, f Frame) (body, actions []goapp.UI) {
	letter := teamLetter(v.Guessing)
	title := f.T(i18n.FestTheirGuess, letter)
	if myGuess(v) {
		title = f.T(i18n.FestYourGuess)
	}
	var children []goapp.UI
	if v.Window != 0 {
		children = append(children, festClock(f, v.Window, v.GuessWindow, title, false))
	} else {
		children = append(children, ui.ElText("p.muted", f.T(i18n.FestNoTimer)))
	}
	if myGuess(v) {
		hint := i18n.FestPickHint
		if u.two {
			hint = i18n.FestPickTwoHint
		}
		children = append(children, ui.ElText("p.muted", f.T(hint)))
		if len(u.picks) > 0 {
			children = append(children, ui.ElText("p#fx-picked.fx-picked", u.pickedText(v, f)))
		}
		if v.Teams[v.Team].Cards[spyfest.CardTwoGuesses] > 0 {
			label := i18n.FestGuessTwo
			if u.two {
				label = i18n.FestGuessOne
			}
			children = append(children, ui.ElTextWith("button#fx-two.btn.ghost.small[type=button]", f.T(label)).OnClick(func(ctx goapp.Context, e goapp.Event) {
				u.two = !u.two
				if !u.two && len(u.picks) > 1 {
					u.picks = u.picks[len(u.picks)-1:]
				}
			}))
		}
		need := 1
		if u.two {
			need = 2
		}
		ready := len(u.picks) == need
		label := f.T(i18n.FestGuessConfirm, "…")
		if ready {
			label = f.T(i18n.FestGuessConfirm, u.pickedText(v, f))
		}
		names := slices.Clone(u.picks)
		actions = append(actions, ui.ElTextWith("button#fx-guess.btn.primary[type=button]", label).
			Attr("disabled", !ready).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				if f.Act != nil && len(names) == need {
					f.Act(ctx, spyfest.Guess{Round: v.Round, Attempt: v.Attempt, Names: names})
				}
			}, goapp.EventScope(v.Round, v.Attempt, need, strings.Join(names, "+"))))
	}
	body = append(body, ui.ElWith("section#fx-window.card.fx-window",
		append([]goapp.UI{ui.ElText("h2", title)}, children...)...).Class("fx-team-"+strconv.Itoa(v.Guessing)))
	return body, actions
}

func (u *UI) pickedText(v *spyfest.View, f Frame) string {
	out := ""
	for i, id := range u.picks {
		if i > 0 {
			out += " / "
		}
		if festReverse(v) {
			out += keywordName(v, id, f.Lang)
		} else {
			out += characterName(v, id, f.Lang)
		}
	}
	return out
}

// pick adds or removes a name of this team's guess.
func (u *UI) pick(id string) {
	if i := slices.Index(u.picks, id); i >= 0 {
		u.picks = slices.Delete(u.picks, i, i+1)
		return
	}
	need := 1
	if u.two {
		need = 2
	}
	u.picks = append(u.picks, id)
	if len(u.picks) > need {
		u.picks = u.picks[len(u.picks)-need:]
	}
}

// overPanel: the winner and the final standing.
func (u *UI) overPanel(v *spyfest.View, f Frame) []goapp.UI {
	title := f.T(i18n.FestDraw2)
	switch {
	case v.Winner != spyfest.NoTeam && v.Winner == v.Team:
		title = f.T(i18n.FestYouWon)
	case v.Winner != spyfest.NoTeam:
		title = f.T(i18n.FestWinner, teamLetter(v.Winner))
	}
	var why string
	switch v.Ended {
	case spyfest.EndByHost:
		why = f.T(i18n.FestEndedByHost)
	case spyfest.EndDeckEmpty:
		why = f.T(i18n.FestDeckEmpty)
	}
	out := []goapp.UI{}
	if len(v.History) > 0 {
		out = append(out, u.result(v, f, v.History[len(v.History)-1], "fx-result"))
	}
	winnerClass := "card fx-winner"
	if v.Winner != spyfest.NoTeam {
		winnerClass += " fx-team-" + strconv.Itoa(v.Winner)
	}
	return append(out, ui.ElWith("section#fx-winner",
		ui.ElText("span.fx-trophy[aria-hidden=true]", "♛"),
		ui.ElText("h2", title),
		goapp.If(why != "", func() goapp.UI { return ui.ElText("p.muted", why) }),
		ui.ElText("p.fx-final", f.T(i18n.FestTeamName, "A")+" "+f.T(i18n.FestTeamVP, v.Teams[0].VP)+
			" · "+f.T(i18n.FestTeamName, "B")+" "+f.T(i18n.FestTeamVP, v.Teams[1].VP)),
	).Class(winnerClass).DataSet("winner", v.Winner))
}
