package wire

import (
	"errors"
	"testing"
)

func TestNormalizeRoomCode(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		wantErr error
	}{
		{"K7MPQ2", "K7MPQ2", nil},
		{" k7m pq2 ", "K7MPQ2", nil},
		{"k7m-pq2", "K7MPQ2", nil},
		{"", "", ErrCodeMissing},
		{"   ", "", ErrCodeMissing},
		{"K7MPQ", "", ErrCodeMalformed},
		{"K7MPQ22", "", ErrCodeMalformed},
		{"K7MPQ0", "", ErrCodeMalformed}, // 0 is not in the alphabet
		{"K7MPQI", "", ErrCodeMalformed}, // neither is I
		{"K7MPQ!", "", ErrCodeMalformed},
		{"К7МРQ2", "", ErrCodeMalformed}, // Cyrillic look-alikes
	}
	for _, tt := range tests {
		got, err := NormalizeRoomCode(tt.in)
		if !errors.Is(err, tt.wantErr) || got != tt.want {
			t.Errorf("NormalizeRoomCode(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestCanonicalRoomCode(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"ABCDEF", "ABCDEF", true},
		{"abc234", "ABC234", true},
		{"AbCdEf", "ABCDEF", true},
		{"ABCDE", "", false},
		{"ABCDEFG", "", false},
		{"ABC DE", "", false}, // the wire form has no separators
		{"ABCDE0", "", false}, // 0, O, 1 and I are not in the alphabet
		{"ABCDEO", "", false},
		{"ABCDE1", "", false},
		{"ABCDEI", "", false},
		{"ABCDÉ", "", false},
	}
	for _, tt := range tests {
		if got, ok := CanonicalRoomCode(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("CanonicalRoomCode(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestNewRoomCode(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		code := NewRoomCode()
		if got, ok := CanonicalRoomCode(code); !ok || got != code {
			t.Fatalf("generated code %q does not normalize to itself (%q, %v)", code, got, ok)
		}
		seen[code] = true
	}
	if len(seen) < 199 { // 200 draws from 2^30 codes: a repeat is a one-in-50,000 event
		t.Fatalf("only %d distinct codes in 200", len(seen))
	}
}
