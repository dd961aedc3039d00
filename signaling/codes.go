package signaling

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"strings"
)

// CodeAlphabet holds the 32 symbols of room codes: no 0/O and no 1/I, so a code
// read aloud or off a screen is typed right.
const CodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// CodeLength is the number of symbols in a room code (6 x 5 bits = 30 bits).
const CodeLength = 6

// claimBytes is the size of a claim token's secret: 128 bits.
const claimBytes = 16

func newRoomCode() string {
	var b [CodeLength]byte
	rand.Read(b[:]) // never fails (crypto/rand panics rather than returning an error)
	for i := range b {
		// 256 is a multiple of 32, so masking keeps every symbol equally likely.
		b[i] = CodeAlphabet[b[i]&31]
	}
	return string(b[:])
}

// NormalizeRoomCode returns code in the server's canonical form (upper case),
// and false if it cannot be a room code at all.
func NormalizeRoomCode(code string) (string, bool) {
	if len(code) != CodeLength {
		return "", false
	}
	upper := strings.ToUpper(code)
	for i := 0; i < len(upper); i++ {
		if strings.IndexByte(CodeAlphabet, upper[i]) < 0 {
			return "", false
		}
	}
	return upper, true
}

func newClaimToken() string {
	var b [claimBytes]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func claimMatches(got, want string) bool {
	return subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}
