package wire

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
)

// A room's invite secret travels only in the invite link's fragment, which no server sees;
// with it a player proves to the host that it was invited. The signaling server must tell
// invited players from guessers too (a guessed code may only knock, with a small quota of its
// own, so that strangers cannot fill a room), without ever learning the secret. So a player
// shows the server a pass, derived from the secret one way, and the host registers the
// pass's hash (the gate) when it opens or reclaims the room. The server, which sees passes,
// can let their bearers in but cannot work back to the secret, nor forge the proofs the host
// checks.

// passLabel keys what a pass is derived for.
const passLabel = "safehouse/signaling-pass/v1"

// InvitePass is the pass of the player holding secret ("" without a secret).
func InvitePass(secret string) string {
	if secret == "" {
		return ""
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(passLabel))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// InviteGate is what the host registers with the server for secret: the hash of its pass.
func InviteGate(secret string) string {
	if secret == "" {
		return ""
	}
	return gateOf(InvitePass(secret))
}

// PassOpens says whether pass is the one gate was made from.
func PassOpens(pass, gate string) bool {
	if pass == "" || gate == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(gateOf(pass)), []byte(gate)) == 1
}

func gateOf(pass string) string {
	sum := sha256.Sum256([]byte(pass))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// PassLen is the length of a pass and of a gate (32 bytes as unpadded base64url).
const PassLen = 43
