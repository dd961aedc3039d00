//go:build !wasm

package i18n_test

import (
	"encoding/json"
	"slices"
	"testing"

	"safehouse/app/i18n"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// The English pack names exactly the engines' built-in content: every edition's pack, every
// location with as many roles as the engine deals there, every character of a sheet, every
// keyword of a set, and nothing else (the other packs are checked against English by
// TestPacks).
func TestEnglishPackNamesTheEngines(t *testing.T) {
	var en struct {
		Spyfall struct {
			Packs     map[string]string `json:"packs"`
			Locations map[string]struct {
				Roles []string `json:"roles"`
			} `json:"locations"`
		} `json:"spyfall"`
		Spyfest struct {
			Characters map[string]json.RawMessage `json:"characters"`
			Keywords   map[string]string          `json:"keywords"`
		} `json:"spyfest"`
	}
	if err := json.Unmarshal(i18n.PackFiles()[i18n.English], &en); err != nil {
		t.Fatal(err)
	}
	same := func(what string, want []string, got []string) {
		t.Helper()
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			t.Errorf("%s: the engine has %v, the English pack %v", what, want, got)
		}
	}
	keys := func(m map[string]string) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		return out
	}
	var packs, locations []string
	for _, p := range spyfall.BuiltinPacks() {
		packs = append(packs, p.ID)
		for _, l := range p.Locations {
			locations = append(locations, l.ID)
			if n := len(en.Spyfall.Locations[l.ID].Roles); n != l.NumRoles() {
				t.Errorf("location %s: the engine deals %d roles, the English pack names %d", l.ID, l.NumRoles(), n)
			}
		}
	}
	same("spyfall packs", packs, keys(en.Spyfall.Packs))
	var named []string
	for id := range en.Spyfall.Locations {
		named = append(named, id)
	}
	same("locations", locations, named)
	named = nil
	for id := range en.Spyfest.Characters {
		named = append(named, id)
	}
	same("characters", spyfest.Characters(), named)
	var keywords []string
	for _, set := range []string{spyfest.KeywordsA, spyfest.KeywordsB} {
		for _, k := range spyfest.KeywordSet(set) {
			keywords = append(keywords, k.ID)
		}
	}
	same("keywords", keywords, keys(en.Spyfest.Keywords))
}
