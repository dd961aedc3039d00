package game

import (
	"slices"

	"safehouse/app/session"
	"safehouse/engine"
)

// The lobby's teams, for a game of teams (Rules.Teams): each player picks one of two teams,
// the host may move anyone, balance or shuffle; the game starts from the picks.

// teamOf returns the lobby team of a session seat, or -1.
func (r *Room) teamOf(seat session.Seat) int {
	for t := range r.s.Teams {
		if slices.Contains(r.s.Teams[t], seat) {
			return t
		}
	}
	return -1
}

func (r *Room) setTeam(seat session.Seat, team int) {
	for t := range r.s.Teams {
		r.s.Teams[t] = slices.DeleteFunc(r.s.Teams[t], func(s session.Seat) bool { return s == seat })
	}
	if team >= 0 {
		r.s.Teams[team] = append(r.s.Teams[team], seat)
	}
}

func (r *Room) needTeams() error {
	if !r.rules().Teams() {
		return refusal(engine.ErrInvalidAction, ruleTwoTeams, "this game is not played in teams")
	}
	return nil
}

// checkTeam refuses a team that does not exist; none (-1) too unless orNone.
func checkTeam(team int, orNone bool) error {
	switch {
	case team == 0 || team == 1 || orNone && team == -1:
		return nil
	case orNone:
		return refusal(engine.ErrInvalidAction, ruleTwoTeams, "team %d does not exist (0 or 1, or -1 for none)", team)
	}
	return refusal(engine.ErrInvalidAction, ruleTwoTeams, "team %d does not exist (0 or 1)", team)
}

// pickTeam puts the sender in a team: in the lobby, or as a late joiner between rounds.
func (r *Room) pickTeam(seat session.Seat, team int) error {
	if err := r.needTeams(); err != nil {
		return err
	}
	if err := checkTeam(team, !r.s.Started); err != nil {
		return err
	}
	if !r.s.Started {
		r.setTeam(seat, team)
		return nil
	}
	if r.g == nil {
		return refusal(engine.ErrWrongPhase, "", "no game is running")
	}
	e := r.engineSeat(seat, false)
	if e == engine.NoSeat {
		e = engine.Seat(len(r.s.Seats))
	}
	return r.seatLate(seat, engine.HostAddSeat{Seat: e, Team: team})
}

// assign is the host putting a seat in a team (or none) in the lobby.
func (r *Room) assign(target session.Seat, team int) error {
	if err := r.needTeams(); err != nil {
		return err
	}
	if err := r.inLobby("teams change"); err != nil {
		return err
	}
	p, ok := r.player(target)
	switch {
	case !ok:
		return refusal(engine.ErrNoSuchSeat, "", "there is no seat %d", target)
	case p.Spectator:
		return refusal(engine.ErrSpectator, "", "%s is watching and cannot join a team", p.Name)
	}
	if err := checkTeam(team, true); err != nil {
		return err
	}
	r.setTeam(target, team)
	return nil
}

// balance puts players without a team in the smaller team, then moves players from the
// larger team to the smaller one until the sizes differ by at most one. The last
// to join a team move first, so the players who picked earliest stay where they chose.
func (r *Room) balance() error {
	if err := r.needTeams(); err != nil {
		return err
	}
	if err := r.inLobby("teams change"); err != nil {
		return err
	}
	r.dropStrangers()
	small := func() int {
		if len(r.s.Teams[1]) < len(r.s.Teams[0]) {
			return 1
		}
		return 0
	}
	for _, p := range r.playing() {
		if r.teamOf(p.Seat) < 0 {
			t := small()
			r.s.Teams[t] = append(r.s.Teams[t], p.Seat)
		}
	}
	for {
		to := small()
		from := &r.s.Teams[1-to]
		if len(*from)-len(r.s.Teams[to]) <= 1 {
			return nil
		}
		last := (*from)[len(*from)-1]
		*from = (*from)[:len(*from)-1]
		r.s.Teams[to] = append(r.s.Teams[to], last)
	}
}

// shuffle deals every player into two teams at random, of sizes that differ by at most one.
func (r *Room) shuffle() error {
	if err := r.needTeams(); err != nil {
		return err
	}
	if err := r.inLobby("teams change"); err != nil {
		return err
	}
	players := r.playing()
	teams := [2][]session.Seat{{}, {}}
	for i, p := range engine.NewRand(r.seed()).Perm(len(players)) {
		teams[i%2] = append(teams[i%2], players[p].Seat)
	}
	r.s.Teams = teams
	return nil
}

// dropStrangers forgets team picks of seats that left or now watch.
func (r *Room) dropStrangers() {
	for t := range r.s.Teams {
		r.s.Teams[t] = slices.DeleteFunc(r.s.Teams[t], func(s session.Seat) bool {
			p, ok := r.player(s)
			return !ok || p.Spectator
		})
	}
}
