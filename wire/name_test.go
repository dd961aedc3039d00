package wire

import (
	"errors"
	"strings"
	"testing"
)

// The cases of the page's NormalizeName and the session's CleanName, which this rule joins.
func TestCleanName(t *testing.T) {
	cases := []struct {
		in, want string
		err      error
	}{
		{"Ann", "Ann", nil},
		{"  Ann Lee \t", "Ann Lee", nil},
		{"  Maya   Lee ", "Maya Lee", nil},
		{"Maya\u00a0\u00a0Lee", "Maya Lee", nil}, // a no-break space is a space too
		{strings.Repeat("é", MaxNameRunes), strings.Repeat("é", MaxNameRunes), nil},
		{strings.Repeat("ж", MaxNameRunes+1), "", ErrNameTooLong},
		{"👩‍🚀 Ada", "👩‍🚀 Ada", nil},
		{"", "", ErrNameMissing},
		{" \t\n", "", ErrNameMissing},
		{"bell\a", "", ErrNameNotText},
		{"line\nbreak", "", ErrNameNotText},
		{"tab\there", "", ErrNameNotText},
		{"hid\u200bden", "", ErrNameNotText},
		{"bad\xffutf8", "", ErrNameNotText},
	}
	for _, tc := range cases {
		got, err := CleanName(tc.in)
		if got != tc.want || (tc.err == nil) != (err == nil) || tc.err != nil && !errors.Is(err, tc.err) {
			t.Errorf("CleanName(%q) = %q, %v; want %q, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// The host sends the error's text to the player, so it says what the limit is.
func TestCleanNameSaysTheLimit(t *testing.T) {
	_, err := CleanName(strings.Repeat("a", MaxNameRunes+2))
	if want := "at most 24 characters, this one has 26"; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v does not say %q", err, want)
	}
}
