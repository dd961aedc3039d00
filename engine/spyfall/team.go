package spyfall

import (
	"slices"

	"safehouse/engine"
)

// dealTeam deals a round of the team variant: two captains, two locations, one spy among the agents.
func (g *Game) dealTeam(r *round) {
	a, b := g.nextCaptains()
	t := &teamRound{Captains: [2]engine.Seat{a, b}, SpyPickedBy: -1, PickedBy: make([]int, len(g.s.Seats))}
	for i := range t.PickedBy {
		t.PickedBy[i] = -1
	}
	r.Team = t
	r.Loc = g.drawLocation(-1)
	r.Loc2 = g.drawLocation(r.Loc)
	locs := [2]int{r.Loc, r.Loc2}
	var agents []engine.Seat
	for _, s := range g.s.Order {
		if s != a && s != b {
			agents = append(agents, s)
		}
	}
	r.Spies = g.drawSpies(agents, 1)
	// The rest split as evenly as possible; a coin decides which location
	// gets the odd card.
	rest := len(agents) - 1
	big := g.s.Rand.IntN(2)
	counts := [2]int{}
	counts[big] = (rest + 1) / 2
	counts[1-big] = rest / 2
	var deck []card
	for i, loc := range locs {
		roles := g.roleDeck(loc, counts[i]+1)
		r.Cards[t.Captains[i]] = card{Dealt: true, Location: loc, Role: roles[0]}
		for _, role := range roles[1:] {
			deck = append(deck, card{Dealt: true, Location: loc, Role: role})
		}
	}
	g.s.Rand.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	for _, s := range agents {
		if slices.Contains(r.Spies, s) {
			r.Cards[s] = card{Dealt: true, Spy: true, Location: -1, Role: -1}
			continue
		}
		r.Cards[s] = deck[0]
		deck = deck[1:]
	}
	if g.s.Settings.TeamClock {
		r.Clock = engine.NewClock(g.s.Settings.roundLength(len(g.s.Order)))
	}
	g.s.Phase = PhaseTeamLead
}

// nextCaptains takes the next two captains from the queue: with
// an odd count the last captain pairs with the game's first captain.
func (g *Game) nextCaptains() (engine.Seat, engine.Seat) {
	q := g.s.CaptainQueue
	a := q[0]
	q = q[1:]
	b := engine.NoSeat
	for i, s := range q {
		if s != a {
			b = s
			q = slices.Delete(slices.Clone(q), i, i+1)
			break
		}
	}
	if b == engine.NoSeat {
		b = g.s.FirstCaptain
		if b == a || !g.seated(b) {
			b = g.leftOf(a, func(s engine.Seat) bool { return s != a })
		}
	}
	g.s.CaptainQueue = q
	g.recountRounds()
	return a, b
}

// lead is a captain saying which captain acts first.
func (g *Game) lead(seat engine.Seat, a Lead, now engine.Instant) error {
	r := g.s.Cur
	if g.s.Phase != PhaseTeamLead {
		return refuse(engine.ErrWrongPhase, ruleCaptainsPick, "the captains already decided who acts first")
	}
	t := r.Team
	if seat != Host && seat != t.Captains[0] && seat != t.Captains[1] {
		return refuse(engine.ErrForbidden, ruleCaptainsPick, "the captains decide who acts first")
	}
	switch a.Captain {
	case t.Captains[0]:
		t.Turn = 0
	case t.Captains[1]:
		t.Turn = 1
	default:
		return refuse(engine.ErrInvalidAction, ruleCaptainsPick, "seat %d is not a captain", a.Captain)
	}
	g.s.Phase = PhaseTeamPick
	if g.s.Settings.TeamClock {
		r.Clock.Start(now)
	}
	return nil
}

func (g *Game) checkPickTurn(seat engine.Seat, turn int) error {
	r := g.s.Cur
	if g.s.Phase != PhaseTeamPick {
		return refuse(engine.ErrWrongPhase, ruleCaptainsPick, "not picking now")
	}
	t := r.Team
	if turn < t.PickNo {
		return refuse(engine.ErrStale, ruleCaptainsPick, "pick %d is over", turn)
	}
	if turn > t.PickNo {
		return refuse(engine.ErrInvalidAction, ruleCaptainsPick, "the pick in turn is %d", t.PickNo)
	}
	if seat != t.Captains[t.Turn] {
		return refuse(engine.ErrNotYourTurn, ruleCaptainsPick, "captain %d picks now", t.Captains[t.Turn])
	}
	return nil
}

// pick puts an agent in the team of the captain in turn; picking the spy ends
// the picking.
func (g *Game) pick(seat engine.Seat, a Pick, now engine.Instant) error {
	if err := g.checkPickTurn(seat, a.Turn); err != nil {
		return err
	}
	r := g.s.Cur
	t := r.Team
	if a.Agent < 0 || int(a.Agent) >= len(g.s.Seats) {
		return refuse(engine.ErrNoSuchSeat, "", "there is no seat %d", a.Agent)
	}
	if !r.present(a.Agent) || a.Agent == t.Captains[0] || a.Agent == t.Captains[1] {
		return refuse(engine.ErrForbidden, ruleCaptainsPick, "seat %d is not an agent in play", a.Agent)
	}
	if t.PickedBy[a.Agent] >= 0 {
		return refuse(engine.ErrAlreadyDone, ruleCaptainsPick, "seat %d was already picked", a.Agent)
	}
	t.PickedBy[a.Agent] = t.Turn
	if r.isSpy(a.Agent) {
		// The spy is revealed and the round's picking ends.
		t.SpyPickedBy = t.Turn
		r.Clock.Pause(now)
		g.s.Phase = PhaseTeamGuess
		return nil
	}
	g.nextPick(now)
	return nil
}

// stopPicking is the captain in turn refusing to pick: done for the round.
func (g *Game) stopPicking(seat engine.Seat, a StopPicking, now engine.Instant) error {
	if err := g.checkPickTurn(seat, a.Turn); err != nil {
		return err
	}
	t := g.s.Cur.Team
	t.Done[t.Turn] = true
	g.nextPick(now)
	return nil
}

func (g *Game) nextPick(now engine.Instant) {
	r := g.s.Cur
	t := r.Team
	t.PickNo++
	if t.Done[0] && t.Done[1] || !g.agentsLeft() {
		r.Clock.Pause(now)
		g.s.Phase = PhaseTeamGuess
		return
	}
	if !t.Done[1-t.Turn] {
		t.Turn = 1 - t.Turn
	}
}

// agentsLeft reports whether an unpicked present agent remains.
func (g *Game) agentsLeft() bool {
	r := g.s.Cur
	t := r.Team
	for i, c := range r.Cards {
		s := engine.Seat(i)
		if c.Dealt && !r.Absent[i] && s != t.Captains[0] && s != t.Captains[1] && t.PickedBy[i] < 0 {
			return true
		}
	}
	return false
}

// guessBoth is the spy naming both locations, the picking captain's first.
func (g *Game) guessBoth(seat engine.Seat, a GuessBoth) error {
	r := g.s.Cur
	if g.s.Phase != PhaseTeamGuess {
		return refuse(engine.ErrWrongPhase, ruleSpyGuessesBoth, "the spy names the locations when the picking is over")
	}
	if err := g.player(seat); err != nil {
		return err
	}
	if !r.isSpy(seat) {
		return refuse(engine.ErrForbidden, ruleSpyGuessesBoth, "only the spy names the locations")
	}
	var locs [2]int
	for i, id := range a.Locations {
		l, err := g.locationIndex(id)
		if err != nil {
			return err
		}
		locs[i] = l
	}
	r.Guesses = []spyGuess{{Seat: seat, Location: locs[0]}, {Seat: seat, Location: locs[1]}}
	ending := EndSpyNotPicked
	if r.Team.SpyPickedBy >= 0 {
		ending = EndSpyPicked
	}
	g.finish(outcome{ending: ending})
	return nil
}
