package session

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"

	"safehouse/app/session/internal/sealed"
	"safehouse/wire"
)

// The table's messages while the host is away travel over the signaling
// server's peer-to-peer line (signaling/PROTOCOL.md) as {"take":{"kind":..,"body":..,"mac":..}}.
// The mac is HMAC-SHA256 under the deal's line key, which every holder got from the host and
// the server never saw, so the server can neither forge an ask (nor swap the asker's public
// key for its own) nor read a share: each share travels sealed to the asker's key.

// Kinds of the table's messages.
const (
	takeAsk      = "ask"      // a device asks to continue the game: every holder hears it
	takeGive     = "give"     // a holder's share, sealed to one ask
	takeCopy     = "copy"     // a part of a holder's newer sealed copy, for one ask
	takeWithdraw = "withdraw" // an ask is called off: its givers may give again
)

type takeData struct {
	Take *takeMsg `json:"take"`
}

type takeMsg struct {
	Kind string          `json:"kind"`
	Body json.RawMessage `json:"body"`
	MAC  []byte          `json:"mac"`
}

// askBody asks the table to continue the game on the device of Seat.
type askBody struct {
	ID    string `json:"id"`
	Seat  int    `json:"seat"`
	Game  string `json:"game"`
	Epoch uint64 `json:"epoch"`
	State uint64 `json:"state"` // the asker's newest copy
	Pub   []byte `json:"pub"`   // X25519: the givers seal their shares to it
}

// giveBody is one holder's share for one ask.
type giveBody struct {
	ID    string `json:"id"` // the ask
	Seat  int    `json:"seat"`
	Game  string `json:"game"`
	Epoch uint64 `json:"epoch"`
	State uint64 `json:"state"` // the giver's newest copy (sent along when newer than the ask's)
	Pub   []byte `json:"pub"`
	Nonce []byte `json:"nonce"`
	Box   []byte `json:"box"` // the sealed.Share, sealed to the ask's key
}

// copyBody is a part of a holder's newer copy, for one ask.
type copyBody struct {
	ID   string     `json:"id"`
	Part sealedPart `json:"part"`
}

// withdrawBody calls an ask off.
type withdrawBody struct {
	ID   string `json:"id"`
	Seat int    `json:"seat"`
}

// Why a give was refused, each with its own notice (Update.Code).
const (
	NoticeShareOtherGame = "share-other-game" // a share of another game
	NoticeShareStale     = "share-stale"      // a share of another deal of the key: the table changed since
	NoticeShareForged    = "share-forged"     // a share the host never dealt (or that does not decrypt)
	NoticeCopyDamaged    = "copy-damaged"     // no sealed copy opens with the shares gathered
	NoticeCopyRefused    = "copy-refused"     // a newer copy that does not open (changed, or not of the state it names) or never came whole was not used
)

// shareNotice is the notice code for a share the ring refused.
func shareNotice(err error) string {
	switch {
	case errors.Is(err, sealed.ErrOtherGame):
		return NoticeShareOtherGame
	case errors.Is(err, sealed.ErrOtherDeal):
		return NoticeShareStale
	}
	return NoticeShareForged
}

// lineMAC is the mac of one table message.
func lineMAC(key []byte, kind string, body []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("safehouse/take/v1\x00" + kind + "\x00"))
	m.Write(body)
	return m.Sum(nil)
}

// encodeTake makes one table message, signed with the line key.
func encodeTake(key []byte, kind string, body any) (json.RawMessage, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	return json.Marshal(takeData{Take: &takeMsg{Kind: kind, Body: b, MAC: lineMAC(key, kind, b)}})
}

// decodeTake reads one table message and checks its mac; anything else is not the table's.
func decodeTake(key, data []byte) (*takeMsg, error) {
	var d takeData
	if err := json.Unmarshal(data, &d); err != nil || d.Take == nil {
		return nil, errors.New("not a table message")
	}
	if !hmac.Equal(d.Take.MAC, lineMAC(key, d.Take.Kind, d.Take.Body)) {
		return nil, errors.New("a table message not signed with this deal's line key")
	}
	return d.Take, nil
}

// shareKey is the AEAD a giver seals its share with, for the ask whose public key is askPub.
func shareKey(line []byte, priv *ecdh.PrivateKey, peerPub []byte, askID string) (cipher.AEAD, error) {
	pub, err := ecdh.X25519().NewPublicKey(peerPub)
	if err != nil {
		return nil, err
	}
	shared, err := priv.ECDH(pub)
	if err != nil {
		return nil, err
	}
	key, err := hkdf.Key(sha256.New, shared, line, "safehouse/take/v1/share\x00"+askID, 32)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// sealShare seals this holder's share to an ask.
func sealShare(line []byte, ask askBody, share sealed.Share) (pub, nonce, box []byte, err error) {
	priv, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, nil, err
	}
	aead, err := shareKey(line, priv, ask.Pub, ask.ID)
	if err != nil {
		return nil, nil, nil, err
	}
	plain, err := json.Marshal(share)
	if err != nil {
		return nil, nil, nil, err
	}
	defer clear(plain)
	nonce = make([]byte, aead.NonceSize())
	_, _ = rand.Read(nonce)
	return priv.PublicKey().Bytes(), nonce, aead.Seal(nil, nonce, plain, []byte(ask.ID)), nil
}

// openShare opens a give with the ask's private key.
func openShare(line []byte, priv *ecdh.PrivateKey, g giveBody) (sealed.Share, error) {
	aead, err := shareKey(line, priv, g.Pub, g.ID)
	if err != nil || len(g.Nonce) != aead.NonceSize() {
		return sealed.Share{}, fmt.Errorf("%w: the give cannot be opened", sealed.ErrForged)
	}
	plain, err := aead.Open(nil, g.Nonce, g.Box, []byte(g.ID))
	if err != nil {
		return sealed.Share{}, fmt.Errorf("%w: the give does not decrypt", sealed.ErrForged)
	}
	defer clear(plain)
	var s sealed.Share
	if err := json.Unmarshal(plain, &s); err != nil {
		return sealed.Share{}, fmt.Errorf("%w: %v", sealed.ErrForged, err)
	}
	return s, nil
}

// lineSend sends a table message to one peer of the room, or to all (wire.AllPeers).
func lineSend(sig *signalClient, to string, data json.RawMessage) error {
	return sig.send(wire.Message{T: wire.TypeTo, ID: to, Data: data})
}
