package spyfallui

import (
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// card is this seat's secret card, or a line saying it waits for the next deal. Its face
// carries the seat's one card action (see ui.SecretCard): the spy's move when the spy may make
// one, otherwise the list of locations, so every seat's card looks and acts alike.
func (u *UI) card(v *spyfall.View, f Frame) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	c := v.Card
	if c == nil {
		if v.Seat == engine.NoSeat {
			return goapp.Text("")
		}
		return ui.ElText("p#no-card.note", t(i18n.SFNoCard))
	}
	prompt := t(i18n.SFHoldCard)
	if u.tapToggle {
		prompt = t(i18n.SFTapCard)
	}
	sc := &ui.SecretCard{TapToggle: u.tapToggle, Prompt: prompt}
	switch {
	case c.Spy:
		sc.Title = t(i18n.SFYouAreSpy)
		sc.Lines = []string{t(i18n.SFSpyHint)}
		if len(c.FellowSpies) > 0 {
			sc.Lines = append(sc.Lines, t(i18n.SFFellowSpy, seatNames(v, c.FellowSpies, f.Lang)))
		}
		if v.Variant == spyfall.TwoPlayer || v.Variant == spyfall.ThreePlayer {
			sc.Lines = append(sc.Lines, t(i18n.SFSpyMayNotAccuse))
		}
	case c.Location != nil:
		sc.Title = nameLocation(f.Lang, c.Location.ID, c.Location.Name)
		if r := cardRole(f.Lang, c); r != "" {
			sc.Lines = append(sc.Lines, t(i18n.SFYourRole, r))
		}
		if c.Captain {
			sc.Lines = append(sc.Lines, t(i18n.SFCaptainCard))
		}
	}
	sc.ActionLabel, sc.Action = u.cardAction(v, f)
	return ui.El("div.sf-card-wrap",
		sc,
		ui.El("label.sf-toggle.small.muted",
			ui.ElVoidWith("input#card-toggle[type=checkbox]").Attr("checked", u.tapToggle).
				OnChange(func(ctx goapp.Context, e goapp.Event) { u.tapToggle = ctx.JSSrc().Get("checked").Bool() }),
			goapp.Text(" "+t(i18n.SFCardToggle)),
		),
	)
}

// cardAction is the button on the face of this seat's card: naming the location (or both, in
// the team game) when this seat may, else opening the list of locations.
func (u *UI) cardAction(v *spyfall.View, f Frame) (string, func(goapp.Context)) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	redraw := func(ctx goapp.Context, change func()) {
		change()
		if f.Redraw != nil {
			f.Redraw(ctx)
		}
	}
	switch {
	case can(v, spyfall.Guess{}):
		return t(i18n.SFCardNameLocation), func(ctx goapp.Context) {
			redraw(ctx, func() { u.picker, u.pickLoc, u.sheet, u.scores = pickGuess, "", true, false })
		}
	case can(v, spyfall.GuessBoth{}):
		return t(i18n.SFTeamGuessSend), func(ctx goapp.Context) {
			redraw(ctx, func() {
				u.picker, u.sheet, u.scores = pickBoth, true, false
				if u.pickBoth[0] != "" && u.pickBoth[1] == "" {
					u.bothSlot = 1
				}
			})
		}
	}
	return t(i18n.SFCardLocations), func(ctx goapp.Context) {
		redraw(ctx, func() { u.picker, u.sheet, u.scores = pickNone, true, false })
	}
}

// chips lists the seats of the round as chips with badges; when pick is set a chip is a
// button that picks that seat (skip says which may not be picked).
func chips(v *spyfall.View, f Frame, id string, selected engine.Seat, skip func(engine.Seat) bool, pick func(goapp.Context, engine.Seat)) goapp.UI {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	voted := map[engine.Seat]bool{}
	if v.Vote != nil {
		for _, s := range v.Vote.Voted {
			voted[s] = true
		}
	}
	captain := map[engine.Seat]int{}
	if v.Team != nil {
		captain[v.Team.Captains[0]], captain[v.Team.Captains[1]] = 1, 2
	}
	return ui.ElWith("ul.sf-chips", goapp.Range(v.Seats).Slice(func(i int) goapp.UI {
		s := v.Seats[i]
		if s.Removed {
			return goapp.Text("")
		}
		name := s.Name
		if s.ID == v.Seat {
			name = t(i18n.SFYouSuffix, s.Name)
		}
		var badges []goapp.UI
		badge := func(class, text string) { badges = append(badges, ui.ElTextWith("span.badge", text).Class(class)) }
		// The dealer's part is over once the clock runs (the asker's badge takes over), and
		// who accused this round says nothing during a vote (the vote names its accuser):
		// fewer badges keep a row on one line in more languages (issue 29).
		if s.ID == v.Dealer && v.Variant != spyfall.Team && v.Phase == spyfall.PhaseDealt {
			badge("dealer", t(i18n.SFBadgeDealer))
		}
		if s.ID == v.Asker && v.Phase == spyfall.PhasePlaying {
			badge("asks", t(i18n.SFBadgeAsks))
		}
		if c := captain[s.ID]; c > 0 {
			badge("captain team-"+string(rune('a'+c-1)), t(i18n.SFBadgeCaptain))
		}
		if v.Team != nil && s.ID == v.Team.SpyPicked || v.SpyGuess != nil && (s.ID == v.SpyGuess.First || s.ID == v.SpyGuess.Second) {
			badge("spy", t(i18n.SFBadgeSpy))
		}
		if s.Accused && v.Variant == spyfall.Normal && v.Phase != spyfall.PhaseVote {
			badge("accused", t(i18n.SFBadgeAccused))
		}
		if voted[s.ID] {
			badge("voted", t(i18n.SFBadgeVoted))
		}
		if s.Absent {
			badge("away", t(i18n.SFBadgeAway))
		}
		if !s.InRound && v.Round > 0 && v.Phase != spyfall.PhaseRoundOver && v.Phase != spyfall.PhaseGameOver {
			badge("waits", t(i18n.SFBadgeWaits))
		}
		class := "sf-chip"
		if s.ID == v.Seat {
			class += " you"
		}
		if s.ID == selected {
			class += " selected"
		}
		// The name and its badges share the space between the seat's dot and its points:
		// badges that do not fit wrap under the name, never pushing the points off the line.
		content := []goapp.UI{
			ui.ElWith("span.seat-dot[aria-hidden=true]").Style("--seat-hue", seatHue(int(s.ID))),
			ui.ElWith("span.sf-chip-who", append([]goapp.UI{ui.ElText("span.sf-chip-name", name)}, badges...)...),
			ui.ElText("span.sf-points", itoa(s.Points)),
		}
		if pick != nil && (skip == nil || !skip(s.ID)) {
			return ui.El("li", ui.ElWith("button[type=button]", content...).Class(class+" pickable").DataSet("seat", int(s.ID)).
				Aria("pressed", s.ID == selected).
				OnClick(func(ctx goapp.Context, e goapp.Event) { pick(ctx, s.ID) }, goapp.EventScope(int(s.ID), pickMoment(v))))
		}
		return ui.ElWith("li", content...).Class(class).DataSet("seat", int(s.ID))
	})).ID(id)
}

// seatHue gives every seat its own colour around the wheel.
func seatHue(seat int) string { return itoa((seat * 137) % 360) }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}

func (u *UI) dealScreen(v *spyfall.View, f Frame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	body = []goapp.UI{
		ui.ElText("h1", t(i18n.SFDeal, v.Round+1)),
		ui.ElText("p.muted", t(i18n.SFDealHint)),
		chips(v, f, "sf-players", engine.NoSeat, nil, nil),
	}
	if can(v, spyfall.Deal{}) {
		actions = append(actions, dealButton(v, f, t(i18n.SFDeal, v.Round+1)))
	}
	return body, actions
}

// dealButton deals the next round, under the label the screen gives it (the first deal, or
// the next round after a result).
func dealButton(v *spyfall.View, f Frame, label string) goapp.UI {
	next := spyfall.Deal{Round: v.Round + 1}
	return ui.ElTextWith("button#deal.btn.primary[type=button]", label).
		OnClick(func(ctx goapp.Context, e goapp.Event) { f.Act(ctx, next) }, sfScope(next))
}

func (u *UI) dealtScreen(v *spyfall.View, f Frame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	body = []goapp.UI{
		ui.ElText("p#dealer-line.lead", t(i18n.SFDealer, seatName(v, v.Dealer))),
		u.card(v, f),
		u.smallTableNote(v, f),
		chips(v, f, "sf-players", engine.NoSeat, nil, nil),
	}
	if can(v, spyfall.StartClock{}) {
		actions = append(actions, ui.ElTextWith("button#start-clock.btn.primary[type=button]", t(i18n.SFStartClock)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { f.Act(ctx, spyfall.StartClock{Round: v.Round}) }, sfScope(spyfall.StartClock{Round: v.Round})))
	} else {
		actions = append(actions, ui.ElText("p.hint", t(i18n.SFWaitClock, seatName(v, v.Dealer))))
	}
	return body, actions
}

func (u *UI) smallTableNote(v *spyfall.View, f Frame) goapp.UI {
	if !v.TableCard {
		return goapp.Text("")
	}
	return ui.ElText("p#table-card.note.sf-table", i18n.T(f.Lang, i18n.SFTableCard))
}

// lastVote says how the latest vote went, with who voted which way.
func lastVote(v *spyfall.View, f Frame) goapp.UI {
	lv := v.LastVote
	if lv == nil || v.Phase != spyfall.PhasePlaying || lv.Kind == spyfall.VoteTable {
		return goapp.Text("")
	}
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	head := t(i18n.SFLastVoteFailed, seatName(v, lv.Suspect))
	if lv.Passed {
		head = t(i18n.SFLastVotePassed, seatName(v, lv.Suspect))
	}
	return ui.El("div#last-vote.note.sf-reveal",
		ui.ElText("strong", head),
		goapp.Text(t(i18n.SFLastVoteTally, dash(seatNames(v, lv.Yes, f.Lang)), dash(seatNames(v, lv.No, f.Lang)))),
		goapp.If(len(lv.PassedFor) > 0, func() goapp.UI {
			// Why the tally misses a voter: the host passed for that phone.
			return ui.ElText("span#last-vote-passed-for", " "+t(i18n.SFLastVoteFor, seatNames(v, lv.PassedFor, f.Lang)))
		}),
	)
}

// timeUpPassed lists who passed their turn at time up, so the table sees why the turn moved on.
func timeUpPassed(v *spyfall.View, f Frame) goapp.UI {
	if len(v.Passed) == 0 {
		return goapp.Text("")
	}
	return ui.ElText("p#time-up-passed.hint", i18n.T(f.Lang, i18n.SFEndPassed, seatNames(v, v.Passed, f.Lang)))
}

func dash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

func (u *UI) playScreen(v *spyfall.View, f Frame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	var pick func(goapp.Context, engine.Seat)
	var skip func(engine.Seat) bool
	switch u.picker {
	case pickAccuse:
		pick = func(ctx goapp.Context, s engine.Seat) { u.pickSeat = s }
		skip = func(s engine.Seat) bool { return s == v.Seat || !inRound(v, s) }
	case pickAsk:
		pick = func(ctx goapp.Context, s engine.Seat) {
			u.picker = pickNone
			f.Act(ctx, spyfall.Ask{Round: v.Round, Question: v.Question, Target: s})
		}
		skip = func(s engine.Seat) bool { return s == v.Seat || s == v.AskedBy || !inRound(v, s) }
	}
	asks := ui.ElText("p#asks-line.muted", t(i18n.SFAsksFirst, seatName(v, v.FirstAsker)))
	if v.Settings.QuestionTracker && v.Asker != engine.NoSeat {
		line := t(i18n.SFAsksNext, seatName(v, v.Asker))
		if v.Asker == v.Seat {
			line = t(i18n.SFYouAsk)
		}
		asks = ui.ElText("p#asks-line.lead", line)
	}
	var prompt goapp.UI = goapp.Text("")
	if u.picker == pickAccuse {
		prompt = ui.ElText("p.lead.sf-prompt", t(i18n.SFAccuseWho))
	}
	clock, card, vote, table := clockFor(v, f, false), u.card(v, f), lastVote(v, f), u.smallTableNote(v, f)
	if u.picker == pickAccuse {
		// Choosing a suspect: the clock shrinks and the card steps aside, so every player's
		// chip fits above the confirm and cancel buttons on a phone, and a first tap lands
		// on a player rather than on Cancel.
		clock, card, asks, vote, table = clockFor(v, f, true), goapp.Text(""), goapp.Text(""), goapp.Text(""), goapp.Text("")
	}
	body = []goapp.UI{
		clock,
		card,
		asks,
		vote,
		table,
		prompt,
		chips(v, f, "sf-players", u.pickSeatIf(pickAccuse), skip, pick),
	}
	if u.picker == pickAccuse {
		name := seatName(v, u.pickSeat)
		label := t(i18n.SFAccuseWho)
		if u.pickSeat != engine.NoSeat && name != "" {
			label = t(i18n.SFAccuseConfirm, name)
		}
		actions = append(actions,
			ui.ElTextWith("button#accuse-confirm.btn.danger.wide[type=button]", label).
				Attr("disabled", u.pickSeat == engine.NoSeat).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					u.picker = pickNone
					f.Act(ctx, spyfall.Accuse{Round: v.Round, Suspect: u.pickSeat})
				}, goapp.EventScope(v.Round)),
			cancelButton(u, f))
		return body, actions
	}
	if v.Settings.QuestionTracker && can(v, spyfall.Ask{}) {
		actions = append(actions, ui.ElTextWith("button#ask.btn.primary[type=button]", t(i18n.SFYouAsk)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { u.picker = pickAsk }))
	}
	if u.picker == pickAsk {
		actions = []goapp.UI{cancelButton(u, f)}
		return body, actions
	}
	if can(v, spyfall.RevealTable{}) {
		actions = append(actions, ui.ElTextWith("button#reveal-table.btn.secondary[type=button]", t(i18n.SFRevealTable)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { f.Act(ctx, spyfall.RevealTable{Round: v.Round}) }, sfScope(spyfall.RevealTable{Round: v.Round})))
	}
	if v.Card != nil {
		if accuseOffered(v) {
			actions = append(actions, ui.ElTextWith("button#accuse.btn.danger.wide[type=button]", t(i18n.SFAccuse)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { u.picker, u.pickSeat = pickAccuse, engine.NoSeat }))
		} else if v.Variant == spyfall.Normal {
			actions = append(actions, ui.ElText("button#accuse.btn.danger.wide[type=button][disabled]", t(i18n.SFAccuseUsed)))
		}
	}
	return body, actions
}

// accuseOffered says whether this seat's screen offers an accusation. In the two- and
// three-player games the spy may not accuse, but the button stays on the spy's
// screen as on everyone's, or its absence would name the spy; the host refuses the spy's
// accusation and the spy's card says why.
func accuseOffered(v *spyfall.View) bool {
	if v.Variant == spyfall.TwoPlayer || v.Variant == spyfall.ThreePlayer {
		return v.Phase == spyfall.PhasePlaying && inRound(v, v.Seat)
	}
	return can(v, spyfall.Accuse{})
}

// pickSeatIf is the seat picked so far when a pick of kind p is in progress.
func (u *UI) pickSeatIf(p spyPicker) engine.Seat {
	if u.picker == p {
		return u.pickSeat
	}
	return engine.NoSeat
}

func inRound(v *spyfall.View, s engine.Seat) bool {
	for _, sv := range v.Seats {
		if sv.ID == s {
			return sv.InRound && !sv.Absent && !sv.Removed
		}
	}
	return false
}

func cancelButton(u *UI, f Frame) goapp.UI {
	return ui.ElTextWith("button#pick-cancel.btn.ghost.wide[type=button]", i18n.T(f.Lang, i18n.SFCancel)).
		OnClick(func(ctx goapp.Context, e goapp.Event) { u.picker, u.sheet = pickNone, false })
}

// clockFor is the big clock of the round body.
func clockFor(v *spyfall.View, f Frame, small bool) goapp.UI {
	if v.Clock == nil {
		return goapp.Text("")
	}
	c := v.Clock
	return &ui.Clock{Running: c.Running, Deadline: int64(c.Deadline), Left: c.Left, Length: c.Length, Skew: f.Skew,
		Small: small, PausedText: i18n.T(f.Lang, i18n.SFPaused), TimeUpText: i18n.T(f.Lang, i18n.SFClockTimeUp),
		Label: i18n.T(f.Lang, i18n.SFClockLabel)}
}

func (u *UI) voteScreen(v *spyfall.View, f Frame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	vt := v.Vote
	if vt == nil {
		return []goapp.UI{chips(v, f, "sf-players", engine.NoSeat, nil, nil)}, nil
	}
	var head string
	switch vt.Kind {
	case spyfall.VoteEndSeat:
		head = t(i18n.SFVoteEndSeat, seatName(v, vt.Suspect))
	case spyfall.VoteTable:
		head = t(i18n.SFVoteTable, seatName(v, vt.Accuser))
	default:
		head = t(i18n.SFVoteAccuses, seatName(v, vt.Accuser), seatName(v, vt.Suspect))
	}
	hint := t(i18n.SFVoteFree)
	if v.QuietVote {
		hint = t(i18n.SFVoteQuiet)
	}
	var waiting []engine.Seat
	for _, s := range vt.Voters {
		if !slices.Contains(vt.Voted, s) {
			waiting = append(waiting, s)
		}
	}
	body = []goapp.UI{
		goapp.If(v.Phase == spyfall.PhaseEndVote, func() goapp.UI {
			return ui.ElText("p.sf-timeup", t(i18n.Sentences, t(i18n.SFTimeUp), t(i18n.SFEndVoteIntro)))
		}),
		ui.El("div#vote-prompt.card.sf-vote",
			ui.ElText("h1#vote-head", head),
			goapp.If(vt.Suspect == v.Seat && vt.Kind != spyfall.VoteTable, func() goapp.UI {
				return ui.ElText("p#you-accused.sf-accused", t(i18n.SFVoteYou))
			}),
			ui.ElText("p.muted", hint),
			ui.ElText("p#vote-count.sf-count", t(i18n.SFVoted, len(vt.Voted), len(vt.Voters))),
			goapp.If(len(waiting) > 0, func() goapp.UI {
				return ui.ElText("p.muted.small", t(i18n.SFVoteWaiting, seatNames(v, waiting, f.Lang)))
			}),
		),
		u.card(v, f),
		chips(v, f, "sf-players", engine.NoSeat, nil, nil),
	}
	switch vt.Mine {
	case "pending":
		actions = append(actions, ui.El("div.sf-yesno",
			ui.ElTextWith("button#vote-yes.btn.danger[type=button]", t(i18n.SFYes)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { f.Act(ctx, spyfall.Vote{Vote: vt.ID, Yes: true}) }, sfScope(spyfall.Vote{Vote: vt.ID, Yes: true})),
			ui.ElTextWith("button#vote-no.btn.secondary[type=button]", t(i18n.SFNo)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { f.Act(ctx, spyfall.Vote{Vote: vt.ID, Yes: false}) }, sfScope(spyfall.Vote{Vote: vt.ID, Yes: false})),
		))
	case "yes", "no":
		actions = append(actions, ui.ElText("p#voted.hint", t(i18n.SFVotedYou)))
	case "passed":
		actions = append(actions, ui.ElText("p#voted.hint", t(i18n.SFVotePassedYou)))
	}
	return body, actions
}

func (u *UI) secondSpyScreen(v *spyfall.View, f Frame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	g := v.SpyGuess
	if g == nil {
		return nil, nil
	}
	body = []goapp.UI{
		ui.El("div#two-spies.card.sf-vote",
			ui.ElText("h1", t(i18n.SFTwoSpies, seatName(v, g.First), nameLocation(f.Lang, g.Named.ID, g.Named.Name))),
			goapp.If(can(v, spyfall.Guess{}), func() goapp.UI {
				return ui.ElText("p.lead", t(i18n.SFSecondSpyYouCard))
			}).Else(func() goapp.UI {
				return ui.ElText("p.lead", t(i18n.SFSecondSpyWait, seatName(v, g.Second)))
			}),
		),
		u.card(v, f),
		chips(v, f, "sf-players", engine.NoSeat, nil, nil),
	}
	return body, actions
}

func (u *UI) endAccuseScreen(v *spyfall.View, f Frame) (body, actions []goapp.UI) {
	t := func(k i18n.Key, args ...any) string { return i18n.T(f.Lang, k, args...) }
	mine := can(v, spyfall.Accuse{})
	var pick func(goapp.Context, engine.Seat)
	if mine {
		pick = func(ctx goapp.Context, s engine.Seat) { u.pickSeat = s; u.picker = pickAccuse }
	}
	line := t(i18n.SFEndAccuseWait, seatName(v, v.EndTurn))
	if mine {
		line = t(i18n.SFEndAccuseYou)
	}
	selected := engine.NoSeat
	if u.picker == pickAccuse {
		selected = u.pickSeat
	}
	body = []goapp.UI{
		ui.ElText("h1#time-up.sf-timeup", t(i18n.SFTimeUp)),
		ui.ElText("p#end-turn.lead", line),
		timeUpPassed(v, f),
		lastVoteAny(v, f),
		chips(v, f, "sf-players", selected, func(s engine.Seat) bool { return s == v.Seat || !inRound(v, s) }, pick),
		u.card(v, f),
	}
	if mine {
		label := t(i18n.SFAccuseWho)
		if selected != engine.NoSeat {
			label = t(i18n.SFAccuseConfirm, seatName(v, selected))
		}
		actions = append(actions, ui.ElTextWith("button#accuse-confirm.btn.danger.wide[type=button]", label).
			Attr("disabled", selected == engine.NoSeat).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				u.picker = pickNone
				f.Act(ctx, spyfall.Accuse{Round: v.Round, Suspect: selected})
			}, sfScope(spyfall.Accuse{Round: v.Round, Suspect: selected})))
	}
	actions = append(actions, passButton(v, f))
	return body, actions
}

// lastVoteAny shows the previous vote in the end-of-time procedure too.
func lastVoteAny(v *spyfall.View, f Frame) goapp.UI {
	if v.LastVote == nil {
		return goapp.Text("")
	}
	c := *v
	c.Phase = spyfall.PhasePlaying
	return lastVote(&c, f)
}
