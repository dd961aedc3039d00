package session

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
)

// The relay carries envelopes through the signaling server when no direct data channel can
// be made (UDP blocked, no TURN). The server must still see no card, so peer and host agree
// on keys first (X25519) and seal every envelope (AES-256-GCM) before it leaves them.
//
// A player who came by link or QR holds the invite secret from the URL fragment, which the
// server never sees: both sides prove they know it with an HMAC over the handshake, so a
// server that swaps keys is caught. A player who typed the room code has no secret: the relay
// is encrypted but unauthenticated, as a direct connection set up through the same server is.
//
// Frames, inside signaling `to`/`from` data as {"relay":{...}}:
//
//	{"hello":{"pub":"<32 bytes, base64>","mac":"<HMAC-SHA256, base64>"}}  each side once, peer first
//	{"n":1,"box":"<sealed envelope, base64>"}                              then numbered frames
//
// n counts each direction's frames from 1; a frame out of turn (replayed, reordered or after
// a lost one) ends the relay, and the client's reconnect takes over.
type relayFrame struct {
	Hello *relayHello `json:"hello,omitempty"`
	N     uint64      `json:"n,omitempty"`
	Box   []byte      `json:"box,omitempty"`
}

type relayHello struct {
	Pub []byte `json:"pub"`
	MAC []byte `json:"mac,omitempty"`
}

const (
	relayInfo      = "safehouse/relay/v1"
	relayPeerLabel = "safehouse/relay/v1/peer"
	relayHostLabel = "safehouse/relay/v1/host"
)

// maxRelayBox is the largest sealed envelope: a whole message plus the GCM tag.
const maxRelayBox = MaxMessageBytes + 16

// checkRelayFrame refuses frames that are neither one hello nor one numbered box.
func checkRelayFrame(f relayFrame) error {
	switch {
	case f.Hello != nil && (f.N != 0 || f.Box != nil):
		return errors.New("a relay frame holds a hello or a box, not both")
	case f.Hello != nil && len(f.Hello.Pub) != 32:
		return fmt.Errorf("a relay hello needs a 32-byte X25519 key, not %d bytes", len(f.Hello.Pub))
	case f.Hello != nil && f.Hello.MAC != nil && len(f.Hello.MAC) != sha256.Size:
		return errors.New("a relay hello's mac must be 32 bytes")
	case f.Hello == nil && (f.N == 0 || len(f.Box) == 0):
		return errors.New("a relay frame needs a hello, or a number and a box")
	case len(f.Box) > maxRelayBox:
		return fmt.Errorf("a relay box of %d bytes is over the limit", len(f.Box))
	}
	return nil
}

// relayMAC is the HMAC, keyed by the invite secret, over a label and the public keys.
func relayMAC(secret, label string, keys ...[]byte) []byte {
	key, err := base64.RawURLEncoding.DecodeString(secret)
	if err != nil || len(key) == 0 {
		key = []byte(secret)
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(label))
	for _, k := range keys {
		m.Write(k)
	}
	return m.Sum(nil)
}

// relayKeys are the two directions' AEADs of one relay.
type relayKeys struct {
	peerToHost, hostToPeer cipher.AEAD
}

func deriveRelayKeys(shared, peerPub, hostPub []byte, secret string) (relayKeys, error) {
	var salt []byte
	if secret != "" {
		salt = []byte(secret)
	}
	okm, err := hkdf.Key(sha256.New, shared, salt, relayInfo+string(peerPub)+string(hostPub), 64)
	if err != nil {
		return relayKeys{}, err
	}
	p2h, err := newGCM(okm[:32])
	if err != nil {
		return relayKeys{}, err
	}
	h2p, err := newGCM(okm[32:])
	if err != nil {
		return relayKeys{}, err
	}
	return relayKeys{peerToHost: p2h, hostToPeer: h2p}, nil
}

func newGCM(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// relayNonce is the frame number, so a nonce is never used twice with one key.
func relayNonce(n uint64) []byte {
	var nonce [12]byte
	binary.BigEndian.PutUint64(nonce[4:], n)
	return nonce[:]
}

// peerRelayStart is the peer's first step: its key pair and hello.
func peerRelayStart(secret string) (*ecdh.PrivateKey, relayHello, error) {
	priv, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		return nil, relayHello{}, err
	}
	h := relayHello{Pub: priv.PublicKey().Bytes()}
	if secret != "" {
		h.MAC = relayMAC(secret, relayPeerLabel, h.Pub)
	}
	return priv, h, nil
}

// peerRelayFinish checks the host's hello and derives the keys. A player with the invite
// secret insists on the host's proof.
func peerRelayFinish(priv *ecdh.PrivateKey, host relayHello, secret string) (relayKeys, error) {
	hostPub, err := ecdh.X25519().NewPublicKey(host.Pub)
	if err != nil {
		return relayKeys{}, fmt.Errorf("session: the host's relay key: %w", err)
	}
	peerPub := priv.PublicKey().Bytes()
	if secret != "" && !hmac.Equal(host.MAC, relayMAC(secret, relayHostLabel, peerPub, host.Pub)) {
		return relayKeys{}, errRelayAuth
	}
	shared, err := priv.ECDH(hostPub)
	if err != nil {
		return relayKeys{}, err
	}
	return deriveRelayKeys(shared, peerPub, host.Pub, secret)
}

// hostRelayAnswer answers a peer's hello: the host's hello and the keys. A peer that signed
// its hello must have signed it with this game's secret; a peer that did not gets an
// unauthenticated relay (it typed the code).
func hostRelayAnswer(peer relayHello, secret string) (relayHello, relayKeys, error) {
	peerPub, err := ecdh.X25519().NewPublicKey(peer.Pub)
	if err != nil {
		return relayHello{}, relayKeys{}, fmt.Errorf("session: the peer's relay key: %w", err)
	}
	authenticated := peer.MAC != nil
	if authenticated && !hmac.Equal(peer.MAC, relayMAC(secret, relayPeerLabel, peer.Pub)) {
		return relayHello{}, relayKeys{}, errRelayAuth
	}
	priv, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		return relayHello{}, relayKeys{}, err
	}
	shared, err := priv.ECDH(peerPub)
	if err != nil {
		return relayHello{}, relayKeys{}, err
	}
	answer := relayHello{Pub: priv.PublicKey().Bytes()}
	keySecret := ""
	if authenticated {
		answer.MAC = relayMAC(secret, relayHostLabel, peer.Pub, answer.Pub)
		keySecret = secret
	}
	keys, err := deriveRelayKeys(shared, peer.Pub, answer.Pub, keySecret)
	return answer, keys, err
}

// relayConn is a Conn whose messages travel sealed through the signaling server.
type relayConn struct {
	seal, open cipher.AEAD
	transmit   func(relayFrame) error // hands a frame to the signaling socket
	in         *queue[[]byte]
	onClose    func()

	mu        sync.Mutex
	sent      uint64
	received  uint64
	closeOnce sync.Once
}

func newRelayConn(seal, open cipher.AEAD, transmit func(relayFrame) error, onClose func()) *relayConn {
	return &relayConn{seal: seal, open: open, transmit: transmit, in: newQueue[[]byte](maxQueued), onClose: onClose}
}

func (r *relayConn) Send(msg []byte) error {
	if r.in.closed() {
		return ErrClosed
	}
	r.mu.Lock()
	defer r.mu.Unlock() // numbers leave in order
	r.sent++
	box := r.seal.Seal(nil, relayNonce(r.sent), msg, nil)
	return r.transmit(relayFrame{N: r.sent, Box: box})
}

func (r *relayConn) Receive() ([]byte, error) { return r.in.next(nil) }

// deliver opens one numbered frame. Anything out of turn or not sealed with the right key
// ends the relay: the other side then reconnects and resumes its seat.
func (r *relayConn) deliver(f relayFrame) {
	r.mu.Lock()
	if f.N != r.received+1 {
		r.mu.Unlock()
		r.Close()
		return
	}
	msg, err := r.open.Open(nil, relayNonce(f.N), f.Box, nil)
	if err != nil {
		r.mu.Unlock()
		r.Close()
		return
	}
	r.received = f.N
	r.mu.Unlock()
	r.in.push(msg)
}

func (r *relayConn) Close() error {
	r.closeOnce.Do(func() {
		r.in.close(ErrClosed, false)
		if r.onClose != nil {
			r.onClose()
		}
	})
	return nil
}
