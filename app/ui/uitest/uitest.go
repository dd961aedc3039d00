// Package uitest holds what the tests of the screens share, whichever package they test: a
// canonical form of rendered HTML to compare two screens as text, the clock pinned, a game's
// saved state opened up to change one secret, and the host-away check of a held button. Only
// tests import it.
package uitest

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/ui"
	"safehouse/engine"
)

var (
	anyTag  = regexp.MustCompile(`<([a-z0-9]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(/?)>`)
	anyAttr = regexp.MustCompile(`\s+([^\s=>/]+)(?:="([^"]*)")?`)
)

// PinClock stops the screens' clocks at at for the rest of the test, so a countdown shows the
// same on two screens rendered a moment apart.
func PinClock(t *testing.T, at engine.Instant) {
	saved := ui.ClockNow
	ui.ClockNow = func() time.Time { return time.UnixMilli(int64(at)) }
	t.Cleanup(func() { ui.ClockNow = saved })
}

// CanonicalHTML writes every tag's attributes sorted, one tag a line, so two screens compare
// as text and a difference shows as a line.
func CanonicalHTML(html string) string {
	return anyTag.ReplaceAllStringFunc(html, func(tag string) string {
		m := anyTag.FindStringSubmatch(tag)
		attrs := anyAttr.FindAllString(m[2], -1)
		for i := range attrs {
			attrs[i] = strings.TrimSpace(attrs[i])
		}
		sort.Strings(attrs)
		return "\n<" + m[1] + " " + strings.Join(attrs, " ") + m[3] + ">"
	})
}

// FirstDifference shows where two screens part.
func FirstDifference(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n  %s\n  %s", i, la[i], lb[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(la), len(lb))
}

// StateOf is a game's saved state as JSON values, numbers kept exact, for a test to change
// one secret in it.
func StateOf(t *testing.T, g encoding.BinaryMarshaler) map[string]any {
	t.Helper()
	raw, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&st); err != nil {
		t.Fatal(err)
	}
	return st
}

// RestoreState loads a changed state into a game; the engine's own checks must accept it.
func RestoreState(t *testing.T, st map[string]any, into encoding.BinaryUnmarshaler, what string) {
	t.Helper()
	out, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	if err := into.UnmarshalBinary(out); err != nil {
		t.Fatalf("twin (%s) refused: %v", what, err)
	}
}

// Held reports whether the button id sits in a disabled fieldset that points to the banner
// (go-app writes attributes in no fixed order).
func Held(html, id string) bool {
	for _, m := range regexp.MustCompile(`(?s)<fieldset ([^>]*)>(.*?)</fieldset>`).FindAllStringSubmatch(html, -1) {
		attrs, inside := m[1], m[2]
		if regexp.MustCompile(`(^| )disabled( |=|$)`).MatchString(attrs) &&
			strings.Contains(attrs, `aria-describedby="host-away-body"`) && strings.Contains(inside, `id="`+id+`"`) {
			return true
		}
	}
	return false
}

// Tag returns the opening tag of the element with this id ("" when absent): go-app writes
// attributes in no fixed order, so tests look for attributes inside it.
func Tag(html, id string) string {
	i := strings.Index(html, `id="`+id+`"`)
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(html[:i], "<")
	end := strings.Index(html[i:], ">")
	return html[start : i+end]
}

// HTML is what c draws once mounted in go-app's test engine.
func HTML(t *testing.T, c goapp.Composer) string {
	t.Helper()
	e := goapp.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return goapp.HTMLString(c)
}

// HeldOnlyWhileAway checks that the button id of the screen page draws is disabled while the
// host's device is away (Held), and only then.
func HeldOnlyWhileAway(t *testing.T, id string, page func(away bool) goapp.Composer) {
	t.Helper()
	for _, away := range []bool{false, true} {
		html := HTML(t, page(away))
		if !strings.Contains(html, `id="`+id+`"`) {
			t.Fatalf("no %s on the screen: %s", id, html)
		}
		if got := Held(html, id); got != away {
			t.Errorf("host away %v: %s held %v", away, id, got)
		}
	}
}
