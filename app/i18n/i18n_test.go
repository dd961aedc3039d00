package i18n

import (
	"regexp"
	"slices"
	"strings"
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
		{[]string{"", "  "}, English},
		{[]string{"ru-RU", "en"}, Russian},
		{[]string{"de", "RU"}, Russian},
		{[]string{"en-US", "ru"}, English},
	}
	for _, tt := range tests {
		if got := Match(tt.preferred...); got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.preferred, got, tt.want)
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

// Every translation must exist for every key and use the same placeholders as English, so
// no screen shows a half-translated or mis-formatted sentence.
func TestCatalogsComplete(t *testing.T) {
	keys := Keys()
	if len(keys) < 40 {
		t.Fatalf("English catalog has %d keys, expected the whole UI", len(keys))
	}
	for _, lang := range Languages() {
		for _, k := range keys {
			if !Has(lang, k) {
				t.Errorf("%s: missing %q", lang, k)
				continue
			}
			en, text := strings.Split(english[k], formSep), strings.Split(catalogs[lang][k], formSep)
			if wantForms := len(pluralForms[lang]); len(en) > 1 && len(text) != wantForms {
				t.Errorf("%s: %q has %d plural forms, the language writes %d", lang, k, len(text), wantForms)
			} else if len(en) == 1 && len(text) > 1 {
				t.Errorf("%s: %q has plural forms, English has none", lang, k)
			}
			want := verbs(en[0])
			for _, form := range text {
				if got := verbs(form); !slices.Equal(want, got) {
					t.Errorf("%s: %q uses placeholders %v in %q, English uses %v", lang, k, got, form, want)
				}
			}
		}
		for k := range catalogs[lang] {
			if _, ok := english[k]; !ok {
				t.Errorf("%s: key %q is not in the English catalog", lang, k)
			}
		}
	}
}

func TestNoBareVerbs(t *testing.T) {
	bare := regexp.MustCompile(`%[^\[%]`)
	for _, lang := range Languages() {
		for k, text := range catalogs[lang] {
			if bare.MatchString(text) {
				t.Errorf("%s: %q uses an unindexed verb; use %%[1]s so translations may reorder", lang, k)
			}
		}
	}
}
