package session

import (
	"bytes"
	"errors"
	"testing"
)

// relayPair runs the handshake between a peer holding peerSecret and a host whose invite
// secret is hostSecret, and returns both ends wired to each other in memory (the frames
// each side sent are kept in order, as a signaling server would forward them).
func relayPair(t *testing.T, peerSecret, hostSecret string) (peer, host *relayConn, err error) {
	t.Helper()
	priv, hello, err := peerRelayStart(peerSecret)
	if err != nil {
		t.Fatal(err)
	}
	answer, hostKeys, err := hostRelayAnswer(hello, hostSecret)
	if err != nil {
		return nil, nil, err
	}
	peerKeys, err := peerRelayFinish(priv, answer, peerSecret)
	if err != nil {
		return nil, nil, err
	}
	peer = newRelayConn(peerKeys.peerToHost, peerKeys.hostToPeer, func(f relayFrame) error { host.deliver(f); return nil }, nil)
	host = newRelayConn(hostKeys.hostToPeer, hostKeys.peerToHost, func(f relayFrame) error { peer.deliver(f); return nil }, nil)
	return peer, host, nil
}

func TestRelayHandshake(t *testing.T) {
	const secret, other = "c2VjcmV0LXNlY3JldC0xMjM0", "b3RoZXItc2VjcmV0LTU2Nzg5"
	for _, tc := range []struct {
		name                   string
		peerSecret, hostSecret string
		wantErr                error
	}{
		{"invited by link: authenticated", secret, secret, nil},
		{"typed code: encrypted, unauthenticated", "", secret, nil},
		{"a peer signing with another game's secret is refused", other, secret, errRelayAuth},
	} {
		t.Run(tc.name, func(t *testing.T) {
			peer, host, err := relayPair(t, tc.peerSecret, tc.hostSecret)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("handshake: %v, want %v", err, tc.wantErr)
			}
			if err != nil {
				return
			}
			for _, msg := range []string{`{"v":1,"t":"hello","body":{"name":"Ann"}}`, `{"v":1,"t":"intent","seq":1}`} {
				if err := peer.Send([]byte(msg)); err != nil {
					t.Fatal(err)
				}
				got, err := host.Receive()
				if err != nil || string(got) != msg {
					t.Fatalf("host received %q, %v; want %q", got, err, msg)
				}
			}
			if err := host.Send([]byte("to the peer")); err != nil {
				t.Fatal(err)
			}
			if got, err := peer.Receive(); err != nil || string(got) != "to the peer" {
				t.Fatalf("peer received %q, %v", got, err)
			}
		})
	}
}

// A server that swaps the host's key for its own cannot sign the answer with the invite
// secret, so the invited peer refuses it.
func TestRelayRefusesASwappedHostKey(t *testing.T) {
	const secret = "c2VjcmV0LXNlY3JldC0xMjM0"
	priv, hello, err := peerRelayStart(secret)
	if err != nil {
		t.Fatal(err)
	}
	// The server answers itself, without the secret (an unauthenticated answer) ...
	forged, _, err := hostRelayAnswer(relayHello{Pub: hello.Pub}, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := peerRelayFinish(priv, forged, secret); !errors.Is(err, errRelayAuth) {
		t.Errorf("an unsigned answer to an invited peer: %v, want %v", err, errRelayAuth)
	}
	// ... or signs with a secret it guessed.
	forged.MAC = relayMAC("Z3Vlc3NlZC1zZWNyZXQtMDAw", relayHostLabel, hello.Pub, forged.Pub)
	if _, err := peerRelayFinish(priv, forged, secret); !errors.Is(err, errRelayAuth) {
		t.Errorf("an answer signed with a guessed secret: %v, want %v", err, errRelayAuth)
	}
}

// A frame out of turn or not sealed with the relay's key ends the relay and delivers nothing.
func TestRelayRefusesTamperedAndReplayedFrames(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(f relayFrame) relayFrame
	}{
		{"flipped bit", func(f relayFrame) relayFrame { f.Box = bytes.Clone(f.Box); f.Box[0] ^= 1; return f }},
		{"replayed number", func(f relayFrame) relayFrame { f.N = 1; return f }},
		{"skipped number", func(f relayFrame) relayFrame { f.N += 1; return f }},
		{"truncated box", func(f relayFrame) relayFrame { f.Box = f.Box[:len(f.Box)-1]; return f }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			peer, host, err := relayPair(t, "", "c2VjcmV0LXNlY3JldC0xMjM0")
			if err != nil {
				t.Fatal(err)
			}
			// Keep the peer's frames instead of delivering them, then deliver them by hand.
			var frames []relayFrame
			peer.transmit = func(f relayFrame) error { frames = append(frames, f); return nil }
			_ = peer.Send([]byte("first"))
			_ = peer.Send([]byte("second"))
			host.deliver(frames[0])
			host.deliver(tc.damage(frames[1]))
			if got, err := host.Receive(); err != nil || string(got) != "first" {
				t.Fatalf("first frame: %q, %v", got, err)
			}
			if got, err := host.Receive(); err == nil {
				t.Errorf("a damaged frame was delivered: %q", got)
			}
		})
	}
}
