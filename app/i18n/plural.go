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

// pluralForms lists, for each language, the categories its plural texts write, in order. A
// text with a count is written as its forms joined by "|" (English "%[1]d round|%[1]d rounds",
// Russian one|few|many|other), and its first argument is the count.
var pluralForms = map[Lang][]Form{
	English: {One, Other},
	Russian: {One, Few, Many, Other},
}

// formSep separates the plural forms of one catalogue text.
const formSep = "|"

// PluralForm is the CLDR category of the whole number n in lang. Russian writes "other" for
// fractions only, which no screen shows, so a whole number is one, few or many there.
func PluralForm(lang Lang, n int) Form {
	if n < 0 {
		n = -n
	}
	switch lang {
	case Russian:
		switch d, dd := n%10, n%100; {
		case d == 1 && dd != 11:
			return One
		case d >= 2 && d <= 4 && (dd < 12 || dd > 14):
			return Few
		default:
			return Many
		}
	}
	if n == 1 {
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
	cats, ok := pluralForms[lang]
	if !ok || len(cats) != len(forms) {
		cats = pluralForms[English] // a text that fell back to English
	}
	for i, c := range cats {
		if c == want && i < len(forms) {
			return forms[i]
		}
	}
	return forms[len(forms)-1]
}
