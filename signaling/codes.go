package signaling

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
)

// claimBytes is the size of a claim token's secret: 128 bits.
const claimBytes = 16

func newClaimToken() string {
	var b [claimBytes]byte
	rand.Read(b[:]) // never fails (crypto/rand crashes rather than return an error)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func claimMatches(got, want string) bool {
	return subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}
