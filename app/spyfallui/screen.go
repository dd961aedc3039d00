package spyfallui

import (
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// Frame is what the screens need from the shell, as every game's (ui.Frame).
type Frame = ui.Frame

// spyPicker names what a pick in progress is for.
type spyPicker int

const (
	pickNone   spyPicker = iota
	pickAccuse           // choosing a suspect
	pickGuess            // the spy choosing a location
	pickAsk              // the asker choosing whom to ask (question tracker)
	pickBoth             // the team spy choosing two locations
)

// UI is what this device remembers about the game that the host does not: whether the
// card is shown by holding or tapping, the location sheet and this player's private marks,
// a pick in progress, and which alerts already buzzed.
type UI struct {
	tapToggle bool // "tap to toggle" instead of press-and-hold (accessibility)

	sheet      bool
	search     string
	marks      map[string]bool
	marksRound int
	scores     bool
	hostMenu   bool

	picker   spyPicker
	pickSeat engine.Seat
	pickLoc  string
	pickBoth [2]string
	bothSlot int

	alertedVote  int
	alertedRound int

	view  *spyfall.View // the latest view of this seat (See)
	draft Draft         // the host's typing in the lobby's panel
}

// CloseSheets closes the sheets open on the screen (the locations, the scores), as when the
// phone changes hands in pass-and-play.
func (u *UI) CloseSheets() { u.sheet, u.scores = false, false }

// Observe takes a new view: it resets what belongs to a finished round and buzzes once when
// this seat is asked to vote (the clock's own running out buzzes from the clock).
func (u *UI) Observe(v *spyfall.View) {
	if v == nil {
		return
	}
	if u.marksRound != v.Round {
		u.marks, u.marksRound = nil, v.Round
		u.picker, u.sheet = pickNone, false
	}
	if !accuseOffered(v) && v.Phase != spyfall.PhaseEndAccuse && u.picker == pickAccuse ||
		v.Phase == spyfall.PhaseEndAccuse && !can(v, spyfall.Accuse{}) && u.picker == pickAccuse ||
		!slices.Contains(v.Can, spyfall.Guess{}.Kind()) && u.picker == pickGuess ||
		!slices.Contains(v.Can, spyfall.Ask{}.Kind()) && u.picker == pickAsk ||
		!slices.Contains(v.Can, spyfall.GuessBoth{}.Kind()) && u.picker == pickBoth {
		u.picker = pickNone
	}
	if v.Vote != nil && v.Vote.Mine == "pending" && u.alertedVote != v.Vote.ID {
		u.alertedVote = v.Vote.ID
		ui.Alert()
	}
}

// seatName is the name of engine seat id in v, or "" when there is none.
func seatName(v *spyfall.View, id engine.Seat) string {
	for _, s := range v.Seats {
		if s.ID == id {
			return s.Name
		}
	}
	return ""
}

// seatNames lists the names of seats ids as lang writes a list ("Maya, Leo"; "マヤ、レオ").
func seatNames(v *spyfall.View, ids []engine.Seat, lang i18n.Lang) string {
	names := make([]string, 0, len(ids))
	for _, id := range ids {
		names = append(names, seatName(v, id))
	}
	return i18n.List(lang, names...)
}

func locationName(v *spyfall.View, id string, lang i18n.Lang) string {
	for _, l := range v.Locations {
		if l.ID == id {
			return nameLocation(lang, l.ID, l.Name)
		}
	}
	return id
}

func can(v *spyfall.View, a spyfall.Action) bool { return slices.Contains(v.Can, a.Kind()) }

// Render shows the game as this seat sees it, one screen per phase: the bar (round,
// clock, scores), the phase's body, and its primary action at the bottom.
func (u *UI) Render(v *spyfall.View, f Frame) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	body, actions := u.phase(v, f)
	return ui.ElWith("main.screen.spyfall",
		u.bar(v, f),
		ui.El("div.content", body...),
		ui.El("footer.actions",
			ui.Toast(f.Toast),
			ui.El("div.sf-actions", ui.HeldGroup(f.HostAway, actions...)),
		),
		goapp.If(u.sheet, func() goapp.UI { return u.locationSheet(v, f) }),
		goapp.If(u.scores, func() goapp.UI {
			return ui.Sheet("scores-sheet", t(i18n.SFScores), t(i18n.SFClose), func(ctx goapp.Context, e goapp.Event) { u.scores = false },
				nil, scoreboard(v, f), history(v, f))
		}),
	).Class("phase-"+string(v.Phase)).DataSet("phase", string(v.Phase))
}

// bar is the game's top bar: round, clock, the sheets one tap away and the host menu.
func (u *UI) bar(v *spyfall.View, f Frame) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	round := ""
	if v.Round > 0 {
		round = t(i18n.SFRoundOf, v.Round, max(v.Rounds, v.Round))
	}
	buttons := []goapp.UI{
		ui.ElTextWith("button#open-locations.btn.ghost.small[type=button]", t(i18n.SFLocations)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { u.sheet, u.scores = true, false }),
		ui.ElTextWith("button#open-scores.btn.ghost.small[type=button]", t(i18n.SFScores)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { u.scores, u.sheet = true, false }),
	}
	bar := []goapp.UI{
		ui.ElText("span#sf-round.sf-round", round),
		goapp.If(v.Clock != nil && v.Phase != spyfall.PhasePlaying, func() goapp.UI { return clockFor(v, f, true) }),
	}
	// The host's menu: nothing in the player build (ui.Hosts), where f.Host is never true.
	if ui.Hosts && f.Host && v.Phase != spyfall.PhaseGameOver {
		buttons = append(buttons, ui.ElTextWith("button#host-menu.btn.ghost.small[type=button]", t(i18n.SFHostMenu)).
			Aria("expanded", u.hostMenu).
			OnClick(func(ctx goapp.Context, e goapp.Event) { u.hostMenu = !u.hostMenu }))
	}
	bar = append(bar, ui.El("div.sf-bar-buttons", buttons...))
	if ui.Hosts && u.hostMenu && f.Host {
		bar = append(bar, u.hostControls(v, f))
	}
	return ui.El("header.sf-bar", bar...)
}

// hostControls: pass for a silent seat the game waits on, take an absent player out of the
// round, or end the game.
func (u *UI) hostControls(v *spyfall.View, f Frame) goapp.UI {
	if !ui.Hosts {
		return goapp.Text("")
	}
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	inRound := v.Phase != spyfall.PhaseLobby && v.Phase != spyfall.PhaseRoundOver && v.Phase != spyfall.PhaseGameOver
	return ui.El("div#host-controls.sf-host.card",
		u.hostWaitControls(v, f),
		goapp.If(inRound, func() goapp.UI {
			return ui.El("div.sf-chiprow", goapp.Range(v.Seats).Slice(func(i int) goapp.UI {
				s := v.Seats[i]
				if !s.InRound || s.Absent || s.Removed {
					return goapp.Text("")
				}
				return ui.ElTextWith("button.btn.secondary.small[type=button]", t(i18n.SFMarkAbsent, s.Name)).
					OnClick(func(ctx goapp.Context, e goapp.Event) {
						u.hostMenu = false
						f.Act(ctx, spyfall.HostMarkAbsent{Round: v.Round, Seat: s.ID})
					}, sfScope(spyfall.HostMarkAbsent{Round: v.Round, Seat: s.ID}))
			}))
		}),
		ui.ElTextWith("button#end-game.btn.danger[type=button]", t(i18n.SFEndGame)).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				u.hostMenu = false
				if f.EndGame != nil {
					f.EndGame(ctx)
				}
			}),
	)
}

// phase returns the body and the bottom actions of the current phase.
func (u *UI) phase(v *spyfall.View, f Frame) (body, actions []goapp.UI) {
	switch v.Phase {
	case spyfall.PhaseLobby:
		return u.dealScreen(v, f)
	case spyfall.PhaseDealt:
		return u.dealtScreen(v, f)
	case spyfall.PhasePlaying:
		return u.playScreen(v, f)
	case spyfall.PhaseVote, spyfall.PhaseEndVote:
		return u.voteScreen(v, f)
	case spyfall.PhaseSpyGuess:
		return u.secondSpyScreen(v, f)
	case spyfall.PhaseEndAccuse:
		return u.endAccuseScreen(v, f)
	case spyfall.PhaseTeamLead, spyfall.PhaseTeamPick, spyfall.PhaseTeamGuess:
		return u.teamScreen(v, f)
	case spyfall.PhaseRoundOver:
		return u.roundOverScreen(v, f)
	default:
		return u.gameOverScreen(v, f)
	}
}

// sfScope keys a button's handler by the action it sends: go-app keeps the first handler of
// an element while the function's code is the same, so a closure over view data (a vote
// number, a round) that changes while the button stays on screen would send the old action.
func sfScope(a spyfall.Action) goapp.EventOption {
	return ui.ActionScope(spyfall.EncodeAction(a))
}

// pickMoment names the moment a seat chip's pick handler belongs to, for the same reason:
// the chips stay on screen from one pick (or vote) to the next.
func pickMoment(v *spyfall.View) string {
	m := string(v.Phase) + "/" + itoa(v.Round)
	if v.Team != nil {
		m += "/" + itoa(v.Team.PickNo)
	}
	return m
}
