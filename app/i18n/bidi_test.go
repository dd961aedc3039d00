package i18n

import (
	"strings"
	"testing"
)

// Issue 34: a player's name keeps its place in a sentence of the other direction: isolated
// (U+2068 ... U+2069) in every right-to-left language, and in the others when the name is
// written right to left; a Latin name in a Latin sentence is left exactly as it is.
func TestNamesIsolated(t *testing.T) {
	withLanguages(t, "en", "ja", "ar", "he")
	arabic := map[Key]string{ListPair: "%[1]s، %[2]s", SFPassTo: "أعطِ الهاتف إلى %[1]s"}
	restore := setTexts(t, map[Lang]map[Key]string{"ar": arabic, "ja": {ListPair: "%[1]s、%[2]s"}})
	defer restore()
	tests := []struct {
		got, want string
	}{
		{T(English, SFPassTo, "Maya"), "Pass the phone to Maya"},
		{T(English, SFPassTo, "דנה"), "Pass the phone to \u2068דנה\u2069"},
		{T("ar", SFPassTo, "Maya!"), "أعطِ الهاتف إلى \u2068Maya!\u2069"},
		{T("ar", SFPassTo, "ليلى"), "أعطِ الهاتف إلى \u2068ليلى\u2069"},
		{List(English, "Maya", "Leo", "Nadia"), "Maya, Leo, Nadia"},
		{List("ja", "マヤ", "レオ", "ナディア"), "マヤ、レオ、ナディア"},
		{List("ar", "Maya", "ليلى"), "\u2068Maya\u2069، \u2068ليلى\u2069"},
		{List(English), ""},
		{Isolate(English, "Leo"), "Leo"},
		{Isolate("he", "Leo"), "\u2068Leo\u2069"},
		{Isolate("he", ""), ""},
		// A list of one name is one isolate already; a list of two is isolated as a whole.
		{Isolate("he", List("he", "Leo")), "\u2068Leo\u2069"},
		{Isolate("he", List("he", "Leo", "Maya")), "\u2068\u2068Leo\u2069, \u2068Maya\u2069\u2069"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// setTexts loads stand-in packs holding texts, for languages whose packs the test needs
// before they exist; it returns what puts the real ones back.
func setTexts(t *testing.T, texts map[Lang]map[Key]string) (restore func()) {
	var undo []func()
	for lang, ui := range texts {
		old := catalogOf(lang)
		setCatalog(lang, &catalog{ui: ui, spyfall: func() spyfallText { return spyfallText{} }, spyfest: func() spyfestText { return spyfestText{} }})
		undo = append(undo, func() {
			if old != nil {
				setCatalog(lang, old)
				return
			}
			catalogsMu.Lock()
			delete(catalogs, lang)
			catalogsMu.Unlock()
		})
	}
	return func() {
		for _, u := range undo {
			u()
		}
	}
}

// fillPair does what strings.NewReplacer did in List, on every pair the packs could write:
// either placeholder, twice or missing, next to a stray "%[" and at the very end.
func TestFillPairIsTheReplacer(t *testing.T) {
	pairs := []string{"%[1]s, %[2]s", "%[2]s و %[1]s", "%[1]s", "", "%[", "a%[1]", "%[3]s %[1]s%[1]s", "%%[2]s%[1]s%[", "%[1]s%[2]s"}
	args := [][2]string{{"Maya", "Leo"}, {"%[2]s", "%[1]s"}, {"", "x"}, {"%[", "s"}}
	for _, pair := range pairs {
		for _, a := range args {
			want := strings.NewReplacer("%[1]s", a[0], "%[2]s", a[1]).Replace(pair)
			if got := fillPair(pair, a[0], a[1]); got != want {
				t.Errorf("fillPair(%q, %q, %q) = %q, want %q", pair, a[0], a[1], got, want)
			}
		}
	}
}
