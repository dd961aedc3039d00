package session

import (
	"errors"
	"testing"
)

func TestNormalizeRoomCode(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"K7MPQ2", "K7MPQ2", true},
		{" k7m pq2 ", "K7MPQ2", true},
		{"k7m-pq2", "K7MPQ2", true},
		{"", "", false},
		{"   ", "", false},
		{"K7M!Q2", "", false},
		{"K7MPQ2K7MPQ2K7MPQ2", "", false},
	}
	for _, tc := range cases {
		got, err := normalizeRoomCode(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("normalizeRoomCode(%q) = %q, %v; want %q ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
		if err != nil && !errors.Is(err, ErrUnknownRoom) {
			t.Errorf("normalizeRoomCode(%q) error %v is not ErrUnknownRoom", tc.in, err)
		}
	}
}
