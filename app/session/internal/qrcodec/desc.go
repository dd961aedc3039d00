package qrcodec

import (
	"encoding/binary"
	"net/netip"
	"strconv"
	"strings"
)

// A description as a code carries it, and back: what a data channel needs of an SDP (Desc),
// read from an SDP (ParseSDP), written as one (Desc.SDP), and in the code's layout (append,
// readDesc).

// Desc is what a data channel needs of one SDP.
type Desc struct {
	mid, ufrag, pwd string
	hash            byte // fingerprint hash, hashes index + 1
	fp              []byte
	setup           byte // 0 actpass, 1 active, 2 passive
	cands           []cand
}

// cand is one UDP ICE candidate.
type cand struct {
	typ  byte // 0 host, 1 srflx, 2 prflx, 3 relay
	addr netip.Addr
	mdns string // a browser's hidden address: "<uuid>.local" (addr is unset)
	port uint16
}

var (
	hashes    = [...]string{"sha-256", "sha-384", "sha-512", "sha-1"}
	hashSizes = [...]int{32, 48, 64, 20}
	setups    = [...]string{"actpass", "active", "passive"}
	candTypes = [...]string{"host", "srflx", "prflx", "relay"}
	// ICE type preferences (RFC 8445 5.1.2.2), to give decoded candidates sane priorities.
	typePrefs = [...]uint32{126, 100, 110, 0}
)

// ParseSDP reads what a data channel needs from an SDP offer or answer.
func ParseSDP(sdp string) (Desc, error) {
	var d Desc
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
			for i, h := range hashes {
				if strings.EqualFold(alg, h) {
					b, ok := unhex(strings.ReplaceAll(strings.TrimSpace(digest), ":", ""))
					if ok && len(b) == hashSizes[i] {
						d.hash, d.fp = byte(i+1), b
					}
				}
			}
		case "a=setup":
			for i, s := range setups {
				if value == s {
					d.setup = byte(i)
				}
			}
		case "a=candidate":
			if c, ok := parseCandidate(value); ok && len(d.cands) < maxCandidates {
				d.cands = append(d.cands, c)
			}
		}
	}
	if err := d.check(); err != nil {
		return Desc{}, err
	}
	return d, nil
}

// parseCandidate reads the value of an a=candidate line; only UDP candidates of component 1
// (the data channel's, bundled) are kept.
func parseCandidate(value string) (cand, bool) {
	f := strings.Fields(value)
	if len(f) < 8 || f[1] != "1" || !strings.EqualFold(f[2], "udp") || f[6] != "typ" {
		return cand{}, false
	}
	port, err := strconv.ParseUint(f[5], 10, 16)
	if err != nil || port == 0 {
		return cand{}, false
	}
	c := cand{port: uint16(port), typ: 255}
	for i, t := range candTypes {
		if f[7] == t {
			c.typ = byte(i)
		}
	}
	if c.typ == 255 {
		return cand{}, false
	}
	if a, err := netip.ParseAddr(f[4]); err == nil && a.Zone() == "" {
		c.addr = a.Unmap()
		return c, true
	}
	if _, ok := mdnsUUID(f[4]); ok {
		c.mdns = strings.ToLower(f[4])
		return c, true
	}
	return cand{}, false
}

// mdnsUUID reads the UUID of a browser's mDNS candidate name ("<uuid>.local").
func mdnsUUID(name string) ([]byte, bool) {
	u, ok := strings.CutSuffix(strings.ToLower(name), ".local")
	if !ok || len(u) != 36 || u[8] != '-' || u[13] != '-' || u[18] != '-' || u[23] != '-' {
		return nil, false
	}
	return unhex(u[:8] + u[9:13] + u[14:18] + u[19:23] + u[24:])
}

func (d Desc) check() error {
	switch {
	case d.fp == nil:
		return newError(Unusable, "the description has no DTLS fingerprint this app can carry")
	case d.ufrag == "" || d.pwd == "" || len(d.ufrag) > 255 || len(d.pwd) > 255 || len(d.mid) > 255:
		return newError(Unusable, "the description has no usable ICE credentials")
	case !sdpToken(d.ufrag) || !sdpToken(d.pwd) || !sdpToken(d.mid):
		return newError(Unusable, "the description's ICE credentials or mid have characters an SDP cannot carry")
	case len(d.cands) == 0:
		return newError(Unusable, "the description has no UDP candidate: no network to connect on")
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

// SDP writes d back as an SDP that browsers and pion accept, as the offer or the answer it
// was; sess is the o= line's session id.
func (d Desc) SDP(sess uint32) string {
	var cands strings.Builder
	for i, c := range d.cands {
		addr := c.mdns
		if addr == "" {
			addr = c.addr.String()
		}
		prio := typePrefs[c.typ]<<24 | uint32(65535-i)<<8 | 255
		cands.WriteString("a=candidate:" + strconv.Itoa(i+1) + " 1 udp " + strconv.FormatUint(uint64(prio), 10) + " " + addr + " " +
			strconv.Itoa(int(c.port)) + " typ " + candTypes[c.typ])
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
		"a=fingerprint:" + hashes[d.hash-1] + " " + string(appendHex(nil, d.fp, "0123456789ABCDEF", ':')) + "\r\n" +
		"a=setup:" + setups[d.setup] + "\r\n" +
		"a=mid:" + d.mid + "\r\n" +
		"a=sctp-port:5000\r\n" +
		"a=max-message-size:262144\r\n"
}

// append writes d in the code's layout.
func (d Desc) append(b []byte) []byte {
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

// reader reads a code's bytes; a read past the end marks it short.
type reader struct {
	b     []byte
	short bool
}

func (r *reader) take(n int) []byte {
	if n > len(r.b) {
		r.short = true
		r.b = nil
		return make([]byte, n)
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) byte() byte { return r.take(1)[0] }

func (r *reader) str() string { return string(r.take(int(r.byte()))) }

// readDesc reads a description; its errors say what is wrong with the code.
func (r *reader) readDesc() (Desc, error) {
	var d Desc
	d.mid, d.ufrag, d.pwd = r.str(), r.str(), r.str()
	d.hash = r.byte()
	if d.hash == 0 || int(d.hash) > len(hashes) {
		if r.short {
			return d, errCutShort
		}
		return d, newError(Damaged, "the code names an unknown fingerprint hash: it is damaged")
	}
	d.fp = r.take(hashSizes[d.hash-1])
	d.setup = r.byte()
	n := int(r.byte())
	if int(d.setup) >= len(setups) || n > maxCandidates {
		if r.short {
			return d, errCutShort
		}
		return d, newError(Damaged, "the code is damaged (setup or candidate count out of range)")
	}
	for range n {
		kind := r.byte()
		c := cand{typ: kind >> 4}
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
		if int(c.typ) >= len(candTypes) || c.port == 0 || c.addr.Is4In6() {
			return d, newError(Damaged, "the code is damaged (a candidate of unknown kind)")
		}
		d.cands = append(d.cands, c)
	}
	if r.short {
		return d, errCutShort
	}
	return d, d.check()
}
