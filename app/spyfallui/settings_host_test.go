//go:build !player

package spyfallui

import (
	"errors"
	"html"
	"strings"
	"testing"

	"safehouse/app/i18n"
	"safehouse/engine/spyfall"
)

// The host's settings panel: only the full build has it (settings_host.go).

// A pasted pack that is refused says why in the player's words: no pack file at all, a file
// from a newer app, or what is wrong with its locations.
func TestPackProblemSaysWhy(t *testing.T) {
	p := NewPanel(PanelInput{Lang: i18n.English}, &Draft{}, nil)
	for _, c := range []struct{ file, want string }{
		{"Lighthouse: Keeper", "That is not a Safehouse location pack."},
		{`{"format":"safehouse-spyfall-pack","version":9,"pack":{"id":"p","locations":[{"id":"a","name":{"en":"A"}}]}}`,
			"That pack was saved by a newer version of Safehouse."},
		{`{"format":"safehouse-spyfall-pack","version":1,"pack":{"id":"p","locations":[]}}`,
			"That pack could not be read: bad pack: a pack holds 1 to 100 locations, not 0"},
	} {
		_, err := spyfall.ImportPack([]byte(c.file))
		if err == nil {
			t.Fatalf("%s: imported", c.file)
		}
		if got := p.packProblem(err); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want it to start with %q", c.file, got, c.want)
		}
	}
}

// Issue 21: the example in the box for the host's own locations is in the player's language
// (a location and its roles of their own) and is a line the box accepts; the roles hint is two
// sentences joined the language's way.
func TestCustomLocationsExampleInEveryLanguage(t *testing.T) {
	cfg := spyfall.DefaultConfig()
	for _, lang := range i18n.Languages() {
		example := i18n.T(lang, i18n.SFSetCustomExample)
		if lang != i18n.English && example == i18n.T(i18n.English, i18n.SFSetCustomExample) {
			t.Errorf("%s: the example is English", lang)
		}
		p, err := parseCustomLocations(example, lang)
		if err != nil {
			t.Errorf("%s: the example %q is refused: %v", lang, example, err)
		} else if len(p.Locations) != 1 || len(p.Locations[0].Roles) < 2 {
			t.Errorf("%s: the example %q reads as %d locations, the first with roles %v", lang, example, len(p.Locations), p.Locations[0].Roles)
		}
		// Issue 34: the pack is named in the host's language, not "My locations" everywhere.
		if name := p.Name.In(string(lang)); name != i18n.T(lang, i18n.SFSetCustomName) || lang != i18n.English && name == "My locations" {
			t.Errorf("%s: the host's own pack is named %q", lang, name)
		}
		page := panelHTML(t, PanelInput{Shown: true, Host: true, Config: cfg, Players: 3, Lang: lang})
		if !strings.Contains(page, `placeholder="`+html.EscapeString(example)+`"`) {
			t.Errorf("%s: the box does not show the example %q", lang, example)
		}
		hint := i18n.T(lang, i18n.Sentences, i18n.T(lang, i18n.SFSetRolesOptional), i18n.T(lang, i18n.SFSetRolesAnyone))
		if !strings.Contains(page, html.EscapeString(hint)) {
			t.Errorf("%s: the roles hint is not %q", lang, hint)
		}
	}
}

func TestParseCustomLocations(t *testing.T) {
	cases := []struct {
		text  string
		locs  int
		roles []int
		ok    bool
	}{
		{"Lighthouse: Keeper, Tourist\n\nSubmarine", 2, []int{2, 0}, true},
		{"  Mine :  Miner ,, Boss ", 1, []int{2}, true},
		// Issue 34: the colon and commas a Japanese, Chinese or Arabic keyboard types.
		{"灯台：灯台守、観光客，船長\n灯塔: 守塔人，游客", 2, []int{3, 2}, true},
		{"منارة: حارس، سائح", 1, []int{2}, true},
		{"\n \n", 0, nil, false},
		{strings.Repeat("x", 200), 0, nil, false},
	}
	for _, c := range cases {
		p, err := parseCustomLocations(c.text, i18n.English)
		if (err == nil) != c.ok {
			t.Errorf("%q: error %v, want ok=%v", c.text, err, c.ok)
			continue
		}
		if !c.ok {
			continue
		}
		if len(p.Locations) != c.locs {
			t.Fatalf("%q: %d locations, want %d", c.text, len(p.Locations), c.locs)
		}
		for i, n := range c.roles {
			if len(p.Locations[i].Roles) != n {
				t.Errorf("%q: location %d has %d roles, want %d", c.text, i, len(p.Locations[i].Roles), n)
			}
		}
		if _, err := spyfall.New(spyfall.Config{Edition: spyfall.Classic, Seats: 3, CustomPacks: []spyfall.Pack{p}}); err != nil {
			t.Errorf("%q: the engine refuses the pack: %v", c.text, err)
		}
	}
}

// A refusal of the host's own locations names the line at fault, in the host's language.
func TestParseCustomLocationsSaysWhichLine(t *testing.T) {
	long := strings.Repeat("x", spyfall.MaxContentRunes+1)
	many := strings.Repeat("Cook, ", spyfall.MaxCustomRoles+1)
	cases := []struct{ text, want string }{
		{"Mine\n\n" + long, "Line 3: a name or a role may be at most 60 characters long."},
		{"Mine: Miner, " + long, "Line 1: a name or a role may be at most 60 characters long."},
		{"Mine\nGalley: " + many, "Line 2: a location may have at most 30 roles."},
		{" \n ", "Type at least one location, one a line."},
		{strings.Repeat("Mine\n", spyfall.MaxCustomLocations+1), "At most 100 locations of your own, one a line."},
	}
	for _, c := range cases {
		_, err := parseCustomLocations(c.text, i18n.English)
		refused, ok := errors.AsType[*customLocationsError](err)
		if !ok {
			t.Errorf("%.40q: %v, want a refusal of the lines", c.text, err)
			continue
		}
		if got := refused.in(i18n.English); got != c.want {
			t.Errorf("%.40q: %q, want %q", c.text, got, c.want)
		}
		if ru := refused.in(i18n.Lang("ru")); ru == c.want {
			t.Errorf("%.40q: the Russian refusal is the English one", c.text)
		}
	}
}
