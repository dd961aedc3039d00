package i18n_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"safehouse/app/i18n"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// The built-in Spyfall content as players read it: the engine's packs (ids, roles by index)
// named from every loaded language pack. These checks of the names moved here from the
// engine when the names moved into the packs (issue 21).

// Location and Pack are a built-in location and pack with their names in every language.
type Location struct {
	ID    string
	Name  engine.Text
	Roles []engine.Text
}

type Pack struct {
	ID        string
	Name      engine.Text
	Locations []Location
}

// languages are the loaded packs' languages, as codes.
func languages() []string {
	var out []string
	for _, l := range i18n.Available() {
		out = append(out, string(l))
	}
	return out
}

// BuiltinPacks names the engine's built-in packs in every loaded language.
func BuiltinPacks() []Pack {
	var out []Pack
	for _, p := range spyfall.BuiltinPacks() {
		np := Pack{ID: p.ID, Name: engine.Text{}}
		for _, l := range i18n.Available() {
			np.Name[string(l)] = i18n.PackName(l, p.ID)
		}
		for _, loc := range p.Locations {
			nl := Location{ID: loc.ID, Name: engine.Text{}}
			for _, l := range i18n.Available() {
				nl.Name[string(l)] = i18n.LocationName(l, loc.ID)
			}
			for i := range loc.NumRoles() {
				r := engine.Text{}
				for _, l := range i18n.Available() {
					r[string(l)] = i18n.RoleName(l, loc.ID, i)
				}
				nl.Roles = append(nl.Roles, r)
			}
			np.Locations = append(np.Locations, nl)
		}
		out = append(out, np)
	}
	return out
}

func BuiltinPack(id string) (Pack, bool) {
	for _, p := range BuiltinPacks() {
		if p.ID == id {
			return p, true
		}
	}
	return Pack{}, false
}

// The location lists exactly as RULES.md SF-ED-2 gives them (English names).
var (
	contentRulesClassic = []string{
		"Airplane", "Bank", "Beach", "Cathedral", "Circus Tent", "Corporate Party",
		"Crusader Army", "Casino", "Day Spa", "Embassy", "Hospital", "Hotel", "Military Base",
		"Movie Studio", "Ocean Liner", "Passenger Train", "Pirate Ship", "Polar Station",
		"Police Station", "Restaurant", "School", "Service Station", "Space Station",
		"Submarine", "Supermarket", "Theater", "University", "World War II Squad",
	}
	contentRulesSpyfall2 = []string{
		"Race Track", "Construction Site", "Wedding", "Vineyard", "Candy Factory",
		"Harbor Docks", "Library", "Coal Mine", "Art Museum", "Retirement Home",
		"Rock Concert", "Stadium", "Cat Show", "Cemetery", "Jail", "Jazz Club", "The U.N.",
		"Gas Station", "Subway", "Sightseeing Bus",
	}
	contentRulesTimeTravelNamed = []string{
		"The Battle of Moscow", "Wigwam", "Hot Air Balloon", "The Spanish Inquisition",
		"Caravan", "Druid Circle", "Lunar Base", "Leonardo's Studio", "The Shaolin Temple",
		"Speakeasy", "Company of Musketeers", "Medieval Tournament", "Trojan War",
		"Ottoman Harem", "Woodstock Festival",
	}
	contentRulesTimeTravelIntro = []string{
		"Neanderthal Cave", "WWI Airship", "Roman Senate", "Ninja Clan",
	}
)

func contentPack(t *testing.T, id string) Pack {
	t.Helper()
	p, ok := BuiltinPack(id)
	if !ok {
		t.Fatalf("BuiltinPack(%q) not found", id)
	}
	return p
}

func contentEnglishNames(locs []Location) []string {
	out := make([]string, len(locs))
	for i, l := range locs {
		out[i] = l.Name["en"]
	}
	return out
}

func contentAllLocations() []Location {
	var out []Location
	for _, p := range BuiltinPacks() {
		out = append(out, p.Locations...)
	}
	return out
}

// SF-ED-2: classic and spyfall2 hold exactly the locations RULES.md lists, no more.
func TestSFED2FixedPacksHoldExactlyTheListedLocations(t *testing.T) {
	tests := []struct {
		pack string
		want []string
	}{
		{"classic", contentRulesClassic},
		{"spyfall2", contentRulesSpyfall2},
	}
	for _, tt := range tests {
		t.Run(tt.pack, func(t *testing.T) {
			got := contentEnglishNames(contentPack(t, tt.pack).Locations)
			if len(got) != len(tt.want) {
				t.Errorf("%d locations, want %d", len(got), len(tt.want))
			}
			for _, name := range tt.want {
				if !slices.Contains(got, name) {
					t.Errorf("missing location %q", name)
				}
			}
			for _, name := range got {
				if !slices.Contains(tt.want, name) {
					t.Errorf("location %q is not in the RULES.md list", name)
				}
			}
		})
	}
}

// SF-ED-2: timetravel holds the 15 named locations, the 4 from the introduction and
// 11 of the project's own: 30 in all.
func TestSFED2TimeTravelHoldsNamedIntroAndOwnLocations(t *testing.T) {
	got := contentEnglishNames(contentPack(t, "timetravel").Locations)
	if len(got) != 30 {
		t.Errorf("%d locations, want 30", len(got))
	}
	named := append(slices.Clone(contentRulesTimeTravelNamed), contentRulesTimeTravelIntro...)
	if len(named) != 19 {
		t.Fatalf("test table lists %d rulebook locations, want 19", len(named))
	}
	own := 0
	for _, name := range got {
		if !slices.Contains(named, name) {
			own++
		}
	}
	for _, name := range named {
		if !slices.Contains(got, name) {
			t.Errorf("missing location %q", name)
		}
	}
	if own != 11 {
		t.Errorf("%d locations of the project's own, want 11", own)
	}
}

// SF-ED-2: the project's own time-travel locations must not repeat a location of any
// pack; no location name appears twice across the built-in packs, in any language.
func TestSFED2LocationNamesUniqueAcrossPacks(t *testing.T) {
	for _, lang := range languages() {
		seen := map[string]string{}
		for _, p := range BuiltinPacks() {
			for _, l := range p.Locations {
				key := strings.ToLower(l.Name[lang])
				if other, dup := seen[key]; dup {
					t.Errorf("%s name %q used by %s and %s/%s", lang, l.Name[lang], other, p.ID, l.ID)
				}
				seen[key] = p.ID + "/" + l.ID
			}
		}
	}
}

// SF-ED-3: each location has its own list of roles: no role appears twice in one
// location, in any language (case ignored).
func TestSFED3RolesDistinctWithinLocation(t *testing.T) {
	for _, l := range contentAllLocations() {
		for _, lang := range languages() {
			seen := map[string]bool{}
			for _, r := range l.Roles {
				key := strings.ToLower(r[lang])
				if seen[key] {
					t.Errorf("%s: %s role %q appears twice", l.ID, lang, r[lang])
				}
				seen[key] = true
			}
		}
	}
}

// SF-ED-3: the roles the rulebooks show are dealt at their locations.
func TestSFED3RulebookRolesAtTheirLocations(t *testing.T) {
	tests := []struct {
		pack, location string
		roles          []string
	}{
		{"classic", "Crusader Army", []string{"Knight", "Squire", "Archer"}},
		{"classic", "University", []string{"Professor", "Student"}},
		{"classic", "Airplane", []string{"Flight Attendant"}},
		{"classic", "Movie Studio", []string{"Actor"}},
		{"spyfall2", "Subway", []string{"Subway Operator"}},
		{"spyfall2", "Sightseeing Bus", []string{"Busman"}},
		{"spyfall2", "Race Track", []string{"Flagman"}},
		{"spyfall2", "Wedding", []string{"Father of the Bride"}},
		{"spyfall2", "Retirement Home", []string{"Old Man", "Nurse"}},
		{"spyfall2", "Stadium", []string{"Sprinter", "Referee"}},
		{"timetravel", "Leonardo's Studio", []string{"Model", "Patron of the Arts"}},
	}
	for _, tt := range tests {
		t.Run(tt.location, func(t *testing.T) {
			var loc *Location
			for _, l := range contentPack(t, tt.pack).Locations {
				if l.Name["en"] == tt.location {
					loc = &l
					break
				}
			}
			if loc == nil {
				t.Fatalf("no location %q in %s", tt.location, tt.pack)
			}
			var got []string
			for _, r := range loc.Roles {
				got = append(got, r["en"])
			}
			for _, want := range tt.roles {
				if !slices.Contains(got, want) {
					t.Errorf("role %q missing; roles are %v", want, got)
				}
			}
		})
	}
}

// The English role names the rulebooks themselves give; every other role is ours and
// must read as gender-neutral.
var contentRulebookGenderedRoles = []string{"Father of the Bride", "Old Man", "Busman", "Flagman"}

var (
	contentGenderedWord = regexp.MustCompile(`(?i)\b(man|men|woman|women|boy|girl|lady|ladies|gentleman|` +
		`king|queen|prince|princess|mother|father|son|daughter|bride|groom|husband|wife|` +
		`uncle|aunt|brother|sister|monk|nun|friar|abbot|abbess|actress|hostess|stewardess|` +
		`waitress|priestess|heiress|seamstress|governess|mistress|empress|duchess|countess|madam|sir)\b`)
	contentManCompound = regexp.MustCompile(`(?i)\b\w+(man|men|woman|women)\b`)
	// Words ending in "man" that say nothing about gender.
	contentManCompoundAllowed = []string{"shaman", "human"}
)

// SF-ED-3: roles are gender-neutral; in English only the rulebook's own names keep
// a gendered form.
func TestSFED3EnglishRolesGenderNeutral(t *testing.T) {
	for _, l := range contentAllLocations() {
		for _, r := range l.Roles {
			name := r["en"]
			if slices.Contains(contentRulebookGenderedRoles, name) {
				continue
			}
			if w := contentGenderedWord.FindString(name); w != "" {
				t.Errorf("%s: role %q has the gendered word %q", l.ID, name, w)
			}
			for _, w := range contentManCompound.FindAllString(name, -1) {
				if !slices.Contains(contentManCompoundAllowed, strings.ToLower(w)) {
					t.Errorf("%s: role %q has the gendered word %q", l.ID, name, w)
				}
			}
		}
	}
}

func contentHasCyrillic(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}

// Every pack, location and role is written in each language: Russian and Ukrainian in
// Cyrillic, English without it.
func TestContentEveryNameInEveryLanguage(t *testing.T) {
	check := func(where string, text engine.Text) {
		t.Helper()
		for _, lang := range languages() {
			if strings.TrimSpace(text[lang]) == "" {
				t.Errorf("%s: no %s text", where, lang)
			}
		}
		for _, lang := range []string{"ru", "uk"} {
			if s, ok := text[lang]; ok && !contentHasCyrillic(s) {
				t.Errorf("%s: %s text %q has no Cyrillic letter", where, lang, s)
			}
		}
		if contentHasCyrillic(text["en"]) {
			t.Errorf("%s: English text %q has Cyrillic letters", where, text["en"])
		}
	}
	total := 0
	for _, p := range BuiltinPacks() {
		// An edition keeps its published name, which may be the brand's Latin one
		// ("Spyfall" in Ukrainian): written in every language, not necessarily in its script.
		for _, lang := range languages() {
			if strings.TrimSpace(p.Name[lang]) == "" {
				t.Errorf("%s: no %s name", p.ID, lang)
			}
		}
		for _, l := range p.Locations {
			check(p.ID+"/"+l.ID, l.Name)
			for i, r := range l.Roles {
				check(p.ID+"/"+l.ID+"/role "+strconv.Itoa(i), r)
			}
			total++
		}
	}
	if total != 28+20+30 {
		t.Errorf("%d locations in all, want 78", total)
	}
}

// Russian names that a table found wrong (issue 17): a cathedral is «Собор», «Церковь» is
// any church. Each entry is the name a Russian player expects on the card.
func TestRussianLocationNamesAsPlayersSayThem(t *testing.T) {
	want := map[string]string{"cathedral": "Собор"}
	for id, name := range want {
		if got := i18n.LocationName(i18n.Russian, id); got != name {
			t.Errorf("%s is «%s» in Russian, want «%s»", id, got, name)
		}
	}
}
