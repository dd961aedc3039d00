package game

import (
	"fmt"
	"slices"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// spyfestFamily is a Spyfest game behind the room. Its engine seats, like Spyfall's, count
// from 0 in the order the players sat down (roomState.Seats); the teams hold them, and a late
// joiner is seated when they pick a team (pickTeam).
type spyfestFamily struct{ g *spyfest.Game }

func (f *spyfestFamily) game() engine.Game { return f.g }

func (f *spyfestFamily) view(e engine.Seat, v *TableView) {
	xv := f.g.View(e)
	v.Spyfest = &xv
}

func (f *spyfestFamily) decode(raw []byte) (engine.Action, error) { return spyfest.DecodeAction(raw) }

func (f *spyfestFamily) hostMove([]byte) (engine.Action, error) { return nil, noHostMoves() }

// arrive seats nobody yet: a Spyfest late joiner is seated when they pick a team.
func (f *spyfestFamily) arrive(*Room, session.Player) error { return nil }

func (f *spyfestFamily) follow(*Room, []session.Player) {}

// kick takes the seat out of its team: mid-round it is absent, and a Spy leaving voids the
// round (APP-LOBBY-2).
func (f *spyfestFamily) kick(r *Room, seat int) error {
	e := slices.Index(r.s.Seats, seat)
	if e < 0 || f.g.TeamOf(engine.Seat(e)) == spyfest.NoTeam {
		return nil
	}
	if err := f.g.Apply(engine.Host, engine.HostRemoveSeat{Seat: engine.Seat(e)}, r.instant()); err != nil {
		return err
	}
	r.s.Seats[e] = -1
	return nil
}

// join seats a late joiner in team between rounds (APP-LOBBY-1).
func (f *spyfestFamily) join(r *Room, seat, team int) error {
	e := slices.Index(r.s.Seats, seat)
	if e < 0 {
		e = len(r.s.Seats)
	}
	if err := r.play(engine.Host, engine.HostAddSeat{Seat: engine.Seat(e), Team: team}); err != nil {
		return err
	}
	if e == len(r.s.Seats) {
		r.s.Seats = append(r.s.Seats, seat)
	}
	return nil
}

func (f *spyfestFamily) settle(*Room) {}

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
	seats := []int{}
	for _, p := range r.playing() {
		seats = append(seats, p.Seat)
	}
	for t := range cfg.Teams {
		cfg.Teams[t] = nil
		for _, s := range r.s.Teams[t] {
			if e := slices.Index(seats, s); e >= 0 {
				cfg.Teams[t] = append(cfg.Teams[t], engine.Seat(e))
			}
		}
	}
	g, err := spyfest.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("the game cannot start: %w", err)
	}
	return func() { r.g, r.s.Seats = &spyfestFamily{g: g}, seats }, nil
}

// restoreSpyfest reads a saved game. A game saved before the room mapped Spyfest's seats
// used the session seats themselves: it gets that map, covering every seat the game names.
func restoreSpyfest(st *roomState, data []byte) (family, error) {
	g := new(spyfest.Game)
	if err := g.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	if st.Seats == nil {
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
		st.Seats = []int{}
		for e := range int(top) + 1 {
			st.Seats = append(st.Seats, e)
		}
	}
	return &spyfestFamily{g: g}, nil
}
