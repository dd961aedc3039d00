package relay

import (
	"bytes"
	"errors"
	"testing"

	"safehouse/app/session/internal/invite"
)

const secret = "c2VjcmV0LXNlY3JldC0xMjM0"

// A server that swaps the host's key for its own cannot sign the answer with the invite
// secret, so the invited peer refuses it.
func TestRelayRefusesASwappedHostKey(t *testing.T) {
	handshake, hello, err := PeerStart(secret)
	if err != nil {
		t.Fatal(err)
	}
	// The server answers itself, without the secret (an unauthenticated answer) ...
	forged, _, err := HostAnswer(Hello{Pub: hello.Pub}, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := handshake.Finish(forged); !errors.Is(err, ErrAuth) {
		t.Errorf("an unsigned answer to an invited peer: %v, want %v", err, ErrAuth)
	}
	// ... or signs with a secret it guessed.
	forged.MAC = invite.MAC("Z3Vlc3NlZC1zZWNyZXQtMDAw", hostLabel, hello.Pub, forged.Pub)
	if _, err := handshake.Finish(forged); !errors.Is(err, ErrAuth) {
		t.Errorf("an answer signed with a guessed secret: %v, want %v", err, ErrAuth)
	}
}

// Each side's Link opens what the other sealed, in turn, and nothing else: a frame replayed,
// skipped, damaged or sealed by the wrong side is refused.
func TestLinksOpenEachOthersFramesInTurn(t *testing.T) {
	handshake, hello, err := PeerStart(secret)
	if err != nil {
		t.Fatal(err)
	}
	answer, host, err := HostAnswer(hello, secret)
	if err != nil {
		t.Fatal(err)
	}
	peer, err := handshake.Finish(answer)
	if err != nil {
		t.Fatal(err)
	}
	first, second := peer.Seal([]byte("first")), peer.Seal([]byte("second"))
	if first.N != 1 || second.N != 2 {
		t.Fatalf("frames numbered %d and %d, want 1 and 2", first.N, second.N)
	}
	if got, err := host.Open(first); err != nil || string(got) != "first" {
		t.Fatalf("the first frame opened as %q, %v", got, err)
	}
	flipped := second
	flipped.Box = bytes.Clone(second.Box)
	flipped.Box[0] ^= 1
	for name, f := range map[string]Frame{
		"replayed": first,
		"skipped":  {N: 3, Box: second.Box},
		"damaged":  flipped,
		"own side": host.Seal([]byte("to the peer")),
	} {
		if got, err := host.Open(f); err == nil {
			t.Errorf("a %s frame opened as %q", name, got)
		}
	}
	if got, err := host.Open(second); err != nil || string(got) != "second" {
		t.Fatalf("the second frame opened as %q, %v", got, err)
	}
}

func TestCheckTakesOneHelloOrOneNumberedBox(t *testing.T) {
	const limit = 100
	pub := make([]byte, 32)
	for _, tc := range []struct {
		name string
		f    Frame
		ok   bool
	}{
		{"a hello", Frame{Hello: &Hello{Pub: pub}}, true},
		{"a signed hello", Frame{Hello: &Hello{Pub: pub, MAC: make([]byte, 32)}}, true},
		{"a box", Frame{N: 1, Box: make([]byte, limit+tagBytes)}, true},
		{"a hello and a box", Frame{Hello: &Hello{Pub: pub}, N: 1, Box: []byte{1}}, false},
		{"a short key", Frame{Hello: &Hello{Pub: pub[:31]}}, false},
		{"a short mac", Frame{Hello: &Hello{Pub: pub, MAC: make([]byte, 8)}}, false},
		{"a box without a number", Frame{Box: []byte{1}}, false},
		{"a number without a box", Frame{N: 1}, false},
		{"a box over the limit", Frame{N: 1, Box: make([]byte, limit+tagBytes+1)}, false},
	} {
		if err := Check(tc.f, limit); (err == nil) != tc.ok {
			t.Errorf("%s: %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}
