package spyfestui

import (
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine/spyfest"
)

// festMarks are the team note marks in the order their buttons appear.
var festMarks = []struct {
	mark  spyfest.Mark
	class string
	label i18n.Key
	glyph string
}{
	{spyfest.MarkMaybe, "maybe", i18n.FestMarkMaybe, "?"},
	{spyfest.MarkMinus, "minus", i18n.FestMarkMinus, "−"},
	{spyfest.MarkCross, "cross", i18n.FestMarkCross, "✕"},
}

// sheet is the character sheet in four quarters of seven and the keyword set in
// play, both whole for everyone: overviews on tap, the team's shared marks for its non-Spy members, names
// out of the game or in a crossed quarter struck through on every sheet, and, in this team's
// guess window, a pick button on every name that can still be right.
func (u *UI) sheet(v *spyfest.View, f Frame) goapp.UI {
	notes := festPlayer(v) && festInRound(v)
	picking := myGuess(v)
	hint := i18n.FestSheetSpyHint
	if notes {
		hint = i18n.FestSheetHint
	}
	query := i18n.Fold(strings.TrimSpace(u.search)) // accents aside, as in the locations' search
	var quarters [spyfest.Quarters][]spyfest.SheetEntry
	for _, e := range v.Sheet {
		if e.Quarter >= 0 && e.Quarter < spyfest.Quarters {
			if query == "" || strings.Contains(i18n.Fold(nameCharacter(f.Lang, e.ID, e.Name)), query) {
				quarters[e.Quarter] = append(quarters[e.Quarter], e)
			}
		}
	}
	keywords := ui.El("section#fx-keywords.fx-keywords",
		ui.ElText("h3", f.T(i18n.FestKeywordsTitle, v.KeywordSet)),
		ui.El("ul.fx-kwlist", goapp.Range(v.Keywords).Slice(func(i int) goapp.UI {
			k := v.Keywords[i]
			return u.row(v, f, k.ID, nameKeyword(f.Lang, k.ID, k.Name), "", k.Out, false, k.Wrong, k.Note,
				notes, picking && festReverse(v) && !k.Out && !k.Wrong, i18n.FestKeywordOut)
		})),
	)
	sheetFirst := !festReverse(v)
	characters := ui.El("div.fx-quarters-list",
		goapp.Range(quarters[:]).Slice(func(q int) goapp.UI {
			crossed := false
			for _, c := range v.CrossedQuarters {
				crossed = crossed || c == q
			}
			class := "fx-quarter"
			if crossed {
				class += " crossed"
			}
			entries := quarters[q]
			return ui.ElWith("section",
				ui.ElText("h3", f.T(i18n.FestQuarter, q+1)),
				ui.El("ul.fx-list", goapp.Range(entries).Slice(func(i int) goapp.UI {
					e := entries[i]
					return u.row(v, f, e.ID, nameCharacter(f.Lang, e.ID, e.Name), nameOverview(f.Lang, e.ID, e.Overview, e.Name),
						e.Out, e.Crossed, e.Wrong, e.Note, notes,
						picking && !festReverse(v) && !e.Out && !e.Wrong && !e.Crossed, i18n.FestOutBadge)
				})),
			).ID("fx-q-" + strconv.Itoa(q)).Class(class)
		}),
	)
	parts := []goapp.UI{
		ui.ElText("h2", f.T(i18n.FestSheetTitle)),
		ui.ElText("p.small.muted", f.T(hint)),
		ui.ElVoidWith("input#fx-search.field[type=search]").Attr("placeholder", f.T(i18n.FestSearch)).
			Aria("label", f.T(i18n.FestSearch)).Attr("value", u.search).
			OnInput(func(ctx goapp.Context, e goapp.Event) { u.search = ctx.JSSrc().Get("value").String() }),
	}
	if sheetFirst {
		parts = append(parts, characters, keywords)
	} else {
		parts = append(parts, keywords, characters)
	}
	return ui.El("section#fx-sheet.card.fx-sheet", parts...)
}

// row is one name of the sheet: a pick button in a guess window, the name with its overview
// behind a tap, badges for out and wrong, and the team's mark buttons.
func (u *UI) row(v *spyfest.View, f Frame, id, name, overview string, out, crossed, wrong bool,
	note spyfest.Mark, notes, pickable bool, outText i18n.Key) goapp.UI {
	class := "fx-row"
	if out {
		class += " out"
	}
	if crossed {
		class += " crossed"
	}
	if wrong {
		class += " wrong"
	}
	picked := false
	for _, p := range u.picks {
		picked = picked || p == id
	}
	if picked {
		class += " picked"
	}
	if note != "" {
		class += " note-" + markClass(note)
	}
	nameUI := ui.El("span.fx-name",
		goapp.Text(name),
		goapp.If(out, func() goapp.UI { return ui.ElText("span.badge.fx-badge-out", f.T(outText)) }),
		goapp.If(wrong, func() goapp.UI {
			return ui.ElText("span.badge.fx-badge-wrong", "− "+f.T(i18n.FestWrongBadge))
		}),
	)
	var who goapp.UI = ui.El("div.fx-who", nameUI)
	if overview != "" {
		who = ui.El("details.fx-who",
			ui.El("summary", nameUI),
			ui.ElText("p.fx-overview.small.muted", overview),
		)
	}
	return ui.ElWith("li",
		goapp.If(pickable || picked, func() goapp.UI {
			return ui.ElWith("button.fx-pick[type=button]").ID("fx-pick-"+id).Aria("pressed", picked).
				Aria("label", f.T(i18n.FestGuessConfirm, name)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { u.pick(id) }, goapp.EventScope(id))
		}),
		who,
		goapp.If(notes && !out, func() goapp.UI {
			return ui.El("div.fx-marks", goapp.Range(festMarks).Slice(func(i int) goapp.UI {
				m := festMarks[i]
				next := m.mark
				if note == m.mark {
					next = spyfest.MarkNone // tapping the mark again clears it
				}
				return ui.ElTextWith("button.fx-mark[type=button]", m.glyph).ID("fx-mark-"+id+"-"+m.class).Class(m.class).
					Aria("pressed", note == m.mark).Aria("label", f.T(m.label)+": "+i18n.Isolate(f.Lang, name)).Title(f.T(m.label)).
					OnClick(u.act(f, spyfest.Note{Round: v.Round, ID: id, Mark: next}), actScope(spyfest.Note{Round: v.Round, ID: id, Mark: next}))
			}))
		}),
	).ID("fx-row-"+id).Class(class).DataSet("id", id).DataSet("note", string(note))
}

func markClass(m spyfest.Mark) string {
	for _, fm := range festMarks {
		if fm.mark == m {
			return fm.class
		}
	}
	return "none"
}
