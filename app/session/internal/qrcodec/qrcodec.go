// Package qrcodec writes and reads the QR codes of a game with no server (app/session's
// QRHost and JoinQR): the host's offer for the next seat and the player's answer, each a few
// hundred bytes that a phone camera reads at arm's length, written as base32 text (QR
// alphanumeric mode; the same text is the manual fallback, pasted either way).
//
// A code keeps only what a data channel needs from an SDP: the m-line's mid, the ICE
// ufrag and password, the DTLS fingerprint, the setup role and the UDP candidates (IPv4,
// IPv6, or a browser's mDNS name, which is a UUID). Everything else (the SCTP port 5000, the
// session lines) is the same in every description and is written back when a code becomes an
// SDP again. Layout, after base32 decoding:
//
//	version (1) kind (1: 'O' offer, 'A' answer) room (6, ASCII) offer id (4)
//	offer only: invite secret (16)
//	mid, ufrag, pwd (each a length byte and bytes)
//	fingerprint (a hash byte: 1 sha-256, 2 sha-384, 3 sha-512, 4 sha-1; the digest)
//	setup (0 actpass, 1 active, 2 passive)
//	candidates (a count byte; each: kind byte (type<<4 | address kind), address, port (2))
//	mac (8): HMAC-SHA256 keyed by the invite secret over a label and every byte before it;
//	  an answer's also covers its offer's fingerprint
//
// The mac catches a code cut short or damaged (a pasted text missing its end); on an answer it
// also proves that its maker scanned this room's offer, since only the offer carries the
// secret. The offer id binds an answer to the one offer it answers, which the host spends
// when it takes the answer: a code scanned twice is refused as used.
//
// The package knows nothing of connections: app/session makes the descriptions and moves the
// codes (qrhost.go, qrjoin.go there).
package qrcodec

import (
	"crypto/hmac"
	"crypto/rand"
	"encoding/base64"

	"safehouse/app/session/internal/invite"
	"safehouse/wire"
)

// Version is the first byte of every QR code of a game with no server.
const Version = 1

const (
	kindOffer   = 'O'
	kindAnswer  = 'A'
	macBytes    = 8
	idBytes     = 4
	secretBytes = 16
	headerBytes = 2 + wire.RoomCodeLen + idBytes
	// maxCandidates bounds the candidates a code carries; a phone has a few addresses.
	maxCandidates = 8
	// maxText bounds the text read (a code is a few hundred characters).
	maxText = 2048

	offerLabel  = "safehouse/qr/v1/offer"
	answerLabel = "safehouse/qr/v1/answer"
)

// Error is what a QR code's reader says of a code it will not use: Code is stable (the app
// shows a sentence of the player's language for it), Msg is English for logs and tests. A
// refused code changes nothing.
type Error struct {
	Code string
	Msg  string
}

func (e *Error) Error() string { return "session: " + e.Msg }

// Codes of Error.
const (
	NotACode     = "qr-not-a-code"  // not a Safehouse code at all
	OtherVersion = "qr-version"     // made by another version of the app
	WrongKind    = "qr-wrong-kind"  // an offer where an answer belongs, or the other way
	Truncated    = "qr-truncated"   // cut short
	Damaged      = "qr-damaged"     // its mac does not match: damaged, or not from this game
	OtherGame    = "qr-other-game"  // an answer to another game's offer
	Used         = "qr-used"        // an answer to an offer already taken (the host says so)
	NotOffered   = "qr-not-offered" // an answer to an offer this host does not have
	Unusable     = "qr-unusable"    // a description with nothing a data channel can use
)

func newError(code, msg string) error { return &Error{Code: code, Msg: msg} }

// The refusals said at several places.
var (
	errCutShort error = &Error{Code: Truncated, Msg: "the code is cut short"}
	errNotACode error = &Error{Code: NotACode, Msg: "this is not a Safehouse code"}
	errPastEnd  error = &Error{Code: Damaged, Msg: "the code has bytes past its end"}
)

// Offer is the host's code for one seat: the room, the invite secret, the offer's id and
// the host's description (its DTLS role actpass: the player's answer picks one).
type Offer struct {
	Room   string
	ID     OfferID
	Secret string // base64url of 16 bytes, as a host's invite secret
	Desc   Desc
}

// Answer is a player's code: the offer it answers and the player's description.
type Answer struct {
	Room string
	ID   OfferID
	Desc Desc
}

// OfferID names one offer of a host, so an answer is taken for the offer it answers only.
type OfferID [idBytes]byte

// No is the id as a number: the o= line's session id of a description made from a code, and
// how a host keeps (and saves) the offers it spent.
func (id OfferID) No() uint32 {
	return uint32(id[0])<<24 | uint32(id[1])<<16 | uint32(id[2])<<8 | uint32(id[3])
}

func head(kind byte, room string, id OfferID) []byte {
	b := make([]byte, 0, 256)
	b = append(b, Version, kind)
	b = append(b, room...)
	return append(b, id[:]...)
}

// EncodeOffer writes the host's offer code.
func EncodeOffer(o Offer) (string, error) {
	key, err := base64.RawURLEncoding.DecodeString(o.Secret)
	if err != nil || len(key) != secretBytes {
		return "", newError(Unusable, "the invite secret is not 16 bytes of base64url")
	}
	if _, ok := wire.CanonicalRoomCode(o.Room); !ok {
		return "", newError(Unusable, "the room code is not canonical")
	}
	if err := o.Desc.check(); err != nil {
		return "", err
	}
	b := head(kindOffer, o.Room, o.ID)
	b = append(b, key...)
	b = o.Desc.append(b)
	b = append(b, invite.MAC(o.Secret, offerLabel, b)[:macBytes]...)
	return base32Encode(b), nil
}

// EncodeAnswer writes a player's answer to offer.
func EncodeAnswer(a Answer, offer Offer) (string, error) {
	if err := a.Desc.check(); err != nil {
		return "", err
	}
	b := head(kindAnswer, a.Room, a.ID)
	b = a.Desc.append(b)
	b = append(b, invite.MAC(offer.Secret, answerLabel, offer.Desc.fp, b)[:macBytes]...)
	return base32Encode(b), nil
}

// readHead decodes a code's text and checks its version and kind; it returns the bytes, and
// a reader past the header.
func readHead(text string, kind byte) ([]byte, *reader, string, OfferID, error) {
	var id OfferID
	b, ok := base32Decode(text)
	if !ok || len(b) == 0 {
		return nil, nil, "", id, errNotACode
	}
	if b[0] != Version {
		if len(b) < headerBytes || (b[1] != kindOffer && b[1] != kindAnswer) {
			return nil, nil, "", id, errNotACode
		}
		return nil, nil, "", id, newError(OtherVersion, "this code was made by another version of Safehouse: update both devices")
	}
	if len(b) < 2 {
		return nil, nil, "", id, errCutShort
	}
	if b[1] != kind {
		switch {
		case b[1] == kindOffer:
			return nil, nil, "", id, newError(WrongKind, "this is a host's code: scan it on the joining phone")
		case b[1] == kindAnswer:
			return nil, nil, "", id, newError(WrongKind, "this is a player's answer: scan it on the host's phone")
		}
		return nil, nil, "", id, errNotACode
	}
	if len(b) < headerBytes+macBytes {
		return nil, nil, "", id, errCutShort
	}
	room := string(b[2 : 2+wire.RoomCodeLen])
	if _, ok := wire.CanonicalRoomCode(room); !ok {
		return nil, nil, "", id, newError(Damaged, "the code is damaged (its room code cannot be one)")
	}
	copy(id[:], b[2+wire.RoomCodeLen:headerBytes])
	return b, &reader{b: b[headerBytes : len(b)-macBytes]}, room, id, nil
}

// DecodeOffer reads a host's offer code, checking its mac.
func DecodeOffer(text string) (Offer, error) {
	b, r, room, id, err := readHead(text, kindOffer)
	if err != nil {
		return Offer{}, err
	}
	o := Offer{Room: room, ID: id, Secret: base64.RawURLEncoding.EncodeToString(r.take(secretBytes))}
	desc, derr := r.readDesc()
	body, mac := b[:len(b)-macBytes], b[len(b)-macBytes:]
	if !hmac.Equal(mac, invite.MAC(o.Secret, offerLabel, body)[:macBytes]) {
		if qe, ok := derr.(*Error); ok && qe.Code == Truncated {
			return Offer{}, derr
		}
		return Offer{}, newError(Damaged, "the code does not check out: it is damaged or incomplete")
	}
	if derr != nil {
		return Offer{}, derr
	}
	if len(r.b) != 0 {
		return Offer{}, errPastEnd
	}
	if desc.setup != 0 {
		return Offer{}, newError(Damaged, "the offer's DTLS role is not one an offer can take")
	}
	o.Desc = desc
	return o, nil
}

// PeekAnswer reads which offer an answer code answers, without checking it (the host needs
// the offer to check it: CheckAnswer).
func PeekAnswer(text string) (room string, id OfferID, err error) {
	_, _, room, id, err = readHead(text, kindAnswer)
	return room, id, err
}

// CheckAnswer reads a player's answer code to offer, checking its mac and that it answers
// offer.
func CheckAnswer(text string, offer Offer) (Answer, error) {
	b, r, room, id, err := readHead(text, kindAnswer)
	if err != nil {
		return Answer{}, err
	}
	if room != offer.Room {
		return Answer{}, newError(OtherGame, "this answer belongs to another game (room "+room+")")
	}
	if id != offer.ID {
		return Answer{}, newError(NotOffered, "this answer is for another code of this host")
	}
	desc, derr := r.readDesc()
	body, mac := b[:len(b)-macBytes], b[len(b)-macBytes:]
	if !hmac.Equal(mac, invite.MAC(offer.Secret, answerLabel, offer.Desc.fp, body)[:macBytes]) {
		if qe, ok := derr.(*Error); ok && qe.Code == Truncated {
			return Answer{}, derr
		}
		return Answer{}, newError(Damaged, "the answer does not check out: it is damaged, incomplete, or was not made from this host's code")
	}
	if derr != nil {
		return Answer{}, derr
	}
	if len(r.b) != 0 {
		return Answer{}, errPastEnd
	}
	if desc.setup == 0 {
		return Answer{}, newError(Damaged, "the answer's DTLS role is not one an answer can take")
	}
	return Answer{Room: room, ID: id, Desc: desc}, nil
}

// NewOfferID is a fresh random offer id.
func NewOfferID() OfferID {
	var id OfferID
	rand.Read(id[:]) // never fails: crypto/rand crashes the program rather than return an error
	return id
}
