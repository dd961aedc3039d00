package i18n

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// pluralExamples are the integer samples of CLDR 46's cardinal rules (plurals.xml),
// category by category, for every language the app offers or will offer (issue 34).
var pluralExamples = []struct {
	langs []Lang
	form  Form
	ns    []int
}{
	{[]Lang{"en", "de", "nl", "sv", "el", "hu"}, One, []int{1}},
	{[]Lang{"en", "de", "nl", "sv", "el", "hu"}, Other, []int{0, 2, 3, 16, 100, 1000, 10000, 100000, 1000000}},
	{[]Lang{"tr"}, One, []int{1}},
	{[]Lang{"tr"}, Other, []int{0, 2, 16, 100, 1000, 10000, 100000, 1000000}},
	{[]Lang{"es", "es-419", "it", "pt-PT"}, One, []int{1}},
	{[]Lang{"es", "es-419", "it", "pt-PT"}, Many, []int{1000000, 2000000, 3000000}},
	{[]Lang{"es", "es-419", "it", "pt-PT"}, Other, []int{0, 2, 16, 100, 1000, 10000, 100000, 1000001}},
	{[]Lang{"fr", "pt"}, One, []int{0, 1}},
	{[]Lang{"fr", "pt"}, Many, []int{1000000, 5000000}},
	{[]Lang{"fr", "pt"}, Other, []int{2, 17, 100, 1000, 10000, 100000, 1000002}},
	{[]Lang{"ru", "uk"}, One, []int{1, 21, 31, 41, 51, 61, 71, 81, 101, 1001}},
	{[]Lang{"ru", "uk"}, Few, []int{2, 3, 4, 22, 23, 24, 32, 33, 34, 42, 43, 44, 52, 53, 54, 62, 102, 1002}},
	{[]Lang{"ru", "uk"}, Many, []int{0, 5, 11, 12, 14, 19, 100, 111, 112, 1000, 10000, 100000, 1000000}},
	{[]Lang{"pl"}, One, []int{1}},
	{[]Lang{"pl"}, Few, []int{2, 3, 4, 22, 23, 24, 32, 33, 34, 42, 43, 44, 52, 53, 54, 62, 102, 1002}},
	{[]Lang{"pl"}, Many, []int{0, 5, 11, 12, 14, 19, 21, 31, 100, 101, 1000, 10000, 100000, 1000000}},
	{[]Lang{"ja", "zh", "zh-Hant", "ko", "id", "vi"}, Other, []int{0, 1, 2, 5, 11, 21, 100, 1000, 1000000}},
	{[]Lang{"fa", "hi"}, One, []int{0, 1}},
	{[]Lang{"fa", "hi"}, Other, []int{2, 17, 100, 1000, 10000, 100000, 1000000}},
	{[]Lang{"cs"}, One, []int{1}},
	{[]Lang{"cs"}, Few, []int{2, 3, 4}},
	{[]Lang{"cs"}, Other, []int{0, 5, 19, 100, 1000, 10000, 100000, 1000000}},
	{[]Lang{"ro"}, One, []int{1}},
	{[]Lang{"ro"}, Few, []int{0, 2, 3, 10, 16, 19, 101, 102, 119, 1001}},
	{[]Lang{"ro"}, Other, []int{20, 35, 100, 120, 1000, 10000, 100000, 1000000}},
	{[]Lang{"ar"}, Zero, []int{0}},
	{[]Lang{"ar"}, One, []int{1}},
	{[]Lang{"ar"}, Two, []int{2}},
	{[]Lang{"ar"}, Few, []int{3, 4, 5, 10, 103, 110, 1003}},
	{[]Lang{"ar"}, Many, []int{11, 12, 26, 99, 111, 1011}},
	{[]Lang{"ar"}, Other, []int{100, 101, 102, 1000, 10000, 100000, 1000000}},
	{[]Lang{"he"}, One, []int{1}},
	{[]Lang{"he"}, Two, []int{2}},
	{[]Lang{"he"}, Other, []int{0, 3, 17, 20, 100, 1000, 10000, 100000, 1000000}},
}

// Counts on screen follow each language's plural rules (CLDR): English one/other, Russian
// one/few/many (its "other" is for fractions). Issue 17 found "Spyfall, 1 rounds".
func TestPluralForms(t *testing.T) {
	covered := map[Lang]bool{}
	for _, c := range pluralExamples {
		for _, lang := range c.langs {
			covered[lang] = true
			if !slices.Contains(Forms(lang), c.form) {
				t.Errorf("%s writes no %s form, yet CLDR gives it", lang, c.form)
			}
			for _, n := range c.ns {
				if got := PluralForm(lang, n); got != c.form {
					t.Errorf("PluralForm(%s, %d) = %s, want %s", lang, n, got, c.form)
				}
			}
		}
	}
	for _, lang := range Languages() {
		if !covered[lang] {
			t.Errorf("%s: no CLDR examples (add them to pluralExamples, and its rule to ruleOf)", lang)
		}
	}
	// Every language writes its forms in CLDR's order, "other" last.
	for lang := range covered {
		forms := Forms(lang)
		if !slices.IsSorted(forms) || forms[len(forms)-1] != Other {
			t.Errorf("%s writes its forms as %v", lang, forms)
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
// not change (min, s, VP, %) or ordinals (round 3, 2 of 5).
func TestCountsHavePluralForms(t *testing.T) {
	invariant := map[Key]bool{
		LobbyPlayers: true, LobbyScreens: true, SFRoundOf: true, SFDeal: true, SFVoted: true, SFRoundResult: true,
		SFNextRound: true, SFSetLengthAuto: true, SFSetMinutes: true, FestTeamVP: true, FestRound: true,
		FestAttempt: true, FestAttemptVP: true, FestQuarter: true, FestCrossQuarter: true, FestNoCarpet: true,
		FestCardsLeft: true, FestResultTitle: true, FestResultScored: true, FestUseCarpet: true, FestCustomAdd: true,
		FestSeconds: true, StartTableSize: true, SFSetSpiesAuto: true, TakeoverAsking: true,
		LoadingFullBuild: true,
	}
	for k, text := range english().ui {
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

// The plural rules against another implementation of CLDR's: Node.js's Intl.PluralRules (ICU),
// for every whole number up to 1,200 and a few millions, in every language of
// pluralExamples. Skipped, loudly, without node.
func TestPluralFormsAgreeWithICU(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIPPED: no node on PATH to compare the plural rules with ICU's (make deps installs it)")
	}
	var langs []Lang
	for _, c := range pluralExamples {
		for _, l := range c.langs {
			if !slices.Contains(langs, l) {
				langs = append(langs, l)
			}
		}
	}
	var ns []int
	for n := 0; n <= 1200; n++ {
		ns = append(ns, n)
	}
	ns = append(ns, 10000, 100000, 1000000, 1000001, 2000000, 2000011)
	script := `const [langs, ns] = JSON.parse(process.argv[1]);
const out = {};
for (const l of langs) { const r = new Intl.PluralRules(l); out[l] = ns.map(n => r.select(n)); }
console.log(JSON.stringify({icu: process.versions.icu, cldr: process.versions.cldr, out}));`
	arg, _ := json.Marshal([]any{langs, ns})
	raw, err := exec.Command(node, "-e", script, string(arg)).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got struct {
		ICU  string              `json:"icu"`
		CLDR string              `json:"cldr"`
		Out  map[string][]string `json:"out"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("node's answer %q: %v", raw, err)
	}
	t.Logf("ICU %s, CLDR %s", got.ICU, got.CLDR)
	for _, lang := range langs {
		bad := 0
		for i, n := range ns {
			if want, ours := got.Out[string(lang)][i], PluralForm(lang, n).String(); want != ours && bad < 3 {
				bad++
				t.Errorf("%s %d: ICU says %s, PluralForm %s", lang, n, want, ours)
			}
		}
	}
}
