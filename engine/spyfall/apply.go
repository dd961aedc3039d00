package spyfall

import (
	"slices"

	"safehouse/engine"
)

func refuse(err error, rule, format string, args ...any) error {
	return engine.Refuse(err, rule, format, args...)
}

// Apply applies one action sent by seat (or by Host) at instant now. An
// illegal action returns a *engine.Refusal and leaves the state exactly as it
// was. Apply never lets time pass by itself: the host calls Advance so the
// clock running out moves the game on, and an action
// that needs a running clock is refused once the clock has run out.
func (g *Game) Apply(seat engine.Seat, a Action, now engine.Instant) error {
	if a == nil {
		return refuse(engine.ErrInvalidAction, "", "no action")
	}
	if seat != Host && !g.seated(seat) {
		return refuse(engine.ErrNoSuchSeat, "", "seat %d is not at the table", seat)
	}
	if engine.HostOnly(a) && seat != Host {
		return refuse(engine.ErrForbidden, ruleActionChecked, "only the host may do that")
	}
	switch a := a.(type) {
	case Rename:
		return g.rename(seat, a)
	}
	if g.s.Phase == PhaseGameOver {
		return refuse(engine.ErrGameOver, ruleGameOver, "the game is over")
	}
	switch a := a.(type) {
	case Deal:
		return g.deal(seat, a)
	case engine.HostAddSeat:
		return g.addSeat(a)
	case engine.HostRemoveSeat:
		return g.removeSeat(a)
	case HostMoveSeat:
		return g.moveSeat(a)
	case engine.HostEndGame:
		g.endGame()
		return nil
	}
	// Everything else belongs to a round in play.
	if err := g.checkRound(roundOf(a)); err != nil {
		return err
	}
	switch a := a.(type) {
	case StartClock:
		return g.startClock(seat, now)
	case Ask:
		return g.ask(seat, a)
	case Accuse:
		return g.accuse(seat, a, now)
	case Pass:
		return g.pass(seat)
	case Vote:
		return g.vote(seat, a, now)
	case Guess:
		return g.guess(seat, a, now)
	case RevealTable:
		return g.revealTable(seat, now)
	case Lead:
		return g.lead(seat, a, now)
	case Pick:
		return g.pick(seat, a, now)
	case StopPicking:
		return g.stopPicking(seat, a, now)
	case GuessBoth:
		return g.guessBoth(seat, a)
	case HostMarkAbsent:
		return g.markAbsent(a, now)
	case HostPass:
		return g.hostPass(a, now)
	}
	return refuse(engine.ErrInvalidAction, "", "unknown action %q", a.Kind())
}

// roundOf returns the round an in-round action names; a Vote names its vote
// instead, checked by vote itself (-1 here).
func roundOf(a Action) int {
	switch a := a.(type) {
	case StartClock:
		return a.Round
	case Ask:
		return a.Round
	case Accuse:
		return a.Round
	case Pass:
		return a.Round
	case Guess:
		return a.Round
	case RevealTable:
		return a.Round
	case Lead:
		return a.Round
	case Pick:
		return a.Round
	case StopPicking:
		return a.Round
	case GuessBoth:
		return a.Round
	case HostMarkAbsent:
		return a.Round
	case HostPass:
		return a.Round
	}
	return -1
}

// checkRound refuses an action aimed at a round that is over (ErrStale) or
// that does not exist yet.
func (g *Game) checkRound(r int) error {
	if r == -1 {
		if g.s.Cur == nil {
			return refuse(engine.ErrStale, "", "no round is in play")
		}
		return nil
	}
	if r > g.s.Round || r < 1 {
		return refuse(engine.ErrInvalidAction, "", "there is no round %d", r)
	}
	if r < g.s.Round || g.s.Cur == nil {
		return refuse(engine.ErrStale, "", "round %d is over", r)
	}
	return nil
}

// player checks that seat is dealt into the round and present.
func (g *Game) player(seat engine.Seat) error {
	if seat == Host {
		return refuse(engine.ErrForbidden, ruleActionChecked, "the host cannot do that for a seat")
	}
	if !g.s.Cur.inRound(seat) {
		return refuse(engine.ErrForbidden, ruleHostArrangesSeats, "seat %d joined after the deal and waits for the next round", seat)
	}
	if g.s.Cur.Absent[seat] {
		return refuse(engine.ErrForbidden, ruleSeatsBetweenRounds, "seat %d is absent this round", seat)
	}
	return nil
}

// target checks a seat named by an action: dealt in, present, not the actor.
func (g *Game) target(actor, t engine.Seat, what string) error {
	if t < 0 || int(t) >= len(g.s.Seats) {
		return refuse(engine.ErrNoSuchSeat, "", "there is no seat %d", t)
	}
	if !g.s.Cur.present(t) {
		return refuse(engine.ErrForbidden, "", "seat %d is not playing this round", t)
	}
	if t == actor {
		return refuse(engine.ErrForbidden, "", "a seat cannot %s itself", what)
	}
	return nil
}

// clockRunning refuses unless the round clock runs and has not run out.
func (g *Game) clockRunning(now engine.Instant, rule string) error {
	r := g.s.Cur
	if g.s.Phase != PhasePlaying {
		if g.s.Phase == PhaseVote || g.s.Phase == PhaseSpyGuess {
			return refuse(engine.ErrWrongPhase, rule, "the clock is stopped")
		}
		return refuse(engine.ErrWrongPhase, rule, "not while the game is in phase %s", g.s.Phase)
	}
	if !r.Clock.Running || r.Clock.Expired(now) {
		return refuse(engine.ErrWrongPhase, rule, "time is up")
	}
	return nil
}

func (g *Game) rename(seat engine.Seat, a Rename) error {
	if !g.seated(a.Seat) {
		return refuse(engine.ErrNoSuchSeat, "", "there is no seat %d", a.Seat)
	}
	if seat != Host && seat != a.Seat {
		return refuse(engine.ErrForbidden, ruleHostArrangesSeats, "a player may only rename themselves")
	}
	name, err := checkName(a.Name)
	if err != nil {
		return err
	}
	g.s.Seats[a.Seat].Name = name
	return nil
}

func (g *Game) betweenRounds() error {
	if g.s.Phase != PhaseLobby && g.s.Phase != PhaseRoundOver {
		return refuse(engine.ErrWrongPhase, ruleSeatsBetweenRounds, "seats change only between rounds")
	}
	return nil
}

// addSeat seats a late joiner at any time; during a round the new seat has
// no card and waits for the next deal.
func (g *Game) addSeat(a engine.HostAddSeat) error {
	if next := engine.Seat(len(g.s.Seats)); a.Seat != next {
		return refuse(engine.ErrInvalidAction, "", "a new seat is seat %d, not %d", next, a.Seat)
	}
	name, err := checkName(a.Name)
	if err != nil {
		return err
	}
	if _, hi := PlayerRange(g.s.Settings.Edition, g.s.Settings.Team); len(g.s.Order) >= hi {
		return refuse(engine.ErrForbidden, ruleEditionAndPacks, "the table is full (%d seats)", hi)
	}
	s := engine.Seat(len(g.s.Seats))
	g.s.Seats = append(g.s.Seats, seatState{Name: name})
	g.s.Order = append(g.s.Order, s)
	if g.s.Settings.Team && g.s.Phase != PhaseLobby {
		for i := 0; i < g.s.Settings.CaptainTurns; i++ {
			g.s.CaptainQueue = append(g.s.CaptainQueue, s)
		}
	}
	g.recountRounds()
	return nil
}

func (g *Game) removeSeat(a engine.HostRemoveSeat) error {
	if err := g.betweenRounds(); err != nil {
		return err
	}
	if !g.seated(a.Seat) {
		return refuse(engine.ErrNoSuchSeat, "", "there is no seat %d", a.Seat)
	}
	if lo, _ := PlayerRange(g.s.Settings.Edition, g.s.Settings.Team); len(g.s.Order) <= lo {
		return refuse(engine.ErrForbidden, ruleEditionAndPacks, "the game needs at least %d seats", lo)
	}
	if g.s.NextDealer == a.Seat {
		g.s.NextDealer = g.leftOf(a.Seat, func(s engine.Seat) bool { return s != a.Seat })
	}
	g.s.Seats[a.Seat].Removed = true
	g.s.Order = slices.DeleteFunc(g.s.Order, func(s engine.Seat) bool { return s == a.Seat })
	g.s.CaptainQueue = slices.DeleteFunc(g.s.CaptainQueue, func(s engine.Seat) bool { return s == a.Seat })
	if g.s.FirstCaptain == a.Seat {
		g.s.FirstCaptain = engine.NoSeat
	}
	g.recountRounds()
	if g.s.Settings.Team && g.s.Phase == PhaseRoundOver && len(g.s.CaptainQueue) == 0 {
		// Every seat still at the table has captained: the game is over.
		g.s.Phase = PhaseGameOver
		g.s.Winners = g.winners()
	}
	return nil
}

func (g *Game) moveSeat(a HostMoveSeat) error {
	if g.s.Phase != PhaseLobby {
		return refuse(engine.ErrWrongPhase, ruleHostArrangesSeats, "seats are reordered before the game only")
	}
	if !g.seated(a.Seat) {
		return refuse(engine.ErrNoSuchSeat, "", "there is no seat %d", a.Seat)
	}
	if a.To < 0 || a.To >= len(g.s.Order) {
		return refuse(engine.ErrInvalidAction, ruleHostArrangesSeats, "position %d is outside the table", a.To)
	}
	g.s.Order = slices.DeleteFunc(g.s.Order, func(s engine.Seat) bool { return s == a.Seat })
	g.s.Order = slices.Insert(g.s.Order, a.To, a.Seat)
	return nil
}

// recountRounds keeps the team variant's round count in step with its
// captain queue: the game ends when every seat has captained.
func (g *Game) recountRounds() {
	if !g.s.Settings.Team {
		return
	}
	if g.s.Phase == PhaseLobby {
		g.s.Rounds = (len(g.s.Order)*g.s.Settings.CaptainTurns + 1) / 2
		return
	}
	g.s.Rounds = g.s.Round + (len(g.s.CaptainQueue)+1)/2
}

func (g *Game) endGame() {
	if g.s.Cur != nil {
		g.finish(outcome{ending: EndVoided})
	}
	g.s.Phase = PhaseGameOver
	g.s.Winners = g.winners()
}

// winners are the seated seats with the most points; a tie shares the win.
func (g *Game) winners() []engine.Seat {
	best := 0
	var out []engine.Seat
	for i, s := range g.s.Order {
		p := g.s.Seats[s].Points
		if i == 0 || p > best {
			best, out = p, nil
		}
		if p == best {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}
