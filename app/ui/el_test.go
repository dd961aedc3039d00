package ui

import (
	"reflect"
	"regexp"
	"strconv"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestParseSelector(t *testing.T) {
	tests := []struct {
		sel   string
		tag   string
		attrs [][2]string
	}{
		{"div", "div", nil},
		{"p#title", "p", [][2]string{{"id", "title"}}},
		{"p.muted.small", "p", [][2]string{{"class", "muted small"}}},
		{"button#join.btn.primary[type=submit][form=join-form]", "button",
			[][2]string{{"id", "join"}, {"class", "btn primary"}, {"type", "submit"}, {"form", "join-form"}}},
		{"input#link.field[readonly]", "input", [][2]string{{"id", "link"}, {"class", "field"}, {"readonly", "true"}}},
		{"textarea[placeholder=Lighthouse: Keeper, Tourist. #1]", "textarea",
			[][2]string{{"placeholder", "Lighthouse: Keeper, Tourist. #1"}}},
		{"span[aria-hidden=true][data-seat=3]", "span", [][2]string{{"aria-hidden", "true"}, {"data-seat", "3"}}},
		{"li[value=]", "li", [][2]string{{"value", ""}}},
	}
	for _, tt := range tests {
		s := parseSelector(tt.sel)
		if s.tag != tt.tag || !reflect.DeepEqual(s.attrs, tt.attrs) {
			t.Errorf("parseSelector(%q) = %q %q, want %q %q", tt.sel, s.tag, s.attrs, tt.tag, tt.attrs)
		}
	}
}

// The compact builders write the same HTML as go-app's typed builders.
func TestElWritesWhatTypedBuildersWrite(t *testing.T) {
	tests := []struct {
		name         string
		typed, short goapp.UI
	}{
		{"text", goapp.P().ID("x").Class("muted small").Aria("live", "polite").Text("Hello"),
			ElText("p#x.muted.small[aria-live=polite]", "Hello")},
		{"children", goapp.Footer().Class("actions").Body(goapp.Button().Class("btn").Type("button").Text("Go"), nil),
			El("footer.actions", ElText("button.btn[type=button]", "Go"), nil)},
		{"dynamic class and data", goapp.Li().Class("chip", "you").DataSet("seat", 3).Aria("pressed", true).Text("Ana"),
			ElTextWith("li.chip", "Ana").Class("you").DataSet("seat", 3).Aria("pressed", true)},
		{"void", goapp.Input().ID("link").Class("field").Type("url").ReadOnly(true).Value("http://x/"),
			ElVoidWith("input#link.field[type=url][readonly]").Attr("value", "http://x/")},
	}
	for _, tt := range tests {
		want, got := goapp.HTMLString(tt.typed), goapp.HTMLString(tt.short)
		if !sameHTML(want, got) {
			t.Errorf("%s: el wrote\n%s\nthe typed builders\n%s", tt.name, got, want)
		}
	}
}

// sameHTML compares two elements' HTML with each tag's attributes in any order (go-app writes
// them in map order).
func sameHTML(a, b string) bool {
	return reflect.DeepEqual(attrsByTag(a), attrsByTag(b))
}

func attrsByTag(html string) []map[string]string {
	var tags []map[string]string
	for _, m := range tagPattern.FindAllStringSubmatch(html, -1) {
		attrs := map[string]string{"<": m[1]}
		for _, a := range attrPattern.FindAllStringSubmatch(m[2], -1) {
			attrs[a[1]] = a[2]
		}
		tags = append(tags, attrs)
	}
	tags = append(tags, map[string]string{"text": textPattern.ReplaceAllString(html, "")})
	return tags
}

func TestSelectorCacheIsBounded(t *testing.T) {
	for i := range maxSelectors + 10 {
		El("li#seat-" + strconv.Itoa(i))
	}
	selectors.Lock()
	n := len(selectors.parsed)
	selectors.Unlock()
	if n > maxSelectors {
		t.Fatalf("%d selectors kept, at most %d wanted", n, maxSelectors)
	}
}

var (
	tagPattern  = regexp.MustCompile(`<([a-z0-9]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*/?>`)
	attrPattern = regexp.MustCompile(`([^\s=]+)(?:="([^"]*)")?`)
	textPattern = regexp.MustCompile(`<[^>]*>`)
)
