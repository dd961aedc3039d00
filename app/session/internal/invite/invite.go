// Package invite is the one way a game's invite secret vouches for something: an HMAC keyed
// by the secret. A player who came by link or QR code holds the secret (from the URL fragment
// or the offer code), which the signaling server never sees, so a MAC made with it proves
// that knowledge to the host and back: the relay's handshake (internal/relay), each QR code
// (internal/qrcodec) and the proof in a direct channel's hello (app/session, admission.go).
package invite

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
)

// MAC is the HMAC-SHA256, keyed by the invite secret, over a label (what is vouched for, so a
// MAC of one kind never passes for another) and then each of parts. The secret is the
// base64url text of its bytes; text that is not base64 keys the MAC as it is.
func MAC(secret, label string, parts ...[]byte) []byte {
	key, err := base64.RawURLEncoding.DecodeString(secret)
	if err != nil || len(key) == 0 {
		key = []byte(secret)
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(label))
	for _, p := range parts {
		m.Write(p)
	}
	return m.Sum(nil)
}
