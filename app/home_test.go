package app

import (
	"regexp"
	"testing"

	"safehouse/app/i18n"
)

// Issue 17: the room-code field's hint was "K7MPQ2", which looks like a code already typed
// in. In every language the hint says what a code is made of and is not itself a code.
func TestRoomCodeHintIsNoCode(t *testing.T) {
	for _, lang := range i18n.Languages() {
		s := &Shell{mounted: true, lang: lang}
		html := render(t, s)
		input := regexp.MustCompile(`<input[^>]*id="code"[^>]*>`).FindString(html)
		m := regexp.MustCompile(`placeholder="([^"]*)"`).FindStringSubmatch(input)
		if m == nil {
			t.Fatalf("%s: the code field has no hint: %s", lang, input)
		}
		hint := m[1]
		if _, err := NormalizeRoomCode(hint); err == nil {
			t.Errorf("%s: the hint %q reads as a room code", lang, hint)
		}
		if !regexp.MustCompile(`\b6\b`).MatchString(hint) {
			t.Errorf("%s: the hint %q does not say how long a code is", lang, hint)
		}
	}
}
