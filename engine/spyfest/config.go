package spyfest

import (
	"fmt"
	"slices"
	"time"

	"safehouse/engine"
)

// Effect names a red carpet card (SX-RC).
type Effect string

// The red carpet cards.
const (
	EffectStart         Effect = "start"          // SX-RC-9
	EffectVictory       Effect = "victory"        // SX-RC-9
	EffectFlipKeywords  Effect = "flip_keywords"  // SX-RC-1
	EffectReverseVP     Effect = "reverse_vp"     // SX-RC-2
	EffectTwoAttempts   Effect = "two_attempts"   // SX-RC-3
	EffectFourthAttempt Effect = "fourth_attempt" // SX-RC-4
	EffectTwoCharacters Effect = "two_characters" // SX-RC-5
	EffectSecondKeyword Effect = "second_keyword" // SX-RC-6
	EffectKeywordsOut   Effect = "keywords_out"   // SX-RC-7
	EffectReverseRound  Effect = "reverse_round"  // SX-RC-8
)

// CarpetEffects lists the effect cards that may be shuffled into the track.
var CarpetEffects = []Effect{
	EffectFlipKeywords, EffectReverseVP, EffectTwoAttempts, EffectFourthAttempt,
	EffectTwoCharacters, EffectSecondKeyword, EffectKeywordsOut, EffectReverseRound,
}

// DefaultCarpet is the Decision of SX-SET-3: 14 effect cards.
func DefaultCarpet() map[Effect]int {
	return map[Effect]int{
		EffectFlipKeywords: 2, EffectReverseVP: 2, EffectTwoAttempts: 2, EffectFourthAttempt: 2,
		EffectTwoCharacters: 2, EffectSecondKeyword: 2, EffectKeywordsOut: 1, EffectReverseRound: 1,
	}
}

// Card names an action card (SX-ACT).
type Card string

// The action cards.
const (
	CardAsk            Card = "ask"             // SX-ACT-1
	CardTwoGuesses     Card = "two_guesses"     // SX-ACT-2
	CardCrossQuarter   Card = "cross_quarter"   // SX-ACT-3
	CardTwoCharacters  Card = "two_characters"  // SX-ACT-4
	CardAnotherKeyword Card = "another_keyword" // SX-ACT-5
)

// Cards lists the action cards in the order of RULES.md.
var Cards = []Card{CardAsk, CardTwoGuesses, CardCrossQuarter, CardTwoCharacters, CardAnotherKeyword}

// DefaultActionCards is the Decision of SX-SET-6: 7 cards per team.
func DefaultActionCards() map[Card]int {
	return map[Card]int{CardAsk: 2, CardTwoGuesses: 1, CardCrossQuarter: 1, CardTwoCharacters: 1, CardAnotherKeyword: 2}
}

// Default timer lengths (SX-SET-7) and the no-carpet target (SX-SET-4).
const (
	DefaultGuessWindow = 30 * time.Second
	DefaultIdleTimer   = time.Minute
	DefaultVictoryVP   = 15
	// Off turns a timer off when set as its length in Config.
	Off time.Duration = -1
	// RemovalWarningAbove is the number of removed characters above which
	// the settings carry a warning (SX-CNT-5).
	RemovalWarningAbove = 3
)

// Quarters is the number of quarters of a character sheet (SX-CNT-3).
const Quarters = 4

// CustomCharacter adds a player-made character to the deck in play, either
// into a quarter of the sheet or in place of a listed character (SX-CNT-5).
type CustomCharacter struct {
	Character Character `json:"character"`
	// Quarter (0..3) the character is added to; ignored with Replaces.
	Quarter int `json:"quarter"`
	// Replaces is the ID of a listed character taken out in its favour.
	Replaces string `json:"replaces,omitempty"`
}

// Config holds everything chosen before the game. Zero values mean the
// defaults of RULES.md, except where a field says otherwise.
type Config struct {
	Edition  string `json:"edition"`  // EditionSpyfest or EditionSpycon
	Deck     string `json:"deck"`     // DeckFictional or DeckNonFictional
	Keywords string `json:"keywords"` // KeywordsA or KeywordsB: the set in play at the start

	// Sheet, when any quarter is non-empty, replaces the built-in sheet of
	// Edition and Deck (a fully custom deck).
	Sheet [Quarters][]Character `json:"sheet,omitzero"`
	// KeywordSets, when set, replaces the built-in keyword sets A and B.
	KeywordSets map[string][]Keyword `json:"keyword_sets,omitempty"`
	Custom      []CustomCharacter    `json:"custom,omitempty"`
	Removed     []string             `json:"removed,omitempty"` // character IDs left out of the game

	// Teams as assigned by the lobby; each needs at least 2 seats (SX-SET-1).
	Teams [2][]engine.Seat `json:"teams"`
	Seed  uint64           `json:"seed"`

	// NoCarpet plays the 15-VP variant (SX-SET-4) with VictoryVP (0: 15).
	NoCarpet  bool `json:"no_carpet,omitempty"`
	VictoryVP int  `json:"victory_vp,omitempty"`
	// Carpet counts each effect card (nil: DefaultCarpet).
	Carpet map[Effect]int `json:"carpet,omitempty"`

	// NoActionCards plays without action cards; ActionCards counts each
	// card per team (nil: DefaultActionCards).
	NoActionCards bool         `json:"no_action_cards,omitempty"`
	ActionCards   map[Card]int `json:"action_cards,omitempty"`

	// GuessWindow and IdleTimer: 0 means the default, Off turns them off.
	GuessWindow time.Duration `json:"guess_window,omitempty"`
	IdleTimer   time.Duration `json:"idle_timer,omitempty"`
	// DescriptionLimit is off when 0 (the optional 2-3 minute limit of SX-GUESS-6).
	DescriptionLimit time.Duration `json:"description_limit,omitempty"`

	// Variants shown on the Spy's reminder card (SX-SET-8).
	ThirdPerson    bool `json:"third_person,omitempty"`
	InternetLookup bool `json:"internet_lookup,omitempty"`
}

// DefaultConfig is a new room's Spyfest: the Spyfest edition, the fictional deck and keyword
// set A, every other setting at the rulebook's default.
func DefaultConfig() Config {
	return Config{Edition: EditionSpyfest, Deck: DeckFictional, Keywords: KeywordsA}
}

// SheetCharacter is a character of the sheet in play with its quarter.
type SheetCharacter struct {
	Character
	Quarter int `json:"quarter"`
}

// Warnings returns advice about settings that are legal but unwise.
func (c Config) Warnings() []string {
	var w []string
	if len(c.Removed) > RemovalWarningAbove {
		w = append(w, fmt.Sprintf("%d characters removed: the rulebook advises removing at most %d (%s)", len(c.Removed), RemovalWarningAbove, ruleOwnCharacters))
	}
	return w
}

func badConfig(rule, format string, args ...any) error {
	return engine.Refuse(engine.ErrBadConfig, rule, format, args...)
}

// resolvedSheet builds the sheet in play: the base sheet, then custom
// characters, then removals (removed characters stay listed, out of the game).
func (c Config) resolvedSheet() (sheet []SheetCharacter, removed []string, err error) {
	custom := false
	for _, q := range c.Sheet {
		if len(q) > 0 {
			custom = true
		}
	}
	if custom {
		for q, chars := range c.Sheet {
			for _, ch := range chars {
				sheet = append(sheet, SheetCharacter{Character: ch, Quarter: q})
			}
		}
	} else {
		if c.Edition != EditionSpyfest && c.Edition != EditionSpycon {
			return nil, nil, badConfig(ruleEditions, "unknown edition %q", c.Edition)
		}
		if c.Deck != DeckFictional && c.Deck != DeckNonFictional {
			return nil, nil, badConfig(ruleDeckAndSet, "unknown character deck %q", c.Deck)
		}
		base := Sheet(c.Edition, c.Deck)
		for i, ch := range base {
			sheet = append(sheet, SheetCharacter{Character: ch, Quarter: min(i*Quarters/max(len(base), 1), Quarters-1)})
		}
	}
	for _, cc := range c.Custom {
		if cc.Replaces != "" {
			i := slices.IndexFunc(sheet, func(s SheetCharacter) bool { return s.ID == cc.Replaces })
			if i < 0 {
				return nil, nil, badConfig(ruleOwnCharacters, "custom character %q replaces %q, which is not on the sheet", cc.Character.ID, cc.Replaces)
			}
			sheet[i].Character = cc.Character
			continue
		}
		if cc.Quarter < 0 || cc.Quarter >= Quarters {
			return nil, nil, badConfig(ruleOwnCharacters, "custom character %q: quarter %d does not exist (0 to 3)", cc.Character.ID, cc.Quarter)
		}
		// Keep the sheet grouped by quarter: insert after the last of its quarter.
		at := len(sheet)
		for i := len(sheet) - 1; i >= 0; i-- {
			if sheet[i].Quarter <= cc.Quarter {
				at = i + 1
				break
			}
			at = i
		}
		sheet = slices.Insert(sheet, at, SheetCharacter{Character: cc.Character, Quarter: cc.Quarter})
	}
	seen := map[string]bool{}
	for _, s := range sheet {
		if s.ID == "" || s.Name.In("en") == "" && !builtinCharacter(s.ID) {
			return nil, nil, badConfig(ruleOwnCharacters, "every character needs an ID and a name")
		}
		if seen[s.ID] {
			return nil, nil, badConfig(ruleOwnCharacters, "character %q is on the sheet twice", s.ID)
		}
		seen[s.ID] = true
	}
	for _, id := range c.Removed {
		if !seen[id] {
			return nil, nil, badConfig(ruleOwnCharacters, "removed character %q is not on the sheet", id)
		}
		if slices.Contains(removed, id) {
			return nil, nil, badConfig(ruleOwnCharacters, "character %q removed twice", id)
		}
		removed = append(removed, id)
	}
	if len(sheet)-len(removed) < 1 {
		return nil, nil, badConfig(ruleOwnCharacters, "no characters left to play with")
	}
	return sheet, removed, nil
}

func (c Config) resolvedKeywordSets() (map[string][]Keyword, error) {
	sets := map[string][]Keyword{}
	for _, name := range []string{KeywordsA, KeywordsB} {
		if c.KeywordSets != nil {
			sets[name] = append([]Keyword(nil), c.KeywordSets[name]...)
		} else {
			sets[name] = KeywordSet(name)
		}
		seen := map[string]bool{}
		for _, k := range sets[name] {
			if k.ID == "" || k.Name.In("en") == "" && !builtinKeyword(k.ID) || seen[k.ID] {
				return nil, badConfig(ruleKeywordSets, "keyword set %s: every keyword needs a unique ID and a name", name)
			}
			seen[k.ID] = true
		}
		// One keyword for the Spy and one more for the Spy's draw when three are out (SX-RC-7).
		if len(sets[name]) < 2 {
			return nil, badConfig(ruleKeywordSets, "keyword set %s needs at least 2 keywords", name)
		}
	}
	for _, k := range sets[KeywordsA] {
		if slices.ContainsFunc(sets[KeywordsB], func(o Keyword) bool { return o.ID == k.ID }) {
			return nil, badConfig(ruleKeywordSets, "keyword %q is in both sets", k.ID)
		}
	}
	return sets, nil
}

func (c Config) resolvedCarpet() (map[Effect]int, error) {
	if c.NoCarpet {
		return nil, nil
	}
	if c.Carpet == nil {
		return DefaultCarpet(), nil
	}
	total := 0
	for e, n := range c.Carpet {
		if !slices.Contains(CarpetEffects, e) {
			return nil, badConfig(ruleRedCarpet, "unknown red carpet effect %q", e)
		}
		if n < 0 || n > 10 {
			return nil, badConfig(ruleRedCarpet, "%d cards of %q: choose 0 to 10", n, e)
		}
		total += n
	}
	if total > 40 {
		return nil, badConfig(ruleRedCarpet, "%d red carpet cards: at most 40", total)
	}
	return c.Carpet, nil
}

func (c Config) resolvedCards() (map[Card]int, error) {
	if c.NoActionCards {
		return map[Card]int{}, nil
	}
	if c.ActionCards == nil {
		return DefaultActionCards(), nil
	}
	out := map[Card]int{}
	for k, n := range c.ActionCards {
		if !slices.Contains(Cards, k) {
			return nil, badConfig(ruleActionCards, "unknown action card %q", k)
		}
		if n < 0 || n > 5 {
			return nil, badConfig(ruleActionCards, "%d action cards %q: choose 0 to 5", n, k)
		}
		if n > 0 {
			out[k] = n
		}
	}
	return out, nil
}

// timerLength turns a configured length into the one in play (0 = off).
func timerLength(name string, d, def time.Duration) (time.Duration, error) {
	switch {
	case d == 0:
		return def, nil
	case d == Off:
		return 0, nil
	case d < 5*time.Second || d > 10*time.Minute:
		return 0, badConfig(ruleTimers, "%s of %v: choose 5 s to 10 min, or off", name, d)
	}
	return d, nil
}

func (c Config) validTeams() error {
	seen := map[engine.Seat]bool{}
	for t, members := range c.Teams {
		if len(members) < 2 {
			return badConfig(ruleTwoTeams, "team %d has %d players: each team needs at least 2", t+1, len(members))
		}
		for _, s := range members {
			if s < 0 {
				return badConfig(ruleTwoTeams, "seat %d is not a seat", s)
			}
			if seen[s] {
				return badConfig(ruleTwoTeams, "seat %d is in a team twice", s)
			}
			seen[s] = true
		}
	}
	return nil
}

// builtinCharacter and builtinKeyword say an id names built-in content, which needs no name.
func builtinCharacter(id string) bool {
	_, ok := CharacterByID(id)
	return ok
}

func builtinKeyword(id string) bool {
	for _, ids := range content().Keywords {
		if slices.Contains(ids, id) {
			return true
		}
	}
	return false
}
