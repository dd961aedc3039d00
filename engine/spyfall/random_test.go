package spyfall

import (
	"math/rand/v2"
	"slices"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// move is one entry of a game's action log.
type move struct {
	seat engine.Seat
	act  Action
	now  engine.Instant
}

// player drives a game with random actions: mostly legal ones, chosen from
// what the rules allow in the current phase, and some junk that the engine
// must refuse or accept without breaking. It keeps the log for replays and
// the first mid-round accuser of each seat for the scoring oracle.
type player struct {
	g     *Game
	rng   *rand.Rand
	now   engine.Instant
	log   []move
	first map[engine.Seat]engine.Seat // this round: suspect -> first accuser
	// accuser made the last accepted accusation of this round.
	accuser engine.Seat
	// seatOps allows the host to add and remove seats between rounds.
	seatOps bool
	// refusals counts refused actions.
	refusals int
	// patience (0-9) is how often, in tenths, the player lets time pass
	// instead of acting while the clock runs; yes (1-9) how often, in
	// tenths, a voter votes yes. Both vary by game.
	patience, yes int
}

func newPlayer(g *Game, seed uint64, seatOps bool) *player {
	rng := rand.New(rand.NewPCG(seed, 7))
	return &player{g: g, rng: rng, now: t0, first: map[engine.Seat]engine.Seat{}, accuser: engine.NoSeat, seatOps: seatOps,
		patience: rng.IntN(10), yes: 1 + rng.IntN(9)}
}

// apply applies one move and keeps the bookkeeping.
func (p *player) apply(seat engine.Seat, a Action) error {
	g := p.g
	wasPlaying := g.s.Phase == PhasePlaying && g.s.Cur != nil && g.s.Cur.Variant != TwoPlayer && g.s.Cur.Variant != ThreePlayer
	err := enginetest.Play(g, seat, a, p.now)
	p.log = append(p.log, move{seat, a, p.now})
	if err != nil {
		p.refusals++
		return err
	}
	if _, ok := a.(Deal); ok {
		clear(p.first)
		p.accuser = engine.NoSeat
	}
	if _, ok := a.(Accuse); ok {
		p.accuser = seat
	}
	if acc, ok := a.(Accuse); ok && wasPlaying {
		if _, seen := p.first[acc.Suspect]; !seen {
			p.first[acc.Suspect] = seat
		}
	}
	return nil
}

func (p *player) pickSeat(from []engine.Seat) engine.Seat { return enginetest.PickSeat(p.rng, from) }

// presentSeats lists the present seats of the round in play.
func (p *player) presentSeats() []engine.Seat {
	r := p.g.s.Cur
	var out []engine.Seat
	for _, s := range p.g.s.Order {
		if r != nil && r.present(s) {
			out = append(out, s)
		}
	}
	return out
}

func (p *player) others(s engine.Seat) []engine.Seat {
	return slices.DeleteFunc(p.presentSeats(), func(o engine.Seat) bool { return o == s })
}

func (p *player) randomLocation() string {
	g := p.g
	if r := g.s.Cur; r != nil && p.rng.IntN(3) == 0 {
		return locID(g, r.Loc)
	}
	if r := g.s.Cur; r != nil && r.Team != nil && p.rng.IntN(2) == 0 {
		return locID(g, r.Loc2)
	}
	return locID(g, p.rng.IntN(len(g.s.Locations)))
}

// junk returns an action of a random kind with random fields near the
// current round, vote and seats.
func (p *player) junk() (engine.Seat, Action) {
	g := p.g
	n := len(g.s.Seats)
	seat := engine.Seat(p.rng.IntN(n+3) - 2)
	if seat == Host && p.rng.IntN(2) == 0 {
		seat = 0
	}
	rd := g.s.Round + p.rng.IntN(3) - 1
	s := engine.Seat(p.rng.IntN(n+2) - 1)
	switch p.rng.IntN(16) {
	case 14:
		return seat, Pass{Round: rd}
	case 15:
		return seat, HostPass{Round: rd, Vote: []int{0, g.s.VoteSerial}[p.rng.IntN(2)], Seat: s}
	case 0:
		return seat, Deal{Round: rd}
	case 1:
		return seat, StartClock{Round: rd}
	case 2:
		return seat, Ask{Round: rd, Question: p.rng.IntN(3), Target: s}
	case 3:
		return seat, Accuse{Round: rd, Suspect: s}
	case 4:
		return seat, Vote{Vote: g.s.VoteSerial + p.rng.IntN(3) - 1, Yes: p.rng.IntN(2) == 0}
	case 5:
		return seat, Guess{Round: rd, Location: p.randomLocation()}
	case 6:
		return seat, RevealTable{Round: rd}
	case 7:
		return seat, Lead{Round: rd, Captain: s}
	case 8:
		return seat, Pick{Round: rd, Turn: p.rng.IntN(4), Agent: s}
	case 9:
		return seat, StopPicking{Round: rd, Turn: p.rng.IntN(4)}
	case 10:
		return seat, GuessBoth{Round: rd, Locations: [2]string{p.randomLocation(), "nowhere"}}
	case 11:
		return seat, Rename{Seat: s, Name: []string{"", "Renamed", " x "}[p.rng.IntN(3)]}
	case 12:
		return seat, HostMarkAbsent{Round: rd, Seat: s}
	default:
		return seat, HostMoveSeat{Seat: s, To: p.rng.IntN(3)}
	}
}

// next returns a move, and whether it is junk rather than a legal-looking
// one for the phase.
func (p *player) next() (engine.Seat, Action, bool) {
	if p.rng.IntN(12) == 0 {
		s, a := p.junk()
		return s, a, true
	}
	s, a := p.move()
	return s, a, false
}

// move returns a move that the rules allow in the phase, mostly.
func (p *player) move() (engine.Seat, Action) {
	g := p.g
	rng := p.rng
	r := g.s.Cur
	switch g.s.Phase {
	case PhaseLobby, PhaseRoundOver:
		if p.seatOps && rng.IntN(15) == 0 {
			if rng.IntN(2) == 0 {
				return Host, engine.HostAddSeat{Seat: engine.Seat(len(g.s.Seats)), Name: "Late"}
			}
			return Host, engine.HostRemoveSeat{Seat: p.pickSeat(g.s.Order)}
		}
		if g.s.Phase == PhaseLobby && rng.IntN(10) == 0 {
			return Host, HostMoveSeat{Seat: p.pickSeat(g.s.Order), To: rng.IntN(len(g.s.Order))}
		}
		return p.pickSeat(g.s.Order), Deal{Round: g.s.Round + 1}
	case PhaseGameOver:
		return p.junk()
	}
	if rng.IntN(60) == 0 {
		return Host, HostMarkAbsent{Round: r.Number, Seat: p.pickSeat(p.presentSeats())}
	}
	if rng.IntN(300) == 0 {
		return Host, engine.HostEndGame{}
	}
	if p.seatOps && rng.IntN(200) == 0 {
		return Host, engine.HostAddSeat{Seat: engine.Seat(len(g.s.Seats)), Name: "Late"}
	}
	// The host passes for the seat the game waits on now and then
	// (SF-END-1a).
	hostPass := func(odds int, seat engine.Seat) bool { return seat != engine.NoSeat && rng.IntN(odds) == 0 }
	switch g.s.Phase {
	case PhaseDealt:
		if hostPass(8, r.Dealer) {
			return Host, HostPass{Round: r.Number, Seat: r.Dealer}
		}
		return r.Dealer, StartClock{Round: r.Number}
	case PhasePlaying:
		small := r.Variant == TwoPlayer || r.Variant == ThreePlayer
		if rng.IntN(10) < p.patience {
			p.now += engine.Instant(rng.IntN(90_000))
			return Host, enginetest.TimePasses{}
		}
		switch k := rng.IntN(10); {
		case k < 3:
			// Let time pass, sometimes past the deadline.
			p.now += engine.Instant(rng.IntN(90_000))
			return Host, enginetest.TimePasses{}
		case k < 5 && g.s.Settings.QuestionTracker:
			return r.Asker, Ask{Round: r.Number, Question: r.Questions, Target: p.pickSeat(p.others(r.Asker))}
		case k < 7:
			spy := p.pickSeat(slices.DeleteFunc(slices.Clone(r.Spies), func(s engine.Seat) bool { return !r.present(s) }))
			if spy != engine.NoSeat && rng.IntN(2) == 0 {
				return spy, Guess{Round: r.Number, Location: p.randomLocation()}
			}
			if small {
				return p.pickSeat(p.presentSeats()), RevealTable{Round: r.Number}
			}
			fallthrough
		default:
			a := p.pickSeat(p.presentSeats())
			if small && r.isSpy(a) {
				return a, RevealTable{Round: r.Number}
			}
			return a, Accuse{Round: r.Number, Suspect: p.pickSeat(p.others(a))}
		}
	case PhaseVote, PhaseEndVote:
		var pending []engine.Seat
		for i, b := range r.Vote.Ballots {
			if b == ballotPending {
				pending = append(pending, engine.Seat(i))
			}
		}
		voter := p.pickSeat(pending)
		if hostPass(15, voter) {
			return Host, HostPass{Round: r.Number, Vote: r.Vote.ID, Seat: voter}
		}
		return voter, Vote{Vote: r.Vote.ID, Yes: rng.IntN(10) < p.yes}
	case PhaseSpyGuess:
		second := r.Spies[0]
		if second == r.Guesses[0].Seat {
			second = r.Spies[1]
		}
		if hostPass(6, second) {
			return Host, HostPass{Round: r.Number, Seat: second}
		}
		return second, Guess{Round: r.Number, Location: p.randomLocation()}
	case PhaseEndAccuse:
		turn := r.EndOrder[r.EndTurn]
		switch rng.IntN(8) {
		case 0:
			return Host, HostPass{Round: r.Number, Seat: turn}
		case 1, 2:
			return turn, Pass{Round: r.Number}
		}
		return turn, Accuse{Round: r.Number, Suspect: p.pickSeat(p.others(turn))}
	case PhaseTeamLead:
		c := r.Team.Captains[rng.IntN(2)]
		return c, Lead{Round: r.Number, Captain: r.Team.Captains[rng.IntN(2)]}
	case PhaseTeamPick:
		t := r.Team
		c := t.Captains[t.Turn]
		if g.s.Settings.TeamClock && rng.IntN(4) == 0 {
			p.now += engine.Instant(rng.IntN(120_000))
			return Host, enginetest.TimePasses{}
		}
		if rng.IntN(4) == 0 {
			return c, StopPicking{Round: r.Number, Turn: t.PickNo}
		}
		if hostPass(12, c) {
			return Host, HostPass{Round: r.Number, Seat: c}
		}
		var free []engine.Seat
		for _, s := range p.presentSeats() {
			if s != t.Captains[0] && s != t.Captains[1] && t.PickedBy[s] < 0 {
				free = append(free, s)
			}
		}
		return c, Pick{Round: r.Number, Turn: t.PickNo, Agent: p.pickSeat(free)}
	case PhaseTeamGuess:
		if hostPass(8, r.Spies[0]) {
			// The host need not know the spy: half the time it passes unnamed.
			return Host, HostPass{Round: r.Number, Seat: []engine.Seat{r.Spies[0], engine.NoSeat}[rng.IntN(2)]}
		}
		return r.Spies[0], GuessBoth{Round: r.Number, Locations: [2]string{p.randomLocation(), p.randomLocation()}}
	}
	return p.junk()
}
