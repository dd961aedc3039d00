package spyfall

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

var contentIDShape = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

func contentPack(t *testing.T, id string) Pack {
	t.Helper()
	p, ok := BuiltinPack(id)
	if !ok {
		t.Fatalf("BuiltinPack(%q) not found", id)
	}
	return p
}

func contentAllLocations() []Location {
	var out []Location
	for _, p := range BuiltinPacks() {
		out = append(out, p.Locations...)
	}
	return out
}

func TestBuiltinPacksAreTheThreeEditionsInOrder(t *testing.T) {
	var ids []string
	for _, p := range BuiltinPacks() {
		ids = append(ids, p.ID)
	}
	if want := []string{"classic", "spyfall2", "timetravel"}; !slices.Equal(ids, want) {
		t.Fatalf("pack IDs = %v, want %v", ids, want)
	}
	if _, ok := BuiltinPack("no_such_pack"); ok {
		t.Fatal("BuiltinPack found a pack that does not exist")
	}
	packs := BuiltinPacks()
	packs[0] = Pack{ID: "changed"}
	if p, ok := BuiltinPack("classic"); !ok || len(p.Locations) == 0 {
		t.Fatal("changing the slice BuiltinPacks returned changed the built-in packs")
	}
}

// SF-ED-3 (with the SF-ED table): 7 roles a location in classic and timetravel, 10 in spyfall2.
func TestSFED3RolesPerLocation(t *testing.T) {
	tests := []struct {
		pack  string
		roles int
	}{
		{"classic", 7},
		{"spyfall2", 10},
		{"timetravel", 7},
	}
	for _, tt := range tests {
		t.Run(tt.pack, func(t *testing.T) {
			for _, l := range contentPack(t, tt.pack).Locations {
				if l.NumRoles() != tt.roles {
					t.Errorf("%s has %d roles, want %d", l.ID, len(l.Roles), tt.roles)
				}
			}
		})
	}
}

// Pack and location IDs are lower_snake_case ASCII; location IDs are unique across
// all packs, so a game combining packs can name any location by ID alone.
func TestContentIDsShapedAndUnique(t *testing.T) {
	seen := map[string]string{}
	for _, p := range BuiltinPacks() {
		if !contentIDShape.MatchString(p.ID) {
			t.Errorf("pack ID %q is not lower_snake_case", p.ID)
		}
		for _, l := range p.Locations {
			if !contentIDShape.MatchString(l.ID) {
				t.Errorf("%s: location ID %q is not lower_snake_case", p.ID, l.ID)
			}
			if other, dup := seen[l.ID]; dup {
				t.Errorf("location ID %q used in %s and %s", l.ID, other, p.ID)
			}
			seen[l.ID] = p.ID
		}
	}
}

// locations.json keeps the shape the loader reads: an unknown or misspelt field
// would otherwise be dropped without a word.
func TestContentFileHasOnlyKnownFields(t *testing.T) {
	dec := json.NewDecoder(bytes.NewReader(locationsJSON))
	dec.DisallowUnknownFields()
	var doc struct {
		Packs []Pack `json:"packs"`
	}
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("locations.json: %v", err)
	}
	if dec.More() {
		t.Fatal("locations.json has data after the document")
	}
}

func contentWalkStrings(v any, path string, visit func(path, s string)) {
	switch v := v.(type) {
	case string:
		visit(path, v)
	case []any:
		for i, e := range v {
			contentWalkStrings(e, path+"["+strconv.Itoa(i)+"]", visit)
		}
	case map[string]any:
		for k, e := range v {
			contentWalkStrings(e, path+"."+k, visit)
		}
	}
}

// No string in locations.json starts or ends with white space or holds a doubled space.
func TestContentStringsTrimmed(t *testing.T) {
	var doc any
	if err := json.Unmarshal(locationsJSON, &doc); err != nil {
		t.Fatalf("locations.json: %v", err)
	}
	count := 0
	contentWalkStrings(doc, "", func(path, s string) {
		count++
		if s != strings.TrimFunc(s, unicode.IsSpace) {
			t.Errorf("%s: %q has leading or trailing white space", path, s)
		}
		if strings.Contains(s, "  ") {
			t.Errorf("%s: %q has a doubled space", path, s)
		}
	})
	// 3 packs and 78 locations, by ID.
	if want := 3 + 78; count != want {
		t.Errorf("checked %d strings, want %d", count, want)
	}
}
