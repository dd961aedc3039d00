//go:build !js

package session

import (
	"context"
	"encoding/base64"
	"errors"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pion/webrtc/v4"
)

// qrLoopback is a QR game's options on this machine: loopback candidates only.
func qrLoopback(name string) Options {
	return Options{Name: name, Loopback: true}
}

func qrCode(t *testing.T, err error) string {
	t.Helper()
	var qe *QRError
	if !errors.As(err, &qe) {
		t.Fatalf("want a *QRError, got %v", err)
	}
	return qe.Code
}

// pionDescription makes a real pion offer (with its data channel) or, given an offer, a
// real pion answer, gathered completely, as the QR host and player do.
func pionDescription(t *testing.T, remote *webrtc.SessionDescription) (*webrtc.PeerConnection, webrtc.SessionDescription) {
	t.Helper()
	pc, err := newPeerConnection(qrLoopback(""))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pc.Close() })
	var sd webrtc.SessionDescription
	if remote == nil {
		if _, err := pc.CreateDataChannel(channelLabel, nil); err != nil {
			t.Fatal(err)
		}
		sd, err = pc.CreateOffer(nil)
	} else {
		if err := pc.SetRemoteDescription(*remote); err != nil {
			t.Fatal(err)
		}
		sd, err = pc.CreateAnswer(nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	sd, err = gatherLocal(context.Background(), pc, sd)
	if err != nil {
		t.Fatal(err)
	}
	return pc, sd
}

// The codec keeps what a data channel needs of real pion descriptions, and the SDPs it writes
// back connect two pion peers.
func TestQRCodecRoundTripsPionDescriptions(t *testing.T) {
	secret := newToken()
	offerPC, offerSD := pionDescription(t, nil)
	desc, err := descFromSDP(offerSD.SDP)
	if err != nil {
		t.Fatal(err)
	}
	offer := qrOffer{room: "K7MPQ2", id: newQROfferID(), secret: secret, desc: desc}
	code, err := encodeQROffer(offer)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("pion offer: %d characters (%d bytes) from an SDP of %d", len(code), len(code)*5/8, len(offerSD.SDP))
	got, err := decodeQROffer(code)
	if err != nil {
		t.Fatal(err)
	}
	if got.room != offer.room || got.id != offer.id || got.secret != secret {
		t.Fatalf("offer header came back as %q %x %q", got.room, got.id, got.secret)
	}
	back := got.desc.sdp(1)
	if !slicesEqual(sdpFingerprints(back), sdpFingerprints(offerSD.SDP)) {
		t.Fatalf("fingerprints changed:\n%s\nvs\n%s", back, offerSD.SDP)
	}

	answerPC, answerSD := pionDescription(t, &webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: back})
	adesc, err := descFromSDP(answerSD.SDP)
	if err != nil {
		t.Fatal(err)
	}
	acode, err := encodeQRAnswer(qrAnswer{room: offer.room, id: offer.id, desc: adesc}, got)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("pion answer: %d characters", len(acode))
	a, err := checkQRAnswer(acode, offer)
	if err != nil {
		t.Fatal(err)
	}
	if a.desc.setup == 0 {
		t.Fatal("an answer came back as actpass")
	}
	opened := make(chan struct{})
	answerPC.OnDataChannel(func(dc *webrtc.DataChannel) { dc.OnOpen(func() { close(opened) }) })
	if err := offerPC.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: a.desc.sdp(2)}); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, opened, "the data channel to open")
}

func slicesEqual(a, b []string) bool { return strings.Join(a, "\n") == strings.Join(b, "\n") }

func waitClosed(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(patience):
		t.Fatalf("gave up waiting for %s", what)
	}
}

// Recorded descriptions of Chromium (testdata/qr, captured by TestQRCodecWithChromium with
// SAFEHOUSE_QR_RECORD=1): mDNS and loopback candidates, offers and answers.
func TestQRCodecReadsRecordedChromiumDescriptions(t *testing.T) {
	files, _ := filepath.Glob("testdata/qr/chromium-*.sdp")
	if len(files) < 2 {
		t.Fatalf("want the recorded Chromium descriptions in testdata/qr, found %d", len(files))
	}
	secret := newToken()
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sdp := string(raw)
		desc, err := descFromSDP(sdp)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		offer := qrOffer{room: "K7MPQ2", id: newQROfferID(), secret: secret, desc: desc}
		var back qrDesc
		var code string
		if strings.Contains(f, "offer") {
			if code, err = encodeQROffer(offer); err == nil {
				var o qrOffer
				o, err = decodeQROffer(code)
				back = o.desc
			}
		} else {
			if code, err = encodeQRAnswer(qrAnswer{room: offer.room, id: offer.id, desc: desc}, offer); err == nil {
				var a qrAnswer
				a, err = checkQRAnswer(code, offer)
				back = a.desc
			}
		}
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		t.Logf("%s: %d candidates, %d characters", filepath.Base(f), len(desc.cands), len(code))
		out := back.sdp(1)
		if !slicesEqual(sdpFingerprints(out), sdpFingerprints(sdp)) {
			t.Errorf("%s: fingerprints changed", f)
		}
		for _, want := range []string{"a=ice-ufrag:" + desc.ufrag, "a=ice-pwd:" + desc.pwd, "a=mid:" + desc.mid, "a=setup:" + qrSetups[desc.setup]} {
			if !strings.Contains(out, want+"\r\n") || !strings.Contains(sdp, want) {
				t.Errorf("%s: %q is not in both descriptions", f, want)
			}
		}
		if strings.Contains(f, "offer") {
			// pion takes a Chromium offer made back from its code.
			pc, _ := pionDescription(t, &webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: out})
			_ = pc
		}
	}
}

// A code that is not an offer's, of another version, cut short or damaged anywhere is
// refused with its own reason, never read as something else.
func TestQRCodecRefusesBadOfferCodes(t *testing.T) {
	secret := newToken()
	_, sd := pionDescription(t, nil)
	desc, err := descFromSDP(sd.SDP)
	if err != nil {
		t.Fatal(err)
	}
	offer := qrOffer{room: "K7MPQ2", id: newQROfferID(), secret: secret, desc: desc}
	code, err := encodeQROffer(offer)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base32Decode(code)
	for _, tc := range []struct {
		name, code, want string
	}{
		{"empty", "", QRNotACode},
		{"a link", "https://example.com/#K7MPQ2", QRNotACode},
		{"another version", base32Encode(append([]byte{2}, raw[1:]...)), QRVersion},
		{"an answer", base32Encode(append([]byte{1, qrKindAnswer}, raw[2:]...)), QRWrongKind},
	} {
		if _, err := decodeQROffer(tc.code); qrCode(t, err) != tc.want {
			t.Errorf("%s: got %v, want %s", tc.name, err, tc.want)
		}
	}
	for n := 0; n < len(raw); n++ {
		_, err := decodeQROffer(base32Encode(raw[:n]))
		if c := qrCode(t, err); c != QRTruncated && c != QRNotACode && c != QRDamaged {
			t.Errorf("cut to %d bytes: %v", n, err)
		}
	}
	for i := range raw {
		bad := append([]byte(nil), raw...)
		bad[i] ^= 0x20
		if _, err := decodeQROffer(base32Encode(bad)); err == nil {
			t.Errorf("byte %d changed: the code was still read", i)
		}
	}
	// Read as a person may paste it: lower case, broken into groups.
	spaced := strings.ToLower(code[:10]) + " \n" + code[10:20] + "-" + code[20:]
	if _, err := decodeQROffer(spaced); err != nil {
		t.Errorf("a pasted code with spaces and lower case: %v", err)
	}
}

// FuzzQRCodes reads anything as an offer and as an answer code: never a panic, and whatever
// is read writes back as the same code and as an SDP that reads back the same. body is also
// tried between a valid header and a valid mac, so the fuzzer reaches the readers behind
// the mac.
func FuzzQRCodes(f *testing.F) {
	const secret = "c2VjcmV0LXNlY3JldC0xMg"
	files, _ := filepath.Glob("testdata/qr/chromium-*.sdp")
	for _, file := range files {
		raw, _ := os.ReadFile(file)
		if d, err := descFromSDP(string(raw)); err == nil {
			f.Add(string(raw[:0]), d.append(nil))
		}
	}
	f.Add("GEAU", []byte{0, 0, 0, 1, 0, 0})
	offerDesc := qrDesc{mid: "0", ufrag: "abcd", pwd: "0123456789abcdefghijkl", hash: 1, fp: make([]byte, 32),
		cands: []qrCand{{addr: netip.MustParseAddr("127.0.0.1"), port: 9}}}
	offer := qrOffer{room: "K7MPQ2", id: [qrOfferID]byte{1, 2, 3, 4}, secret: secret, desc: offerDesc}
	f.Fuzz(func(t *testing.T, text string, body []byte) {
		check := func(code string, d qrDesc, again func(qrDesc) (string, error)) {
			code2, err := again(d)
			if err != nil {
				t.Fatalf("a code read back does not write: %v", err)
			}
			if raw, _ := base32Decode(code); base32Encode(raw) != code2 {
				t.Fatalf("a code read back writes differently:\n%s\n%s", base32Encode(raw), code2)
			}
			d2, err := descFromSDP(d.sdp(7))
			if err != nil {
				t.Fatalf("the SDP of a code does not read back: %v\n%s", err, d.sdp(7))
			}
			if d2.sdp(7) != d.sdp(7) {
				t.Fatalf("the SDP of a code reads back differently:\n%s\n%s", d.sdp(7), d2.sdp(7))
			}
		}
		tryOffer := func(code string) {
			if o, err := decodeQROffer(code); err == nil {
				check(code, o.desc, func(d qrDesc) (string, error) { o.desc = d; return encodeQROffer(o) })
			} else if _, ok := err.(*QRError); !ok {
				t.Fatalf("an offer refused without a QRError: %v", err)
			}
		}
		tryAnswer := func(code string) {
			if a, err := checkQRAnswer(code, offer); err == nil {
				check(code, a.desc, func(d qrDesc) (string, error) { a.desc = d; return encodeQRAnswer(a, offer) })
			} else if _, ok := err.(*QRError); !ok {
				t.Fatalf("an answer refused without a QRError: %v", err)
			}
		}
		tryOffer(text)
		tryAnswer(text)

		key, _ := base64.RawURLEncoding.DecodeString(secret)
		b := append(append(qrHead(qrKindOffer, offer.room, offer.id), key...), body...)
		tryOffer(base32Encode(append(b, relayMAC(secret, qrOfferLabel, b)[:qrMACBytes]...)))
		b = append(qrHead(qrKindAnswer, offer.room, offer.id), body...)
		tryAnswer(base32Encode(append(b, relayMAC(secret, qrAnswerLabel, offerDesc.fp, b)[:qrMACBytes]...)))
	})
}
