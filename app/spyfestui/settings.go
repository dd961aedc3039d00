package spyfestui

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine/spyfest"
)

// setup is the lobby's Spyfest panel. UI keeps one between renders and fills it in before
// each draw; its handlers read it when they run (go-app keeps an element's first handler
// while the handler's code is the same), so they see the latest fill, never a copy taken
// at an older render.
type setup struct {
	ui.Setup
	config spyfest.Config // the room's Spyfest settings, as ConfigOf gives them
	draft  draft
}

// draft is the custom character being typed in the lobby.
type draft struct {
	name    string
	quarter int
	err     string
}

// ConfigOf is the Spyfest config that settings hold (the default when they hold none), a copy
// that a change may modify.
func ConfigOf(set *spyfest.Config) spyfest.Config {
	if set == nil {
		return spyfest.DefaultConfig()
	}
	c := *set
	c.Carpet = maps.Clone(c.Carpet)
	c.ActionCards = maps.Clone(c.ActionCards)
	c.Custom = slices.Clone(c.Custom)
	c.Removed = slices.Clone(c.Removed)
	return c
}

func (s *setup) t(key i18n.Key, args ...any) string { return i18n.T(s.Lang, key, args...) }

// change sends the settings with one change made to a copy of the Spyfest config, Spyfest
// chosen.
func (s *setup) change(ctx goapp.Context, change func(c *spyfest.Config)) {
	c := ConfigOf(&s.config)
	change(&c)
	s.Change(ctx, &c)
}

func (s *setup) festClick(change func(c *spyfest.Config)) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) { s.change(ctx, change) }
}

// Settings is the lobby's Spyfest panel: for the host, a way in from another game and every
// setting; for everybody, the team pick and the summary. Its Start
// button is in the panel, the lobby's bottom has none of Spyfest's.
func (u *UI) Settings(in ui.Setup) (panel, footer goapp.UI) {
	s := &u.setup
	s.Setup, s.config = in, ConfigOf(nil)
	if c, ok := in.Config.(*spyfest.Config); ok {
		s.config = ConfigOf(c)
	}
	return s.render(), goapp.Text("")
}

func (s *setup) render() goapp.UI {
	if !s.Chosen {
		if !ui.Hosts || !s.Host {
			return goapp.Text("")
		}
		return ui.El("section#fest-switch.card",
			ui.ElTextWith("button#fest-family.btn.secondary[type=button]", s.t(i18n.FestPlaySpyfest)).
				OnClick(s.festClick(func(c *spyfest.Config) {})),
		)
	}
	c := s.config
	parts := []goapp.UI{ui.ElText("h2", s.t(i18n.FestSetupTitle)), s.festTeams()}
	if ui.Hosts && s.Host {
		parts = append(parts, s.festHostSettings(c))
	} else {
		// The players who wait for the host read how the game goes and what the host chose,
		// as Spyfall's lobby tells them (issue 29).
		parts = append(parts, ui.ElText("p#fest-summary.lead", s.festSummary(c)),
			ui.ElText("p#fest-rules.muted", s.t(i18n.FestRules)),
			ui.ElText("p.muted.small", s.t(i18n.FestWaitingForHost)))
	}
	return ui.El("section#spyfest-settings.card.fx-settings", parts...)
}

// editionName names an edition in the player's language (Japanese and Chinese translate it).
func (s *setup) editionName(edition string) string {
	if edition == spyfest.EditionSpycon {
		return s.t(i18n.FestEditionSpycon)
	}
	return s.t(i18n.FestEditionSpyfest)
}

// festSummary is the host's choices in one line: edition, characters, keywords, the guess
// window and the idle timer, and the victory without a carpet.
func (s *setup) festSummary(c spyfest.Config) string {
	deck := s.t(i18n.FestDeckFictional)
	if c.Deck == spyfest.DeckNonFictional {
		deck = s.t(i18n.FestDeckReal)
	}
	timer := func(label string, d, def time.Duration) string {
		switch {
		case d == spyfest.Off:
			return label + " " + s.t(i18n.FestTimerOff)
		case d == 0:
			d = def
		}
		return label + " " + s.t(i18n.FestSeconds, int(d/time.Second))
	}
	parts := []string{s.editionName(c.Edition), deck, s.t(i18n.FestKeywordSet) + " " + c.Keywords,
		timer(s.t(i18n.FestGuessWindow), c.GuessWindow, spyfest.DefaultGuessWindow),
		timer(s.t(i18n.FestIdleTimer), c.IdleTimer, spyfest.DefaultIdleTimer)}
	if c.NoCarpet {
		parts = append(parts, s.t(i18n.FestNoCarpet, max(c.VictoryVP, spyfest.DefaultVictoryVP)))
	}
	return strings.Join(parts, " · ")
}

// festTeams shows both teams and the players without one; each player picks a side, the host
// may move anyone, balance or shuffle.
func (s *setup) festTeams() goapp.UI {
	names := map[int]string{}
	for _, p := range s.Players {
		names[p.Seat] = p.Name
	}
	me := -1
	for _, p := range s.Players {
		if p.You {
			me = p.Seat
		}
	}
	inTeam := map[int]int{}
	for t, members := range s.Teams {
		for _, m := range members {
			inTeam[m] = t
		}
	}
	var loose []int
	for _, p := range s.Players {
		if _, ok := inTeam[p.Seat]; !ok {
			loose = append(loose, p.Seat)
		}
	}
	member := func(seat, team int) goapp.UI {
		parts := []goapp.UI{ui.ElText("span.player-name", names[seat])}
		if ui.Hosts && s.Host { // the host moves players between teams (never in the player build)
			if team != 0 {
				parts = append(parts, ui.ElTextWith("button.btn.ghost.small[type=button]", "→ A").ID("fest-assign-"+strconv.Itoa(seat)+"-0").
					OnClick(func(ctx goapp.Context, e goapp.Event) { s.AssignTeam(ctx, seat, 0) }, goapp.EventScope(seat)))
			}
			if team != 1 {
				parts = append(parts, ui.ElTextWith("button.btn.ghost.small[type=button]", "→ B").ID("fest-assign-"+strconv.Itoa(seat)+"-1").
					OnClick(func(ctx goapp.Context, e goapp.Event) { s.AssignTeam(ctx, seat, 1) }, goapp.EventScope(seat)))
			}
		}
		return ui.ElWith("li.fx-pick-member", parts...).DataSet("seat", seat)
	}
	column := func(t int) goapp.UI {
		members := s.Teams[t]
		mine := slices.Contains(members, me)
		return ui.ElWith("div.fx-pick-team",
			ui.ElText("h3", s.t(i18n.FestTeamName, teamLetter(t))+" ("+strconv.Itoa(len(members))+")"),
			ui.El("ul.fx-pick-list", goapp.Range(members).Slice(func(i int) goapp.UI { return member(members[i], t) })),
			goapp.If(!mine, func() goapp.UI {
				return ui.ElTextWith("button.btn.secondary.small[type=button]", s.t(i18n.FestJoinTeam, teamLetter(t))).
					ID("fest-join-" + strconv.Itoa(t)).
					OnClick(func(ctx goapp.Context, e goapp.Event) { s.PickTeam(ctx, t) })
			}),
		).ID("fest-team-" + strconv.Itoa(t)).Class("fx-team-" + strconv.Itoa(t))
	}
	teams := []goapp.UI{
		ui.ElText("h3.label", s.t(i18n.FestTeamsTitle)),
		ui.ElText("p.small.muted", s.t(i18n.FestTeamsHint)),
		ui.El("div.fx-pick-cols", column(0), column(1)),
		goapp.If(len(loose) > 0, func() goapp.UI {
			return ui.El("div#fest-loose",
				ui.ElText("h3.label", s.t(i18n.FestUnassigned)),
				ui.El("ul.fx-pick-list", goapp.Range(loose).Slice(func(i int) goapp.UI { return member(loose[i], -1) })),
			)
		}),
	}
	if ui.Hosts && s.Host {
		teams = append(teams, ui.El("div.row",
			ui.ElTextWith("button#fest-balance.btn.secondary.small[type=button]", s.t(i18n.FestBalance)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { s.Balance(ctx) }),
			ui.ElTextWith("button#fest-shuffle.btn.secondary.small[type=button]", s.t(i18n.FestShuffle)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { s.Shuffle(ctx) }),
		))
	}
	return ui.El("div#fest-teams.fx-teampick", teams...)
}
