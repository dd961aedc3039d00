// Package relay is the encrypted relay's handshake and sealing: what lets the session carry
// its envelopes through the signaling server when no direct data channel can be made (UDP
// blocked, no TURN) while the server still sees no card. Peer and host agree on keys first
// (X25519) and seal every envelope (AES-256-GCM) before it leaves them.
//
// A player who came by link or QR holds the invite secret from the URL fragment, which the
// server never sees: both sides prove they know it with an HMAC over the handshake
// (internal/invite), so a server that swaps keys is caught. A player who typed the room code
// has no secret: the relay is encrypted but unauthenticated, as a direct connection set up
// through the same server is.
//
// Frames, inside signaling `to`/`from` data as {"relay":{...}}:
//
//	{"hello":{"pub":"<32 bytes, base64>","mac":"<HMAC-SHA256, base64>"}}  each side once, peer first
//	{"n":1,"box":"<sealed envelope, base64>"}                              then numbered frames
//
// n counts each direction's frames from 1; a frame out of turn (replayed, reordered or after
// a lost one) is refused, and the session then ends the relay (its client reconnects).
//
// The package knows nothing of connections: app/session moves the frames (relay.go there).
package relay

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"

	"safehouse/app/session/internal/invite"
)

// Frame is one relay frame: a hello, or a numbered sealed envelope.
type Frame struct {
	Hello *Hello `json:"hello,omitempty"`
	N     uint64 `json:"n,omitempty"`
	Box   []byte `json:"box,omitempty"`
}

// Hello is one side's half of the handshake: its X25519 public key, and with the invite
// secret its MAC.
type Hello struct {
	Pub []byte `json:"pub"`
	MAC []byte `json:"mac,omitempty"`
}

const (
	info      = "safehouse/relay/v1"
	peerLabel = "safehouse/relay/v1/peer"
	hostLabel = "safehouse/relay/v1/host"
	// tagBytes is what sealing adds to an envelope (the GCM tag).
	tagBytes = 16
)

// ErrAuth refuses a handshake not signed with this game's invite secret.
var ErrAuth = errors.New("session: the relay handshake was not signed with this game's invite secret")

var errOutOfTurn = errors.New("session: a relay frame out of turn")

// Check refuses frames that are neither one hello nor one numbered box of an envelope of at
// most maxMessage bytes.
func Check(f Frame, maxMessage int) error {
	switch {
	case f.Hello != nil && (f.N != 0 || f.Box != nil):
		return errors.New("a relay frame holds a hello or a box, not both")
	case f.Hello != nil && len(f.Hello.Pub) != 32:
		return fmt.Errorf("a relay hello needs a 32-byte X25519 key, not %d bytes", len(f.Hello.Pub))
	case f.Hello != nil && f.Hello.MAC != nil && len(f.Hello.MAC) != sha256.Size:
		return errors.New("a relay hello's mac must be 32 bytes")
	case f.Hello == nil && (f.N == 0 || len(f.Box) == 0):
		return errors.New("a relay frame needs a hello, or a number and a box")
	case len(f.Box) > maxMessage+tagBytes:
		return fmt.Errorf("a relay box of %d bytes is over the limit", len(f.Box))
	}
	return nil
}

// Link is one side's sealing of a relay: Seal numbers and seals what it sends, Open opens
// what it receives, in turn. A Link is not safe for concurrent use.
type Link struct {
	seal, open     cipher.AEAD
	sent, received uint64
}

// Seal seals msg as the next numbered frame.
func (l *Link) Seal(msg []byte) Frame {
	l.sent++
	return Frame{N: l.sent, Box: l.seal.Seal(nil, nonce(l.sent), msg, nil)}
}

// Open opens the next frame received. One out of turn or not sealed with the relay's key is
// refused and changes nothing (the session then ends the relay).
func (l *Link) Open(f Frame) ([]byte, error) {
	if f.N != l.received+1 {
		return nil, errOutOfTurn
	}
	msg, err := l.open.Open(nil, nonce(f.N), f.Box, nil)
	if err != nil {
		return nil, err
	}
	l.received = f.N
	return msg, nil
}

// nonce is the frame number, so a nonce is never used twice with one key.
func nonce(n uint64) []byte {
	var b [12]byte
	binary.BigEndian.PutUint64(b[4:], n)
	return b[:]
}

// PeerHandshake is the peer's side of a handshake under way.
type PeerHandshake struct {
	priv   *ecdh.PrivateKey
	secret string
}

// PeerStart is the peer's first step: its key pair and its hello (signed when the peer holds
// the invite secret; "" when it typed the code).
func PeerStart(secret string) (*PeerHandshake, Hello, error) {
	priv, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		return nil, Hello{}, err
	}
	h := Hello{Pub: priv.PublicKey().Bytes()}
	if secret != "" {
		h.MAC = invite.MAC(secret, peerLabel, h.Pub)
	}
	return &PeerHandshake{priv: priv, secret: secret}, h, nil
}

// Finish checks the host's hello and returns the peer's Link. A peer with the invite secret
// insists on the host's proof.
func (p *PeerHandshake) Finish(host Hello) (*Link, error) {
	hostPub, err := ecdh.X25519().NewPublicKey(host.Pub)
	if err != nil {
		return nil, fmt.Errorf("session: the host's relay key: %w", err)
	}
	peerPub := p.priv.PublicKey().Bytes()
	if p.secret != "" && !hmac.Equal(host.MAC, invite.MAC(p.secret, hostLabel, peerPub, host.Pub)) {
		return nil, ErrAuth
	}
	shared, err := p.priv.ECDH(hostPub)
	if err != nil {
		return nil, err
	}
	k, err := deriveKeys(shared, peerPub, host.Pub, p.secret)
	if err != nil {
		return nil, err
	}
	return &Link{seal: k.peerToHost, open: k.hostToPeer}, nil
}

// HostAnswer answers a peer's hello: the host's hello and its Link. A peer that signed its
// hello must have signed it with this game's secret; a peer that did not gets an
// unauthenticated relay (it typed the code), and an answer without a MAC.
func HostAnswer(peer Hello, secret string) (answer Hello, link *Link, err error) {
	peerPub, err := ecdh.X25519().NewPublicKey(peer.Pub)
	if err != nil {
		return Hello{}, nil, fmt.Errorf("session: the peer's relay key: %w", err)
	}
	authenticated := peer.MAC != nil
	if authenticated && !hmac.Equal(peer.MAC, invite.MAC(secret, peerLabel, peer.Pub)) {
		return Hello{}, nil, ErrAuth
	}
	priv, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		return Hello{}, nil, err
	}
	shared, err := priv.ECDH(peerPub)
	if err != nil {
		return Hello{}, nil, err
	}
	answer = Hello{Pub: priv.PublicKey().Bytes()}
	keySecret := ""
	if authenticated {
		answer.MAC = invite.MAC(secret, hostLabel, peer.Pub, answer.Pub)
		keySecret = secret
	}
	k, err := deriveKeys(shared, peer.Pub, answer.Pub, keySecret)
	if err != nil {
		return Hello{}, nil, err
	}
	return answer, &Link{seal: k.hostToPeer, open: k.peerToHost}, nil
}

// keys are the two directions' AEADs of one relay.
type keys struct {
	peerToHost, hostToPeer cipher.AEAD
}

func deriveKeys(shared, peerPub, hostPub []byte, secret string) (keys, error) {
	var salt []byte
	if secret != "" {
		salt = []byte(secret)
	}
	okm, err := hkdf.Key(sha256.New, shared, salt, info+string(peerPub)+string(hostPub), 64)
	if err != nil {
		return keys{}, err
	}
	p2h, err := newGCM(okm[:32])
	if err != nil {
		return keys{}, err
	}
	h2p, err := newGCM(okm[32:])
	if err != nil {
		return keys{}, err
	}
	return keys{peerToHost: p2h, hostToPeer: h2p}, nil
}

func newGCM(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}
