package spyfest

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"safehouse/engine"
)

// Phase is the stage of the game.
type Phase string

// The phases, in the order a round passes through them.
const (
	PhaseSpyChoice  Phase = "spy_choice" // between rounds: the active team picks its Spy
	PhaseDraw       Phase = "draw"       // the Spy is chosen; "two characters" may be played, then the Spy draws
	PhaseKeep       Phase = "keep"       // the Spy keeps one of several drawn characters
	PhaseDescribing Phase = "describing" // the Spy describes; anyone else may stop the game
	PhaseStopped    Phase = "stopped"    // an attempt is under way: the teams guess in turn
	PhaseOver       Phase = "over"       // the game has ended
)

// Host stands for the host's own authority (lobby changes, ending the game)
// as the sender of an action (engine.Host).
const Host = engine.Host

// NoTeam marks the absence of a team (no winner, no scorer, a spectator).
const NoTeam = -1

// Game is one game of Spyfest or Spycon. It is a deterministic state machine:
// every change goes through Apply with the instant it happens at.
type Game struct {
	st state
}

var _ engine.Game = (*Game)(nil)

type team struct {
	Members []engine.Seat `json:"members"`
	VP      int           `json:"vp"`
	// Position on the red carpet: 0 is Start, len(track)-1 is Victory.
	Position int          `json:"position"`
	Cards    map[Card]int `json:"cards"`
	LastSpy  engine.Seat  `json:"last_spy"`
}

type state struct {
	Version        int                  `json:"v"` // the snapshot version (snapshot.go)
	Sheet          []SheetCharacter     `json:"sheet"`
	KeywordSets    map[string][]Keyword `json:"keyword_sets"`
	Track          []Effect             `json:"track,omitempty"`
	VictoryVP      int                  `json:"victory_vp,omitempty"`
	GuessWindow    time.Duration        `json:"guess_window"`
	IdleTimer      time.Duration        `json:"idle_timer"`
	DescLimit      time.Duration        `json:"description_limit"`
	ThirdPerson    bool                 `json:"third_person"`
	InternetLookup bool                 `json:"internet_lookup"`

	Rand       *engine.Rand `json:"rand"`
	Teams      [2]team      `json:"teams"`
	FirstTeam  int          `json:"first_team"`
	Phase      Phase        `json:"phase"`
	KeywordSet string       `json:"keyword_set"`
	// Decks: index 0 is the top card.
	CharacterDeck []string `json:"character_deck"`
	KeywordDeck   []string `json:"keyword_deck"`
	// Out lists the characters out of the game (removed and played).
	Out     []string           `json:"out"`
	Round   round              `json:"round"`
	Notes   [2]map[string]Mark `json:"notes"`
	History []RoundResult      `json:"history"`
	Winner  int                `json:"winner"`
	Ended   string             `json:"ended,omitempty"`
}

// RoundResult is what everyone learns when a round ends.
type RoundResult struct {
	Round     int         `json:"round"`
	Team      int         `json:"team"`
	Spy       engine.Seat `json:"spy"`
	Character string      `json:"character,omitempty"`
	Keywords  []string    `json:"keywords,omitempty"`
	// KeywordsOut are the keywords shown as not in play this round.
	KeywordsOut []string `json:"keywords_out,omitempty"`
	Reverse     bool     `json:"reverse,omitempty"`
	Scorer      int      `json:"scorer"` // NoTeam when nobody scored
	VP          int      `json:"vp"`
	Attempt     int      `json:"attempt"`
	Reason      string   `json:"reason"`
}

// Reasons a round ends.
const (
	EndGuessed    = "guessed"     // a right guess
	EndNoAttempts = "no_attempts" // the last attempt spent
	EndIdle       = "idle"        // the idle timer ran out
	EndVoided     = "voided"      // the Spy left
)

// Reasons the game ends.
const (
	EndVictory   = "victory"    // a team reached Victory (or the VP target)
	EndDeckEmpty = "deck_empty" // the character deck ran out
	EndByHost    = "ended_by_host"
)

// New validates cfg and sets up a game waiting for the first team's Spy.
func New(cfg Config) (*Game, error) {
	sheet, removed, err := cfg.resolvedSheet()
	if err != nil {
		return nil, err
	}
	sets, err := cfg.resolvedKeywordSets()
	if err != nil {
		return nil, err
	}
	if cfg.Keywords != KeywordsA && cfg.Keywords != KeywordsB {
		return nil, badConfig(ruleDeckAndSet, "unknown keyword set %q (A or B)", cfg.Keywords)
	}
	if err := cfg.validTeams(); err != nil {
		return nil, err
	}
	carpet, err := cfg.resolvedCarpet()
	if err != nil {
		return nil, err
	}
	cards, err := cfg.resolvedCards()
	if err != nil {
		return nil, err
	}
	st := state{
		Version: stateVersion, Sheet: sheet, KeywordSets: sets, ThirdPerson: cfg.ThirdPerson, InternetLookup: cfg.InternetLookup,
		Rand: engine.NewRand(cfg.Seed), Phase: PhaseSpyChoice, KeywordSet: cfg.Keywords,
		Out: removed, Winner: NoTeam,
	}
	if st.GuessWindow, err = timerLength("guess window", cfg.GuessWindow, DefaultGuessWindow); err != nil {
		return nil, err
	}
	if st.IdleTimer, err = timerLength("idle timer", cfg.IdleTimer, DefaultIdleTimer); err != nil {
		return nil, err
	}
	switch {
	case cfg.DescriptionLimit == 0 || cfg.DescriptionLimit == Off:
	case cfg.DescriptionLimit < 30*time.Second || cfg.DescriptionLimit > 10*time.Minute:
		return nil, badConfig(ruleIdleTimer, "description limit of %v: choose 30 s to 10 min, or off", cfg.DescriptionLimit)
	default:
		st.DescLimit = cfg.DescriptionLimit
	}
	if cfg.NoCarpet {
		st.VictoryVP = cfg.VictoryVP
		if st.VictoryVP == 0 {
			st.VictoryVP = DefaultVictoryVP
		}
		if st.VictoryVP < 1 || st.VictoryVP > 100 {
			return nil, badConfig(ruleNoCarpet, "victory at %d VP: choose 1 to 100", cfg.VictoryVP)
		}
	} else {
		// The red carpet: Start, the effect cards shuffled, Victory.
		var effects []Effect
		for _, e := range CarpetEffects {
			for range carpet[e] {
				effects = append(effects, e)
			}
		}
		st.Rand.Shuffle(len(effects), func(i, j int) { effects[i], effects[j] = effects[j], effects[i] })
		st.Track = append(append([]Effect{EffectStart}, effects...), EffectVictory)
	}
	for t := range st.Teams {
		st.Teams[t] = team{Members: slices.Clone(cfg.Teams[t]), Cards: maps(cards), LastSpy: engine.NoSeat}
		st.Notes[t] = map[string]Mark{}
	}
	// The character deck holds every listed character not removed.
	for _, s := range sheet {
		if !slices.Contains(removed, s.ID) {
			st.CharacterDeck = append(st.CharacterDeck, s.ID)
		}
	}
	st.shuffle(st.CharacterDeck)
	st.KeywordDeck = st.keywordIDs(st.KeywordSet)
	st.shuffle(st.KeywordDeck)
	// The smaller team starts; a tie is settled at random.
	switch a, b := len(cfg.Teams[0]), len(cfg.Teams[1]); {
	case a < b:
		st.FirstTeam = 0
	case b < a:
		st.FirstTeam = 1
	default:
		st.FirstTeam = st.Rand.IntN(2)
	}
	st.beginRound(1, st.FirstTeam)
	return &Game{st: st}, nil
}

func maps[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (st *state) shuffle(s []string) {
	st.Rand.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

func (st *state) keywordIDs(set string) []string {
	var ids []string
	for _, k := range st.KeywordSets[set] {
		ids = append(ids, k.ID)
	}
	return ids
}

// MarshalBinary saves the whole state (for the host's storage).
func (g *Game) MarshalBinary() ([]byte, error) { return json.Marshal(&g.st) }

// UnmarshalBinary restores a state saved by MarshalBinary, by this build or an earlier one
// (older snapshots are upgraded; see snapshot.go). A snapshot of a newer build is refused
// with engine.ErrNewerSnapshot.
func (g *Game) UnmarshalBinary(data []byte) error {
	st, err := readSnapshot(data)
	if err != nil {
		return err
	}
	if st.Rand == nil || len(st.Sheet) == 0 || st.Phase == "" {
		return fmt.Errorf("spyfest: restoring a snapshot: not a Spyfest game state")
	}
	for t := range st.Notes {
		if st.Notes[t] == nil {
			st.Notes[t] = map[string]Mark{}
		}
		if st.Teams[t].Cards == nil {
			st.Teams[t].Cards = map[Card]int{}
		}
	}
	g.st = st
	return nil
}

// Phase returns the current phase.
func (g *Game) Phase() Phase { return g.st.Phase }

// Round returns the number of the current round (counted from 1).
func (g *Game) Round() int { return g.st.Round.Number }

// Winner returns the winning team, or NoTeam (no winner yet, or a draw).
func (g *Game) Winner() int { return g.st.Winner }

// TeamOf returns the team of a seat, or NoTeam.
func (g *Game) TeamOf(s engine.Seat) int { return g.st.teamOf(s) }

// Spy returns the Spy of the current round, or engine.NoSeat.
func (g *Game) Spy() engine.Seat { return g.st.Round.Spy }

// VP returns a team's victory points.
func (g *Game) VP(t int) int { return g.st.Teams[t].VP }

// Position returns a team's standee position on the red carpet (0 = Start).
func (g *Game) Position(t int) int { return g.st.Teams[t].Position }

// History returns the results of the rounds played so far.
func (g *Game) History() []RoundResult { return slices.Clone(g.st.History) }

func (st *state) teamOf(s engine.Seat) int {
	for t := range st.Teams {
		if slices.Contains(st.Teams[t].Members, s) {
			return t
		}
	}
	return NoTeam
}
