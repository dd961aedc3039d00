package i18n

import (
	"strings"
	"testing"
)

// Counts on screen follow each language's plural rules (CLDR): English one/other, Russian
// one/few/many (its "other" is for fractions). Issue 17 found "Spyfall, 1 rounds".
func TestPluralForms(t *testing.T) {
	forms := []struct {
		lang Lang
		n    int
		want Form
	}{
		{English, 0, Other}, {English, 1, One}, {English, 2, Other}, {English, 11, Other}, {English, 21, Other},
		{Russian, 0, Many}, {Russian, 1, One}, {Russian, 2, Few}, {Russian, 4, Few}, {Russian, 5, Many},
		{Russian, 11, Many}, {Russian, 12, Many}, {Russian, 14, Many}, {Russian, 21, One}, {Russian, 22, Few},
		{Russian, 25, Many}, {Russian, 101, One}, {Russian, 111, Many}, {Russian, 112, Many}, {Russian, 122, Few},
	}
	for _, f := range forms {
		if got := PluralForm(f.lang, f.n); got != f.want {
			t.Errorf("PluralForm(%s, %d) = %d, want %d", f.lang, f.n, got, f.want)
		}
	}
	texts := []struct {
		lang Lang
		key  Key
		args []any
		want string
	}{
		{English, SFSetSummary, []any{1, "Classic", 8}, "Classic, 1 round, 8 min a round"},
		{English, SFSetSummary, []any{5, "Classic", 8}, "Classic, 5 rounds, 8 min a round"},
		{Russian, SFSetSummary, []any{1, "Классика", 8}, "Классика, 1 раунд по 8 мин"},
		{Russian, SFSetSummary, []any{3, "Классика", 8}, "Классика, 3 раунда по 8 мин"},
		{Russian, SFSetSummary, []any{5, "Классика", 8}, "Классика, 5 раундов по 8 мин"},
		{Russian, SFSetSummary, []any{21, "Классика", 8}, "Классика, 21 раунд по 8 мин"},
		{Russian, FestRemoveWarn, []any{4}, "Убрано 4 персонажа. Больше трёх — и игра становится проще задуманного."},
		{English, SFSetOwnTooManyRoles, []any{1, 7}, "Line 7: a location may have at most 1 role."},
		{Lang("xx"), SFSetLocCount, []any{1}, "1 location in play"},
	}
	for _, tt := range texts {
		if got := T(tt.lang, tt.key, tt.args...); got != tt.want {
			t.Errorf("T(%s, %s, %v) = %q, want %q", tt.lang, tt.key, tt.args, got, tt.want)
		}
	}
	if got := N(Russian, SFSetLocCount, 2); got != "В игре 2 локации" {
		t.Errorf("N = %q", got)
	}
}

// Every text that shows a count with a word that agrees with it has plural forms, so no
// screen says "1 rounds" or "5 раунд": a number verb (%[1]d) right before or after a word
// that changes with it is written per form. The texts listed are numbers with units that do
// not change (min, s, VP) or ordinals (round 3, 2 of 5).
func TestCountsHavePluralForms(t *testing.T) {
	invariant := map[Key]bool{
		LobbyPlayers: true, LobbyScreens: true, SFRoundOf: true, SFDeal: true, SFVoted: true, SFRoundResult: true,
		SFNextRound: true, SFSetLengthAuto: true, SFSetMinutes: true, FestTeamVP: true, FestRound: true,
		FestAttempt: true, FestAttemptVP: true, FestQuarter: true, FestCrossQuarter: true, FestNoCarpet: true,
		FestCardsLeft: true, FestResultTitle: true, FestResultScored: true, FestUseCarpet: true, FestCustomAdd: true,
		FestSeconds: true, StartTableSize: true, SFSetSpiesAuto: true,
	}
	for k, text := range english {
		if invariant[k] {
			continue
		}
		counted := false
		for _, v := range verb.FindAllString(text, -1) {
			counted = counted || strings.HasSuffix(v, "d")
		}
		if counted && !strings.Contains(text, formSep) {
			t.Errorf("%q shows a count without plural forms: %q", k, text)
		}
	}
}
