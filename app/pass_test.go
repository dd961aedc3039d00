package app

import (
	"strings"
	"testing"
)

// APP-PASS-1: the names of a pass-and-play table, checked before anyone is seated.
func TestParsePassNames(t *testing.T) {
	cases := []struct {
		text string
		want int
		err  error
	}{
		{"Maya\nLeo\nNadia", 3, nil},
		{" Maya \n\n Leo ", 2, nil},
		{"Maya", 0, errPassTooFew},
		{"Maya\nMaya", 0, errPassDuplicate},
	}
	for _, c := range cases {
		names, err := parsePassNames(c.text)
		if err != c.err || len(names) != c.want {
			t.Errorf("%q: %v, %v; want %d names, error %v", c.text, names, err, c.want, c.err)
		}
	}
	if _, err := parsePassNames("Maya\n" + strings.Repeat("y", 100)); err == nil {
		t.Error("a name that is too long was accepted")
	}
}
