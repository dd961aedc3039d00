package app

import (
	"regexp"
	"strings"
	"testing"

	"safehouse/app/i18n"
	"safehouse/wire"
)

// With no network at all the home screen says that creating or joining needs one, disables
// both with that note as the reason, and points to the one-phone game, which stays open.
// With a network it shows none of that.
func TestHomeSaysWhatNeedsTheNetwork(t *testing.T) {
	for _, offline := range []bool{false, true} {
		for _, lang := range i18n.Available() {
			s := &shell{mounted: true, secure: true, offline: offline, lang: lang}
			html := render(t, s)
			note := strings.Contains(html, `id="offline-note"`) &&
				strings.Contains(html, i18n.T(lang, i18n.OfflineTitle))
			if note != offline {
				t.Errorf("%s, offline %v: note shown %v", lang, offline, note)
			}
			for _, id := range []string{"create", "join"} {
				tag := regexp.MustCompile(`<button [^>]*id="` + id + `"[^>]*>`).FindString(html)
				disabled := regexp.MustCompile(`(^| )disabled( |=|>)`).MatchString(tag) &&
					strings.Contains(tag, `aria-describedby="offline-note"`)
				if tag == "" || disabled != offline {
					t.Errorf("%s, offline %v: %s is %q", lang, offline, id, tag)
				}
			}
			pass := regexp.MustCompile(`<button [^>]*id="pass-play"[^>]*>`).FindString(html)
			if pass == "" || strings.Contains(pass, "disabled") {
				t.Errorf("%s, offline %v: the one-phone game is %q", lang, offline, pass)
			}
		}
	}
}

// Issue 17: the room-code field's hint was "K7MPQ2", which looks like a code already typed
// in. In every language the hint says what a code is made of and is not itself a code.
func TestRoomCodeHintIsNoCode(t *testing.T) {
	for _, lang := range i18n.Available() {
		s := &shell{mounted: true, lang: lang}
		html := render(t, s)
		input := regexp.MustCompile(`<input[^>]*id="code"[^>]*>`).FindString(html)
		m := regexp.MustCompile(`placeholder="([^"]*)"`).FindStringSubmatch(input)
		if m == nil {
			t.Fatalf("%s: the code field has no hint: %s", lang, input)
		}
		hint := m[1]
		if _, err := wire.NormalizeRoomCode(hint); err == nil {
			t.Errorf("%s: the hint %q reads as a room code", lang, hint)
		}
		if !regexp.MustCompile(`\b6\b`).MatchString(hint) {
			t.Errorf("%s: the hint %q does not say how long a code is", lang, hint)
		}
	}
}
