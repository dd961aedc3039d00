package invite

import (
	"bytes"
	"testing"
)

// The MAC depends on the secret, the label and every part: a change in any of them changes it.
func TestMACBindsSecretLabelAndParts(t *testing.T) {
	const secret = "c2VjcmV0LXNlY3JldC0xMjM0"
	base := MAC(secret, "label", []byte("a"), []byte("b"))
	if len(base) != 32 {
		t.Fatalf("a MAC of %d bytes, want 32 (SHA-256)", len(base))
	}
	if !bytes.Equal(base, MAC(secret, "label", []byte("a"), []byte("b"))) {
		t.Fatal("the same inputs gave two MACs")
	}
	for name, other := range map[string][]byte{
		"another secret": MAC("b3RoZXItc2VjcmV0LTU2Nzg5", "label", []byte("a"), []byte("b")),
		"another label":  MAC(secret, "other", []byte("a"), []byte("b")),
		"another part":   MAC(secret, "label", []byte("a"), []byte("c")),
		"a part missing": MAC(secret, "label", []byte("a")),
	} {
		if bytes.Equal(base, other) {
			t.Errorf("%s gave the same MAC", name)
		}
	}
	// A secret that is not base64url still keys the MAC (by its text).
	if bytes.Equal(MAC("not base64!", "label"), MAC("other text!", "label")) {
		t.Error("two non-base64 secrets gave the same MAC")
	}
}
