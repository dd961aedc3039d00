package game

import (
	"fmt"
	"slices"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// spyfallFamily is a Spyfall game behind the room. Its engine seats count from 0 in table
// order, then late joiners (roomState.Seats); the room also keeps the names it last gave the
// engine, and the seats that leave once their round is over.
type spyfallFamily struct{ g *spyfall.Game }

func (f *spyfallFamily) game() engine.Game { return f.g }

func (f *spyfallFamily) view(e engine.Seat, v *TableView) {
	sv := f.g.View(e)
	v.Spyfall = &sv
}

func (f *spyfallFamily) decode(raw []byte) (engine.Action, error) {
	a, err := spyfall.DecodeAction(raw)
	if err == nil && a.Kind() == (spyfall.Rename{}).Kind() {
		return nil, refusal(engine.ErrInvalidAction, "APP-ACT-1", "rename through the room, not the game")
	}
	return a, err
}

// hostMove reads the host passing for the seat the game waits on, or marking a seat absent
// for the rest of the round (SF-END-1a). The room's own controls (seats, ending the game)
// have ops and intents of their own.
func (f *spyfallFamily) hostMove(raw []byte) (engine.Action, error) {
	a, err := spyfall.DecodeAction(raw)
	if err != nil {
		return nil, err
	}
	switch a.(type) {
	case spyfall.HostPass, spyfall.HostMarkAbsent:
		return a, nil
	}
	return nil, refusal(engine.ErrInvalidAction, "APP-ACT-1", "%q is not one of the host's moves in a round", a.Kind())
}

// arrive seats a late joiner, who waits for the next deal. The engine refuses
// a seat past the edition's largest table; the refusal goes back to the session, which then
// seats nobody, so no player sits in the room without a seat in the game.
func (f *spyfallFamily) arrive(r *Room, p session.Player) error {
	if slices.Contains(r.s.Seats, p.Seat) {
		return nil
	}
	if err := f.g.Apply(engine.Host, engine.HostAddSeat{Seat: engine.Seat(len(r.s.Seats)), Name: p.Name}, r.instant()); err != nil {
		return err
	}
	r.s.Seats = append(r.s.Seats, p.Seat)
	r.s.Names = append(r.s.Names, p.Name)
	return nil
}

// follow passes renames on to the engine.
func (f *spyfallFamily) follow(r *Room, players []session.Player) {
	if f.g.Over() {
		return
	}
	for _, p := range players {
		e := slices.Index(r.s.Seats, p.Seat)
		if p.Spectator || e < 0 || r.s.Names[e] == p.Name {
			continue
		}
		if f.g.Apply(engine.Host, spyfall.Rename{Seat: engine.Seat(e), Name: p.Name}, r.instant()) == nil {
			r.s.Names[e] = p.Name
		}
	}
}

// kick: between rounds the seat leaves the table (its points stay in the history);
// mid-round it is absent, and leaves once the round is over.
func (f *spyfallFamily) kick(r *Room, seat int) error {
	e := slices.Index(r.s.Seats, seat)
	if e < 0 {
		return nil
	}
	switch f.g.Phase() {
	case spyfall.PhaseGameOver:
	case spyfall.PhaseLobby, spyfall.PhaseRoundOver:
		if err := f.g.Apply(engine.Host, engine.HostRemoveSeat{Seat: engine.Seat(e)}, r.instant()); err != nil {
			return err
		}
	default:
		if f.dealtIn(e) {
			mark := spyfall.HostMarkAbsent{Round: f.g.Round(), Seat: engine.Seat(e)}
			if err := f.g.Apply(engine.Host, mark, r.instant()); err != nil {
				return err
			}
		}
		r.s.Leaving = append(r.s.Leaving, e)
	}
	r.s.Seats[e] = -1
	return nil
}

// dealtIn reports whether engine seat e plays the round in progress.
func (f *spyfallFamily) dealtIn(e int) bool {
	for _, s := range f.g.View(engine.NoSeat).Seats {
		if int(s.ID) == e {
			return s.InRound
		}
	}
	return false
}

// settle removes seats kicked mid-round once their round is over. A table left too small
// to play on ends the game.
func (f *spyfallFamily) settle(r *Room) {
	if len(r.s.Leaving) == 0 {
		return
	}
	switch f.g.Phase() {
	case spyfall.PhaseRoundOver, spyfall.PhaseLobby:
	case spyfall.PhaseGameOver:
		r.s.Leaving = nil
		return
	default:
		return
	}
	now := r.instant()
	for _, e := range r.s.Leaving {
		if f.g.Apply(engine.Host, engine.HostRemoveSeat{Seat: engine.Seat(e)}, now) != nil {
			_ = f.g.Apply(engine.Host, engine.HostEndGame{}, now)
			break
		}
	}
	r.s.Leaving = nil
}

// checkSpyfall accepts a config that makes a game for some table size of its edition: the
// players may still be coming, and start checks the real count.
func checkSpyfall(s Settings, players int) (any, error) {
	cfg := *s.Spyfall
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

// buildSpyfall seats the players in table order and deals the first round.
func buildSpyfall(r *Room, seed uint64) (func(), error) {
	cfg := *r.s.Settings.Spyfall
	cfg.Seats, cfg.Seed, cfg.Players = 0, seed, nil
	seats := []int{}
	for _, p := range r.playing() {
		cfg.Players = append(cfg.Players, p.Name)
		seats = append(seats, p.Seat)
	}
	g, err := spyfall.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("the game cannot start: %w", err)
	}
	if err := g.Apply(engine.Host, spyfall.Deal{Round: 1}, r.instant()); err != nil {
		return nil, fmt.Errorf("the game cannot start: %w", err)
	}
	return func() { r.g, r.s.Seats, r.s.Names = &spyfallFamily{g: g}, seats, slices.Clone(cfg.Players) }, nil
}

// restoreSpyfall reads a saved game whose seats the room's seat map must match.
func restoreSpyfall(st *roomState, data []byte) (family, error) {
	g := new(spyfall.Game)
	if err := g.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	if n := len(g.Points()); len(st.Seats) != n || len(st.Names) != n {
		return nil, fmt.Errorf("game: room snapshot maps %d seats for %d in the game", len(st.Seats), n)
	}
	for _, e := range st.Leaving {
		if e < 0 || e >= len(st.Seats) {
			return nil, fmt.Errorf("game: room snapshot has a leaving seat %d out of range", e)
		}
	}
	return &spyfallFamily{g: g}, nil
}
