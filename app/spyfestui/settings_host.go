//go:build !player

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

// festHostSettings: edition, deck, keyword set, carpet or VP target, action cards, timers,
// variants, removals and custom characters, then Start.
func (s *setup) festHostSettings(c spyfest.Config) goapp.UI {
	seg := func(id string, options, labels []string, current string, pick func(c *spyfest.Config, v string)) goapp.UI {
		return ui.ElWith("div.fx-seg", goapp.Range(options).Slice(func(i int) goapp.UI {
			o := options[i]
			return ui.ElTextWith("button.btn.secondary.small[type=button]", labels[i]).ID(id+"-"+o).Aria("pressed", o == current).
				OnClick(s.festClick(func(c *spyfest.Config) { pick(c, o) }), goapp.EventScope(id, o))
		})).ID(id)
	}
	check := func(id string, on bool, label string, change func(c *spyfest.Config, on bool)) goapp.UI {
		return ui.El("label.fx-check",
			ui.ElVoidWith("input[type=checkbox]").ID(id).Attr("checked", on).OnChange(func(ctx goapp.Context, e goapp.Event) {
				v := ctx.JSSrc().Get("checked").Bool()
				s.change(ctx, func(c *spyfest.Config) { change(c, v) })
			}, goapp.EventScope(id)),
			ui.ElText("span", label),
		)
	}
	stepper := func(id, label string, n, lo, hi int, set func(c *spyfest.Config, n int)) goapp.UI {
		return ui.ElWith("div.fx-stepper",
			ui.ElText("span.fx-stepper-label", label),
			ui.ElTextWith("button.btn.ghost.small[type=button]", "−").ID(id+"-minus").Aria("label", s.t(i18n.FestMinus)+": "+label).
				Attr("disabled", n <= lo).OnClick(s.festClick(func(c *spyfest.Config) { set(c, n-1) }), goapp.EventScope(id, n)),
			ui.ElText("strong.fx-stepper-value", strconv.Itoa(n)),
			ui.ElTextWith("button.btn.ghost.small[type=button]", "+").ID(id+"-plus").Aria("label", s.t(i18n.FestPlus)+": "+label).
				Attr("disabled", n >= hi).OnClick(s.festClick(func(c *spyfest.Config) { set(c, n+1) }), goapp.EventScope(id, n)),
		).ID(id)
	}
	timer := func(id, label string, current time.Duration, def time.Duration, choices []time.Duration, set func(c *spyfest.Config, d time.Duration)) goapp.UI {
		if current == 0 {
			current = def
		}
		opts := make([]string, len(choices))
		labels := make([]string, len(choices))
		cur := ""
		for i, d := range choices {
			opts[i] = strconv.Itoa(int(d / time.Second))
			labels[i] = s.t(i18n.FestSeconds, int(d/time.Second))
			if d == spyfest.Off || d == 0 {
				labels[i] = s.t(i18n.FestTimerOff)
			}
			if d == current {
				cur = opts[i]
			}
		}
		return ui.El("div.fx-field",
			ui.ElText("span.label", label),
			seg(id, opts, labels, cur, func(c *spyfest.Config, v string) {
				n, _ := strconv.Atoi(v)
				set(c, time.Duration(n)*time.Second)
			}),
		)
	}

	carpet := c.Carpet
	if carpet == nil {
		carpet = spyfest.DefaultCarpet()
	}
	cards := c.ActionCards
	if cards == nil {
		cards = spyfest.DefaultActionCards()
	}
	var carpetPart goapp.UI
	if c.NoCarpet {
		vp := c.VictoryVP
		if vp == 0 {
			vp = spyfest.DefaultVictoryVP
		}
		carpetPart = stepper("fest-victory", s.t(i18n.FestVictoryVP), vp, 3, 40,
			func(c *spyfest.Config, n int) { c.VictoryVP = n })
	} else {
		carpetPart = ui.El("details#fest-carpet.fx-details",
			ui.ElText("summary", s.t(i18n.FestCarpetLength)+" ("+strconv.Itoa(sumCounts(carpet))+")"),
			goapp.Range(spyfest.CarpetEffects).Slice(func(i int) goapp.UI {
				e := spyfest.CarpetEffects[i]
				return stepper("fest-carpet-"+string(e), effectIcons[e]+" "+s.t(i18n.Key("fest.effect."+string(e))), carpet[e], 0, 10,
					func(c *spyfest.Config, n int) {
						if c.Carpet == nil {
							c.Carpet = spyfest.DefaultCarpet()
						}
						c.Carpet[e] = n
					})
			}),
		)
	}
	var cardsPart goapp.UI = goapp.Text("")
	if !c.NoActionCards {
		cardsPart = ui.El("details#fest-cards.fx-details",
			ui.ElText("summary", s.t(i18n.FestUseCards)+" ("+strconv.Itoa(sumCounts(cards))+")"),
			goapp.Range(spyfest.Cards).Slice(func(i int) goapp.UI {
				k := spyfest.Cards[i]
				return stepper("fest-card-"+string(k), cardIcons[k]+" "+s.t(i18n.Key("fest.card."+string(k))), cards[k], 0, 5,
					func(c *spyfest.Config, n int) {
						if c.ActionCards == nil {
							c.ActionCards = spyfest.DefaultActionCards()
						}
						c.ActionCards[k] = n
					})
			}),
		)
	}
	return ui.El("div.fx-setup",
		ui.ElTextWith("button#fest-to-spyfall.btn.ghost.small[type=button]", s.t(i18n.FestToSpyfall)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { s.Back(ctx) }),
		ui.El("div.fx-field", ui.ElText("span.label", s.t(i18n.FestEdition)),
			seg("fest-edition", []string{spyfest.EditionSpyfest, spyfest.EditionSpycon}, []string{s.editionName(spyfest.EditionSpyfest), s.editionName(spyfest.EditionSpycon)}, c.Edition,
				func(c *spyfest.Config, v string) { c.Edition, c.Removed, c.Custom = v, nil, nil })),
		ui.El("div.fx-field", ui.ElText("span.label", s.t(i18n.FestDeck)),
			seg("fest-deck", []string{spyfest.DeckFictional, spyfest.DeckNonFictional}, []string{s.t(i18n.FestDeckFictional), s.t(i18n.FestDeckReal)}, c.Deck,
				func(c *spyfest.Config, v string) { c.Deck, c.Removed, c.Custom = v, nil, nil })),
		ui.El("div.fx-field", ui.ElText("span.label", s.t(i18n.FestKeywordSet)),
			seg("fest-keywords", []string{spyfest.KeywordsA, spyfest.KeywordsB}, []string{"A", "B"}, c.Keywords,
				func(c *spyfest.Config, v string) { c.Keywords = v })),
		check("fest-use-carpet", !c.NoCarpet, s.t(i18n.FestUseCarpet, spyfest.DefaultVictoryVP), func(c *spyfest.Config, on bool) { c.NoCarpet = !on }),
		carpetPart,
		check("fest-use-cards", !c.NoActionCards, s.t(i18n.FestUseCards), func(c *spyfest.Config, on bool) { c.NoActionCards = !on }),
		cardsPart,
		timer("fest-window", s.t(i18n.FestGuessWindow), c.GuessWindow, spyfest.DefaultGuessWindow,
			[]time.Duration{spyfest.Off, 15 * time.Second, 30 * time.Second, 45 * time.Second, 60 * time.Second},
			func(c *spyfest.Config, d time.Duration) { c.GuessWindow = offOr(d) }),
		timer("fest-idle", s.t(i18n.FestIdleTimer), c.IdleTimer, spyfest.DefaultIdleTimer,
			[]time.Duration{spyfest.Off, 30 * time.Second, 60 * time.Second, 90 * time.Second},
			func(c *spyfest.Config, d time.Duration) { c.IdleTimer = offOr(d) }),
		timer("fest-desc", s.t(i18n.FestDescLimit), c.DescriptionLimit, 0,
			[]time.Duration{0, 120 * time.Second, 180 * time.Second},
			func(c *spyfest.Config, d time.Duration) { c.DescriptionLimit = max(d, 0) }),
		check("fest-third", c.ThirdPerson, s.t(i18n.FestThirdPerson), func(c *spyfest.Config, on bool) { c.ThirdPerson = on }),
		check("fest-internet", c.InternetLookup, s.t(i18n.FestInternet), func(c *spyfest.Config, on bool) { c.InternetLookup = on }),
		s.festRoster(c),
		goapp.Range(s.Warnings).Slice(func(i int) goapp.UI {
			return ui.ElText("p.note.fx-warning", s.Warnings[i])
		}),
		s.Start("fest-start", s.t(i18n.FestStart)),
	)
}

// offOr stores a chosen length: 0 s from the buttons means "off".
func offOr(d time.Duration) time.Duration {
	if d <= 0 {
		return spyfest.Off
	}
	return d
}

func sumCounts[K comparable](m map[K]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// festRoster lists the deck's characters by quarter to leave some out, warns past three
// removed, and adds the group's own characters into a chosen quarter.
func (s *setup) festRoster(c spyfest.Config) goapp.UI {
	base := spyfest.Sheet(c.Edition, c.Deck)
	type entry struct {
		id, name string
		quarter  int
	}
	var list []entry
	for i, ch := range base {
		list = append(list, entry{ch.ID, nameCharacter(s.Lang, ch.ID, ch.Name), min(i*spyfest.Quarters/max(len(base), 1), spyfest.Quarters-1)})
	}
	for _, cc := range c.Custom {
		list = append(list, entry{cc.Character.ID, nameCharacter(s.Lang, cc.Character.ID, cc.Character.Name), cc.Quarter})
	}
	slices.SortStableFunc(list, func(a, b entry) int { return a.quarter - b.quarter })
	d := &s.draft
	quarters := []string{"0", "1", "2", "3"}
	return ui.El("details#fest-roster.fx-details",
		ui.ElText("summary", s.t(i18n.FestRemoveTitle)+" ("+strconv.Itoa(len(list)-len(c.Removed))+")"),
		ui.ElText("p.small.muted", s.t(i18n.FestRemoveHint)),
		goapp.If(len(c.Removed) > spyfest.RemovalWarningAbove, func() goapp.UI {
			return ui.ElText("p#fest-remove-warn.note.fx-warning", s.t(i18n.FestRemoveWarn, len(c.Removed)))
		}),
		ui.El("ul.fx-roster", goapp.Range(list).Slice(func(i int) goapp.UI {
			e := list[i]
			on := !slices.Contains(c.Removed, e.id)
			return ui.El("li", ui.El("label.fx-check",
				ui.ElVoidWith("input[type=checkbox]").ID("fest-keep-"+e.id).Attr("checked", on).OnChange(func(ctx goapp.Context, ev goapp.Event) {
					keep := ctx.JSSrc().Get("checked").Bool()
					s.change(ctx, func(c *spyfest.Config) {
						c.Removed = slices.DeleteFunc(c.Removed, func(id string) bool { return id == e.id })
						if !keep {
							c.Removed = append(c.Removed, e.id)
						}
					})
				}, goapp.EventScope(e.id)),
				ui.ElText("span", s.t(i18n.FestQuarter, e.quarter+1)+" · "+i18n.Isolate(s.Lang, e.name)),
			))
		})),
		ui.ElText("h3.label", s.t(i18n.FestCustomTitle)),
		ui.El("div.row",
			ui.ElVoidWith("input#fest-custom-name.field[type=text][maxlength=40]").Attr("placeholder", s.t(i18n.FestCustomName)).
				Aria("label", s.t(i18n.FestCustomName)).Attr("value", d.name).
				OnInput(func(ctx goapp.Context, e goapp.Event) { d.name, d.err = ctx.JSSrc().Get("value").String(), "" }),
			ui.ElWith("select#fest-custom-quarter.field.fx-select", goapp.Range(quarters).Slice(func(i int) goapp.UI {
				return ui.ElTextWith("option", s.t(i18n.FestQuarter, i+1)).Attr("value", quarters[i]).Attr("selected", i == d.quarter)
			})).Aria("label", s.t(i18n.FestQuarter, d.quarter+1)).
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					d.quarter, _ = strconv.Atoi(ctx.JSSrc().Get("value").String())
				}),
		),
		ui.FieldError("fest-custom-error", d.err),
		ui.ElTextWith("button#fest-custom-add.btn.secondary.small[type=button]", s.t(i18n.FestCustomAdd, d.quarter+1)).OnClick(func(ctx goapp.Context, e goapp.Event) {
			name := strings.TrimSpace(d.name)
			if name == "" {
				d.err = s.t(i18n.FestCustomBad)
				return
			}
			id := "custom_" + strconv.Itoa(len(c.Custom)+1) + "_" + strings.ToLower(strings.ReplaceAll(name, " ", "_"))
			q := d.quarter
			d.name = ""
			s.change(ctx, func(c *spyfest.Config) {
				c.Custom = append(c.Custom, spyfest.CustomCharacter{
					Character: spyfest.Character{ID: id, Name: engine.Text{"en": name}, Overview: engine.Text{}},
					Quarter:   q,
				})
			})
		}, goapp.EventScope(len(c.Custom), c.Edition, c.Deck)),
	)
}
