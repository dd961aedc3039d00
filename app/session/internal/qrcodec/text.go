package qrcodec

// Text a code is made of: its base32, and the hex digits of fingerprints and mDNS names, each
// in less code than the standard library's encoders would add to app.wasm.

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
	if len(s) > maxText {
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
