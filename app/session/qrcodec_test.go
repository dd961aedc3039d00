//go:build !js

package session

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/qrcodec"
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
	desc, err := qrcodec.ParseSDP(offerSD.SDP)
	if err != nil {
		t.Fatal(err)
	}
	offer := qrcodec.Offer{Room: "K7MPQ2", ID: qrcodec.NewOfferID(), Secret: secret, Desc: desc}
	code, err := qrcodec.EncodeOffer(offer)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("pion offer: %d characters (%d bytes) from an SDP of %d", len(code), len(code)*5/8, len(offerSD.SDP))
	got, err := qrcodec.DecodeOffer(code)
	if err != nil {
		t.Fatal(err)
	}
	if got.Room != offer.Room || got.ID != offer.ID || got.Secret != secret {
		t.Fatalf("offer header came back as %q %x %q", got.Room, got.ID, got.Secret)
	}
	back := got.Desc.SDP(1)
	if !slicesEqual(sdpFingerprints(back), sdpFingerprints(offerSD.SDP)) {
		t.Fatalf("fingerprints changed:\n%s\nvs\n%s", back, offerSD.SDP)
	}

	answerPC, answerSD := pionDescription(t, &webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: back})
	adesc, err := qrcodec.ParseSDP(answerSD.SDP)
	if err != nil {
		t.Fatal(err)
	}
	acode, err := qrcodec.EncodeAnswer(qrcodec.Answer{Room: offer.Room, ID: offer.ID, Desc: adesc}, got)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("pion answer: %d characters", len(acode))
	a, err := qrcodec.CheckAnswer(acode, offer)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(a.Desc.SDP(2), "a=setup:actpass") {
		t.Fatal("an answer came back as actpass")
	}
	opened := make(chan struct{})
	answerPC.OnDataChannel(func(dc *webrtc.DataChannel) { dc.OnOpen(func() { close(opened) }) })
	if err := offerPC.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: a.Desc.SDP(2)}); err != nil {
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
