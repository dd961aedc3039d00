package spyfallui

import (
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// passButton is the seat's own pass at a classic time up (SF-END-1a), offered beside the
// accusation to whichever seat is in turn, spy or not, so the two screens do not differ.
func passButton(v *spyfall.View, f Frame) goapp.UI {
	if !can(v, spyfall.Pass{}) {
		return goapp.Text("")
	}
	a := spyfall.Pass{Round: v.Round}
	return ui.ElTextWith("button#pass-turn.btn.secondary.wide[type=button]", i18n.T(f.Lang, i18n.SFPassTurn)).
		OnClick(func(ctx goapp.Context, e goapp.Event) { f.Act(ctx, a) }, sfScope(a))
}

// waitedOn lists the seats the game waits on now, each with the host's pass that moves the
// game on without it (SF-END-1a). Everything here is public in every view: who deals, whose
// turn it is, who has not voted yet, which spy is revealed. The team spy is not, so the
// host's pass for them names nobody (NoSeat), and the engine finds them.
func waitedOn(v *spyfall.View) []spyfall.HostPass {
	pass := func(s engine.Seat) []spyfall.HostPass { return []spyfall.HostPass{{Round: v.Round, Seat: s}} }
	switch v.Phase {
	case spyfall.PhaseDealt:
		return pass(v.Dealer)
	case spyfall.PhaseEndAccuse:
		return pass(v.EndTurn)
	case spyfall.PhaseVote, spyfall.PhaseEndVote:
		if v.Vote == nil {
			return nil
		}
		var out []spyfall.HostPass
		for _, s := range v.Vote.Voters {
			if !slices.Contains(v.Vote.Voted, s) {
				out = append(out, spyfall.HostPass{Round: v.Round, Vote: v.Vote.ID, Seat: s})
			}
		}
		return out
	case spyfall.PhaseSpyGuess:
		if v.SpyGuess != nil {
			return pass(v.SpyGuess.Second)
		}
	case spyfall.PhaseTeamPick:
		if v.Team != nil {
			return pass(v.Team.Turn)
		}
	case spyfall.PhaseTeamGuess:
		return pass(engine.NoSeat)
	}
	return nil
}

// hostWaitControls is the host menu's part for a silent phone: who the game waits on, and a
// pass for each (marking a seat away is the menu's other move).
func (u *UI) hostWaitControls(v *spyfall.View, f Frame) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	passes := waitedOn(v)
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
		goapp.If(len(names) > 0, func() goapp.UI { return ui.ElText("p.lead", t(i18n.SFHostWaitsOn, seatNames(v, names))) }),
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

// WaitsOn names the seats the game waits for, from what every player may see (the same
// waits as the host's pass, waitedOn): the phone goes to them next. It never reads a card or
// what a seat alone may do (v.Can), so the hand-over cannot point at a spy nobody knows of
// (APP-HID-4): a team spy that no captain picked names the locations when the phone comes
// round to them. The dealer's clock is no wait here: after a deal the phone goes round so
// everyone sees their card first; and either captain may say who leads.
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
	for _, p := range waitedOn(v) {
		if p.Seat != engine.NoSeat {
			out = append(out, p.Seat)
		}
	}
	return out
}
