//go:build !wasm

package i18n

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The checks of `make i18n-check` (issue 21), over the files in packs/ (native only: the wasm
// holds English alone): one per language the app offers, each complete. English's content ids
// and roles are checked against the engines in packs_engine_test.go, the names themselves in
// spyfall_content_test.go and spyfest_content_test.go.

// pack is a pack file read whole, for the checks.
type pack struct {
	Lang     Lang           `json:"lang"`
	Name     string         `json:"name"`
	Reviewed []string       `json:"reviewed"`
	UI       map[Key]string `json:"ui"`
	Spyfall  struct {
		Packs     map[string]string `json:"packs"`
		Locations map[string]struct {
			Name  string   `json:"name"`
			Roles []string `json:"roles"`
		} `json:"locations"`
	} `json:"spyfall"`
	Spyfest struct {
		Characters map[string]struct {
			Name     string `json:"name"`
			Overview string `json:"overview"`
		} `json:"characters"`
		Keywords map[string]string `json:"keywords"`
	} `json:"spyfest"`
}

func readPack(t *testing.T, lang Lang) (pack, bool) {
	t.Helper()
	data, ok := PackFiles()[lang]
	if !ok {
		return pack{}, false
	}
	var p pack
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		t.Fatalf("packs/%s.json: %v", lang, err)
	}
	return p, true
}

func sortedKeys[M ~map[K]V, K ~string, V any](m M) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// sameSet reports what want has that got lacks, and what got has beyond want.
func sameSet[K ~string](t *testing.T, what string, want, got []K) {
	t.Helper()
	for _, k := range want {
		if _, found := slices.BinarySearch(got, k); !found {
			t.Errorf("%s: missing %q", what, k)
		}
	}
	for _, k := range got {
		if _, found := slices.BinarySearch(want, k); !found {
			t.Errorf("%s: %q is not in English", what, k)
		}
	}
}

// unique fails on a name said twice within one list (case and spaces aside).
func unique(t *testing.T, what string, names map[string]string) {
	t.Helper()
	seen := map[string]string{}
	for _, id := range sortedKeys(names) {
		n := strings.ToLower(strings.Join(strings.Fields(names[id]), " "))
		if n == "" {
			t.Errorf("%s: %q has no name", what, id)
			continue
		}
		if other, dup := seen[n]; dup {
			t.Errorf("%s: %q and %q are both named %q", what, other, id, names[id])
		}
		seen[n] = id
	}
}

// TestPacks: every language the app offers has one complete pack (the twelve of issue 21
// and those added since): every UI key and every content id of English, nothing more; the
// placeholders of English; the plural forms of the language; no name twice among the
// locations (all editions), the roles of one location, the characters, the keywords and the
// editions.
func TestPacks(t *testing.T) {
	for _, lang := range []Lang{"en", "de", "es", "fr", "it", "ja", "pl", "pt", "ru", "tr", "uk", "zh"} {
		if !Offered(lang) {
			t.Errorf("the app no longer offers %s (issue 21)", lang)
		}
	}
	for lang := range PackFiles() {
		if !Offered(lang) {
			t.Errorf("packs/%s.json: a language the app does not offer (add it to languages in i18n.go)", lang)
		}
	}
	en, ok := readPack(t, English)
	if !ok {
		t.Fatal("no packs/en.json")
	}
	if len(en.UI) < 400 {
		t.Fatalf("the English pack has %d UI texts, expected the whole UI", len(en.UI))
	}
	var missing []Lang
	for _, lang := range Languages() {
		p, ok := readPack(t, lang)
		if !ok {
			missing = append(missing, lang)
			continue
		}
		t.Run(string(lang), func(t *testing.T) { checkPack(t, en, p, lang) })
	}
	if len(missing) > 0 {
		t.Errorf("no pack for %v: each needs app/i18n/packs/<lang>.json (README: Adding a language)", missing)
	}
}

func checkPack(t *testing.T, en, p pack, lang Lang) {
	if p.Lang != lang {
		t.Errorf("lang is %q", p.Lang)
	}
	if p.Name != NativeName(lang) {
		t.Errorf("name is %q, the language switch says %q", p.Name, NativeName(lang))
	}
	if p.Reviewed == nil {
		t.Errorf(`no "reviewed" list (write [] when nothing is reviewed)`)
	}
	sameSet(t, "ui", sortedKeys(en.UI), sortedKeys(p.UI))
	forms := len(Forms(lang))
	for _, k := range sortedKeys(p.UI) {
		e, ok := en.UI[k]
		if !ok {
			continue
		}
		text := p.UI[k]
		if strings.TrimSpace(text) == "" && strings.TrimSpace(e) != "" {
			t.Errorf("%q is empty", k)
		}
		enForms, got := strings.Split(e, formSep), strings.Split(text, formSep)
		switch {
		case len(enForms) > 1 && len(got) != forms:
			t.Errorf("%q has %d plural forms, %s writes %d (%v)", k, len(got), lang, forms, Forms(lang))
		case len(enForms) == 1 && len(got) > 1:
			t.Errorf("%q has plural forms, English has none", k)
		}
		wantVerbs := verbs(enForms[len(enForms)-1])
		wantProgress := strings.Contains(e, "{progress}")
		for _, form := range got {
			if v := verbs(form); !slices.Equal(wantVerbs, v) {
				t.Errorf("%q uses placeholders %v in %q, English uses %v", k, v, form, wantVerbs)
			}
			if strings.Contains(form, "{progress}") != wantProgress {
				t.Errorf("%q: {progress} differs from English in %q", k, form)
			}
		}
	}

	sameSet(t, "spyfall packs", sortedKeys(en.Spyfall.Packs), sortedKeys(p.Spyfall.Packs))
	unique(t, "spyfall packs", p.Spyfall.Packs)
	sameSet(t, "locations", sortedKeys(en.Spyfall.Locations), sortedKeys(p.Spyfall.Locations))
	locations := map[string]string{}
	for id, l := range p.Spyfall.Locations {
		locations[id] = l.Name
		if n := len(en.Spyfall.Locations[id].Roles); len(l.Roles) != n {
			t.Errorf("location %q has %d roles, English %d", id, len(l.Roles), n)
		}
		roles := map[string]string{}
		for i, r := range l.Roles {
			roles[string(rune('0'+i))] = r
		}
		unique(t, "roles of "+id, roles)
	}
	unique(t, "locations", locations)

	sameSet(t, "characters", sortedKeys(en.Spyfest.Characters), sortedKeys(p.Spyfest.Characters))
	characters := map[string]string{}
	for id, c := range p.Spyfest.Characters {
		characters[id] = c.Name
		if strings.TrimSpace(c.Overview) == "" {
			t.Errorf("character %q has no overview", id)
		}
	}
	unique(t, "characters", characters)
	sameSet(t, "keywords", sortedKeys(en.Spyfest.Keywords), sortedKeys(p.Spyfest.Keywords))
	unique(t, "keywords", p.Spyfest.Keywords)
}

// A pack is loaded whole: what Load reads names the same as the file says.
func TestLoadedPacksName(t *testing.T) {
	for _, lang := range Available() {
		p, _ := readPack(t, lang)
		ids := sortedKeys(p.Spyfall.Locations)
		sort.Strings(ids)
		for _, id := range ids[:3] {
			if got, want := LocationName(lang, id), p.Spyfall.Locations[id].Name; got != want {
				t.Errorf("%s: LocationName(%q) = %q, want %q", lang, id, got, want)
			}
			if got, want := RoleName(lang, id, 6), p.Spyfall.Locations[id].Roles[6]; got != want {
				t.Errorf("%s: RoleName(%q, 6) = %q, want %q", lang, id, got, want)
			}
		}
	}
}
