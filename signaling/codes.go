package signaling

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"

	"safehouse/wire"
)

// claimBytes is the size of a claim token's secret: 128 bits.
const claimBytes = 16

func newRoomCode() string {
	var b [wire.RoomCodeLen]byte
	rand.Read(b[:]) // never fails (crypto/rand panics rather than returning an error)
	for i := range b {
		// 256 is a multiple of 32, so masking keeps every symbol equally likely.
		b[i] = wire.RoomAlphabet[b[i]&31]
	}
	return string(b[:])
}

func newClaimToken() string {
	var b [claimBytes]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func claimMatches(got, want string) bool {
	return subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}
