package i18n

import "strings"

// Form is a CLDR plural category.
type Form int

// The CLDR plural categories a language may use.
const (
	One Form = iota
	Few
	Many
	Other
)

// Forms lists the categories lang's plural texts write, in order: a text with a count is
// its forms joined by "|" (English "%[1]d round|%[1]d rounds"), and its first argument is
// the count. Only whole numbers are ever counted on screen, so "other" is the fractions'
// form in Russian, Ukrainian and Polish and is written (the same as "many") only for
// completeness; "many" in Spanish, French, Italian and Portuguese is for exact millions.
func Forms(lang Lang) []Form {
	switch lang {
	case "ru", "uk", "pl":
		return []Form{One, Few, Many, Other}
	case "es", "fr", "it", "pt":
		return []Form{One, Many, Other}
	case "ja", "zh":
		return []Form{Other}
	}
	return []Form{One, Other} // en, de, tr
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
	switch lang {
	case "ru", "uk":
		switch {
		case d == 1 && dd != 11:
			return One
		case fewSlavic:
			return Few
		}
		return Many
	case "pl":
		switch {
		case n == 1:
			return One
		case fewSlavic:
			return Few
		}
		return Many
	case "fr", "pt": // pt is Brazilian Portuguese: 0 and 1 are "one"
		switch {
		case n <= 1:
			return One
		case million:
			return Many
		}
		return Other
	case "es", "it":
		switch {
		case n == 1:
			return One
		case million:
			return Many
		}
		return Other
	case "ja", "zh":
		return Other
	}
	if n == 1 { // en, de, tr
		return One
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
