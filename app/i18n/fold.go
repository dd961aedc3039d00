package i18n

import (
	"strings"
	"sync"
)

// Fold makes a text comparable the way a player searches: lower case, and without the marks
// a phone keyboard makes slow to type, so "ecole" finds "École", "sao" "São", "strasse"
// "Straße", "lodz" "Łódź", "tau" "Tàu" and "جاسوس" "جَاسُوس": Latin, Greek and Vietnamese
// letters lose their accents, Arabic and Hebrew their vowel points, Russian ё is е, and
// soft hyphens and zero-width non-joiners go.
// Other scripts are left as they are (Ukrainian ї and й, Japanese kana with dakuten are
// letters of their own).
func Fold(s string) string {
	s = strings.ToLower(s)
	table := foldMap()
	var b strings.Builder
	for _, r := range s {
		switch {
		case dropMark(r):
		case table[r] != "":
			b.WriteString(table[r])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// dropMark reports whether r is a mark search ignores: Latin and Greek diacritics, Arabic
// harakat, Hebrew points, and the invisible soft hyphen (a place where a long name may break,
// in Dutch or German packs) and zero-width non-joiner (Persian), which a player never types.
func dropMark(r rune) bool {
	switch {
	case r == 0x00AD, r == 0x200C,
		r >= 0x0300 && r <= 0x036F, r >= 0x064B && r <= 0x065F, r == 0x0670,
		r >= 0x0591 && r <= 0x05BD, r == 0x05BF, r == 0x05C1, r == 0x05C2, r == 0x05C4, r == 0x05C5, r == 0x05C7:
		return true
	}
	return false
}

// foldMap reads foldPairs (fold_table.go) on first use: a letter, then what it folds to.
var foldMap = sync.OnceValue(func() map[rune]string {
	m := map[rune]string{}
	for _, pair := range strings.Split(foldPairs, " ") {
		r := []rune(pair)
		if len(r) >= 2 {
			m[r[0]] = string(r[1:])
		}
	}
	return m
})
