package spyfall

import (
	"slices"

	"safehouse/engine"
)

// outcome is how a round ended, as the scoring needs it.
type outcome struct {
	ending    Ending
	convicted engine.Seat // the seat whose card a vote or accusation revealed
	accuser   engine.Seat // who made the successful accusation, or NoSeat
	midRound  bool        // the conviction came from a mid-round vote
}

// RoundResult is the public record of a finished round: every card is revealed once the
// round is over. The views show it whole between rounds and at the end (View.LastRound);
// the history lists its summary for the rest of the game.
type RoundResult struct {
	RoundSummary               // where, who spied, how it ended, the points: what the history lists
	Dealer       engine.Seat   `json:"dealer"`
	Captains     []engine.Seat `json:"captains,omitempty"`
	// Convicted is the seat whose card a vote or an accusation revealed.
	Convicted engine.Seat `json:"convicted"`
	// Accuser made the successful accusation (NoSeat for the votes on the seats in turn at time up).
	Accuser engine.Seat `json:"accuser"`
	// Bonus is the seat that earned a first-accuser bonus (Time Travel,
	// Spyfall 2), or NoSeat.
	Bonus    engine.Seat    `json:"bonus"`
	MidRound bool           `json:"mid_round"`
	Guesses  []GuessResult  `json:"guesses"`
	Cards    []RevealedCard `json:"cards"`
	Table    *RevealedCard  `json:"table,omitempty"`
	PickedBy []int          `json:"picked_by,omitempty"` // team, by seat ID: captain index or -1
	Absent   []engine.Seat  `json:"absent"`
	Totals   []int          `json:"totals"` // by seat ID, after this round
}

// LocationRef names a location: a built-in one by its id alone, a player's own with the
// name it was typed with.
type LocationRef struct {
	ID   string      `json:"id"`
	Name engine.Text `json:"name,omitempty"`
}

// RoleRef names a role: its index among the location's roles (a built-in location's roles
// are named from each device's pack), and for a player's own location the role as typed.
type RoleRef struct {
	Index int         `json:"index"`
	Name  engine.Text `json:"name,omitempty"`
}

// GuessResult is a location a spy named (its ID in the game's list).
type GuessResult struct {
	Seat     engine.Seat `json:"seat"`
	Location string      `json:"location"`
	Correct  bool        `json:"correct"`
}

// RevealedCard is one seat's card shown after the round. Location is the ID
// of the card's location in the game's list ("" for the spy card).
type RevealedCard struct {
	Seat     engine.Seat `json:"seat"`
	Spy      bool        `json:"spy"`
	Location string      `json:"location,omitempty"`
	Role     *RoleRef    `json:"role,omitempty"`
}

func (g *Game) locRef(i int) LocationRef {
	l := g.s.Locations[i]
	return LocationRef{ID: l.ID, Name: l.Name}
}

// roleRef names role i of location loc.
func (g *Game) roleRef(loc, i int) *RoleRef {
	r := &RoleRef{Index: i}
	if l := g.s.Locations[loc]; i < len(l.Roles) {
		r.Name = l.Roles[i]
	}
	return r
}

func (g *Game) revealCard(s engine.Seat, c card) RevealedCard {
	rc := RevealedCard{Seat: s, Spy: c.Spy}
	if !c.Spy {
		rc.Location = g.s.Locations[c.Location].ID
		if c.Role >= 0 && !g.s.Settings.HideRoles {
			rc.Role = g.roleRef(c.Location, c.Role)
		}
	}
	return rc
}

// finish scores the round, records it, and moves to the next round or the
// end of the game.
func (g *Game) finish(o outcome) {
	r := g.s.Cur
	if o.ending != EndNonSpyConvicted && o.ending != EndSpyConvicted {
		o.convicted, o.accuser = engine.NoSeat, engine.NoSeat
	}
	res := RoundResult{
		RoundSummary: RoundSummary{Round: r.Number, Variant: r.Variant, Location: g.locRef(r.Loc), Spies: slices.Clone(r.Spies), Ending: o.ending},
		Dealer:       r.Dealer, Convicted: o.convicted, Accuser: o.accuser,
		Bonus: engine.NoSeat, MidRound: o.midRound, Guesses: []GuessResult{}, Cards: []RevealedCard{},
		Absent: []engine.Seat{},
	}
	if r.Team != nil {
		second := g.locRef(r.Loc2)
		res.Second = &second
		res.Captains = r.Team.Captains[:]
		res.PickedBy = slices.Clone(r.Team.PickedBy)
	}
	for i, gs := range r.Guesses {
		want := r.Loc
		if r.Team != nil && i == 1 {
			want = r.Loc2
		}
		res.Guesses = append(res.Guesses, GuessResult{Seat: gs.Seat, Location: g.s.Locations[gs.Location].ID, Correct: gs.Location == want})
	}
	for i, c := range r.Cards {
		if c.Dealt {
			res.Cards = append(res.Cards, g.revealCard(engine.Seat(i), c))
		}
		if r.Absent[i] {
			res.Absent = append(res.Absent, engine.Seat(i))
		}
	}
	if r.Table != nil {
		tc := g.revealCard(engine.NoSeat, *r.Table)
		res.Table = &tc
	}
	res.Points = make([]int, len(g.s.Seats))
	if o.ending != EndVoided {
		switch r.Variant {
		case Team:
			g.scoreTeam(&res)
		case TwoPlayer, ThreePlayer:
			g.scoreSmall(&res, o)
		default:
			g.scoreNormal(&res, o)
		}
	}
	res.Totals = make([]int, len(g.s.Seats))
	for i := range g.s.Seats {
		g.s.Seats[i].Points += res.Points[i]
		res.Totals[i] = g.s.Seats[i].Points
	}
	g.s.History = append(g.s.History, res)
	g.s.Played[r.Loc] = true
	if r.Team != nil {
		g.s.Played[r.Loc2] = true
	}
	g.s.NextDealer = g.nextDealer(r)
	g.s.Cur = nil
	g.s.Phase = PhaseRoundOver
	over := g.s.Round >= g.s.Rounds
	if g.s.Settings.Team {
		over = len(g.s.CaptainQueue) == 0
	}
	if over {
		g.s.Phase = PhaseGameOver
		g.s.Winners = g.winners()
	}
}

// nextDealer follows the edition's rule (and the 2P/3P one).
func (g *Game) nextDealer(r *round) engine.Seat {
	if r.Team != nil {
		return engine.NoSeat
	}
	left := g.leftOf(r.Dealer, g.seated)
	if g.s.Settings.Edition == Spyfall2 || len(r.Spies) == 0 {
		return left
	}
	return r.Spies[0]
}

// scorers are the seats dealt in and present at the end of the round:
// an absent seat scores nothing that round.
func (g *Game) scorers() []engine.Seat {
	var out []engine.Seat
	for i := range g.s.Cur.Cards {
		if g.s.Cur.present(engine.Seat(i)) {
			out = append(out, engine.Seat(i))
		}
	}
	return out
}

// scoreNormal scores a normal round by the edition's table.
func (g *Game) scoreNormal(res *RoundResult, o outcome) {
	r := g.s.Cur
	ed := g.s.Settings.Edition
	pts := res.Points
	eachSpy := func(n int) {
		for _, s := range r.Spies {
			pts[s] += n
		}
	}
	switch o.ending {
	case EndNoConviction:
		eachSpy(2)
	case EndNonSpyConvicted:
		if ed == Classic {
			eachSpy(4)
		} else {
			eachSpy(2 + 2)
		}
	case EndSpyGuessed:
		if ed == Classic {
			eachSpy(4)
		} else {
			eachSpy(2)
			for _, gs := range r.Guesses {
				if gs.Location == r.Loc {
					pts[gs.Seat] += 2
				}
			}
		}
	case EndSpyMissed:
		for _, s := range g.scorers() {
			if !r.isSpy(s) {
				pts[s]++
			}
		}
	case EndSpyConvicted:
		// Spyfall 2: the other spy, still undercover, scores as a non-spy;
		// with old pals a mid-round conviction leaves both spies at 0.
		pals := g.s.Settings.OldPals && o.midRound
		for _, s := range g.scorers() {
			if s == o.convicted || r.isSpy(s) && (ed != Spyfall2 || pals) {
				continue
			}
			pts[s]++
		}
		switch ed {
		case Classic:
			if r.present(o.accuser) {
				pts[o.accuser]++ // 2 instead of 1
				res.Bonus = o.accuser
			}
		default:
			first := r.FirstAccuser[o.convicted]
			if first != engine.NoSeat && r.present(first) && !(pals && r.isSpy(first)) {
				pts[first]++
				res.Bonus = first
			}
		}
	}
}

// scoreSmall scores a 2P/3P round, accused or run out.
func (g *Game) scoreSmall(res *RoundResult, o outcome) {
	r := g.s.Cur
	pts := res.Points
	holder := engine.NoSeat
	if len(r.Spies) == 1 {
		holder = r.Spies[0]
	}
	nonSpies := func(n int) {
		for _, s := range g.scorers() {
			if s != holder {
				pts[s] += n
			}
		}
	}
	switch o.ending {
	case EndSpyConvicted:
		nonSpies(1)
		pts[o.accuser]++
		res.Bonus = o.accuser
	case EndNonSpyConvicted:
		if holder != engine.NoSeat {
			pts[holder] += 4
		}
	case EndTableSpy:
		nonSpies(1)
	case EndTableLocation:
		pts[holder] += 2
	case EndSpyGuessed:
		pts[holder] += 4
	case EndSpyMissed:
		nonSpies(1)
	case EndNoConviction:
		if holder != engine.NoSeat {
			pts[holder] += 2
		}
	}
}

// scoreTeam scores a team round: the spy, the captains and the picked agents.
func (g *Game) scoreTeam(res *RoundResult) {
	r := g.s.Cur
	t := r.Team
	pts := res.Points
	spy := r.Spies[0]
	if t.SpyPickedBy >= 0 {
		pts[spy]++
	}
	for _, gr := range res.Guesses {
		if gr.Correct {
			pts[spy]++
		}
	}
	locs := [2]int{r.Loc, r.Loc2}
	for i, by := range t.PickedBy {
		if by < 0 || engine.Seat(i) == spy {
			continue
		}
		own := r.Cards[i].Location == locs[by]
		if own && !r.Absent[i] {
			pts[i]++
		}
		if t.SpyPickedBy == by {
			continue // that captain scores 0
		}
		if own {
			pts[t.Captains[by]]++
		} else {
			pts[t.Captains[by]]--
		}
	}
}

func cloneResults(in []RoundResult) []RoundResult {
	b := make([]RoundResult, len(in))
	copy(b, in)
	return b
}
