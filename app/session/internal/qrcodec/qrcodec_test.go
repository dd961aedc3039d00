package qrcodec

import (
	"encoding/base64"
	"errors"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/invite"
)

// testSecret is an invite secret as a host makes one: 16 bytes, base64url.
const testSecret = "c2VjcmV0LXNlY3JldC0xMg"

func errorCode(t *testing.T, err error) string {
	t.Helper()
	var qe *Error
	if !errors.As(err, &qe) {
		t.Fatalf("want an *Error, got %v", err)
	}
	return qe.Code
}

// recorded reads the descriptions of Chromium in testdata/qr (captured by app/session's
// TestQRCodecWithChromium with SAFEHOUSE_QR_RECORD=1): mDNS and loopback candidates, offers
// and answers.
func recorded(t testing.TB) map[string]string {
	files, _ := filepath.Glob("testdata/qr/chromium-*.sdp")
	if len(files) < 2 {
		t.Fatalf("want the recorded Chromium descriptions in testdata/qr, found %d", len(files))
	}
	out := map[string]string{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = string(raw)
	}
	return out
}

// The a=fingerprint values of an SDP, normalised and sorted.
func fingerprints(sdp string) []string {
	var out []string
	for line := range strings.Lines(sdp) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "a=fingerprint:"); ok {
			out = append(out, strings.ToLower(strings.Join(strings.Fields(v), " ")))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Recorded descriptions of Chromium go through the codec, both as an offer and as an answer,
// and come back with what a data channel needs.
func TestQRCodecReadsRecordedChromiumDescriptions(t *testing.T) {
	for name, sdp := range recorded(t) {
		desc, err := ParseSDP(sdp)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		offer := Offer{Room: "K7MPQ2", ID: NewOfferID(), Secret: testSecret, Desc: desc}
		var back Desc
		var code string
		if strings.Contains(name, "offer") {
			if code, err = EncodeOffer(offer); err == nil {
				var o Offer
				o, err = DecodeOffer(code)
				back = o.Desc
			}
		} else {
			if code, err = EncodeAnswer(Answer{Room: offer.Room, ID: offer.ID, Desc: desc}, offer); err == nil {
				var a Answer
				a, err = CheckAnswer(code, offer)
				back = a.Desc
			}
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s: %d candidates, %d characters", name, len(desc.cands), len(code))
		out := back.SDP(1)
		if !slices.Equal(fingerprints(out), fingerprints(sdp)) {
			t.Errorf("%s: fingerprints changed", name)
		}
		for _, want := range []string{"a=ice-ufrag:" + desc.ufrag, "a=ice-pwd:" + desc.pwd, "a=mid:" + desc.mid, "a=setup:" + setups[desc.setup]} {
			if !strings.Contains(out, want+"\r\n") || !strings.Contains(sdp, want) {
				t.Errorf("%s: %q is not in both descriptions", name, want)
			}
		}
		if strings.Contains(name, "offer") {
			// pion takes a Chromium offer made back from its code.
			pc, err := webrtc.NewPeerConnection(webrtc.Configuration{})
			if err != nil {
				t.Fatal(err)
			}
			if err := pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: out}); err != nil {
				t.Errorf("%s: pion refused the offer made back from its code: %v", name, err)
			} else if _, err := pc.CreateAnswer(nil); err != nil {
				t.Errorf("%s: pion cannot answer the offer made back from its code: %v", name, err)
			}
			_ = pc.Close()
		}
	}
}

// A code that is not an offer's, of another version, cut short or damaged anywhere is
// refused with its own reason, never read as something else.
func TestQRCodecRefusesBadOfferCodes(t *testing.T) {
	desc, err := ParseSDP(recorded(t)["chromium-offer-loopback.sdp"])
	if err != nil {
		t.Fatal(err)
	}
	offer := Offer{Room: "K7MPQ2", ID: NewOfferID(), Secret: testSecret, Desc: desc}
	code, err := EncodeOffer(offer)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base32Decode(code)
	for _, tc := range []struct {
		name, code, want string
	}{
		{"empty", "", NotACode},
		{"a link", "https://example.com/#K7MPQ2", NotACode},
		{"another version", base32Encode(append([]byte{2}, raw[1:]...)), OtherVersion},
		{"an answer", base32Encode(append([]byte{1, kindAnswer}, raw[2:]...)), WrongKind},
	} {
		if _, err := DecodeOffer(tc.code); errorCode(t, err) != tc.want {
			t.Errorf("%s: got %v, want %s", tc.name, err, tc.want)
		}
	}
	for n := 0; n < len(raw); n++ {
		_, err := DecodeOffer(base32Encode(raw[:n]))
		if c := errorCode(t, err); c != Truncated && c != NotACode && c != Damaged {
			t.Errorf("cut to %d bytes: %v", n, err)
		}
	}
	for i := range raw {
		bad := append([]byte(nil), raw...)
		bad[i] ^= 0x20
		if _, err := DecodeOffer(base32Encode(bad)); err == nil {
			t.Errorf("byte %d changed: the code was still read", i)
		}
	}
	// Read as a person may paste it: lower case, broken into groups.
	spaced := strings.ToLower(code[:10]) + " \n" + code[10:20] + "-" + code[20:]
	if _, err := DecodeOffer(spaced); err != nil {
		t.Errorf("a pasted code with spaces and lower case: %v", err)
	}
}

// FuzzQRCodes reads anything as an offer and as an answer code: never a panic, and whatever
// is read writes back as the same code and as an SDP that reads back the same. body is also
// tried between a valid header and a valid mac, so the fuzzer reaches the readers behind
// the mac.
func FuzzQRCodes(f *testing.F) {
	for _, sdp := range recorded(f) {
		if d, err := ParseSDP(sdp); err == nil {
			f.Add("", d.append(nil))
		}
	}
	f.Add("GEAU", []byte{0, 0, 0, 1, 0, 0})
	offerDesc := Desc{mid: "0", ufrag: "abcd", pwd: "0123456789abcdefghijkl", hash: 1, fp: make([]byte, 32),
		cands: []cand{{addr: netip.MustParseAddr("127.0.0.1"), port: 9}}}
	offer := Offer{Room: "K7MPQ2", ID: OfferID{1, 2, 3, 4}, Secret: testSecret, Desc: offerDesc}
	f.Fuzz(func(t *testing.T, text string, body []byte) {
		check := func(code string, d Desc, again func(Desc) (string, error)) {
			code2, err := again(d)
			if err != nil {
				t.Fatalf("a code read back does not write: %v", err)
			}
			if raw, _ := base32Decode(code); base32Encode(raw) != code2 {
				t.Fatalf("a code read back writes differently:\n%s\n%s", base32Encode(raw), code2)
			}
			d2, err := ParseSDP(d.SDP(7))
			if err != nil {
				t.Fatalf("the SDP of a code does not read back: %v\n%s", err, d.SDP(7))
			}
			if d2.SDP(7) != d.SDP(7) {
				t.Fatalf("the SDP of a code reads back differently:\n%s\n%s", d.SDP(7), d2.SDP(7))
			}
		}
		tryOffer := func(code string) {
			if o, err := DecodeOffer(code); err == nil {
				check(code, o.Desc, func(d Desc) (string, error) { o.Desc = d; return EncodeOffer(o) })
			} else if _, ok := err.(*Error); !ok {
				t.Fatalf("an offer refused without an *Error: %v", err)
			}
		}
		tryAnswer := func(code string) {
			if a, err := CheckAnswer(code, offer); err == nil {
				check(code, a.Desc, func(d Desc) (string, error) { a.Desc = d; return EncodeAnswer(a, offer) })
			} else if _, ok := err.(*Error); !ok {
				t.Fatalf("an answer refused without an *Error: %v", err)
			}
		}
		tryOffer(text)
		tryAnswer(text)

		key, _ := base64.RawURLEncoding.DecodeString(testSecret)
		b := append(append(head(kindOffer, offer.Room, offer.ID), key...), body...)
		tryOffer(base32Encode(append(b, invite.MAC(testSecret, offerLabel, b)[:macBytes]...)))
		b = append(head(kindAnswer, offer.Room, offer.ID), body...)
		tryAnswer(base32Encode(append(b, invite.MAC(testSecret, answerLabel, offerDesc.fp, b)[:macBytes]...)))
	})
}
