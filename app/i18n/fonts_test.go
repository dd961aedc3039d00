//go:build !wasm

package i18n

import (
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// fontPackages are the Debian packages whose fonts draw the packs' scripts (make deps
// installs them), each with a family it brings: Arabic, Hebrew, Devanagari, Greek, Thai...
// from fonts-noto-core; Japanese, Chinese and Korean from fonts-noto-cjk.
var fontPackages = []struct{ pkg, family string }{
	{"fonts-noto-core", "Noto Sans Arabic"},
	{"fonts-noto-cjk", "Noto Sans CJK SC"},
}

// charsets are the characters the machine's fonts draw (fontconfig's view, which Chromium
// and Firefox use on Linux), and the font families there are.
func charsets(t *testing.T) (covered func(rune) bool, families []string) {
	t.Helper()
	fcList, err := exec.LookPath("fc-list")
	if err != nil {
		skipOrFail(t, "no fc-list (fontconfig) to read the fonts with")
	}
	out, err := exec.Command(fcList, "--format", "%{family[0]}\t%{charset}\n").Output()
	if err != nil {
		t.Fatalf("fc-list: %v", err)
	}
	type span struct{ lo, hi rune }
	var spans []span
	for _, line := range strings.Split(string(out), "\n") {
		family, set, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		if !slices.Contains(families, family) {
			families = append(families, family)
		}
		for _, r := range strings.Fields(set) {
			a, b, isRange := strings.Cut(r, "-")
			if !isRange {
				b = a
			}
			lo, err1 := strconv.ParseUint(a, 16, 32)
			hi, err2 := strconv.ParseUint(b, 16, 32)
			if err1 != nil || err2 != nil {
				t.Fatalf("fc-list: a charset reads %q", r)
			}
			spans = append(spans, span{rune(lo), rune(hi)})
		}
	}
	return func(r rune) bool {
		for _, s := range spans {
			if r >= s.lo && r <= s.hi {
				return true
			}
		}
		return false
	}, families
}

// skipOrFail skips the test, loudly, on a machine without the fonts; where the tests must
// run whole (CI=true or SAFEHOUSE_REQUIRE_BROWSER=1, as .ci/run sets) it fails instead.
func skipOrFail(t *testing.T, why string) {
	t.Helper()
	msg := "SKIPPED: " + why + "; install the fonts with make deps (" + fontPackages[0].pkg + ", " + fontPackages[1].pkg + ")"
	if os.Getenv("CI") == "true" || os.Getenv("SAFEHOUSE_REQUIRE_BROWSER") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// drawn is whether a character needs a glyph of its own: not the invisible controls a text
// may hold (the isolates around a name, ZWNJ in Persian, a soft hyphen), which a browser
// handles without the font.
func drawn(r rune) bool {
	return !unicode.Is(unicode.Cf, r) && !unicode.IsControl(r) && r != ' '
}

// Issue 34: every character of every pack has a glyph in the machine's fonts, so no screen
// shows the empty boxes of a missing font (tofu) in any language; the browsers fall back
// from the page's font stack (web/styles.css, --font) to these fonts by fontconfig.
func TestPacksHaveFonts(t *testing.T) {
	covered, families := charsets(t)
	for _, f := range fontPackages {
		if !slices.Contains(families, f.family) {
			skipOrFail(t, "no "+f.family+" ("+f.pkg+")")
		}
	}
	for _, lang := range Languages() {
		p, ok := readPack(t, lang)
		if !ok {
			continue
		}
		var texts []string
		for _, s := range p.UI {
			texts = append(texts, s)
		}
		texts = append(texts, p.Name)
		for _, s := range p.Spyfall.Packs {
			texts = append(texts, s)
		}
		for _, l := range p.Spyfall.Locations {
			texts = append(texts, l.Name)
			texts = append(texts, l.Roles...)
		}
		for _, c := range p.Spyfest.Characters {
			texts = append(texts, c.Name, c.Overview)
		}
		for _, k := range p.Spyfest.Keywords {
			texts = append(texts, k)
		}
		var missing []rune
		for _, s := range texts {
			for _, r := range s {
				if drawn(r) && !covered(r) && !slices.Contains(missing, r) {
					missing = append(missing, r)
				}
			}
		}
		if len(missing) > 0 {
			var list []string
			for _, r := range missing[:min(len(missing), 12)] {
				list = append(list, string(r)+" U+"+strings.ToUpper(strconv.FormatInt(int64(r), 16)))
			}
			t.Errorf("%s: %d characters no font here draws: %s", lang, len(missing), strings.Join(list, ", "))
		}
	}
}
