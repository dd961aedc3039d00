package spyfest

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"testing"
)

var (
	editions = []string{EditionSpyfest, EditionSpycon}
	decks    = []string{DeckNonFictional, DeckFictional}
	idShape  = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
)

// SX-CNT-3: every sheet lists 28 distinct characters in 4 quarters of 7, in
// the project's fixed order (alphabetical by the edition's English name).
func TestSheetQuarters(t *testing.T) {
	for _, edition := range editions {
		for _, deck := range decks {
			sheet := Sheet(edition, deck)
			quarters := slices.Collect(slices.Chunk(sheet, 7))
			if len(quarters) != 4 {
				t.Errorf("%s/%s: %d quarters, want 4", edition, deck, len(quarters))
			}
			for q, quarter := range quarters {
				if len(quarter) != 7 {
					t.Errorf("%s/%s quarter %d has %d characters, want 7", edition, deck, q+1, len(quarter))
				}
			}
			seen := map[string]bool{}
			for _, c := range sheet {
				if seen[c.ID] {
					t.Errorf("%s/%s lists %q twice", edition, deck, c.ID)
				}
				seen[c.ID] = true
			}
		}
	}
}

func TestKeywordSetReturnsACopy(t *testing.T) {
	a := KeywordSet(KeywordsA)
	a[0] = Keyword{ID: "changed"}
	if KeywordSet(KeywordsA)[0].ID == "changed" {
		t.Error("changing a returned keyword set changed the content")
	}
}

// The embedded file uses only the fields the loader knows, so a misspelt
// field cannot silently drop content.
func TestContentJSONHasNoUnknownFields(t *testing.T) {
	dec := json.NewDecoder(bytes.NewReader(contentJSON))
	dec.DisallowUnknownFields()
	var doc contentDoc
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Sheets) != 2 || len(doc.Keywords) != 2 {
		t.Errorf("want 2 editions and 2 keyword sets, got %d and %d", len(doc.Sheets), len(doc.Keywords))
	}
}
