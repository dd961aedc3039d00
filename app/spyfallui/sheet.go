package spyfallui

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine/spyfall"
)

// locationSheet is the game's location list, searchable, with this player's private
// strike-through marks; while the spy picks a location (or two, in the team game) a tap
// picks instead of marking.
func (u *UI) locationSheet(v *spyfall.View, f Frame) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	picking := u.picker == pickGuess || u.picker == pickBoth
	// Accents aside ("hopital" finds "Hôpital"), as a player types on a phone.
	q := i18n.Fold(strings.TrimSpace(u.search))
	var list []spyfall.LocationRef
	for _, l := range v.Locations {
		if q == "" || strings.Contains(i18n.Fold(nameLocation(f.Lang, l.ID, l.Name)), q) {
			list = append(list, l)
		}
	}
	hint := t(i18n.SFMarksHint)
	if u.picker == pickGuess {
		hint = t(i18n.SFRevealWho)
	}
	var footer goapp.UI = goapp.Text("")
	if u.picker == pickGuess {
		label := t(i18n.SFRevealWho)
		if u.pickLoc != "" {
			label = t(i18n.SFRevealConfirm, locationName(v, u.pickLoc, f.Lang))
		}
		footer = ui.El("div.sf-sheet-foot",
			ui.ElTextWith("button#guess-confirm.btn.primary[type=button]", label).Attr("disabled", u.pickLoc == "").
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					loc := u.pickLoc
					u.picker, u.sheet, u.pickLoc = pickNone, false, ""
					f.Act(ctx, spyfall.Guess{Round: v.Round, Location: loc})
				}, goapp.EventScope(v.Round)),
			cancelButton(u, f),
		)
	}
	if u.picker == pickBoth {
		footer = u.bothFooter(v, f)
		hint = t(i18n.SFTeamGuessSlot, seatName(v, v.Team.Captains[u.bothSlot]))
	}
	return ui.Sheet("locations-sheet", t(i18n.SFLocations), t(i18n.SFClose), func(ctx goapp.Context, e goapp.Event) {
		u.sheet = false
		if picking {
			u.picker = pickNone
		}
	}, footer,
		ui.ElVoidWith("input#location-search.field[type=search]").Attr("placeholder", t(i18n.SFSearch)).
			Aria("label", t(i18n.SFSearch)).Attr("value", u.search).
			OnInput(func(ctx goapp.Context, e goapp.Event) { u.search = ctx.JSSrc().Get("value").String() }),
		ui.ElText("p.muted.small", hint),
		ui.El("ul#location-list.sf-locations", goapp.Range(list).Slice(func(i int) goapp.UI {
			l := list[i]
			class := "sf-location"
			if u.marks[l.ID] {
				class += " marked"
			}
			if picking && (u.pickLoc == l.ID || u.picker == pickBoth && (u.pickBoth[0] == l.ID || u.pickBoth[1] == l.ID)) {
				class += " selected"
			}
			return ui.El("li", ui.ElTextWith("button[type=button]", nameLocation(f.Lang, l.ID, l.Name)).Class(class).DataSet("location", l.ID).
				Aria("pressed", u.marks[l.ID]).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					switch u.picker {
					case pickGuess:
						u.pickLoc = l.ID
					case pickBoth:
						u.pickBoth[u.bothSlot] = l.ID
						if u.bothSlot == 0 && u.pickBoth[1] == "" {
							u.bothSlot = 1
						}
					default:
						if u.marks == nil {
							u.marks = map[string]bool{}
						}
						u.marks[l.ID] = !u.marks[l.ID]
					}
				}))
		})),
	)
}
