package toygame

import (
	"bytes"
	"encoding/json"
	"fmt"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine"
)

// Family is the toy game's name in the settings, the views and the saves.
const Family game.Family = "toy"

// Rules is the toy game as the room plays it (game.Rules).
type Rules struct{}

var _ game.Rules = Rules{}

func (Rules) Family() game.Family { return Family }
func (Rules) DefaultConfig() any  { return &Config{Max: 10} }
func (Rules) Teams() bool         { return false }
func (Rules) Warnings(any) []string {
	return nil
}

func (Rules) ReadConfig(data []byte) (any, error) {
	c := new(Config)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return c, dec.Decode(c)
}

func (Rules) PublicConfig(config any) any {
	c := *config.(*Config)
	c.Seed = 0
	return &c
}

func (Rules) Check(config any, players int) (any, error) {
	g, err := New(*config.(*Config), max(players, 1))
	if err != nil {
		return nil, err
	}
	return g.View(engine.NoSeat), nil
}

func (Rules) Start(config any, players []game.Entrant, seed uint64, _ engine.Instant) (game.Play, error) {
	c := *config.(*Config)
	c.Seed = seed
	g, err := New(c, len(players))
	if err != nil {
		return nil, err
	}
	return play{g}, nil
}

func (Rules) Restore(data []byte, seats []session.Seat) (game.Play, []session.Seat, error) {
	g := new(Game)
	if err := g.UnmarshalBinary(data); err != nil {
		return nil, nil, err
	}
	for _, s := range g.s.Seats {
		if !s.Valid(len(seats)) {
			return nil, nil, fmt.Errorf("toy: the room maps %d seats, the game has seat %d", len(seats), s)
		}
	}
	return play{g}, seats, nil
}

// play is a toy game in progress (game.Play).
type play struct{ *Game }

func (play) PlayerAction(data []byte) (engine.Action, error) { return codec.Decode(data) }

func (play) HostMove([]byte) (engine.Action, error) {
	return nil, engine.Refuse(engine.ErrInvalidAction, "", "the host has no moves in this game")
}

func (play) Rename(engine.Seat, string, engine.Instant) {}

func (p play) Remove(e engine.Seat, now engine.Instant) error {
	return p.Apply(engine.Host, engine.HostRemoveSeat{Seat: e}, now)
}

func (play) Settle([]engine.Seat, engine.Instant) {}
