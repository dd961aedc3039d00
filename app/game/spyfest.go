package game

import (
	"fmt"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// spyfestFamily is a Spyfest game behind the room. Its engine seats are the session seats:
// teams hold them, and a late joiner joins a team through a pick of their own (pickTeam).
type spyfestFamily struct{ *spyfest.Game }

func (g spyfestFamily) seat(_ *Room, seat int, spectator bool) engine.Seat {
	if spectator {
		return engine.NoSeat
	}
	return engine.Seat(seat)
}

func (g spyfestFamily) view(e engine.Seat, v *TableView) {
	xv := g.View(e)
	v.Spyfest = &xv
}

func (g spyfestFamily) decode(raw []byte) (engine.Action, error) { return spyfest.DecodeAction(raw) }

func (g spyfestFamily) hostMove([]byte) (engine.Action, error) { return nil, noHostMoves() }

func (g spyfestFamily) endGame() engine.Action { return spyfest.HostEndGame{} }

func (g spyfestFamily) follow(*Room, []session.Player) {}

// kick takes the seat out of its team: mid-round it is absent, and a Spy leaving voids the
// round (APP-LOBBY-2).
func (g spyfestFamily) kick(r *Room, seat int) error {
	if g.TeamOf(engine.Seat(seat)) == spyfest.NoTeam {
		return nil
	}
	return g.Apply(engine.Host, spyfest.HostRemoveSeat{Seat: engine.Seat(seat)}, r.instant())
}

func (g spyfestFamily) settle(*Room) {}

// checkSpyfest builds a game of these settings with two teams of two.
func checkSpyfest(s Settings, _ int) (any, error) {
	cfg := *s.Spyfest
	cfg.Teams = [2][]engine.Seat{{0, 1}, {2, 3}}
	g, err := spyfest.New(cfg)
	if err != nil {
		return nil, err
	}
	return g.View(engine.NoSeat), nil
}

// buildSpyfest makes the teams of the lobby's picks; every player must have picked.
func buildSpyfest(r *Room, seed uint64) (func(), error) {
	cfg := *r.s.Settings.Spyfest
	cfg.Seed = seed
	for _, p := range r.playing() {
		if r.teamOf(p.Seat) < 0 {
			return nil, refusal(ErrNoTeam, "SX-SET-1", "%s has not joined a team yet", p.Name)
		}
	}
	for t := range cfg.Teams {
		cfg.Teams[t] = nil
		for _, s := range r.s.Teams[t] {
			if p, ok := r.player(s); ok && !p.Spectator {
				cfg.Teams[t] = append(cfg.Teams[t], engine.Seat(s))
			}
		}
	}
	g, err := spyfest.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("the game cannot start: %w", err)
	}
	return func() { r.g = spyfestFamily{g} }, nil
}

func restoreSpyfest(_ roomState, data []byte) (family, error) {
	g := new(spyfest.Game)
	if err := g.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	return spyfestFamily{g}, nil
}
