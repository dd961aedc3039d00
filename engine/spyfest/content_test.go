package spyfest

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"testing"

	"safehouse/engine"
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

// Issue 21: the built-in sheet and keywords travel by id: no view carries their names (each
// device names them from its own language pack), so a view does not grow with the number of
// languages.
func TestViewsNameBuiltinContentByID(t *testing.T) {
	g, err := New(Config{Edition: EditionSpycon, Deck: DeckFictional, Keywords: KeywordsA,
		Teams: [2][]engine.Seat{{0, 1}, {2, 3}}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range []engine.Seat{0, 1, 2, 3, engine.NoSeat} {
		v := g.View(seat)
		if len(v.Sheet) != 28 || len(v.Keywords) != 12 {
			t.Fatalf("seat %d sees %d characters and %d keywords", seat, len(v.Sheet), len(v.Keywords))
		}
		for _, e := range v.Sheet {
			if e.Name != nil || e.Overview != nil {
				t.Fatalf("seat %d: %s carries %v / %v", seat, e.ID, e.Name, e.Overview)
			}
		}
		for _, k := range v.Keywords {
			if k.Name != nil {
				t.Fatalf("seat %d: keyword %s carries %v", seat, k.ID, k.Name)
			}
		}
		if !slices.ContainsFunc(v.Sheet, func(e SheetEntry) bool { return e.ID == "heracles" }) {
			t.Fatal("Spycon's sheet has no heracles (SX-CNT-1)")
		}
	}
}
