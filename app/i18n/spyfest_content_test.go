package i18n_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"safehouse/app/i18n"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// The built-in Spyfest and Spycon content as players read it: the engine's sheets and
// keyword sets (ids) named from every loaded language pack. These checks of the names moved
// here from the engine when the names moved into the packs (issue 21).

const (
	EditionSpyfest   = spyfest.EditionSpyfest
	EditionSpycon    = spyfest.EditionSpycon
	DeckFictional    = spyfest.DeckFictional
	DeckNonFictional = spyfest.DeckNonFictional
	KeywordsA        = spyfest.KeywordsA
	KeywordsB        = spyfest.KeywordsB
)

type Character struct {
	ID             string
	Name, Overview engine.Text
}

type Keyword struct {
	ID   string
	Name engine.Text
}

func named(id string) Character {
	c := Character{ID: id, Name: engine.Text{}, Overview: engine.Text{}}
	for _, l := range i18n.Available() {
		c.Name[string(l)] = i18n.CharacterName(l, id)
		c.Overview[string(l)] = i18n.CharacterOverview(l, id)
	}
	return c
}

func Sheet(edition, deck string) []Character {
	var out []Character
	for _, c := range spyfest.Sheet(edition, deck) {
		out = append(out, named(c.ID))
	}
	return out
}

func KeywordSet(set string) []Keyword {
	var out []Keyword
	for _, k := range spyfest.KeywordSet(set) {
		nk := Keyword{ID: k.ID, Name: engine.Text{}}
		for _, l := range i18n.Available() {
			nk.Name[string(l)] = i18n.KeywordName(l, k.ID)
		}
		out = append(out, nk)
	}
	return out
}

type contentDoc struct{ Characters []Character }

func content() contentDoc {
	var d contentDoc
	for _, id := range spyfest.Characters() {
		d.Characters = append(d.Characters, named(id))
	}
	return d
}

// langs are the loaded packs' languages.
func langs() []string {
	var out []string
	for _, l := range i18n.Available() {
		out = append(out, string(l))
	}
	return out
}

// The character lists exactly as RULES.md SX-CNT-1 gives them (English names).
var (
	rulesNonFictionalBoth = []string{
		"Abraham Lincoln", "Agatha Christie", "Albert Einstein", "Blackbeard",
		"Charles Darwin", "Christopher Columbus", "Cleopatra", "Coco Chanel", "Confucius",
		"Frida Kahlo", "Harry Houdini", "Homer", "Isaac Newton", "Joan of Arc",
		"Julius Caesar", "Leonardo da Vinci", "Ludwig van Beethoven", "Marie Curie",
		"Marilyn Monroe", "Michelangelo", "Napoleon Bonaparte", "Pocahontas",
		"Sigmund Freud", "Spartacus", "Vincent van Gogh", "Vlad the Impaler", "Vladimir Lenin",
	}
	rulesFictionalBoth = []string{
		"Alice", "Baba Yaga", "Cinderella", "Cthulhu", "Don Quixote", "Ebenezer Scrooge",
		"Frankenstein's Monster", "Helen of Troy", "Jay Gatsby", "Juliet",
		"Little Red Riding Hood", "Medusa", "Minotaur", "Mowgli", "Mulan", "Pinocchio",
		"Puss in Boots", "Robin Hood", "Santa Claus", "Sherlock Holmes", "The Invisible Man",
		"The Little Mermaid", "Thor", "Tin Man", "Tom Sawyer",
	}
	rulesOnlyIn = map[string]map[string][]string{
		EditionSpyfest: {
			DeckNonFictional: {"Mother Teresa"},
			DeckFictional:    {"Hercules", "King Arthur", "Zorro"},
		},
		EditionSpycon: {
			DeckNonFictional: {"Mata Hari"},
			DeckFictional:    {"Heracles", "Scheherazade", "Friday"},
		},
	}
)

var (
	editions = []string{EditionSpyfest, EditionSpycon}
	decks    = []string{DeckNonFictional, DeckFictional}
	idShape  = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
)

func rulesSheet(edition, deck string) []string {
	both := rulesNonFictionalBoth
	if deck == DeckFictional {
		both = rulesFictionalBoth
	}
	return append(slices.Clone(both), rulesOnlyIn[edition][deck]...)
}

func englishNames(cs []Character) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name["en"]
	}
	return out
}

// SX-CNT-1: each edition's deck holds exactly the 28 characters RULES.md lists,
// spelled as that edition spells them.
func TestSheetsHoldTheRulesCharacters(t *testing.T) {
	for _, edition := range editions {
		for _, deck := range decks {
			t.Run(edition+"/"+deck, func(t *testing.T) {
				want := rulesSheet(edition, deck)
				slices.Sort(want)
				got := englishNames(Sheet(edition, deck))
				slices.Sort(got)
				if len(got) != 28 {
					t.Errorf("sheet has %d characters, want 28", len(got))
				}
				for _, name := range want {
					if !slices.Contains(got, name) {
						t.Errorf("missing %q", name)
					}
				}
				for _, name := range got {
					if !slices.Contains(want, name) {
						t.Errorf("%q is not in RULES.md's list", name)
					}
				}
				if !slices.Equal(got, want) && !t.Failed() {
					t.Errorf("sheet names differ from RULES.md (duplicates?):\n got %q\nwant %q", got, want)
				}
			})
		}
	}
}

// SX-CNT-1: the edition-specific characters are where RULES.md puts them and
// nowhere else.
func TestEditionOnlyCharacters(t *testing.T) {
	tests := []struct {
		edition, deck, name string
		present             bool
	}{
		{EditionSpyfest, DeckNonFictional, "Mother Teresa", true},
		{EditionSpyfest, DeckNonFictional, "Mata Hari", false},
		{EditionSpycon, DeckNonFictional, "Mata Hari", true},
		{EditionSpycon, DeckNonFictional, "Mother Teresa", false},
		{EditionSpyfest, DeckFictional, "King Arthur", true},
		{EditionSpyfest, DeckFictional, "Zorro", true},
		{EditionSpyfest, DeckFictional, "Scheherazade", false},
		{EditionSpyfest, DeckFictional, "Friday", false},
		{EditionSpycon, DeckFictional, "Scheherazade", true},
		{EditionSpycon, DeckFictional, "Friday", true},
		{EditionSpycon, DeckFictional, "King Arthur", false},
		{EditionSpycon, DeckFictional, "Zorro", false},
		{EditionSpyfest, DeckFictional, "Hercules", true},
		{EditionSpyfest, DeckFictional, "Heracles", false},
		{EditionSpycon, DeckFictional, "Heracles", true},
		{EditionSpycon, DeckFictional, "Hercules", false},
	}
	for _, tt := range tests {
		got := slices.Contains(englishNames(Sheet(tt.edition, tt.deck)), tt.name)
		if got != tt.present {
			t.Errorf("%s/%s contains %q = %v, want %v", tt.edition, tt.deck, tt.name, got, tt.present)
		}
	}
}

// SX-CNT-1: Hercules and Heracles are one character whose name depends on the
// edition; the union of both editions is 29 non-fictional and 30 fictional
// characters, and no character is left off every sheet.
func TestDistinctCharactersAcrossEditions(t *testing.T) {
	wantDistinct := map[string]int{DeckNonFictional: 29, DeckFictional: 31}
	onSomeSheet := map[string]bool{}
	for _, deck := range decks {
		ids := map[string]bool{}
		for _, edition := range editions {
			for _, c := range Sheet(edition, deck) {
				ids[c.ID] = true
				onSomeSheet[c.ID] = true
			}
		}
		if len(ids) != wantDistinct[deck] {
			t.Errorf("%s: %d distinct characters across editions, want %d", deck, len(ids), wantDistinct[deck])
		}
	}
	for _, c := range content().Characters {
		if !onSomeSheet[c.ID] {
			t.Errorf("character %q is on no sheet", c.ID)
		}
	}
	if len(content().Characters) != 29+31 {
		t.Errorf("%d characters in content, want 60 (Heracles is Spycon's Hercules)", len(content().Characters))
	}

	// SX-CNT-1: Spycon spells Hercules the Greek way: a character of its own, at his place.
	names := []struct{ edition, want string }{{EditionSpyfest, "Hercules"}, {EditionSpycon, "Heracles"}}
	for _, n := range names {
		if !slices.ContainsFunc(Sheet(n.edition, DeckFictional), func(c Character) bool { return c.Name["en"] == n.want }) {
			t.Errorf("%s: no %s on the sheet", n.edition, n.want)
		}
	}
}

// sentenceCount counts sentences by their endings: '.', '!', '?' or '…',
// possibly followed by closing quotes or brackets, at the end of the text
// or before a space. It returns -1 when the text does not end a sentence.
func sentenceCount(s string) int {
	r := []rune(s)
	isClosing := func(c rune) bool { return strings.ContainsRune(`"'»”’)`, c) }
	n := 0
	for i, c := range r {
		if !strings.ContainsRune(".!?…", c) {
			continue
		}
		j := i + 1
		for j < len(r) && isClosing(r[j]) {
			j++
		}
		if j == len(r) || unicode.IsSpace(r[j]) {
			n++
		}
	}
	last := len(r) - 1
	for last >= 0 && isClosing(r[last]) {
		last--
	}
	if last < 0 || !strings.ContainsRune(".!?…", r[last]) {
		return -1
	}
	return n
}

func TestSentenceCount(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"One sentence.", 1},
		{"One. Two!", 2},
		{"One. Two? Three.", 3},
		{"Formula E = mc². Next one.", 2},
		{"Перевод «Илиады». Второе.", 2},
		{"He said \"stop.\" Then left.", 2},
		{"No ending", -1},
		{"First. no ending", -1},
		{"Version 1.5 is out.", 1},
		{"", -1},
	}
	for _, tt := range tests {
		if got := sentenceCount(tt.text); got != tt.want {
			t.Errorf("sentenceCount(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}

// SX-CNT-2: every character has an overview in every language, of one or two sentences in
// English and Russian, distinct from the English one in Russian.
func TestOverviewsAreOneOrTwoSentences(t *testing.T) {
	for _, c := range content().Characters {
		for _, lang := range langs() {
			o := c.Overview[lang]
			// Sentences are counted in English and Russian, whose full stops sentenceCount
			// knows; the translations follow them (1 to 3 sentences, TRANSLATORS notes).
			if n := sentenceCount(o); (lang == "en" || lang == "ru") && (n < 1 || n > 2) {
				t.Errorf("%s overview[%s] has %d sentences, want 1 or 2: %q", c.ID, lang, n, o)
			}
			minRunes := 40
			if lang == "ja" || lang == "zh" || lang == "zh-Hant" {
				minRunes = 20 // a character says as much as a word or more
			}
			if len([]rune(o)) < minRunes {
				t.Errorf("%s overview[%s] too short to help a player: %q", c.ID, lang, o)
			}
			if strings.Contains(o, "  ") {
				t.Errorf("%s overview[%s] has a double space", c.ID, lang)
			}
		}
		if c.Overview["en"] == c.Overview["ru"] {
			t.Errorf("%s: Russian overview is the English one", c.ID)
		}
	}
}

// SX-CNT-3: every sheet is in the project's fixed order, alphabetical by the edition's
// English name (the names live in the packs; the engine's own test checks the 4 quarters of
// 7 distinct characters).
func TestSheetOrder(t *testing.T) {
	for _, edition := range editions {
		for _, deck := range decks {
			names := englishNames(Sheet(edition, deck))
			if !slices.IsSorted(names) {
				t.Errorf("%s/%s not in alphabetical order: %q", edition, deck, names)
			}
		}
	}
}

// SX-CNT-4: keyword sets A and B hold 12 everyday objects each, distinct across
// both sets in every language, and include the rulebook's five examples.
func TestKeywordSets(t *testing.T) {
	seen := map[string]map[string]string{"id": {}}
	for _, l := range langs() {
		seen[l] = map[string]string{}
	}
	var allEnglish []string
	for _, set := range []string{KeywordsA, KeywordsB} {
		kws := KeywordSet(set)
		if len(kws) != 12 {
			t.Errorf("set %s has %d keywords, want 12", set, len(kws))
		}
		for _, k := range kws {
			keys := map[string]string{"id": k.ID}
			for _, l := range langs() {
				keys[l] = strings.ToLower(k.Name[l])
			}
			for field, v := range keys {
				if prev, dup := seen[field][v]; dup {
					t.Errorf("keyword %s %q appears in set %s and set %s", field, v, prev, set)
				}
				seen[field][v] = set
			}
			allEnglish = append(allEnglish, k.Name["en"])
		}
	}
	for _, example := range []string{"Candle", "Swimsuit", "Spacesuit", "Screwdriver", "Umbrella"} {
		if !slices.Contains(allEnglish, example) {
			t.Errorf("rulebook keyword %q missing", example)
		}
	}
	if got := len(KeywordSet("C")); got != 0 {
		t.Errorf("unknown set C has %d keywords", got)
	}
}

// The keyword sheet lists each set in a fixed order players can scan and
// refer to ("the keyword below mine"): alphabetical by English name.
func TestKeywordSheetOrder(t *testing.T) {
	for _, set := range []string{KeywordsA, KeywordsB} {
		var names []string
		for _, k := range KeywordSet(set) {
			names = append(names, k.Name["en"])
		}
		if !slices.IsSorted(names) {
			t.Errorf("set %s not in alphabetical order: %q", set, names)
		}
	}
}

func checkText(t *testing.T, what string, text engine.Text) {
	t.Helper()
	for _, lang := range langs() {
		s := text[lang]
		switch {
		case s == "":
			t.Errorf("%s: %s is empty", what, lang)
		case strings.TrimSpace(s) != s:
			t.Errorf("%s: %s %q has leading or trailing space", what, lang, s)
		}
	}
	if ru := text["ru"]; ru != "" && !strings.ContainsFunc(ru, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) {
		t.Errorf("%s: ru %q is not Russian", what, ru)
	}
}

// Every ID is lower_snake_case ASCII and unique; every text is given in both
// languages without stray spaces.
func TestContentIDsAndTexts(t *testing.T) {
	ids := map[string]bool{}
	for _, c := range content().Characters {
		if !idShape.MatchString(c.ID) {
			t.Errorf("character id %q is not lower_snake_case", c.ID)
		}
		if ids[c.ID] {
			t.Errorf("character id %q twice", c.ID)
		}
		ids[c.ID] = true
		checkText(t, c.ID+" name", c.Name)
		checkText(t, c.ID+" overview", c.Overview)
	}
	for _, set := range []string{KeywordsA, KeywordsB} {
		for _, k := range KeywordSet(set) {
			if !idShape.MatchString(k.ID) {
				t.Errorf("keyword id %q is not lower_snake_case", k.ID)
			}
			checkText(t, "keyword "+k.ID, k.Name)
		}
	}
}
