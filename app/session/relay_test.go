package session

import (
	"bytes"
	"errors"
	"testing"

	"safehouse/app/session/internal/relay"
)

// relayPair runs the handshake between a peer holding peerSecret and a host whose invite
// secret is hostSecret, and returns both ends wired to each other in memory (the frames
// each side sent are kept in order, as a signaling server would forward them).
func relayPair(t *testing.T, peerSecret, hostSecret string) (peer, host *relayConn, err error) {
	t.Helper()
	handshake, hello, err := relay.PeerStart(peerSecret)
	if err != nil {
		t.Fatal(err)
	}
	answer, hostLink, err := relay.HostAnswer(hello, hostSecret)
	if err != nil {
		return nil, nil, err
	}
	peerLink, err := handshake.Finish(answer)
	if err != nil {
		return nil, nil, err
	}
	peer = newRelayConn(peerLink, func(f relay.Frame) error { host.deliver(f); return nil }, nil)
	host = newRelayConn(hostLink, func(f relay.Frame) error { peer.deliver(f); return nil }, nil)
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
		{"a peer signing with another game's secret is refused", other, secret, relay.ErrAuth},
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

// A frame out of turn or not sealed with the relay's key ends the relay and delivers nothing.
func TestRelayRefusesTamperedAndReplayedFrames(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(f relay.Frame) relay.Frame
	}{
		{"flipped bit", func(f relay.Frame) relay.Frame { f.Box = bytes.Clone(f.Box); f.Box[0] ^= 1; return f }},
		{"replayed number", func(f relay.Frame) relay.Frame { f.N = 1; return f }},
		{"skipped number", func(f relay.Frame) relay.Frame { f.N += 1; return f }},
		{"truncated box", func(f relay.Frame) relay.Frame { f.Box = f.Box[:len(f.Box)-1]; return f }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			peer, host, err := relayPair(t, "", "c2VjcmV0LXNlY3JldC0xMjM0")
			if err != nil {
				t.Fatal(err)
			}
			// Keep the peer's frames instead of delivering them, then deliver them by hand.
			var frames []relay.Frame
			peer.transmit = func(f relay.Frame) error { frames = append(frames, f); return nil }
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
