package game

import (
	"bytes"
	"encoding/json"
	"fmt"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// Spyfall is the Spyfall family (editions classic, Spyfall 2 and Time Travel).
const Spyfall Family = "spyfall"

// spyfallRules is the Spyfall family behind the room. Its engine seats count from 0 in table
// order, then late joiners, whom the room seats as they arrive.
type spyfallRules struct{}

func (spyfallRules) Family() Family     { return Spyfall }
func (spyfallRules) DefaultConfig() any { c := spyfall.DefaultConfig(); return &c }
func (spyfallRules) Teams() bool        { return false }

func (spyfallRules) ReadConfig(data []byte) (any, error) {
	c := new(spyfall.Config)
	return c, readStrict(data, c)
}

func (spyfallRules) PublicConfig(config any) any {
	c := *config.(*spyfall.Config)
	c.Players, c.Seats, c.Seed = nil, 0, 0
	return &c
}

func (spyfallRules) Warnings(any) []string { return nil }

// Check accepts a config that makes a game for some table size of its edition: the players
// may still be coming, and start checks the real count.
func (spyfallRules) Check(config any, players int) (any, error) {
	cfg := *config.(*spyfall.Config)
	lo, hi := spyfall.PlayerRange(cfg.Edition, cfg.Team)
	cfg.Seats = min(max(players, lo, 1), max(hi, 1))
	g, first := spyfall.New(cfg)
	if first == nil {
		return g.View(engine.NoSeat), nil
	}
	for n := lo; n <= hi; n++ {
		cfg.Seats = n
		if g, err := spyfall.New(cfg); err == nil {
			return g.View(engine.NoSeat), nil
		}
	}
	return nil, first
}

// Start seats the players in table order and deals the first round.
func (spyfallRules) Start(config any, players []Entrant, seed uint64, now engine.Instant) (Play, error) {
	cfg := *config.(*spyfall.Config)
	cfg.Seats, cfg.Seed, cfg.Players = 0, seed, nil
	for _, p := range players {
		cfg.Players = append(cfg.Players, p.Name)
	}
	g, err := spyfall.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("the game cannot start: %w", err)
	}
	if err := g.Apply(engine.Host, spyfall.Deal{Round: 1}, now); err != nil {
		return nil, fmt.Errorf("the game cannot start: %w", err)
	}
	return spyfallPlay{g}, nil
}

// Restore reads a saved game whose seats the room's seat map must match.
func (spyfallRules) Restore(data []byte, seats []session.Seat) (Play, []session.Seat, error) {
	g := new(spyfall.Game)
	if err := g.UnmarshalBinary(data); err != nil {
		return nil, nil, err
	}
	if n := len(g.Points()); len(seats) != n {
		return nil, nil, fmt.Errorf("game: room snapshot maps %d seats for %d in the game", len(seats), n)
	}
	return spyfallPlay{g}, seats, nil
}

// spyfallPlay is a Spyfall game in progress.
type spyfallPlay struct{ *spyfall.Game }

func (p spyfallPlay) PlayerAction(data []byte) (engine.Action, error) {
	a, err := spyfall.DecodeAction(data)
	if err == nil && a.Kind() == (spyfall.Rename{}).Kind() {
		return nil, refusal(engine.ErrInvalidAction, ruleActionChecked, "rename through the room, not the game")
	}
	return a, err
}

// HostMove reads the host passing for the seat the game waits on, or marking a seat absent
// for the rest of the round. The room's own controls (seats, ending the game)
// have ops and intents of their own.
func (p spyfallPlay) HostMove(data []byte) (engine.Action, error) {
	a, err := spyfall.DecodeAction(data)
	if err != nil {
		return nil, err
	}
	switch a.(type) {
	case spyfall.HostPass, spyfall.HostMarkAbsent:
		return a, nil
	}
	return nil, refusal(engine.ErrInvalidAction, ruleActionChecked, "%q is not one of the host's moves in a round", a.Kind())
}

// Rename passes a new name on to the engine, which keeps the names.
func (p spyfallPlay) Rename(e engine.Seat, name string, now engine.Instant) {
	if p.Seated(e) && p.Name(e) != name {
		_ = p.Apply(engine.Host, spyfall.Rename{Seat: e, Name: name}, now) // a name the engine refuses keeps the old one
	}
}

// Remove: between rounds the seat leaves the table (its points stay in the history);
// mid-round it is absent, and leaves once the round is over (Settle).
func (p spyfallPlay) Remove(e engine.Seat, now engine.Instant) error {
	switch p.Phase() {
	case spyfall.PhaseGameOver:
		return nil
	case spyfall.PhaseLobby, spyfall.PhaseRoundOver:
		return p.Apply(engine.Host, engine.HostRemoveSeat{Seat: e}, now)
	}
	if p.dealtIn(e) {
		return p.Apply(engine.Host, spyfall.HostMarkAbsent{Round: p.Round(), Seat: e}, now)
	}
	return nil
}

// dealtIn reports whether engine seat e plays the round in progress.
func (p spyfallPlay) dealtIn(e engine.Seat) bool {
	for _, s := range p.View(engine.NoSeat).Seats {
		if s.ID == e {
			return s.InRound
		}
	}
	return false
}

// Settle removes the seats that left mid-round once their round is over. A table left too
// small to play on ends the game.
func (p spyfallPlay) Settle(gone []engine.Seat, now engine.Instant) {
	if ph := p.Phase(); ph != spyfall.PhaseRoundOver && ph != spyfall.PhaseLobby {
		return
	}
	for _, e := range gone {
		if !p.Seated(e) {
			continue
		}
		if p.Apply(engine.Host, engine.HostRemoveSeat{Seat: e}, now) != nil {
			_ = p.Apply(engine.Host, engine.HostEndGame{}, now)
			return
		}
	}
}

// readStrict reads data into v, refusing unknown fields and anything after the value.
func readStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("extra data after the value")
	}
	return nil
}
