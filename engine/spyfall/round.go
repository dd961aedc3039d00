package spyfall

import (
	"slices"

	"safehouse/engine"
)

// deal starts the next round.
func (g *Game) deal(seat engine.Seat, a Deal) error {
	if a.Round <= g.s.Round {
		return refuse(engine.ErrStale, ruleDeal, "round %d was already dealt", a.Round)
	}
	if a.Round != g.s.Round+1 {
		return refuse(engine.ErrInvalidAction, ruleDeal, "the next round is %d, not %d", g.s.Round+1, a.Round)
	}
	if err := g.betweenRounds(); err != nil {
		return refuse(engine.ErrWrongPhase, ruleDeal, "a round is in play")
	}
	set := g.s.Settings
	n := len(g.s.Order)
	if lo, hi := PlayerRange(set.Edition, set.Team); n < lo || n > hi {
		return refuse(engine.ErrForbidden, ruleEditionAndPacks, "%d seats cannot play (%d to %d)", n, lo, hi)
	}
	if set.Team && g.s.Phase == PhaseLobby {
		for i := 0; i < set.CaptainTurns; i++ {
			g.s.CaptainQueue = append(g.s.CaptainQueue, g.s.Order...)
		}
		g.s.FirstCaptain = g.s.Order[0]
	}
	g.s.Round = a.Round
	g.s.LastVote = nil
	r := &round{
		Number:       a.Round,
		Variant:      set.variantFor(n),
		Loc2:         -1,
		Cards:        make([]card, len(g.s.Seats)),
		Absent:       make([]bool, len(g.s.Seats)),
		Accused:      make([]bool, len(g.s.Seats)),
		FirstAccuser: make([]engine.Seat, len(g.s.Seats)),
		Dealer:       engine.NoSeat,
		Asker:        engine.NoSeat,
		AskedBy:      engine.NoSeat,
	}
	for i := range r.FirstAccuser {
		r.FirstAccuser[i] = engine.NoSeat
	}
	g.s.Cur = r
	if r.Variant == Team {
		g.dealTeam(r)
		return nil
	}
	// The first dealer is random; then each edition's next dealer (nextDealer).
	r.Dealer = g.s.NextDealer
	if !g.seated(r.Dealer) {
		r.Dealer = g.s.Order[g.s.Rand.IntN(n)]
	}
	r.Asker = r.Dealer
	r.Loc = g.drawLocation(-1)
	r.Clock = engine.NewClock(set.roundLength(n))
	if r.Variant == TwoPlayer || r.Variant == ThreePlayer {
		g.dealSmall(r)
	} else {
		g.dealNormal(r)
	}
	g.s.Phase = PhaseDealt
	return nil
}

// drawLocation picks a location not yet played in this game,
// other than not; once all are played, the pool starts over.
func (g *Game) drawLocation(not int) int {
	var pool []int
	for i, p := range g.s.Played {
		if !p && i != not {
			pool = append(pool, i)
		}
	}
	if len(pool) == 0 {
		for i := range g.s.Played {
			if i != not {
				g.s.Played[i] = false
				pool = append(pool, i)
			}
		}
	}
	return pool[g.s.Rand.IntN(len(pool))]
}

// drawSpies picks k of the candidates uniformly, honouring fair rotation
// (no seat is spy twice before every seat has been) when it is on.
func (g *Game) drawSpies(candidates []engine.Seat, k int) []engine.Seat {
	var spies []engine.Seat
	pickFrom := func(from []engine.Seat, k int) {
		from = slices.Clone(from)
		g.s.Rand.Shuffle(len(from), func(i, j int) { from[i], from[j] = from[j], from[i] })
		spies = append(spies, from[:k]...)
	}
	if !g.s.Settings.FairRotation {
		pickFrom(candidates, k)
	} else {
		var fresh []engine.Seat
		for _, s := range candidates {
			if !g.s.Seats[s].HadSpy {
				fresh = append(fresh, s)
			}
		}
		if len(fresh) >= k {
			pickFrom(fresh, k)
			for _, s := range spies {
				g.s.Seats[s].HadSpy = true
			}
		} else {
			// The last seats of this cycle get the card, and a new cycle
			// starts, in which only the seats picked now have had it.
			spies = append(spies, fresh...)
			for i := range g.s.Seats {
				g.s.Seats[i].HadSpy = false
			}
			var rest []engine.Seat
			for _, s := range candidates {
				if !slices.Contains(spies, s) {
					rest = append(rest, s)
				}
			}
			pickFrom(rest, k-len(spies))
			for _, s := range spies[len(fresh):] {
				g.s.Seats[s].HadSpy = true
			}
		}
	}
	slices.Sort(spies)
	return spies
}

// roleDeck returns a shuffled list of role indexes of location loc, long
// enough for n cards: no repetition while the location has enough roles
// then the roles repeat.
func (g *Game) roleDeck(loc, n int) []int {
	roles := g.s.Locations[loc].NumRoles()
	deck := make([]int, 0, n)
	if roles == 0 {
		for len(deck) < n {
			deck = append(deck, -1)
		}
		return deck
	}
	for len(deck) < n {
		deck = append(deck, g.s.Rand.Perm(roles)...)
	}
	return deck[:n]
}

func (g *Game) dealNormal(r *round) {
	n := len(g.s.Order)
	r.Spies = g.drawSpies(g.s.Order, g.s.Settings.spiesFor(n))
	roles := g.roleDeck(r.Loc, n-len(r.Spies))
	for _, s := range g.s.Order {
		if slices.Contains(r.Spies, s) {
			r.Cards[s] = card{Dealt: true, Spy: true, Location: -1, Role: -1}
			continue
		}
		r.Cards[s] = card{Dealt: true, Location: r.Loc, Role: roles[0]}
		roles = roles[1:]
	}
}

// dealSmall deals the 2- and 3-player variants: one card per seat plus one
// on the table, the spy card among them.
func (g *Game) dealSmall(r *round) {
	n := len(g.s.Order)
	roles := g.roleDeck(r.Loc, n)
	cards := []card{{Dealt: true, Spy: true, Location: -1, Role: -1}}
	for _, role := range roles {
		cards = append(cards, card{Dealt: true, Location: r.Loc, Role: role})
	}
	g.s.Rand.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	for i, s := range g.s.Order {
		r.Cards[s] = cards[i]
		if cards[i].Spy {
			r.Spies = []engine.Seat{s}
		}
	}
	table := cards[n]
	table.Dealt = false
	r.Table = &table
	if r.Spies == nil {
		r.Spies = []engine.Seat{}
	}
}

// startClock is the dealer starting the round.
func (g *Game) startClock(seat engine.Seat, now engine.Instant) error {
	r := g.s.Cur
	if g.s.Phase != PhaseDealt {
		return refuse(engine.ErrWrongPhase, ruleDealerStartsClock, "the clock is already started")
	}
	if seat != Host {
		if err := g.player(seat); err != nil {
			return err
		}
	}
	if seat != Host && seat != r.Dealer {
		return refuse(engine.ErrNotYourTurn, ruleDealerStartsClock, "the dealer starts the clock")
	}
	r.Clock.Start(now)
	g.s.Phase = PhasePlaying
	return nil
}

// ask moves the question tracker; no question goes straight back to the seat that asked.
func (g *Game) ask(seat engine.Seat, a Ask) error {
	r := g.s.Cur
	if !g.s.Settings.QuestionTracker {
		return refuse(engine.ErrForbidden, ruleQuestionTracker, "the question tracker is off")
	}
	if g.s.Phase != PhasePlaying {
		return refuse(engine.ErrWrongPhase, ruleQuestionTracker, "questions are asked while the clock runs")
	}
	if a.Question < r.Questions {
		return refuse(engine.ErrStale, ruleQuestionTracker, "question %d was already asked", a.Question)
	}
	if a.Question > r.Questions {
		return refuse(engine.ErrInvalidAction, ruleQuestionTracker, "the next question is %d", r.Questions)
	}
	if err := g.player(seat); err != nil {
		return err
	}
	if seat != r.Asker {
		return refuse(engine.ErrNotYourTurn, ruleQuestionTracker, "seat %d asks now", r.Asker)
	}
	if err := g.target(seat, a.Target, "ask"); err != nil {
		return err
	}
	small := r.Variant == TwoPlayer || r.Variant == ThreePlayer
	if a.Target == r.AskedBy && !small {
		return refuse(engine.ErrForbidden, ruleQuestionTracker, "no question in return to the seat that just asked")
	}
	r.AskedBy, r.Asker = seat, a.Target
	r.Questions++
	return nil
}

// tick lets time pass: a clock that ran out moves the round on (to the time-up
// turns; a team round to the spy's guess; a 2P/3P round ends as if nobody was
// convicted).
func (g *Game) tick(now engine.Instant) {
	r := g.s.Cur
	if r == nil || !r.Clock.Running || !r.Clock.Expired(now) {
		return
	}
	r.Clock.Pause(now)
	switch {
	case g.s.Phase == PhaseTeamPick:
		g.s.Phase = PhaseTeamGuess
	case r.Variant == TwoPlayer || r.Variant == ThreePlayer:
		g.finish(outcome{ending: EndNoConviction})
	default:
		g.timeUp()
	}
}

// timeUp starts the time-up turns: the seats from the dealer leftwards either
// accuse in turn (classic) or are voted on in turn (Spyfall 2, Time Travel).
func (g *Game) timeUp() {
	r := g.s.Cur
	r.EndOrder = g.orderFrom(r.Dealer, r.inRound)
	r.EndTurn = -1
	g.nextEndTurn()
}

// nextEndTurn moves the time-up turns to the next present seat, or ends the round
// with nobody convicted.
func (g *Game) nextEndTurn() {
	r := g.s.Cur
	for r.EndTurn++; r.EndTurn < len(r.EndOrder); r.EndTurn++ {
		s := r.EndOrder[r.EndTurn]
		if !r.present(s) {
			continue
		}
		if g.s.Settings.Edition == Classic {
			g.s.Phase = PhaseEndAccuse
		} else {
			g.openVote(VoteEndSeat, engine.NoSeat, s)
			g.s.Phase = PhaseEndVote
		}
		return
	}
	g.finish(outcome{ending: EndNoConviction})
}

// markAbsent takes a seat out of the rest of the round.
func (g *Game) markAbsent(a HostMarkAbsent, now engine.Instant) error {
	r := g.s.Cur
	if a.Seat < 0 || int(a.Seat) >= len(g.s.Seats) {
		return refuse(engine.ErrNoSuchSeat, "", "there is no seat %d", a.Seat)
	}
	if !r.inRound(a.Seat) {
		return refuse(engine.ErrForbidden, ruleSeatsBetweenRounds, "seat %d is not in this round", a.Seat)
	}
	if r.Absent[a.Seat] {
		return refuse(engine.ErrAlreadyDone, ruleSeatsBetweenRounds, "seat %d is already absent", a.Seat)
	}
	r.Absent[a.Seat] = true
	if g.essential(a.Seat) {
		g.finish(outcome{ending: EndVoided})
		return nil
	}
	if g.s.Phase == PhaseDealt && r.Dealer == a.Seat {
		// The clock still waits for its dealer: the next seat deals.
		r.Dealer = g.leftOf(a.Seat, r.present)
	}
	if r.Asker == a.Seat {
		r.Asker = g.leftOf(a.Seat, r.present)
		r.AskedBy = engine.NoSeat
	}
	if t := r.Team; t != nil {
		if g.s.Phase == PhaseTeamPick && !g.agentsLeft() {
			g.s.Phase = PhaseTeamGuess
			r.Clock.Pause(now)
		}
		return nil
	}
	if v := r.Vote; v != nil {
		if v.Suspect == a.Seat {
			// The seat on trial left: the vote fails.
			g.closeVote(false, now)
			return nil
		}
		v.Ballots[a.Seat] = ballotNone
		g.maybeCloseVote(now)
		return nil
	}
	if g.s.Phase == PhaseEndAccuse && r.EndOrder[r.EndTurn] == a.Seat {
		g.nextEndTurn()
	}
	return nil
}

// essential reports whether a round cannot go on without seat s: a spy, a
// captain, or any player of the 2- and 3-player variants.
func (g *Game) essential(s engine.Seat) bool {
	r := g.s.Cur
	switch {
	case r.Variant == TwoPlayer || r.Variant == ThreePlayer:
		return true
	case r.Team != nil && (r.Team.Captains[0] == s || r.Team.Captains[1] == s):
		return true
	}
	return r.isSpy(s)
}
