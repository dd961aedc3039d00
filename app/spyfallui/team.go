package spyfallui

import (
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// teamScreen covers the team variant: the captains agree who picks first, pick
// agents in turn, and a picked spy names both locations.
func (u *UI) teamScreen(v *spyfall.View, f Frame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	tv := v.Team
	if tv == nil {
		return nil, nil
	}
	capA, capB := seatName(v, tv.Captains[0]), seatName(v, tv.Captains[1])
	teams := ui.El("div#team-picks.sf-teams",
		goapp.Range(tv.Captains[:]).Slice(func(i int) goapp.UI {
			return ui.ElWith("div.sf-team",
				ui.ElText("h2", t(i18n.SFTeamPicked, seatName(v, tv.Captains[i]))),
				ui.El("ul", goapp.Range(tv.Picked[i]).Slice(func(j int) goapp.UI {
					return ui.ElText("li", seatName(v, tv.Picked[i][j]))
				})),
			).Class("team-" + string(rune('a'+i)))
		}),
	)
	switch v.Phase {
	case spyfall.PhaseTeamLead:
		line := t(i18n.SFTeamLeadIntro, capA, capB)
		if can(v, spyfall.Lead{}) {
			line = t(i18n.SFTeamLeadYou)
			for _, c := range tv.Captains {
				actions = append(actions, ui.ElTextWith("button.btn.secondary.wide[type=button]", t(i18n.SFTeamFirst, seatName(v, c))).DataSet("captain", int(c)).
					OnClick(func(ctx goapp.Context, e goapp.Event) { f.Act(ctx, spyfall.Lead{Round: v.Round, Captain: c}) }, sfScope(spyfall.Lead{Round: v.Round, Captain: c})))
			}
		}
		body = []goapp.UI{ui.ElText("p#team-line.lead", line), u.card(v, f), clockFor(v, f, false), chips(v, f, "sf-players", engine.NoSeat, nil, nil)}
	case spyfall.PhaseTeamPick:
		mine := can(v, spyfall.Pick{})
		line := t(i18n.SFTeamPickWait, seatName(v, tv.Turn))
		var pick func(goapp.Context, engine.Seat)
		if mine {
			line = t(i18n.SFTeamPickYou)
			pick = func(ctx goapp.Context, s engine.Seat) {
				f.Act(ctx, spyfall.Pick{Round: v.Round, Turn: tv.PickNo, Agent: s})
			}
			actions = append(actions, ui.ElTextWith("button#stop-picking.btn.secondary.wide[type=button]", t(i18n.SFTeamStop)).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					f.Act(ctx, spyfall.StopPicking{Round: v.Round, Turn: tv.PickNo})
				}, sfScope(spyfall.StopPicking{Round: v.Round, Turn: tv.PickNo})))
		}
		picked := func(s engine.Seat) bool {
			return !slices.Contains(tv.Agents, s) || slices.Contains(tv.Picked[0], s) || slices.Contains(tv.Picked[1], s)
		}
		body = []goapp.UI{ui.ElText("p#team-line.lead", line), u.card(v, f), clockFor(v, f, false), teams,
			chips(v, f, "sf-players", engine.NoSeat, picked, pick)}
	case spyfall.PhaseTeamGuess:
		// The same words for every seat: a spy nobody picked is still unknown here, and names
		// both locations from the face of their card.
		line := t(i18n.SFTeamGuessFromCard)
		body = []goapp.UI{
			ui.El("div.card.sf-vote",
				ui.ElText("h1#spy-picked", t(i18n.SFSpyPicked, seatName(v, tv.SpyPicked))),
				ui.ElText("p#team-line.lead", line),
			),
			u.card(v, f), teams, chips(v, f, "sf-players", engine.NoSeat, nil, nil),
		}
	}
	return body, actions
}

// bothFooter is the sheet's footer while the team spy names two locations: one slot per
// captain, then send.
func (u *UI) bothFooter(v *spyfall.View, f Frame) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	tv := v.Team
	return ui.El("div.sf-sheet-foot",
		ui.El("div.sf-slots", goapp.Range(tv.Captains[:]).Slice(func(i int) goapp.UI {
			text := t(i18n.SFTeamGuessSlot, seatName(v, tv.Captains[i]))
			if u.pickBoth[i] != "" {
				text += ": " + i18n.Isolate(f.Lang, locationName(v, u.pickBoth[i], f.Lang))
			}
			class := "btn secondary slot team-" + string(rune('a'+i))
			if u.bothSlot == i {
				class += " selected"
			}
			return ui.ElTextWith("button[type=button]", text).ID("slot-" + itoa(i)).Class(class).
				OnClick(func(ctx goapp.Context, e goapp.Event) { u.bothSlot = i })
		})),
		ui.ElTextWith("button#guess-both-confirm.btn.primary[type=button]", t(i18n.SFTeamGuessSend)).
			Attr("disabled", u.pickBoth[0] == "" || u.pickBoth[1] == "").
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				locs := u.pickBoth
				u.picker, u.sheet, u.pickBoth, u.bothSlot = pickNone, false, [2]string{}, 0
				f.Act(ctx, spyfall.GuessBoth{Round: v.Round, Locations: locs})
			}, goapp.EventScope(v.Round)),
		cancelButton(u, f),
	)
}
