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
		{[]string{"", "  "}, English},
		{[]string{"ru-RU", "en"}, Russian},
		{[]string{"xx", "RU"}, Russian},
		{[]string{"en-US", "ru"}, English},
		{[]string{"pt-BR"}, "pt"},
		{[]string{"pt-PT", "en"}, "pt"},
		{[]string{"zh-CN"}, "zh"},
		{[]string{"zh-Hans-CN"}, "zh"},
		{[]string{"ja-JP", "en"}, "ja"},
		{[]string{"uk"}, "uk"},
		{[]string{"nl-NL", "de-AT", "en"}, "de"},
		{[]string{"fr_CA"}, "fr"},
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
