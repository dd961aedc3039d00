package game

import (
	"encoding/json"
	"fmt"
	"slices"

	"safehouse/app/session"
	"safehouse/engine"
)

// setSettings replaces the lobby's settings once they would make a valid game.
// A family's config left out keeps what the lobby had for it.
func (r *Room) setSettings(s Settings) error {
	if err := r.inLobby("the settings change"); err != nil {
		return err
	}
	f, ok := rulesOf(s.Family)
	if !ok {
		return refusal(engine.ErrBadConfig, ruleHostArrangesSeats, "unknown game %q (one of %v)", s.Family, Families())
	}
	merged := s.With(s.Family, nil)
	for fam, c := range r.s.Settings.Configs {
		if merged.Config(fam) == nil {
			merged.Configs[fam] = c
		}
	}
	s = merged.public()
	public, err := f.Check(s.Config(s.Family), len(r.playing()))
	if err != nil {
		return fmt.Errorf("these settings do not make a game: %w", err)
	}
	// Every view carries the whole content in play (locations, sheet, keywords): settings
	// whose views could not be sent in one message would stall the game later.
	if b, err := json.Marshal(public); err != nil || len(b) > maxViewBytes {
		return refusal(engine.ErrGameTooLarge, ruleHostArrangesSeats, "these settings make the game too large to send to the players (%d bytes of content, at most %d): use fewer or shorter custom entries", len(b), maxViewBytes)
	}
	r.s.Settings = s
	return nil
}

// maxViewBytes bounds a new game's public view, leaving room under session.MaxMessageBytes
// for the roster, the seat's own part and the history that grows during the game.
const maxViewBytes = session.MaxMessageBytes * 3 / 4

// start makes the game from the seats in table order (spectators watch).
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

// cannotStart is why start would refuse now, asked of the family itself by making the game
// and dropping it (the room's seed is not drawn), or nil.
func (r *Room) cannotStart() *Refused {
	if r.s.Started {
		return nil
	}
	_, err := r.build(0)
	if err == nil {
		return nil
	}
	code, rule := refused(err).(*engine.Refusal).RefusalCode()
	return &Refused{Code: code, Rule: rule}
}

// build makes the game start would make, from the seats in table order (spectators
// watch) and their team picks, and returns what keeps it; nothing changes until that is
// called.
func (r *Room) build(seed uint64) (commit func(), err error) {
	f := r.rules()
	players := r.playing()
	entrants := make([]Entrant, len(players))
	seats := make([]session.Seat, len(players))
	for i, p := range players {
		entrants[i], seats[i] = Entrant{Name: p.Name, Team: -1}, p.Seat
		if t := r.teamOf(p.Seat); f.Teams() && t >= 0 {
			entrants[i].Team, entrants[i].Pick = t, slices.Index(r.s.Teams[t], p.Seat)
		}
	}
	g, err := f.Start(r.s.Settings.Config(f.Family()), entrants, seed, r.instant())
	if err != nil {
		return nil, err
	}
	return func() { r.g, r.s.Seats = g, seats }, nil
}

// end ends the game now; a round in play is voided.
func (r *Room) end() error {
	if r.g == nil {
		return refusal(engine.ErrWrongPhase, "", "no game is running")
	}
	return r.play(engine.Host, engine.HostEndGame{})
}

// over reports whether a started game has finished.
func (r *Room) over() bool { return r.g != nil && r.g.Over() }

// backToLobby leaves a finished game, keeping the settings and the teams.
func (r *Room) backToLobby() error {
	if !r.s.Started || !r.over() {
		return refusal(engine.ErrWrongPhase, ruleHostArrangesSeats, "the game is still running: end it first")
	}
	r.g = nil
	r.s.Started, r.s.Seats = false, nil
	return nil
}
