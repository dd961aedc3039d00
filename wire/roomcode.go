package wire

import (
	"crypto/rand"
	"errors"
	"strings"
)

// RoomAlphabet holds the 32 symbols of room codes: no 0/O and no 1/I, so a code read aloud or
// off a screen is typed right. Codes are matched case-insensitively.
const RoomAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// RoomCodeLen is the number of symbols in a room code (6 x 5 bits = 30 bits).
const RoomCodeLen = 6

// NewRoomCode is a fresh random room code: the signaling server's for each room it hosts, and
// a QR host's, which names its room with no server.
func NewRoomCode() string {
	var b [RoomCodeLen]byte
	rand.Read(b[:]) // never fails: crypto/rand crashes the program rather than return an error
	for i := range b {
		// 256 is a multiple of 32, so masking keeps every symbol equally likely.
		b[i] = RoomAlphabet[b[i]&31]
	}
	return string(b[:])
}

var (
	// ErrCodeMissing: no room code was given.
	ErrCodeMissing = errors.New("room code missing")
	// ErrCodeMalformed: the room code is not RoomCodeLen characters of RoomAlphabet.
	ErrCodeMalformed = errors.New("room code malformed")
)

// NormalizeRoomCode turns what a person typed ("k7m pq2", "K7M-PQ2") into the canonical code
// ("K7MPQ2"), or says why it cannot be one.
func NormalizeRoomCode(s string) (string, error) {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == ' ' || r == '-' || r == '\t':
			continue
		case strings.ContainsRune(RoomAlphabet, r):
			b.WriteRune(r)
		default:
			return "", ErrCodeMalformed
		}
	}
	code := b.String()
	switch {
	case code == "":
		return "", ErrCodeMissing
	case len(code) != RoomCodeLen:
		return "", ErrCodeMalformed
	}
	return code, nil
}

// CanonicalRoomCode is the server's stricter reading of a code that came over the wire: no
// separators, only upper-casing. false means it cannot be a room code at all.
func CanonicalRoomCode(code string) (string, bool) {
	if len(code) != RoomCodeLen {
		return "", false
	}
	upper := strings.ToUpper(code)
	for i := 0; i < len(upper); i++ {
		if strings.IndexByte(RoomAlphabet, upper[i]) < 0 {
			return "", false
		}
	}
	return upper, true
}
