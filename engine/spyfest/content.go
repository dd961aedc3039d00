package spyfest

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"safehouse/engine"
)

// Editions and decks as they appear in settings and snapshots.
const (
	EditionSpyfest = "spyfest"
	EditionSpycon  = "spycon"

	DeckFictional    = "fictional"
	DeckNonFictional = "nonfictional"

	KeywordsA = "A"
	KeywordsB = "B"
)

// Character is one card of a character deck, with the overview shown on the
// character sheet on demand (SX-CNT-2).
type Character struct {
	ID       string      `json:"id"`
	Name     engine.Text `json:"name"`
	Overview engine.Text `json:"overview"`
	// NamesByEdition overrides Name in the editions that spell the
	// character differently (Hercules is Heracles in spycon, SX-CNT-1).
	NamesByEdition map[string]engine.Text `json:"names_by_edition,omitempty"`
}

// NameIn returns the character's name as the given edition spells it, in
// the given language. An edition override wins over Name language by
// language, so a partial override never hides a translation of Name.
func (c Character) NameIn(edition, lang string) string {
	if s := c.NamesByEdition[edition][lang]; s != "" {
		return s
	}
	if s := c.Name[lang]; s != "" {
		return s
	}
	if s := c.NamesByEdition[edition].In(lang); s != "" {
		return s
	}
	return c.Name.In(lang)
}

// inEdition returns a copy of c whose Name is spelled as the edition spells
// it, in every language either Name or the override has.
func (c Character) inEdition(edition string) Character {
	override := c.NamesByEdition[edition]
	if len(override) == 0 {
		return c
	}
	name := make(engine.Text, len(c.Name)+len(override))
	for lang := range c.Name {
		name[lang] = c.NameIn(edition, lang)
	}
	for lang := range override {
		name[lang] = c.NameIn(edition, lang)
	}
	c.Name = name
	return c
}

// Keyword is one everyday object of keyword set A or B.
type Keyword struct {
	ID   string      `json:"id"`
	Name engine.Text `json:"name"`
}

type contentDoc struct {
	Characters []Character `json:"characters"`
	// Sheets[edition][deck] lists 28 character IDs in sheet order: four
	// quarters of seven (SX-CNT-3).
	Sheets   map[string]map[string][]string `json:"sheets"`
	Keywords map[string][]Keyword           `json:"keywords"`
}

//go:embed content.json
var contentJSON []byte

// content is read on first use, not at start-up: decoding it costs tens of milliseconds in
// the browser, and the app's first screen needs none of it.
var content = sync.OnceValue(func() contentDoc { return mustLoadContent(contentJSON) })

func mustLoadContent(b []byte) contentDoc {
	var doc contentDoc
	if err := json.Unmarshal(b, &doc); err != nil {
		panic(fmt.Sprintf("spyfest: embedded content.json: %v", err))
	}
	return doc
}

// CharacterByID returns a built-in character.
func CharacterByID(id string) (Character, bool) {
	for _, c := range content().Characters {
		if c.ID == id {
			return c, true
		}
	}
	return Character{}, false
}

// Sheet returns the built-in sheet of an edition's deck: 28 characters in
// order, quarter q holding positions 7q..7q+6. Each character's Name is
// already spelled as that edition spells it (see NameIn).
func Sheet(edition, deck string) []Character {
	ids := content().Sheets[edition][deck]
	out := make([]Character, 0, len(ids))
	for _, id := range ids {
		c, ok := CharacterByID(id)
		if !ok {
			panic(fmt.Sprintf("spyfest: sheet %s/%s names unknown character %q", edition, deck, id))
		}
		out = append(out, c.inEdition(edition))
	}
	return out
}

// KeywordSet returns the 12 keywords of set A or B.
func KeywordSet(set string) []Keyword { return append([]Keyword(nil), content().Keywords[set]...) }
