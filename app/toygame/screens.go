package toygame

import (
	"encoding/json"
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
)

// UI is one device's screens of the toy game: the latest view of its seat. (Its few words
// are numbers and marks: it is never shown to a player.)
type UI struct{ view *View }

// See takes the seat's view as it arrives.
func (u *UI) See(raw json.RawMessage) error {
	return ui.ReadView(raw, &u.view)
}

// Screen lists the guesses with their answers, marks the winner, and gives the seat in
// turn a button for each number.
func (u *UI) Screen(f ui.Frame) goapp.UI {
	v := u.view
	answer := map[int]string{-1: "↑", 1: "↓", 0: "✓"}
	tries := goapp.Range(v.Tries).Slice(func(i int) goapp.UI {
		t := v.Tries[i]
		return ui.ElText("li.toy-try", f.Names[t.Seat]+" "+strconv.Itoa(t.Number)+" "+answer[t.Answer])
	})
	var buttons []goapp.UI
	if v.InTurn == v.Seat && !v.Over {
		for n := 1; n <= v.Max; n++ {
			a := Guess{Turn: v.Turn, Number: n}
			buttons = append(buttons, ui.ElTextWith("button.btn.secondary[type=button]", strconv.Itoa(n)).
				ID("toy-guess-"+strconv.Itoa(n)).OnClick(func(ctx goapp.Context, e goapp.Event) { f.Act(ctx, a) }, goapp.EventScope(v.Turn)))
		}
	}
	return ui.El("main#toy.screen",
		ui.El("ol#toy-tries", tries),
		goapp.If(v.Over && v.Winner != engine.NoSeat, func() goapp.UI {
			return ui.ElText("p#toy-winner", "✓ "+f.Names[v.Winner])
		}),
		ui.El("footer.actions", append([]goapp.UI{ui.Toast(f.Toast)}, buttons...)...),
	)
}

// Settings is the largest number for the host to choose, or a way to choose this game.
func (u *UI) Settings(s ui.Setup) (panel, footer goapp.UI) {
	c, _ := s.Config.(*Config)
	switch {
	case c == nil || !s.Host:
		return goapp.Text(""), goapp.Text("")
	case !s.Chosen:
		return ui.ElTextWith("button#toy-choose.btn.secondary[type=button]", "1…"+strconv.Itoa(c.Max)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { s.Change(ctx, c) }), goapp.Text("")
	}
	bigger := *c
	bigger.Max *= 2
	return ui.El("section#toy-settings",
		ui.ElTextWith("button#toy-max.btn.secondary[type=button]", "1…"+strconv.Itoa(bigger.Max)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { s.Change(ctx, &bigger) }),
	), s.Start("toy-start", "▶")
}

// StartWhy: the refusals say enough.
func (u *UI) StartWhy(any, i18n.Lang, string) string { return "" }

// Waiting is the seat in turn.
func (u *UI) Waiting() []engine.Seat {
	if u.view == nil || u.view.Over {
		return nil
	}
	return []engine.Seat{u.view.InTurn}
}

// PutDown: nothing is open over the screen.
func (u *UI) PutDown() {}
