package spyfest

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
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
// character sheet on demand. A built-in character is its id alone: each device
// names it from its own language pack (app/i18n), Spycon's Heracles being a character id
// of its own. A character the players add carries its name as typed.
type Character struct {
	ID       string      `json:"id"`
	Name     engine.Text `json:"name,omitempty"`
	Overview engine.Text `json:"overview,omitempty"`
}

// Builtin reports whether the character is named by its id (a built-in one).
func (c Character) Builtin() bool { return len(c.Name) == 0 }

// Keyword is one everyday object of keyword set A or B, named by its id when built in.
type Keyword struct {
	ID   string      `json:"id"`
	Name engine.Text `json:"name,omitempty"`
}

// Builtin reports whether the keyword is named by its id (a built-in one).
func (k Keyword) Builtin() bool { return len(k.Name) == 0 }

type contentDoc struct {
	// Sheets[edition][deck] lists 28 character IDs in sheet order: four
	// quarters of seven.
	Sheets map[string]map[string][]string `json:"sheets"`
	// Keywords[set] lists the set's keyword IDs.
	Keywords map[string][]string `json:"keywords"`
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
	for _, decks := range content().Sheets {
		for _, ids := range decks {
			if slices.Contains(ids, id) {
				return Character{ID: id}, true
			}
		}
	}
	return Character{}, false
}

// Characters lists the ids of every built-in character, sorted.
func Characters() []string {
	var out []string
	for _, decks := range content().Sheets {
		for _, ids := range decks {
			out = append(out, ids...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Sheet returns the built-in sheet of an edition's deck: 28 characters in
// order, quarter q holding positions 7q..7q+6.
func Sheet(edition, deck string) []Character {
	ids := content().Sheets[edition][deck]
	out := make([]Character, 0, len(ids))
	for _, id := range ids {
		out = append(out, Character{ID: id})
	}
	return out
}

// KeywordSet returns the 12 keywords of set A or B.
func KeywordSet(set string) []Keyword {
	var out []Keyword
	for _, id := range content().Keywords[set] {
		out = append(out, Keyword{ID: id})
	}
	return out
}
