package i18n

import (
	"regexp"
	"slices"
	"testing"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		name string
		lang Lang
		key  Key
		args []any
		want string
	}{
		{"plain English", English, HomeCreate, nil, "Create a game"},
		{"with an argument", English, ErrorUnknownRoom, []any{"ABC123"},
			"No game with code ABC123 — check the code or ask the host for a new link."},
		{"a number argument", English, LobbyPlayers, []any{3}, "Players (3)"},
		{"unknown language falls back to English", Lang("xx"), HomeJoin, nil, "Join"},
		{"unknown key shows itself", English, Key("no.such.key"), nil, "no.such.key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := T(tt.lang, tt.key, tt.args...); got != tt.want {
				t.Errorf("T(%q, %q) = %q, want %q", tt.lang, tt.key, got, tt.want)
			}
		})
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		preferred []string
		want      Lang
	}{
		{[]string{"en-GB"}, English},
		{[]string{"xx-YY", "en"}, English},
		{nil, English},
		{[]string{"", "  ", "*"}, English},
		{[]string{"ru-RU", "en"}, Russian},
		{[]string{"xx", "RU"}, Russian},
		{[]string{"en-US", "ru"}, English},
		{[]string{"pt-BR"}, "pt"},
		{[]string{"pt-PT", "en"}, "pt-PT"},
		{[]string{"pt-AO"}, "pt-PT"},
		{[]string{"zh-CN"}, "zh"},
		{[]string{"zh-Hans-CN"}, "zh"},
		{[]string{"zh-TW"}, "zh-Hant"},
		{[]string{"ja-JP", "en"}, "ja"},
		{[]string{"uk"}, "uk"},
		{[]string{"fi-FI", "de-AT", "en"}, "de"},
		{[]string{"fr_CA"}, "fr"},
		{[]string{"es-MX"}, "es-419"},
		{[]string{"es-ES", "en"}, "es"},
	}
	for _, tt := range tests {
		if got := Match(tt.preferred...); got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.preferred, got, tt.want)
		}
	}
}

// withLanguages makes the app offer langs (codes; "ar", "he" and "fa" right to left) for the
// rest of the test: the regional varieties are matched before their packs exist.
func withLanguages(t *testing.T, langs ...Lang) {
	old := languages
	t.Cleanup(func() { languages = old })
	languages = nil
	for _, l := range langs {
		languages = append(languages, language{code: l, name: string(l), rtl: l == "ar" || l == "he" || l == "fa"})
	}
}

// Issue 34: regional varieties get their own pack where the app has one, and the language's
// where it has not.
func TestMatchVarieties(t *testing.T) {
	withLanguages(t, "en", "es", "es-419", "pt", "pt-PT", "zh", "zh-Hant", "he", "id")
	tests := []struct {
		preferred []string
		want      Lang
	}{
		{[]string{"es-MX"}, "es-419"},
		{[]string{"es-419"}, "es-419"},
		{[]string{"es_ar"}, "es-419"},
		{[]string{"es-US", "en"}, "es-419"},
		{[]string{"es-ES"}, "es"},
		{[]string{"es"}, "es"},
		{[]string{"pt-PT"}, "pt-PT"},
		{[]string{"pt-AO"}, "pt-PT"},
		{[]string{"pt-BR"}, "pt"},
		{[]string{"pt"}, "pt"},
		{[]string{"zh-TW"}, "zh-Hant"},
		{[]string{"zh-HK"}, "zh-Hant"},
		{[]string{"zh-Hant"}, "zh-Hant"},
		{[]string{"zh-hant-tw"}, "zh-Hant"},
		{[]string{"zh-Hans-TW"}, "zh"},
		{[]string{"zh-CN"}, "zh"},
		{[]string{"zh-SG"}, "zh"},
		{[]string{"zh"}, "zh"},
		{[]string{"iw-IL"}, "he"},
		{[]string{"in"}, "id"},
		{[]string{"fr-FR", "es-CO"}, "es-419"},
	}
	for _, tt := range tests {
		if got := Match(tt.preferred...); got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.preferred, got, tt.want)
		}
	}
}

// Saved choices keep working: the codes of before, any case, and full tags.
func TestParse(t *testing.T) {
	for v, want := range map[string]Lang{"pt": "pt", "zh": "zh", "es": "es", "pt-BR": "pt", "zh-Hans": "zh", "ZH": "zh", "zh-hant": "zh-Hant", "pt-PT": "pt-PT", "PT-pt": "pt-PT", "en": English} {
		if got, ok := Parse(v); !ok || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", v, got, ok, want)
		}
	}
	for _, v := range []string{"", "xx", "pt-AO", "english"} {
		if got, ok := Parse(v); ok {
			t.Errorf("Parse(%q) = %q, want no language (not offered)", v, got)
		}
	}
}

// Every language's tag and direction: the tag is full where the code is short, and it is a
// tag Candidates reads back to the language.
func TestTagsAndDirections(t *testing.T) {
	if Tag("pt") != "pt-BR" || Tag("zh") != "zh-Hans" || Tag("de") != "de" || Tag(English) != "en" {
		t.Errorf("tags: pt %q, zh %q, de %q, en %q", Tag("pt"), Tag("zh"), Tag("de"), Tag(English))
	}
	for _, l := range Languages() {
		if got := Match(Tag(l)); got != l {
			t.Errorf("%s: its tag %q matches %q", l, Tag(l), got)
		}
		if c := Candidates(string(l)); len(c) == 0 || c[0] != l {
			t.Errorf("%s is not a canonical code (Candidates says %v): write it as BCP 47 does (es-419, zh-Hant, pt-PT)", l, c)
		}
		if got, want := Dir(l), map[bool]string{true: "rtl", false: "ltr"}[l == "ar" || l == "he" || l == "fa"]; got != want {
			t.Errorf("Dir(%s) = %s, want %s", l, got, want)
		}
	}
	withLanguages(t, "en", "ar", "he", "fa", "es-419")
	for l, want := range map[Lang]string{"ar": "rtl", "he": "rtl", "fa": "rtl", "es-419": "ltr", "en": "ltr", "xx": "ltr"} {
		if Dir(l) != want {
			t.Errorf("Dir(%s) = %s, want %s", l, Dir(l), want)
		}
	}
}

var verb = regexp.MustCompile(`%\[\d+\][a-z]`)

// verbs are the distinct placeholders of one text, sorted.
func verbs(text string) []string {
	v := verb.FindAllString(text, -1)
	slices.Sort(v)
	return slices.Compact(v)
}

func TestNoBareVerbs(t *testing.T) {
	// "%{progress}" is no verb: Turkish writes the percent sign first (%50).
	bare := regexp.MustCompile(`%[^\[%{]`)
	for _, lang := range Available() {
		for k, text := range catalogOf(lang).ui {
			if bare.MatchString(text) {
				t.Errorf("%s: %q uses an unindexed verb; use %%[1]s so translations may reorder", lang, k)
			}
		}
	}
}
