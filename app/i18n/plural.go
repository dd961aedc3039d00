package i18n

import "strings"

// Form is a CLDR plural category.
type Form int

// The CLDR plural categories a language may use, in the order a text writes its forms.
const (
	Zero Form = iota
	One
	Two
	Few
	Many
	Other
)

var formNames = [...]string{"zero", "one", "two", "few", "many", "other"}

func (f Form) String() string {
	if f >= 0 && int(f) < len(formNames) {
		return formNames[f]
	}
	return "no form"
}

// pluralRule is one of CLDR's cardinal rules (plurals.xml, CLDR 46), for whole numbers: every
// language the app offers or will offer follows one of them.
type pluralRule int

const (
	ruleOneOther     pluralRule = iota // one: n = 1 (en, de, tr, nl, sv, el, hu)
	ruleZeroOneOther                   // one: n = 0 or 1 (fa, hi: i = 0 or n = 1)
	ruleOtherOnly                      // no forms (ja, zh, zh-Hant, ko, id, vi)
	ruleRomance                        // one: n = 1; many: exact millions (es, es-419, it, pt-PT)
	ruleRomanceZero                    // one: n = 0 or 1; many: exact millions (fr, pt)
	ruleEastSlavic                     // ru, uk
	rulePolish                         // pl
	ruleCzech                          // cs (sk): one 1, few 2-4, many for fractions only
	ruleRomanian                       // ro
	ruleArabic                         // ar
	ruleHebrew                         // he (CLDR 42 on: one, two, other)
)

// ruleOf is lang's rule: its code's own ("pt-PT" counts 0 as Portugal does, not Brazil), else
// its primary subtag's ("es-419" as "es"), else English's. A language added to the app with
// rules of its own gets a line here (and its examples in plural_test.go).
func ruleOf(lang Lang) pluralRule {
	switch lang {
	case "pt-PT":
		return ruleRomance
	}
	primary, _, _ := strings.Cut(string(lang), "-")
	switch primary {
	case "fa", "hi":
		return ruleZeroOneOther
	case "ja", "zh", "ko", "id", "vi":
		return ruleOtherOnly
	case "es", "it":
		return ruleRomance
	case "fr", "pt":
		return ruleRomanceZero
	case "ru", "uk":
		return ruleEastSlavic
	case "pl":
		return rulePolish
	case "cs", "sk":
		return ruleCzech
	case "ro":
		return ruleRomanian
	case "ar":
		return ruleArabic
	case "he":
		return ruleHebrew
	}
	return ruleOneOther
}

// Forms lists the categories lang's plural texts write, in order (Zero, One, Two, Few, Many,
// Other): a text with a count is its forms joined by "|" (English "%[1]d round|%[1]d rounds",
// Arabic six forms), and its first argument is the count. Only whole numbers are ever counted
// on screen, so "other" in Russian, Ukrainian and Polish and "many" in Czech are the
// fractions' forms, written for completeness; "many" in Spanish, French, Italian and
// Portuguese is for exact millions.
func Forms(lang Lang) []Form {
	switch ruleOf(lang) {
	case ruleOtherOnly:
		return []Form{Other}
	case ruleRomance, ruleRomanceZero:
		return []Form{One, Many, Other}
	case ruleEastSlavic, rulePolish, ruleCzech:
		return []Form{One, Few, Many, Other}
	case ruleRomanian:
		return []Form{One, Few, Other}
	case ruleArabic:
		return []Form{Zero, One, Two, Few, Many, Other}
	case ruleHebrew:
		return []Form{One, Two, Other}
	}
	return []Form{One, Other}
}

// formSep separates the plural forms of one catalogue text.
const formSep = "|"

// PluralForm is the CLDR category of the whole number n in lang (CLDR 46 cardinal rules,
// with no fraction digits).
func PluralForm(lang Lang, n int) Form {
	if n < 0 {
		n = -n
	}
	d, dd := n%10, n%100
	fewSlavic := d >= 2 && d <= 4 && (dd < 12 || dd > 14)
	million := n != 0 && n%1000000 == 0
	switch ruleOf(lang) {
	case ruleOtherOnly:
		return Other
	case ruleZeroOneOther:
		if n <= 1 {
			return One
		}
	case ruleRomance:
		switch {
		case n == 1:
			return One
		case million:
			return Many
		}
	case ruleRomanceZero:
		switch {
		case n <= 1:
			return One
		case million:
			return Many
		}
	case ruleEastSlavic:
		switch {
		case d == 1 && dd != 11:
			return One
		case fewSlavic:
			return Few
		}
		return Many
	case rulePolish:
		switch {
		case n == 1:
			return One
		case fewSlavic:
			return Few
		}
		return Many
	case ruleCzech:
		switch {
		case n == 1:
			return One
		case n >= 2 && n <= 4:
			return Few
		}
	case ruleRomanian:
		switch {
		case n == 1:
			return One
		case n == 0 || dd >= 1 && dd <= 19:
			return Few
		}
	case ruleArabic:
		switch {
		case n == 0:
			return Zero
		case n == 1:
			return One
		case n == 2:
			return Two
		case dd >= 3 && dd <= 10:
			return Few
		case dd >= 11:
			return Many
		}
	case ruleHebrew:
		switch n {
		case 1:
			return One
		case 2:
			return Two
		}
	default: // ruleOneOther
		if n == 1 {
			return One
		}
	}
	return Other
}

// N is the text of key for the count n in lang: N(lang, SFRoundCount, 3) is "3 rounds". The
// count comes first among args when the text has more (T picks the form the same way).
func N(lang Lang, key Key, n int, more ...any) string {
	return T(lang, key, append([]any{n}, more...)...)
}

// pickForm keeps the form of text, a catalogue text of lang, that fits its count (the first
// argument); a text without forms is returned as it is.
func pickForm(lang Lang, text string, args []any) string {
	if !strings.Contains(text, formSep) {
		return text
	}
	forms := strings.Split(text, formSep)
	want := Other
	if len(args) > 0 {
		if n, ok := args[0].(int); ok {
			want = PluralForm(lang, n)
		}
	}
	cats := Forms(lang)
	if len(cats) != len(forms) {
		cats = Forms(English) // a text that fell back to English
	}
	for i, c := range cats {
		if c == want && i < len(forms) {
			return forms[i]
		}
	}
	return forms[len(forms)-1]
}
