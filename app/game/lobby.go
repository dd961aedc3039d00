package game

import (
	"encoding/json"
	"fmt"
	"slices"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// setSettings replaces the lobby's settings once they would make a valid game (APP-LOBBY-1).
// A family's config left out keeps what the lobby had for it.
func (r *Room) setSettings(s Settings) error {
	if err := r.inLobby("the settings change"); err != nil {
		return err
	}
	if s.Spyfall == nil {
		s.Spyfall = r.s.Settings.Spyfall
	}
	if s.Spyfest == nil {
		s.Spyfest = r.s.Settings.Spyfest
	}
	s = s.public()
	f, ok := families[s.Family]
	if !ok {
		return refusal(engine.ErrBadConfig, "APP-LOBBY-1", "unknown game %q (spyfall or spyfest)", s.Family)
	}
	public, err := f.check(s, len(r.playing()))
	if err != nil {
		return fmt.Errorf("these settings do not make a game: %w", err)
	}
	// Every view carries the whole content in play (locations, sheet, keywords): settings
	// whose views could not be sent in one message would stall the game later.
	if b, err := json.Marshal(public); err != nil || len(b) > maxViewBytes {
		return refusal(ErrGameTooLarge, "APP-LOBBY-1", "these settings make the game too large to send to the players (%d bytes of content, at most %d): use fewer or shorter custom entries", len(b), maxViewBytes)
	}
	r.s.Settings = s
	return nil
}

// maxViewBytes bounds a new game's public view, leaving room under session.MaxMessageBytes
// for the roster, the seat's own part and the history that grows during the game.
const maxViewBytes = session.MaxMessageBytes * 3 / 4

// start builds the engine from the seats in table order (spectators watch).
func (r *Room) start() error {
	if err := r.inLobby("the game starts"); err != nil {
		return err
	}
	commit, err := r.build(r.seed())
	if err != nil {
		return err
	}
	commit()
	r.s.Started = true
	return nil
}

// cannotStart is why start would refuse now, asked of the engines themselves by building
// the game and dropping it (the room's seed is not drawn), or nil.
func (r *Room) cannotStart() *Refused {
	if r.s.Started {
		return nil
	}
	_, err := r.build(0)
	if err == nil {
		return nil
	}
	code, rule := (&Refusal{Err: err}).RefusalCode()
	return &Refused{Code: code, Rule: rule}
}

// build makes the game start would make, from the seats in table order (spectators
// watch), and returns what keeps it; nothing changes until that is called.
func (r *Room) build(seed uint64) (commit func(), err error) {
	f, ok := families[r.s.Settings.Family]
	if !ok {
		return nil, refusal(engine.ErrBadConfig, "APP-LOBBY-1", "unknown game %q", r.s.Settings.Family)
	}
	return f.build(r, seed)
}

// end ends the game now; a round in play is voided (APP-LOBBY-1).
func (r *Room) end() error {
	if r.g == nil {
		return refusal(engine.ErrWrongPhase, "", "no game is running")
	}
	return r.play(engine.Host, engine.HostEndGame{})
}

// over reports whether a started game has finished.
func (r *Room) over() bool { return r.g != nil && r.g.game().Over() }

// backToLobby leaves a finished game, keeping the settings and the teams.
func (r *Room) backToLobby() error {
	if !r.s.Started || !r.over() {
		return refusal(engine.ErrWrongPhase, "APP-LOBBY-1", "the game is still running: end it first")
	}
	r.g = nil
	r.s.Started, r.s.Seats, r.s.Names, r.s.Leaving = false, nil, nil, nil
	return nil
}

// teamOf returns the lobby team of a session seat, or -1.
func (r *Room) teamOf(seat int) int {
	for t := range r.s.Teams {
		if slices.Contains(r.s.Teams[t], seat) {
			return t
		}
	}
	return -1
}

func (r *Room) setTeam(seat, team int) {
	for t := range r.s.Teams {
		r.s.Teams[t] = slices.DeleteFunc(r.s.Teams[t], func(s int) bool { return s == seat })
	}
	if team >= 0 {
		r.s.Teams[team] = append(r.s.Teams[team], seat)
	}
}

func (r *Room) needSpyfest() error {
	if r.s.Settings.Family != Spyfest {
		return refusal(engine.ErrInvalidAction, "SX-SET-1", "teams are chosen only for Spyfest")
	}
	return nil
}

// pickTeam puts the sender in a team: in the lobby, or as a late joiner between rounds
// (APP-LOBBY-1).
func (r *Room) pickTeam(seat, team int) error {
	if err := r.needSpyfest(); err != nil {
		return err
	}
	if r.s.Started {
		if team != 0 && team != 1 {
			return refusal(engine.ErrInvalidAction, "SX-SET-1", "team %d does not exist (0 or 1)", team)
		}
		if r.g == nil {
			return refusal(engine.ErrWrongPhase, "", "no game is running")
		}
		return r.g.(*spyfestFamily).join(r, seat, team)
	}
	if team < -1 || team > 1 {
		return refusal(engine.ErrInvalidAction, "SX-SET-1", "team %d does not exist (0 or 1, or -1 for none)", team)
	}
	r.setTeam(seat, team)
	return nil
}

// assign is the host putting a seat in a team (or none) in the lobby.
func (r *Room) assign(target, team int) error {
	if err := r.needSpyfest(); err != nil {
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
		return refusal(ErrSpectator, "", "%s is watching and cannot join a team", p.Name)
	case team < -1 || team > 1:
		return refusal(engine.ErrInvalidAction, "SX-SET-1", "team %d does not exist (0 or 1, or -1 for none)", team)
	}
	r.setTeam(target, team)
	return nil
}

// balance puts players without a team in the smaller team, then evens the sizes (SX-SET-1).
func (r *Room) balance() error {
	if err := r.needSpyfest(); err != nil {
		return err
	}
	if err := r.inLobby("teams change"); err != nil {
		return err
	}
	r.dropStrangers()
	for _, p := range r.playing() {
		if r.teamOf(p.Seat) < 0 {
			small := 0
			if len(r.s.Teams[1]) < len(r.s.Teams[0]) {
				small = 1
			}
			r.s.Teams[small] = append(r.s.Teams[small], p.Seat)
		}
	}
	r.s.Teams = fromEngine(spyfest.BalanceTeams(toEngine(r.s.Teams)))
	return nil
}

// shuffle deals every player into two teams at random (SX-SET-1).
func (r *Room) shuffle() error {
	if err := r.needSpyfest(); err != nil {
		return err
	}
	if err := r.inLobby("teams change"); err != nil {
		return err
	}
	var seats []engine.Seat
	for _, p := range r.playing() {
		seats = append(seats, engine.Seat(p.Seat))
	}
	r.s.Teams = fromEngine(spyfest.ShuffleTeams(seats, r.seed()))
	return nil
}

// dropStrangers forgets team picks of seats that left or now watch.
func (r *Room) dropStrangers() {
	for t := range r.s.Teams {
		r.s.Teams[t] = slices.DeleteFunc(r.s.Teams[t], func(s int) bool {
			p, ok := r.player(s)
			return !ok || p.Spectator
		})
	}
}

func toEngine(teams [2][]int) [2][]engine.Seat {
	var out [2][]engine.Seat
	for t := range teams {
		out[t] = []engine.Seat{}
		for _, s := range teams[t] {
			out[t] = append(out[t], engine.Seat(s))
		}
	}
	return out
}

func fromEngine(teams [2][]engine.Seat) [2][]int {
	var out [2][]int
	for t := range teams {
		out[t] = []int{}
		for _, s := range teams[t] {
			out[t] = append(out[t], int(s))
		}
	}
	return out
}
