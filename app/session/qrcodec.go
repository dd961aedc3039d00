package session

import (
	"crypto/hmac"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"net/netip"
	"strconv"
	"strings"

	"safehouse/wire"
)

// The QR codes of a game with no server (qrhost.go, qrjoin.go): the host's offer for the next
// seat and the player's answer, each a few hundred bytes that a phone camera reads at arm's
// length, written as base32 text (QR alphanumeric mode; the same text is the manual
// fallback, pasted either way).
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

// QRCodecVersion is the first byte of every QR code of a game with no server.
const QRCodecVersion = 1

const (
	qrKindOffer  = 'O'
	qrKindAnswer = 'A'
	qrMACBytes   = 8
	qrOfferID    = 4
	qrSecret     = 16
	qrHeader     = 2 + wire.RoomCodeLen + qrOfferID
	// qrMaxCandidates bounds the candidates a code carries; a phone has a few addresses.
	qrMaxCandidates = 8
	// qrMaxText bounds the text read (a code is a few hundred characters).
	qrMaxText = 2048

	qrOfferLabel  = "safehouse/qr/v1/offer"
	qrAnswerLabel = "safehouse/qr/v1/answer"
)

// QRError is what a QR code's reader says of a code it will not use: Code is stable (the app
// shows a sentence of the player's language for it), Msg is English for logs and tests. A
// refused code changes nothing.
type QRError struct {
	Code string
	Msg  string
}

func (e *QRError) Error() string { return "session: " + e.Msg }

// Codes of QRError.
const (
	QRNotACode   = "qr-not-a-code"  // not a Safehouse code at all
	QRVersion    = "qr-version"     // made by another version of the app
	QRWrongKind  = "qr-wrong-kind"  // an offer where an answer belongs, or the other way
	QRTruncated  = "qr-truncated"   // cut short
	QRDamaged    = "qr-damaged"     // its mac does not match: damaged, or not from this game
	QROtherGame  = "qr-other-game"  // an answer to another game's offer
	QRUsed       = "qr-used"        // an answer to an offer already taken
	QRNotOffered = "qr-not-offered" // an answer to an offer this host does not have
	QRUnusable   = "qr-unusable"    // a description with nothing a data channel can use
)

func qrErr(code, msg string) error { return &QRError{Code: code, Msg: msg} }

// The refusals said at several places.
var (
	errQRCutShort error = &QRError{Code: QRTruncated, Msg: "the code is cut short"}
	errQRNotACode error = &QRError{Code: QRNotACode, Msg: "this is not a Safehouse code"}
	errQRUsed     error = &QRError{Code: QRUsed, Msg: "this answer was used already: the player scans the host's new code"}
	errQRPastEnd  error = &QRError{Code: QRDamaged, Msg: "the code has bytes past its end"}
)

// qrDesc is what a data channel needs of one SDP.
type qrDesc struct {
	mid, ufrag, pwd string
	hash            byte // fingerprint hash, qrHashes index + 1
	fp              []byte
	setup           byte // 0 actpass, 1 active, 2 passive
	cands           []qrCand
}

// qrCand is one UDP ICE candidate.
type qrCand struct {
	typ  byte // 0 host, 1 srflx, 2 prflx, 3 relay
	addr netip.Addr
	mdns string // a browser's hidden address: "<uuid>.local" (addr is unset)
	port uint16
}

var (
	qrHashes    = [...]string{"sha-256", "sha-384", "sha-512", "sha-1"}
	qrHashSizes = [...]int{32, 48, 64, 20}
	qrSetups    = [...]string{"actpass", "active", "passive"}
	qrCandTypes = [...]string{"host", "srflx", "prflx", "relay"}
	// ICE type preferences (RFC 8445 5.1.2.2), to give decoded candidates sane priorities.
	qrTypePrefs = [...]uint32{126, 100, 110, 0}
)

// descFromSDP reads what a data channel needs from an SDP offer or answer.
func descFromSDP(sdp string) (qrDesc, error) {
	var d qrDesc
	for _, line := range strings.Split(sdp, "\n") {
		line = strings.TrimSpace(line)
		key, value, _ := strings.Cut(line, ":")
		switch key {
		case "a=mid":
			if d.mid == "" {
				d.mid = value
			}
		case "a=ice-ufrag":
			d.ufrag = value
		case "a=ice-pwd":
			d.pwd = value
		case "a=fingerprint":
			if d.fp != nil {
				continue
			}
			alg, digest, _ := strings.Cut(value, " ")
			for i, h := range qrHashes {
				if strings.EqualFold(alg, h) {
					b, ok := unhex(strings.ReplaceAll(strings.TrimSpace(digest), ":", ""))
					if ok && len(b) == qrHashSizes[i] {
						d.hash, d.fp = byte(i+1), b
					}
				}
			}
		case "a=setup":
			for i, s := range qrSetups {
				if value == s {
					d.setup = byte(i)
				}
			}
		case "a=candidate":
			if c, ok := parseQRCandidate(value); ok && len(d.cands) < qrMaxCandidates {
				d.cands = append(d.cands, c)
			}
		}
	}
	if err := d.check(); err != nil {
		return qrDesc{}, err
	}
	return d, nil
}

// parseQRCandidate reads the value of an a=candidate line; only UDP candidates of component 1
// (the data channel's, bundled) are kept.
func parseQRCandidate(value string) (qrCand, bool) {
	f := strings.Fields(value)
	if len(f) < 8 || f[1] != "1" || !strings.EqualFold(f[2], "udp") || f[6] != "typ" {
		return qrCand{}, false
	}
	port, err := strconv.ParseUint(f[5], 10, 16)
	if err != nil || port == 0 {
		return qrCand{}, false
	}
	c := qrCand{port: uint16(port), typ: 255}
	for i, t := range qrCandTypes {
		if f[7] == t {
			c.typ = byte(i)
		}
	}
	if c.typ == 255 {
		return qrCand{}, false
	}
	if a, err := netip.ParseAddr(f[4]); err == nil && a.Zone() == "" {
		c.addr = a.Unmap()
		return c, true
	}
	if _, ok := mdnsUUID(f[4]); ok {
		c.mdns = strings.ToLower(f[4])
		return c, true
	}
	return qrCand{}, false
}

// mdnsUUID reads the UUID of a browser's mDNS candidate name ("<uuid>.local").
func mdnsUUID(name string) ([]byte, bool) {
	u, ok := strings.CutSuffix(strings.ToLower(name), ".local")
	if !ok || len(u) != 36 || u[8] != '-' || u[13] != '-' || u[18] != '-' || u[23] != '-' {
		return nil, false
	}
	return unhex(u[:8] + u[9:13] + u[14:18] + u[19:23] + u[24:])
}

// unhex decodes hex digits of either case, two a byte (encoding/hex's DecodeString, in less
// code: nothing else in app.wasm uses encoding/hex).
func unhex(s string) ([]byte, bool) {
	if len(s)%2 != 0 {
		return nil, false
	}
	b := make([]byte, len(s)/2)
	for i := range b {
		hi, lo := unhexDigit(s[2*i]), unhexDigit(s[2*i+1])
		if hi > 15 || lo > 15 {
			return nil, false
		}
		b[i] = hi<<4 | lo
	}
	return b, true
}

func unhexDigit(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return 255
}

// appendHex writes b as two digits a byte, taken from digits (upper or lower case), with sep
// between bytes unless it is 0.
func appendHex(dst, b []byte, digits string, sep byte) []byte {
	for i, x := range b {
		if i > 0 && sep != 0 {
			dst = append(dst, sep)
		}
		dst = append(dst, digits[x>>4], digits[x&15])
	}
	return dst
}

func (d qrDesc) check() error {
	switch {
	case d.fp == nil:
		return qrErr(QRUnusable, "the description has no DTLS fingerprint this app can carry")
	case d.ufrag == "" || d.pwd == "" || len(d.ufrag) > 255 || len(d.pwd) > 255 || len(d.mid) > 255:
		return qrErr(QRUnusable, "the description has no usable ICE credentials")
	case !sdpToken(d.ufrag) || !sdpToken(d.pwd) || !sdpToken(d.mid):
		return qrErr(QRUnusable, "the description's ICE credentials or mid have characters an SDP cannot carry")
	case len(d.cands) == 0:
		return qrErr(QRUnusable, "the description has no UDP candidate: no network to connect on")
	}
	return nil
}

// sdpToken tells whether s can stand in an SDP line as it is (printable, no spaces).
func sdpToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// sdp writes d back as an SDP of the given type ("offer" or "answer") that browsers and pion
// accept; sess is the o= line's session id.
func (d qrDesc) sdp(sess uint32) string {
	var cands strings.Builder
	for i, c := range d.cands {
		addr := c.mdns
		if addr == "" {
			addr = c.addr.String()
		}
		prio := qrTypePrefs[c.typ]<<24 | uint32(65535-i)<<8 | 255
		cands.WriteString("a=candidate:" + strconv.Itoa(i+1) + " 1 udp " + strconv.FormatUint(uint64(prio), 10) + " " + addr + " " +
			strconv.Itoa(int(c.port)) + " typ " + qrCandTypes[c.typ])
		if c.typ != 0 {
			cands.WriteString(" raddr 0.0.0.0 rport 0")
		}
		cands.WriteString("\r\n")
	}
	return "v=0\r\n" +
		"o=- " + strconv.FormatUint(uint64(sess), 10) + " 2 IN IP4 127.0.0.1\r\n" +
		"s=-\r\n" +
		"t=0 0\r\n" +
		"a=group:BUNDLE " + d.mid + "\r\n" +
		"m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n" +
		"c=IN IP4 0.0.0.0\r\n" +
		cands.String() +
		"a=end-of-candidates\r\n" +
		"a=ice-ufrag:" + d.ufrag + "\r\n" +
		"a=ice-pwd:" + d.pwd + "\r\n" +
		"a=fingerprint:" + qrHashes[d.hash-1] + " " + string(appendHex(nil, d.fp, "0123456789ABCDEF", ':')) + "\r\n" +
		"a=setup:" + qrSetups[d.setup] + "\r\n" +
		"a=mid:" + d.mid + "\r\n" +
		"a=sctp-port:5000\r\n" +
		"a=max-message-size:262144\r\n"
}

// append writes d in the code's layout.
func (d qrDesc) append(b []byte) []byte {
	for _, s := range []string{d.mid, d.ufrag, d.pwd} {
		b = append(b, byte(len(s)))
		b = append(b, s...)
	}
	b = append(b, d.hash)
	b = append(b, d.fp...)
	b = append(b, d.setup, byte(len(d.cands)))
	for _, c := range d.cands {
		var addr []byte
		kind := byte(1)
		switch {
		case c.mdns != "":
			kind = 3
			addr, _ = mdnsUUID(c.mdns)
		case c.addr.Is4():
			addr = c.addr.AsSlice()
		default:
			kind = 2
			addr = c.addr.AsSlice()
		}
		b = append(b, c.typ<<4|kind)
		b = append(b, addr...)
		b = binary.BigEndian.AppendUint16(b, c.port)
	}
	return b
}

// qrReader reads a code's bytes; a read past the end marks it short.
type qrReader struct {
	b     []byte
	short bool
}

func (r *qrReader) take(n int) []byte {
	if n > len(r.b) {
		r.short = true
		r.b = nil
		return make([]byte, n)
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *qrReader) byte() byte { return r.take(1)[0] }

func (r *qrReader) str() string { return string(r.take(int(r.byte()))) }

// readDesc reads a description; its errors say what is wrong with the code.
func (r *qrReader) readDesc() (qrDesc, error) {
	var d qrDesc
	d.mid, d.ufrag, d.pwd = r.str(), r.str(), r.str()
	d.hash = r.byte()
	if d.hash == 0 || int(d.hash) > len(qrHashes) {
		if r.short {
			return d, errQRCutShort
		}
		return d, qrErr(QRDamaged, "the code names an unknown fingerprint hash: it is damaged")
	}
	d.fp = r.take(qrHashSizes[d.hash-1])
	d.setup = r.byte()
	n := int(r.byte())
	if int(d.setup) >= len(qrSetups) || n > qrMaxCandidates {
		if r.short {
			return d, errQRCutShort
		}
		return d, qrErr(QRDamaged, "the code is damaged (setup or candidate count out of range)")
	}
	for range n {
		kind := r.byte()
		c := qrCand{typ: kind >> 4}
		switch kind & 15 {
		case 1:
			c.addr = netip.AddrFrom4([4]byte(r.take(4)))
		case 2:
			c.addr = netip.AddrFrom16([16]byte(r.take(16)))
		case 3:
			u := string(appendHex(nil, r.take(16), "0123456789abcdef", 0))
			c.mdns = u[:8] + "-" + u[8:12] + "-" + u[12:16] + "-" + u[16:20] + "-" + u[20:] + ".local"
		default:
			c.typ = 255
		}
		c.port = binary.BigEndian.Uint16(r.take(2))
		if r.short {
			break
		}
		if int(c.typ) >= len(qrCandTypes) || c.port == 0 || c.addr.Is4In6() {
			return d, qrErr(QRDamaged, "the code is damaged (a candidate of unknown kind)")
		}
		d.cands = append(d.cands, c)
	}
	if r.short {
		return d, errQRCutShort
	}
	return d, d.check()
}

// qrOffer is the host's code for one seat: the room, the invite secret, the offer's id and
// the host's description.
type qrOffer struct {
	room   string
	id     [qrOfferID]byte
	secret string // base64url of 16 bytes, as HostSession.Secret
	desc   qrDesc
}

// qrAnswer is a player's code: the offer it answers and the player's description.
type qrAnswer struct {
	room string
	id   [qrOfferID]byte
	desc qrDesc
}

func qrHead(kind byte, room string, id [qrOfferID]byte) []byte {
	b := make([]byte, 0, 256)
	b = append(b, QRCodecVersion, kind)
	b = append(b, room...)
	return append(b, id[:]...)
}

// encodeQROffer writes the host's offer code.
func encodeQROffer(o qrOffer) (string, error) {
	key, err := base64.RawURLEncoding.DecodeString(o.secret)
	if err != nil || len(key) != qrSecret {
		return "", qrErr(QRUnusable, "the invite secret is not 16 bytes of base64url")
	}
	if _, ok := wire.CanonicalRoomCode(o.room); !ok {
		return "", qrErr(QRUnusable, "the room code is not canonical")
	}
	if err := o.desc.check(); err != nil {
		return "", err
	}
	b := qrHead(qrKindOffer, o.room, o.id)
	b = append(b, key...)
	b = o.desc.append(b)
	b = append(b, relayMAC(o.secret, qrOfferLabel, b)[:qrMACBytes]...)
	return base32Encode(b), nil
}

// encodeQRAnswer writes a player's answer to offer.
func encodeQRAnswer(a qrAnswer, offer qrOffer) (string, error) {
	if err := a.desc.check(); err != nil {
		return "", err
	}
	b := qrHead(qrKindAnswer, a.room, a.id)
	b = a.desc.append(b)
	b = append(b, relayMAC(offer.secret, qrAnswerLabel, offer.desc.fp, b)[:qrMACBytes]...)
	return base32Encode(b), nil
}

// readQRHead decodes a code's text and checks its version and kind; it returns the bytes, and
// a reader past the header.
func readQRHead(text string, kind byte) ([]byte, *qrReader, string, [qrOfferID]byte, error) {
	var id [qrOfferID]byte
	b, ok := base32Decode(text)
	if !ok || len(b) == 0 {
		return nil, nil, "", id, errQRNotACode
	}
	if b[0] != QRCodecVersion {
		if len(b) < qrHeader || (b[1] != qrKindOffer && b[1] != qrKindAnswer) {
			return nil, nil, "", id, errQRNotACode
		}
		return nil, nil, "", id, qrErr(QRVersion, "this code was made by another version of Safehouse: update both devices")
	}
	if len(b) < 2 {
		return nil, nil, "", id, errQRCutShort
	}
	if b[1] != kind {
		switch {
		case b[1] == qrKindOffer:
			return nil, nil, "", id, qrErr(QRWrongKind, "this is a host's code: scan it on the joining phone")
		case b[1] == qrKindAnswer:
			return nil, nil, "", id, qrErr(QRWrongKind, "this is a player's answer: scan it on the host's phone")
		}
		return nil, nil, "", id, errQRNotACode
	}
	if len(b) < qrHeader+qrMACBytes {
		return nil, nil, "", id, errQRCutShort
	}
	room := string(b[2 : 2+wire.RoomCodeLen])
	if _, ok := wire.CanonicalRoomCode(room); !ok {
		return nil, nil, "", id, qrErr(QRDamaged, "the code is damaged (its room code cannot be one)")
	}
	copy(id[:], b[2+wire.RoomCodeLen:qrHeader])
	return b, &qrReader{b: b[qrHeader : len(b)-qrMACBytes]}, room, id, nil
}

// decodeQROffer reads a host's offer code.
func decodeQROffer(text string) (qrOffer, error) {
	b, r, room, id, err := readQRHead(text, qrKindOffer)
	if err != nil {
		return qrOffer{}, err
	}
	o := qrOffer{room: room, id: id, secret: base64.RawURLEncoding.EncodeToString(r.take(qrSecret))}
	desc, derr := r.readDesc()
	body, mac := b[:len(b)-qrMACBytes], b[len(b)-qrMACBytes:]
	if !hmac.Equal(mac, relayMAC(o.secret, qrOfferLabel, body)[:qrMACBytes]) {
		if qe, ok := derr.(*QRError); ok && qe.Code == QRTruncated {
			return qrOffer{}, derr
		}
		return qrOffer{}, qrErr(QRDamaged, "the code does not check out: it is damaged or incomplete")
	}
	if derr != nil {
		return qrOffer{}, derr
	}
	if len(r.b) != 0 {
		return qrOffer{}, errQRPastEnd
	}
	o.desc = desc
	return o, nil
}

// peekQRAnswer reads which offer an answer code answers, without checking it (the host needs
// the offer to check it: checkQRAnswer).
func peekQRAnswer(text string) (room string, id [qrOfferID]byte, err error) {
	_, _, room, id, err = readQRHead(text, qrKindAnswer)
	return room, id, err
}

// checkQRAnswer reads a player's answer code to offer, checking its mac.
func checkQRAnswer(text string, offer qrOffer) (qrAnswer, error) {
	b, r, room, id, err := readQRHead(text, qrKindAnswer)
	if err != nil {
		return qrAnswer{}, err
	}
	if room != offer.room {
		return qrAnswer{}, qrErr(QROtherGame, "this answer belongs to another game (room "+room+")")
	}
	if id != offer.id {
		return qrAnswer{}, qrErr(QRNotOffered, "this answer is for another code of this host")
	}
	desc, derr := r.readDesc()
	body, mac := b[:len(b)-qrMACBytes], b[len(b)-qrMACBytes:]
	if !hmac.Equal(mac, relayMAC(offer.secret, qrAnswerLabel, offer.desc.fp, body)[:qrMACBytes]) {
		if qe, ok := derr.(*QRError); ok && qe.Code == QRTruncated {
			return qrAnswer{}, derr
		}
		return qrAnswer{}, qrErr(QRDamaged, "the answer does not check out: it is damaged, incomplete, or was not made from this host's code")
	}
	if derr != nil {
		return qrAnswer{}, derr
	}
	if len(r.b) != 0 {
		return qrAnswer{}, errQRPastEnd
	}
	return qrAnswer{room: room, id: id, desc: desc}, nil
}

// newQROfferID is a fresh random offer id.
func newQROfferID() [qrOfferID]byte {
	var id [qrOfferID]byte
	rand.Read(id[:]) // never fails: crypto/rand crashes the program rather than return an error
	return id
}

// The codes' text: RFC 4648 base32 without padding (A-Z, 2-7), which a QR code stores in
// alphanumeric mode (5.5 bits a character: 8.8 bits a byte, against 10.7 for base64 in byte
// mode) and a person can read aloud or paste. Reading ignores case, spaces, line breaks and
// dashes. (encoding/base32 would do the same for more code in app.wasm.)
const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

func base32Encode(b []byte) string {
	out := make([]byte, 0, (len(b)*8+4)/5)
	var acc uint32
	bits := 0
	for _, c := range b {
		acc = acc<<8 | uint32(c)
		bits += 8
		for bits >= 5 {
			bits -= 5
			out = append(out, base32Alphabet[acc>>bits&31])
		}
	}
	if bits > 0 {
		out = append(out, base32Alphabet[acc<<(5-bits)&31])
	}
	return string(out)
}

func base32Decode(s string) ([]byte, bool) {
	if len(s) > qrMaxText {
		return nil, false
	}
	out := make([]byte, 0, len(s)*5/8)
	var acc uint32
	bits := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		var v byte
		switch {
		case c >= 'A' && c <= 'Z':
			v = c - 'A'
		case c >= 'a' && c <= 'z':
			v = c - 'a'
		case c >= '2' && c <= '7':
			v = c - '2' + 26
		case c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '-':
			continue
		default:
			return nil, false
		}
		acc = acc<<5 | uint32(v)
		bits += 5
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
		}
	}
	return out, true
}
