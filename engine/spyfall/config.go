package spyfall

import (
	"fmt"
	"time"

	"safehouse/engine"
	"safehouse/wire"
)

// Edition picks the rules a game follows: table sizes, time up, scoring, the next dealer.
type Edition string

// The three editions.
const (
	Classic    Edition = "classic"
	Spyfall2   Edition = "spyfall2"
	TimeTravel Edition = "timetravel"
)

// Variant is the way one round is played. Normal rounds follow the edition;
// the others are Time Travel variants (2 and 3 players, teams).
type Variant string

// The variants.
const (
	Normal      Variant = "normal"
	TwoPlayer   Variant = "2p"
	ThreePlayer Variant = "3p"
	Team        Variant = "team"
)

// Defaults and limits of the setup.
const (
	DefaultRounds  = 5
	MaxRounds      = 50
	MinRoundLength = time.Minute
	MaxRoundLength = 30 * time.Minute
)

// Config is what the group agrees on before the first round.
// Zero values mean the defaults of RULES.md.
type Config struct {
	Edition Edition `json:"edition"`
	// Players names the seats in table order; seat IDs are 0..n-1. When it is
	// empty, Seats gives a count and the seats are named "Player 1"...
	Players []string `json:"players,omitempty"`
	Seats   int      `json:"seats,omitempty"`
	Seed    uint64   `json:"seed"`
	// Packs lists built-in pack IDs. Empty means the edition's own pack,
	// unless CustomPacks is set, in which case only the custom packs play.
	Packs       []string `json:"packs,omitempty"`
	CustomPacks []Pack   `json:"custom_packs,omitempty"`
	// Exclude removes locations (by ID) from the union of the packs.
	Exclude []string `json:"exclude,omitempty"`
	// Rounds defaults to 5; the team variant ends when every seat has captained instead.
	Rounds int `json:"rounds,omitempty"`
	// RoundLength defaults to DefaultRoundLength for the player count.
	RoundLength time.Duration `json:"round_length,omitempty"`
	// Spies is 0 for the default (DefaultSpies), which follows the seat count
	// at every deal; a number picked here stays while it is legal for the
	// seats of a deal. Only Spyfall 2 allows 2.
	Spies           int  `json:"spies,omitempty"`
	HideRoles       bool `json:"hide_roles,omitempty"`
	OldPals         bool `json:"old_pals,omitempty"`
	QuestionTracker bool `json:"question_tracker,omitempty"`
	FairRotation    bool `json:"fair_rotation,omitempty"`
	// NormalThreePlayer plays a 3-player Time Travel game normally instead
	// of the 3-player variant.
	NormalThreePlayer bool `json:"normal_three_player,omitempty"`
	// Team plays the team variant (Time Travel only). CaptainTurns is how
	// many times each seat captains (1 by default, or 2). TeamClock turns
	// the optional round clock on.
	Team         bool `json:"team,omitempty"`
	CaptainTurns int  `json:"captain_turns,omitempty"`
	TeamClock    bool `json:"team_clock,omitempty"`
}

// DefaultConfig is a new room's Spyfall: the classic edition with the rulebook's defaults
// (the lobby changes it from there).
func DefaultConfig() Config { return Config{Edition: Classic} }

// settings is the resolved Config kept in the state.
type settings struct {
	Edition           Edition       `json:"edition"`
	Rounds            int           `json:"rounds"`
	RoundLength       time.Duration `json:"round_length"`
	FixedLength       bool          `json:"fixed_length"`
	Spies             int           `json:"spies"` // the host's pick, or 0: DefaultSpies at each deal
	HideRoles         bool          `json:"hide_roles"`
	OldPals           bool          `json:"old_pals"`
	QuestionTracker   bool          `json:"question_tracker"`
	FairRotation      bool          `json:"fair_rotation"`
	NormalThreePlayer bool          `json:"normal_three_player"`
	Team              bool          `json:"team"`
	CaptainTurns      int           `json:"captain_turns"`
	TeamClock         bool          `json:"team_clock"`
}

// PlayerRange returns the allowed seat counts of an edition.
func PlayerRange(ed Edition, team bool) (min, max int) {
	switch {
	case team:
		return 5, 16
	case ed == Classic:
		return 3, 8
	case ed == Spyfall2:
		return 3, 12
	case ed == TimeTravel:
		return 2, 8
	}
	return 0, 0
}

// DefaultRoundLength is the rules' round length for a table of that many players.
func DefaultRoundLength(ed Edition, players int) time.Duration {
	if ed == Classic {
		return 8 * time.Minute
	}
	switch {
	case players <= 4:
		return 6 * time.Minute
	case players <= 6:
		return 7 * time.Minute
	case players <= 8:
		return 8 * time.Minute
	case players <= 10:
		return 9 * time.Minute
	default:
		return 10 * time.Minute
	}
}

// DefaultSpies is the rules' spy count for a Spyfall 2 table of that many players (1 elsewhere).
func DefaultSpies(ed Edition, players int) int {
	if ed == Spyfall2 && players >= 9 {
		return 2
	}
	return 1
}

// spiesAllowed reports whether n spies may play with that many players.
func spiesAllowed(ed Edition, players, n int) bool {
	if ed != Spyfall2 {
		return n == 1
	}
	switch {
	case players < 6:
		return n == 1
	case players >= 12:
		return n == 2
	default:
		return n == 1 || n == 2
	}
}

// spiesFor is the spy count of a deal with that many seats: the
// host's pick while it is legal for them, else the default for them.
func (s settings) spiesFor(players int) int {
	if s.Spies != 0 && spiesAllowed(s.Edition, players, s.Spies) {
		return s.Spies
	}
	return DefaultSpies(s.Edition, players)
}

// variantFor is the variant a round with that many seats plays.
func (s settings) variantFor(players int) Variant {
	switch {
	case s.Team:
		return Team
	case s.Edition != TimeTravel:
		return Normal
	case players == 2:
		return TwoPlayer
	case players == 3 && !s.NormalThreePlayer:
		return ThreePlayer
	}
	return Normal
}

// roundLength is the clock of a round with that many seats.
func (s settings) roundLength(players int) time.Duration {
	if s.FixedLength {
		return s.RoundLength
	}
	return DefaultRoundLength(s.Edition, players)
}

func badConfig(rule, format string, args ...any) error {
	return engine.Refuse(engine.ErrBadConfig, rule, format, args...)
}

// checkName applies the one name rule of every side (wire.CleanName) to a seat name.
func checkName(name string) (string, error) {
	clean, err := wire.CleanName(name)
	if err != nil {
		return "", engine.Refuse(engine.ErrInvalidAction, "", "%s", err.Error())
	}
	return clean, nil
}

// resolve checks a Config and fills in the defaults.
func (c Config) resolve() (settings, []string, []Location, error) {
	var s settings
	switch c.Edition {
	case Classic, Spyfall2, TimeTravel:
	default:
		return s, nil, nil, badConfig(ruleEditionAndPacks, "unknown edition %q", c.Edition)
	}
	s.Edition = c.Edition
	names := c.Players
	if len(names) == 0 {
		if c.Seats < 0 || c.Seats > 64 {
			return s, nil, nil, badConfig(ruleEditionAndPacks, "seat count %d is out of range", c.Seats)
		}
		for i := 0; i < c.Seats; i++ {
			names = append(names, fmt.Sprintf("Player %d", i+1))
		}
	} else if c.Seats != 0 && c.Seats != len(c.Players) {
		return s, nil, nil, badConfig(ruleEditionAndPacks, "%d seats but %d player names", c.Seats, len(c.Players))
	}
	clean := make([]string, len(names))
	for i, n := range names {
		var err error
		if clean[i], err = checkName(n); err != nil {
			return s, nil, nil, badConfig("", "player %d: %v", i+1, err)
		}
	}
	if c.Team && c.Edition != TimeTravel {
		return s, nil, nil, badConfig(ruleTeamVariant, "the team variant is a Time Travel variant")
	}
	lo, hi := PlayerRange(c.Edition, c.Team)
	if len(clean) < lo || len(clean) > hi {
		return s, nil, nil, refuseTableSize("%s plays with %d to %d players, not %d", c.Edition, lo, hi, len(clean))
	}
	s.Team = c.Team
	s.TeamClock = c.TeamClock
	s.CaptainTurns = c.CaptainTurns
	if s.CaptainTurns == 0 {
		s.CaptainTurns = 1
	}
	if s.CaptainTurns != 1 && s.CaptainTurns != 2 {
		return s, nil, nil, badConfig(ruleCaptaincy, "each seat captains once or twice, not %d times", c.CaptainTurns)
	}
	if !c.Team && (c.CaptainTurns != 0 || c.TeamClock) {
		return s, nil, nil, badConfig(ruleCaptaincy, "captain settings need the team variant")
	}
	s.Rounds = c.Rounds
	if s.Rounds == 0 {
		s.Rounds = DefaultRounds
	}
	if c.Team && c.Rounds != 0 {
		return s, nil, nil, badConfig(ruleCaptaincy, "the team variant ends when every seat has captained; do not set rounds")
	}
	if s.Rounds < 1 || s.Rounds > MaxRounds {
		return s, nil, nil, badConfig(ruleRounds, "rounds must be 1 to %d, not %d", MaxRounds, c.Rounds)
	}
	if c.RoundLength != 0 {
		if c.RoundLength < MinRoundLength || c.RoundLength > MaxRoundLength {
			return s, nil, nil, badConfig(ruleRoundLength, "a round lasts 1 to 30 minutes, not %v", c.RoundLength)
		}
		s.RoundLength, s.FixedLength = c.RoundLength, true
	}
	s.Spies = c.Spies
	if s.Spies != 0 && !spiesAllowed(c.Edition, len(clean), s.Spies) {
		return s, nil, nil, badConfig(ruleSpyCount, "%d spies are not allowed in %s with %d players", s.Spies, c.Edition, len(clean))
	}
	if c.OldPals && (c.Edition != Spyfall2 || s.spiesFor(len(clean)) != 2) {
		return s, nil, nil, badConfig(ruleOldPals, "old pals needs Spyfall 2 with two spies")
	}
	s.OldPals = c.OldPals
	s.HideRoles = c.HideRoles
	s.QuestionTracker = c.QuestionTracker
	s.FairRotation = c.FairRotation
	if c.NormalThreePlayer && c.Edition != TimeTravel {
		return s, nil, nil, badConfig(ruleThreePlayerVariant, "only Time Travel has a 3-player variant to opt out of")
	}
	s.NormalThreePlayer = c.NormalThreePlayer
	locs, err := c.locations()
	if err != nil {
		return s, nil, nil, err
	}
	need := 1
	if c.Team {
		need = 2
	}
	if len(locs) < need {
		return s, nil, nil, badConfig(ruleEditionAndPacks, "the chosen packs leave %d locations; at least %d needed", len(locs), need)
	}
	return s, clean, locs, nil
}

// locations is the union of the chosen packs, whatever the edition, minus the
// exclusions, each location copied so the game owns its content.
func (c Config) locations() ([]Location, error) {
	ids := c.Packs
	if len(ids) == 0 && len(c.CustomPacks) == 0 {
		ids = []string{string(c.Edition)}
	}
	var packs []Pack
	for _, id := range ids {
		p, ok := BuiltinPack(id)
		if !ok {
			return nil, badConfig(ruleEditionAndPacks, "unknown pack %q", id)
		}
		packs = append(packs, p)
	}
	for i, p := range c.CustomPacks {
		if err := p.check(); err != nil {
			return nil, badConfig(ruleOwnLocations, "custom pack %d: %v", i+1, err)
		}
		packs = append(packs, p)
	}
	excluded := map[string]bool{}
	for _, id := range c.Exclude {
		excluded[id] = true
	}
	seen := map[string]bool{}
	var out []Location
	for _, p := range packs {
		for _, l := range p.Locations {
			if seen[l.ID] {
				return nil, badConfig(ruleEditionAndPacks, "location %q appears in two packs", l.ID)
			}
			seen[l.ID] = true
			if excluded[l.ID] {
				continue
			}
			out = append(out, l.clone())
		}
	}
	for _, id := range c.Exclude {
		if !seen[id] {
			return nil, badConfig(ruleOwnLocations, "cannot exclude %q: no such location in the chosen packs", id)
		}
	}
	return out, nil
}
