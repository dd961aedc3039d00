package game

import (
	"fmt"
	"maps"
	"slices"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// Spyfest is the Spyfest family (editions Spyfest and Spycon), played in two teams.
const Spyfest Family = "spyfest"

// spyfestRules is the Spyfest family behind the room. Its engine seats, like Spyfall's,
// count from 0 in the order the players sat down; the teams of the lobby hold them, and a
// late joiner is seated when they pick a team.
type spyfestRules struct{}

func (spyfestRules) Family() Family     { return Spyfest }
func (spyfestRules) DefaultConfig() any { c := spyfest.DefaultConfig(); return &c }
func (spyfestRules) Teams() bool        { return true }

func (spyfestRules) ReadConfig(data []byte) (any, error) {
	c := new(spyfest.Config)
	return c, readStrict(data, c)
}

func (spyfestRules) PublicConfig(config any) any {
	c := *config.(*spyfest.Config)
	c.Teams, c.Seed = [2][]engine.Seat{}, 0
	c.Carpet, c.ActionCards = maps.Clone(c.Carpet), maps.Clone(c.ActionCards)
	c.Custom, c.Removed = slices.Clone(c.Custom), slices.Clone(c.Removed)
	return &c
}

func (spyfestRules) Warnings(config any) []string { return config.(*spyfest.Config).Warnings() }

// Check makes a game of these settings with two teams of two.
func (spyfestRules) Check(config any, _ int) (any, error) {
	cfg := *config.(*spyfest.Config)
	cfg.Teams = [2][]engine.Seat{{0, 1}, {2, 3}}
	g, err := spyfest.New(cfg)
	if err != nil {
		return nil, err
	}
	return g.View(engine.NoSeat), nil
}

// Start makes the teams of the lobby's picks; every player must have picked.
func (spyfestRules) Start(config any, players []Entrant, seed uint64, _ engine.Instant) (Play, error) {
	cfg := *config.(*spyfest.Config)
	cfg.Seed, cfg.Teams = seed, [2][]engine.Seat{}
	for _, p := range players {
		if p.Team < 0 {
			return nil, refusal(engine.ErrNoTeam, ruleTwoTeams, "%s has not joined a team yet", p.Name)
		}
	}
	for e := range players {
		t := players[e].Team
		cfg.Teams[t] = append(cfg.Teams[t], engine.Seat(e))
	}
	for _, members := range cfg.Teams {
		slices.SortFunc(members, func(a, b engine.Seat) int { return players[a].Pick - players[b].Pick })
	}
	g, err := spyfest.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("the game cannot start: %w", err)
	}
	return spyfestPlay{g}, nil
}

// Restore reads a saved game. A game saved before the room mapped Spyfest's seats used the
// session seats themselves: it gets that map, covering every seat the game names.
func (spyfestRules) Restore(data []byte, seats []session.Seat) (Play, []session.Seat, error) {
	g := new(spyfest.Game)
	if err := g.UnmarshalBinary(data); err != nil {
		return nil, nil, err
	}
	if seats == nil {
		v := g.View(engine.NoSeat)
		top := v.Spy
		for _, t := range v.Teams {
			for _, m := range t.Members {
				top = max(top, m)
			}
		}
		for _, h := range v.History {
			top = max(top, h.Spy)
		}
		seats = []session.Seat{}
		for e := range int(top) + 1 {
			seats = append(seats, session.Seat(e))
		}
	}
	return spyfestPlay{g}, seats, nil
}

// spyfestPlay is a Spyfest game in progress.
type spyfestPlay struct{ *spyfest.Game }

func (p spyfestPlay) PlayerAction(data []byte) (engine.Action, error) {
	return spyfest.DecodeAction(data)
}

// HostMove: Spyfest has no host moves in the game.
func (p spyfestPlay) HostMove([]byte) (engine.Action, error) {
	return nil, refusal(engine.ErrWrongPhase, ruleTimeUpTurns, "the host passes for a seat only during a Spyfall game")
}

func (p spyfestPlay) Rename(engine.Seat, string, engine.Instant) {}

// Remove takes the seat out of its team: mid-round it is absent, and a Spy leaving voids the
// round.
func (p spyfestPlay) Remove(e engine.Seat, now engine.Instant) error {
	if p.TeamOf(e) == spyfest.NoTeam {
		return nil
	}
	return p.Apply(engine.Host, engine.HostRemoveSeat{Seat: e}, now)
}

func (p spyfestPlay) Settle([]engine.Seat, engine.Instant) {}
