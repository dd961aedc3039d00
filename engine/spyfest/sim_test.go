package spyfest

import (
	"fmt"
	"math/rand/v2"
	"time"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// A simulated table for property tests and benchmarks: a seeded random
// player that mostly makes moves that fit the moment, sometimes sends
// garbage, from random seats, with time moving on at random.

type logged struct {
	Seat   engine.Seat
	Action Action
	Now    engine.Instant
}

type sim struct {
	rng     *rand.Rand
	g       *Game
	cfg     Config
	now     engine.Instant
	nextNew engine.Seat
	log     []logged
}

// randomConfig draws settings: deck size, carpet, cards, timers, teams.
func randomConfig(seed uint64) Config {
	rng := rand.New(rand.NewPCG(seed, 1))
	cfg := Config{Edition: EditionSpyfest, Deck: DeckFictional, Keywords: []string{KeywordsA, KeywordsB}[rng.IntN(2)],
		KeywordSets: fixtureKeywords(), Seed: seed}
	size := 4 + rng.IntN(25)
	for i := range size {
		id := fmt.Sprintf("c%02d", i)
		cfg.Sheet[i*Quarters/size] = append(cfg.Sheet[i*Quarters/size], Character{ID: id, Name: engine.Text{"en": id}})
	}
	if rng.IntN(6) == 0 {
		cfg.Removed = []string{"c00"}
	}
	if rng.IntN(4) == 0 {
		// The built-in content of a random edition and deck.
		cfg.Sheet, cfg.KeywordSets, cfg.Removed = [Quarters][]Character{}, nil, nil
		cfg.Edition = []string{EditionSpyfest, EditionSpycon}[rng.IntN(2)]
		cfg.Deck = []string{DeckFictional, DeckNonFictional}[rng.IntN(2)]
	}
	var seat engine.Seat
	for t := range 2 {
		for range 2 + rng.IntN(3) {
			cfg.Teams[t] = append(cfg.Teams[t], seat)
			seat++
		}
	}
	switch rng.IntN(4) {
	case 0:
		cfg.NoCarpet, cfg.VictoryVP = true, 3+rng.IntN(13)
	case 1:
		cfg.Carpet = map[Effect]int{}
		for _, e := range CarpetEffects {
			cfg.Carpet[e] = rng.IntN(3)
		}
	}
	switch rng.IntN(4) {
	case 0:
		cfg.NoActionCards = true
	case 1:
		cfg.ActionCards = map[Card]int{}
		for _, c := range Cards {
			cfg.ActionCards[c] = rng.IntN(4)
		}
	}
	if rng.IntN(5) == 0 {
		cfg.GuessWindow = Off
	}
	if rng.IntN(5) == 0 {
		cfg.IdleTimer = Off
	}
	if rng.IntN(5) == 0 {
		cfg.DescriptionLimit = time.Duration(30+rng.IntN(150)) * time.Second
	}
	return cfg
}

func newSim(seed uint64) (*sim, error) {
	cfg := randomConfig(seed)
	g, err := New(cfg)
	if err != nil {
		return nil, err
	}
	return &sim{rng: rand.New(rand.NewPCG(seed, 2)), g: g, cfg: cfg, now: 1_000_000, nextNew: 100}, nil
}

func (s *sim) pick(seats []engine.Seat) engine.Seat { return enginetest.PickSeat(s.rng, seats) }

func (s *sim) players() []engine.Seat {
	st := &s.g.st
	return append(append([]engine.Seat(nil), st.Teams[0].Members...), st.Teams[1].Members...)
}

// someName is the answer about a third of the time, else any name.
func (s *sim) someName() string {
	st := &s.g.st
	if st.Round.Character != "" && s.rng.IntN(3) == 0 {
		return st.Round.target()
	}
	if st.Round.reverse() {
		ids := st.keywordIDs(st.KeywordSet)
		return ids[s.rng.IntN(len(ids))]
	}
	return st.Sheet[s.rng.IntN(len(st.Sheet))].ID
}

// next returns the next seat and action to try.
func (s *sim) next() (engine.Seat, Action) {
	st := &s.g.st
	r := &st.Round
	n := r.Number
	s.now += engine.Instant(s.rng.IntN(4000))
	if s.rng.IntN(8) == 0 {
		return s.garbage()
	}
	if s.rng.IntN(10) == 0 {
		s.now += engine.Instant(s.rng.IntN(40_000))
		return s.pick([]engine.Seat{Host, 0, 1}), enginetest.TimePasses{}
	}
	mates := st.guessers(r.Team)
	others := st.Teams[r.intercepting()].Members
	switch st.Phase {
	case PhaseSpyChoice:
		for t := range st.Teams {
			if len(st.Teams[t].Members) < 2 {
				s.nextNew++
				return Host, engine.HostAddSeat{Seat: s.nextNew, Team: t}
			}
		}
		if s.rng.IntN(30) == 0 {
			return Host, engine.HostRemoveSeat{Seat: s.pick(s.players())}
		}
		if s.rng.IntN(30) == 0 {
			s.nextNew++
			return Host, engine.HostAddSeat{Seat: s.nextNew, Team: s.rng.IntN(2)}
		}
		return s.pick(st.Teams[r.Team].Members), ChooseSpy{Round: n, Spy: s.pick(st.Teams[r.Team].Members)}
	case PhaseDraw:
		if s.rng.IntN(5) == 0 {
			return s.pick(mates), Play{Round: n, Card: CardTwoCharacters}
		}
		return r.Spy, Draw{Round: n}
	case PhaseKeep:
		return r.Spy, Keep{Round: n, Character: r.Candidates[s.rng.IntN(len(r.Candidates))]}
	}
	if r.Question != NoTeam && s.rng.IntN(2) == 0 {
		return r.Spy, Answer{Round: n, Yes: s.rng.IntN(2) == 0}
	}
	if r.QuarterBy != NoTeam && s.rng.IntN(2) == 0 {
		return r.Spy, CrossQuarter{Round: n, Quarter: s.rng.IntN(Quarters)}
	}
	roll := s.rng.IntN(100)
	switch {
	case roll < 2:
		return Host, engine.HostRemoveSeat{Seat: s.pick(s.players())}
	case roll < 12:
		return s.pick(s.players()), Note{Round: n, ID: s.someName(), Mark: []Mark{MarkMaybe, MarkMinus, MarkCross, MarkNone}[s.rng.IntN(4)]}
	case roll < 24:
		return s.pick(s.players()), Play{Round: n, Card: Cards[s.rng.IntN(len(Cards))]}
	}
	if st.Phase == PhaseStopped {
		guessers := st.guessers(r.Guessing)
		names := []string{s.someName()}
		if s.rng.IntN(6) == 0 {
			names = append(names, s.someName())
		}
		return s.pick(guessers), Guess{Round: n, Attempt: r.Attempt, Names: names}
	}
	switch {
	case roll < 34:
		return s.pick(s.players()), StartIdle{Round: n}
	case roll < 40:
		return s.pick(s.players()), CancelIdle{Round: n}
	}
	return s.pick(append(mates, others...)), Stop{Round: n}
}

// garbage is an action of any kind with random fields from a random seat.
func (s *sim) garbage() (engine.Seat, Action) {
	seat := engine.Seat(s.rng.IntN(12) - 2)
	n := s.g.st.Round.Number + s.rng.IntN(3) - 1
	acts := []Action{
		ChooseSpy{Round: n, Spy: engine.Seat(s.rng.IntN(10) - 1)},
		Draw{Round: n}, Keep{Round: n, Character: s.someName()}, Stop{Round: n},
		Guess{Round: n, Attempt: s.rng.IntN(5), Names: []string{s.someName(), "nobody"}[:1+s.rng.IntN(2)]},
		StartIdle{Round: n}, CancelIdle{Round: n}, Play{Round: n, Card: Card(fmt.Sprint(s.rng.IntN(3)))},
		Answer{Round: n}, CrossQuarter{Round: n, Quarter: s.rng.IntN(7) - 1},
		Note{Round: n, ID: "zz", Mark: "!"}, engine.HostAddSeat{Seat: engine.Seat(s.rng.IntN(10)), Team: s.rng.IntN(4) - 1},
		engine.HostRemoveSeat{Seat: engine.Seat(s.rng.IntN(12) - 2)}, nil,
	}
	return seat, acts[s.rng.IntN(len(acts))]
}

// step tries one action, logging it when it is accepted.
func (s *sim) step() (engine.Seat, Action, error) {
	seat, a := s.next()
	err := enginetest.Play(s.g, seat, a, s.now)
	if err == nil {
		s.log = append(s.log, logged{seat, a, s.now})
	}
	return seat, a, err
}
