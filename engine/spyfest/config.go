package spyfest

import (
	"fmt"
	"slices"
	"time"

	"safehouse/engine"
)

// Effect names a red carpet card.
type Effect string

// The red carpet cards.
const (
	EffectStart         Effect = "start"          // no effect
	EffectVictory       Effect = "victory"        // reaching or passing it wins
	EffectFlipKeywords  Effect = "flip_keywords"  // both teams swap to the other keyword set
	EffectReverseVP     Effect = "reverse_vp"     // attempts worth 1, 2, 3 VP
	EffectTwoAttempts   Effect = "two_attempts"   // only 2 attempts
	EffectFourthAttempt Effect = "fourth_attempt" // a 4th attempt, worth 1 VP
	EffectTwoCharacters Effect = "two_characters" // the Spy draws 2 characters, keeps 1
	EffectSecondKeyword Effect = "second_keyword" // a second keyword for the Spy's team
	EffectKeywordsOut   Effect = "keywords_out"   // 3 keywords shown as out of play
	EffectReverseRound  Effect = "reverse_round"  // the keyword is guessed, described through the character
)

// CarpetEffects lists the effect cards that may be shuffled into the track.
var CarpetEffects = []Effect{
	EffectFlipKeywords, EffectReverseVP, EffectTwoAttempts, EffectFourthAttempt,
	EffectTwoCharacters, EffectSecondKeyword, EffectKeywordsOut, EffectReverseRound,
}

// DefaultCarpet is the project's carpet when the host changes nothing: 14 effect cards.
func DefaultCarpet() map[Effect]int {
	return map[Effect]int{
		EffectFlipKeywords: 2, EffectReverseVP: 2, EffectTwoAttempts: 2, EffectFourthAttempt: 2,
		EffectTwoCharacters: 2, EffectSecondKeyword: 2, EffectKeywordsOut: 1, EffectReverseRound: 1,
	}
}

// Card names an action card.
type Card string

// The action cards.
const (
	CardAsk            Card = "ask"             // a yes/no question the Spy answers
	CardTwoGuesses     Card = "two_guesses"     // 2 names in one guess
	CardCrossQuarter   Card = "cross_quarter"   // the Spy crosses out a quarter without the character
	CardTwoCharacters  Card = "two_characters"  // the Spy keeps 1 of 2 drawn
	CardAnotherKeyword Card = "another_keyword" // one more keyword for the Spy's team
)

// Cards lists the action cards in the order of RULES.md.
var Cards = []Card{CardAsk, CardTwoGuesses, CardCrossQuarter, CardTwoCharacters, CardAnotherKeyword}

// DefaultActionCards are each team's cards when the host changes nothing: 7.
func DefaultActionCards() map[Card]int {
	return map[Card]int{CardAsk: 2, CardTwoGuesses: 1, CardCrossQuarter: 1, CardTwoCharacters: 1, CardAnotherKeyword: 2}
}

// Default timer lengths and the target VP of a game without a carpet.
const (
	DefaultGuessWindow = 30 * time.Second
	DefaultIdleTimer   = time.Minute
	DefaultVictoryVP   = 15
	// Off turns a timer off when set as its length in Config.
	Off time.Duration = -1
	// RemovalWarningAbove is the number of removed characters above which
	// the settings carry a warning.
	RemovalWarningAbove = 3
)

// Quarters is the number of quarters of a character sheet, seven characters each.
const Quarters = 4

// CustomCharacter adds a player-made character to the deck in play, either
// into a quarter of the sheet or in place of a listed character.
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

	// Teams as assigned by the lobby; each needs at least 2 seats.
	Teams [2][]engine.Seat `json:"teams"`
	Seed  uint64           `json:"seed"`

	// NoCarpet plays without a carpet, to a VP target: VictoryVP (0: 15).
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
	// DescriptionLimit is off when 0 (the rules suggest 2-3 minutes for the whole description).
	DescriptionLimit time.Duration `json:"description_limit,omitempty"`

	// Variants shown on the Spy's reminder card.
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
		// One keyword for the Spy and one more for the Spy's draw when three are shown as out of play.
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
