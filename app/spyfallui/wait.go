package spyfallui

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// passButton is the seat's own pass at a classic time up, offered beside the
// accusation to whichever seat is in turn, spy or not, so the two screens do not differ.
func passButton(v *spyfall.View, f Frame) goapp.UI {
	if !can(v, spyfall.Pass{}) {
		return goapp.Text("")
	}
	a := spyfall.Pass{Round: v.Round}
	return ui.ElTextWith("button#pass-turn.btn.secondary.wide[type=button]", i18n.T(f.Lang, i18n.SFPassTurn)).
		OnClick(func(ctx goapp.Context, e goapp.Event) { f.Act(ctx, a) }, sfScope(a))
}

// hostWaitControls is the host menu's part for a silent phone: who the game waits on, and a
// pass for each, as the engine lists them in the view (marking a seat away is the menu's
// other move).
func (u *UI) hostWaitControls(v *spyfall.View, f Frame) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	passes := v.Waits
	if len(passes) == 0 {
		return goapp.Text("")
	}
	var names []engine.Seat
	for _, p := range passes {
		if p.Seat != engine.NoSeat {
			names = append(names, p.Seat)
		}
	}
	return ui.El("div#host-waits.sf-host",
		goapp.If(len(names) > 0, func() goapp.UI { return ui.ElText("p.lead", t(i18n.SFHostWaitsOn, seatNames(v, names, f.Lang))) }),
		ui.El("div.sf-chiprow", goapp.Range(passes).Slice(func(i int) goapp.UI {
			p := passes[i]
			label := t(i18n.SFHostPassSpy)
			if p.Seat != engine.NoSeat {
				label = t(i18n.SFHostPassFor, seatName(v, p.Seat))
			}
			return ui.ElTextWith("button.btn.secondary.small.host-pass[type=button]", label).DataSet("seat", int(p.Seat)).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					u.hostMenu = false
					f.Act(ctx, p)
				}, sfScope(p))
		})),
		ui.ElText("p.muted.small", t(i18n.SFHostPassHint)),
	)
}

// WaitsOn names the seats pass-and-play hands the phone to next: those the engine says the
// game waits on (View.Waits, public in every view). It never reads a card or what a seat
// alone may do (v.Can), so the hand-over cannot point at a spy nobody knows of: a
// team spy that no captain picked names the locations when the phone comes round to them.
// Two moments differ from the host's passes: after a deal the phone goes round so everyone
// sees their card first (the dealer's clock is no wait here), and either captain may say who
// leads.
func WaitsOn(v *spyfall.View) []engine.Seat {
	switch v.Phase {
	case spyfall.PhaseDealt:
		return nil
	case spyfall.PhaseTeamLead:
		if v.Team != nil {
			return v.Team.Captains[:]
		}
	}
	var out []engine.Seat
	for _, p := range v.Waits {
		if p.Seat != engine.NoSeat {
			out = append(out, p.Seat)
		}
	}
	return out
}
