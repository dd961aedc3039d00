package spyfestui

import (
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine/spyfest"
)

// effectIcons give every red carpet card a glyph that reads at a glance.
// They are plain text symbols, not emoji, so they look the same with every font.
var effectIcons = map[spyfest.Effect]string{
	spyfest.EffectStart: "⚑", spyfest.EffectVictory: "♛", spyfest.EffectFlipKeywords: "⇄",
	spyfest.EffectReverseVP: "⇅", spyfest.EffectTwoAttempts: "②", spyfest.EffectFourthAttempt: "④",
	spyfest.EffectTwoCharacters: "⚇", spyfest.EffectSecondKeyword: "✚", spyfest.EffectKeywordsOut: "⊘",
	spyfest.EffectReverseRound: "⟲",
}

// cardIcons do the same for the action cards.
var cardIcons = map[spyfest.Card]string{
	spyfest.CardAsk: "?", spyfest.CardTwoGuesses: "✌", spyfest.CardCrossQuarter: "✂",
	spyfest.CardTwoCharacters: "⚇", spyfest.CardAnotherKeyword: "✚",
}

// carpet is the red carpet as a horizontal track, seen by all: every card with its icon and
// one line of effect, both standees, and the card under the active team's standee marked as
// the one that applies this round. The active card scrolls into view by CSS
// scroll snapping on its own class. Without a carpet it is a VP bar to the target.
func (u *UI) carpet(v *spyfest.View, f Frame) goapp.UI {
	if len(v.Track) == 0 {
		target := max(v.VictoryVP, 1)
		bar := func(t int) goapp.UI {
			pct := min(100, v.Teams[t].VP*100/target)
			return ui.ElWith("div.fx-vpbar",
				ui.ElWith("span.fx-vpbar-fill").Style("width", strconv.Itoa(pct)+"%"),
				ui.ElText("span.fx-vpbar-label", f.T(i18n.FestTeamName, teamLetter(t))+" · "+
					f.T(i18n.FestTeamVP, v.Teams[t].VP)+" / "+strconv.Itoa(target)),
			).Class("fx-team-" + strconv.Itoa(t))
		}
		return ui.El("section#fx-carpet.card.fx-novp",
			ui.ElText("h2.visually-hidden", f.T(i18n.FestCarpetTitle)),
			ui.ElText("p.small.muted", f.T(i18n.FestNoCarpet, target)),
			bar(0), bar(1),
		)
	}
	active, focus := -1, 0
	if v.Phase != spyfest.PhaseOver {
		active = v.Teams[v.ActiveTeam].Position
		focus = active
	} else if v.Winner != spyfest.NoTeam {
		focus = v.Teams[v.Winner].Position
	}
	return ui.ElWith("section#fx-carpet.fx-carpet",
		ui.ElText("h2.visually-hidden", f.T(i18n.FestCarpetTitle)),
		&trackScroller{Target: "fx-step-" + strconv.Itoa(focus)},
		// A scrolling list takes keyboard focus, so the track can be scrolled without a pointer.
		ui.ElWith("ol.fx-track[tabindex=0]", goapp.Range(v.Track).Slice(func(i int) goapp.UI {
			e := v.Track[i]
			class := "fx-step fx-effect-" + string(e)
			if i == active {
				class += " now"
			}
			return ui.ElWith("li",
				ui.El("div.fx-standees",
					goapp.If(v.Teams[0].Position == i, func() goapp.UI {
						return ui.ElTextWith("span#fx-standee-0.fx-standee.fx-team-0", "A").Title(f.T(i18n.FestTeamName, "A"))
					}),
					goapp.If(v.Teams[1].Position == i, func() goapp.UI {
						return ui.ElTextWith("span#fx-standee-1.fx-standee.fx-team-1", "B").Title(f.T(i18n.FestTeamName, "B"))
					}),
				),
				ui.ElText("span.fx-step-icon[aria-hidden=true]", effectIcons[e]),
				ui.ElText("strong.fx-step-name", f.T(i18n.Key("fest.effect."+string(e)))),
				ui.ElText("span.fx-step-text", f.T(i18n.Key("fest.effect."+string(e)+".text"))),
				goapp.If(i == active, func() goapp.UI {
					return ui.ElText("span.fx-step-now", f.T(i18n.FestCarpetNow))
				}),
			).ID("fx-step-" + strconv.Itoa(i)).Class(class)
		})).Aria("label", f.T(i18n.FestCarpetTitle)),
	).Aria("label", f.T(i18n.FestCarpetTitle))
}

// hand is this team's action cards, each with what it does and when it can be
// played, and a Play button when it can be played now. The Spy and spectators have no hand.
func (u *UI) hand(v *spyfest.View, f Frame) goapp.UI {
	if !festPlayer(v) {
		return goapp.Text("")
	}
	cards := v.Teams[v.Team].Cards
	var held []spyfest.Card
	for _, c := range spyfest.Cards {
		if cards[c] > 0 {
			held = append(held, c)
		}
	}
	playable := 0
	for _, c := range held {
		if festInRound(v) && cardPlayable(v, c) {
			playable++
		}
	}
	// Folded by default: the hand is looked up, not read every turn; the summary says how
	// many cards can be played right now.
	return ui.El("details#fx-hand.card.fx-hand",
		ui.El("summary",
			ui.ElText("strong", f.T(i18n.FestCardsTitle)+" ("+strconv.Itoa(len(held))+")"),
			goapp.If(playable > 0, func() goapp.UI {
				return ui.ElText("span.fx-playable", f.T(i18n.FestCardsPlayable, playable))
			}),
		),
		goapp.If(len(held) == 0, func() goapp.UI { return ui.ElText("p.muted", f.T(i18n.FestCardsNone)) }),
		ui.El("ul.fx-cards", goapp.Range(held).Slice(func(i int) goapp.UI {
			c := held[i]
			key := "fest.card." + string(c)
			playable := festInRound(v) && cardPlayable(v, c)
			return ui.ElWith("li.fx-card",
				ui.ElText("span.fx-card-icon[aria-hidden=true]", cardIcons[c]),
				ui.El("div.fx-card-body",
					ui.El("strong",
						goapp.Text(f.T(i18n.Key(key))+" "),
						ui.ElText("span.fx-card-count.muted", f.T(i18n.FestCardsLeft, cards[c])),
					),
					ui.ElText("span.small", f.T(i18n.Key(key+".text"))),
					ui.ElText("span.small.muted", f.T(i18n.Key(key+".when"))),
					goapp.If(c == spyfest.CardAsk && playable, func() goapp.UI {
						return ui.ElText("span.small.fx-warn", f.T(i18n.FestAskWarn))
					}),
				),
				goapp.If(playable, func() goapp.UI {
					return ui.ElTextWith("button.btn.secondary.small[type=button]", f.T(i18n.FestPlay)).ID("fx-play-"+string(c)).
						OnClick(u.act(f, spyfest.Play{Round: v.Round, Card: c}), actScope(spyfest.Play{Round: v.Round, Card: c}))
				}),
			).ID("fx-card-"+string(c)).DataSet("count", cards[c])
		})),
	)
}

// result is one round's reveal: character, keyword(s), who scored how much.
func (u *UI) result(v *spyfest.View, f Frame, r spyfest.RoundResult, id string) goapp.UI {
	var outcome string
	switch {
	case r.Scorer != spyfest.NoTeam:
		outcome = f.T(i18n.FestResultScored, teamLetter(r.Scorer), r.Attempt, r.VP)
	case r.Reason == spyfest.EndIdle:
		outcome = f.T(i18n.FestResultIdle)
	case r.Reason == spyfest.EndVoided:
		outcome = f.T(i18n.FestResultVoided)
	default:
		outcome = f.T(i18n.FestResultNone)
	}
	class := "card fx-result"
	if r.Scorer != spyfest.NoTeam {
		class += " fx-team-" + strconv.Itoa(r.Scorer) + " scored"
	}
	title := f.T(i18n.FestResultTitle, r.Round) + " · " + f.T(i18n.FestTeamName, teamLetter(r.Team)) +
		" · " + f.T(i18n.FestSpyIs, festName(f, r.Spy))
	if r.Reverse {
		title += " · " + f.T(i18n.FestResultReverse)
	}
	return ui.ElWith("section",
		ui.ElText("h2.small.muted", title),
		ui.ElText("p.fx-outcome", outcome),
		goapp.If(r.Character != "", func() goapp.UI {
			return ui.El("p", ui.ElText("span.label", f.T(i18n.FestResultChar)+" "),
				ui.ElText("strong.fx-reveal", characterName(v, r.Character, f.Lang)))
		}),
		goapp.If(len(r.Keywords) > 0, func() goapp.UI {
			return ui.El("p", ui.ElText("span.label", f.T(i18n.FestResultKeyword)+" "),
				ui.ElText("strong.fx-reveal", keywordNames(v, r.Keywords, f.Lang)))
		}),
	).ID(id).Class(class).DataSet("scorer", r.Scorer).DataSet("vp", r.VP)
}

// history lists every round so far, newest first, behind a tap.
func (u *UI) history(v *spyfest.View, f Frame) goapp.UI {
	if len(v.History) == 0 {
		return goapp.Text("")
	}
	n := len(v.History)
	return ui.ElWith("details#fx-history.card.fx-history",
		ui.ElText("summary", f.T(i18n.FestHistoryTitle)+" ("+strconv.Itoa(n)+")"),
		goapp.Range(v.History).Slice(func(i int) goapp.UI {
			return u.result(v, f, v.History[n-1-i], "fx-hist-"+strconv.Itoa(n-1-i))
		}),
	).Attr("open", v.Phase == spyfest.PhaseOver)
}

// trackScroller scrolls the red carpet sideways to the card that matters now (the one that
// applies this round, or the winner's), whenever that card changes.
type trackScroller struct {
	goapp.Compo
	Target string
}

func (c *trackScroller) OnMount(ctx goapp.Context)  { c.scroll(ctx) }
func (c *trackScroller) OnUpdate(ctx goapp.Context) { c.scroll(ctx) }

func (c *trackScroller) scroll(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	target := c.Target
	ctx.Defer(func(goapp.Context) {
		step := goapp.Window().GetElementByID(target)
		if !step.Truthy() {
			return
		}
		// By how far the card's middle is from the track's, so the same sum scrolls a track
		// that reads right to left (whose scrollLeft runs from 0 down to negative).
		track := step.Get("parentElement")
		s, t := step.Call("getBoundingClientRect"), track.Call("getBoundingClientRect")
		off := s.Get("left").Float() + s.Get("width").Float()/2 - t.Get("left").Float() - t.Get("width").Float()/2
		track.Set("scrollLeft", track.Get("scrollLeft").Float()+off)
	})
}

func (c *trackScroller) Render() goapp.UI {
	return ui.El("span.fx-scroller[aria-hidden=true]")
}
