//go:build !js

package session

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/qrcodec"
	"safehouse/tools/chromium"
)

// qrPageJS gives a blank page two helpers: qrOffer() makes a Chromium offer with the
// "safehouse" channel, qrAnswer(offer) answers an offer; both gather every candidate first.
// qrAccept(answer) completes an offer. window.qrOpen turns true when a channel opens.
const qrPageJS = `
window.qrOpen = false;
async function qrGather(pc) {
  if (pc.iceGatheringState !== "complete") {
    await new Promise(r => { pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && r()); setTimeout(r, 5000); });
  }
  return pc.localDescription.sdp;
}
async function qrOffer() {
  const pc = new RTCPeerConnection(); window.qrPC = pc;
  const dc = pc.createDataChannel("safehouse"); dc.onopen = () => { window.qrOpen = true; };
  await pc.setLocalDescription(await pc.createOffer());
  return qrGather(pc);
}
async function qrAnswer(offer) {
  const pc = new RTCPeerConnection(); window.qrPC = pc;
  pc.ondatachannel = e => { e.channel.onopen = () => { window.qrOpen = true; }; if (e.channel.readyState === "open") window.qrOpen = true; };
  await pc.setRemoteDescription({type: "offer", sdp: offer});
  await pc.setLocalDescription(await pc.createAnswer());
  return qrGather(pc);
}
async function qrAccept(answer) { await window.qrPC.setRemoteDescription({type: "answer", sdp: answer}); return "ok"; }
`

// Real Chromium descriptions through the codec, both ways: a Chromium offer written as a code
// and back is answered by pion, whose answer, as a code and back, Chromium takes, and the
// channel opens; then the same with pion offering and Chromium answering. With
// SAFEHOUSE_QR_RECORD=1 it records Chromium's descriptions in internal/qrcodec/testdata/qr
// (with mDNS candidates, made before the page may use the camera, and with loopback ones,
// after).
func TestQRCodecWithChromium(t *testing.T) {
	chrome := chromium.ForTest(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>qr</title><script>"+qrPageJS+"</script>")
	})}
	go hs.Serve(ln)
	t.Cleanup(func() { _ = hs.Close() })
	origin := "http://" + ln.Addr().String()

	b := chromium.StartForTest(t, chrome, chromium.Options{})
	ctx, cancelTimeout := context.WithTimeout(b.Ctx, 2*time.Minute)
	t.Cleanup(cancelTimeout)
	if err := chromedp.Do(ctx, chromedp.Navigate(origin)); err != nil {
		t.Fatal(err)
	}
	call := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v
	}
	quote := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	record := func(name, sdp string) {
		if os.Getenv("SAFEHOUSE_QR_RECORD") != "" {
			if err := os.WriteFile(filepath.Join("internal", "qrcodec", "testdata", "qr", name), []byte(sdp), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	secret := newToken()

	// Before the page may use a camera, Chromium hides its addresses behind mDNS names.
	mdnsOffer := call(`qrOffer()`)
	record("chromium-offer-mdns.sdp", mdnsOffer)
	pionOfferPC, pionOffer := pionDescription(t, nil)
	_ = pionOfferPC
	mdnsAnswer := call(`qrAnswer(` + quote(pionOffer.SDP) + `)`)
	record("chromium-answer-mdns.sdp", mdnsAnswer)
	for _, sdp := range []string{mdnsOffer, mdnsAnswer} {
		if _, err := qrcodec.ParseSDP(sdp); err != nil {
			t.Fatalf("%v in\n%s", err, sdp)
		}
	}

	// With the media permission (and the loopback flag) it gathers 127.0.0.1 candidates.
	if err := b.Grant(origin, chromium.Media...); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(origin)); err != nil {
		t.Fatal(err)
	}

	// Chromium offers, pion answers.
	chromeOffer := call(`qrOffer()`)
	record("chromium-offer-loopback.sdp", chromeOffer)
	desc, err := qrcodec.ParseSDP(chromeOffer)
	if err != nil {
		t.Fatal(err)
	}
	offer := qrcodec.Offer{Room: "K7MPQ2", ID: qrcodec.NewOfferID(), Secret: secret, Desc: desc}
	code, err := qrcodec.EncodeOffer(offer)
	if err != nil {
		t.Fatal(err)
	}
	got, err := qrcodec.DecodeOffer(code)
	if err != nil {
		t.Fatal(err)
	}
	answerPC, answerSD := pionDescription(t, &webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: got.Desc.SDP(1)})
	pionOpen := make(chan struct{})
	answerPC.OnDataChannel(func(dc *webrtc.DataChannel) { dc.OnOpen(func() { close(pionOpen) }) })
	adesc, err := qrcodec.ParseSDP(answerSD.SDP)
	if err != nil {
		t.Fatal(err)
	}
	acode, err := qrcodec.EncodeAnswer(qrcodec.Answer{Room: offer.Room, ID: offer.ID, Desc: adesc}, got)
	if err != nil {
		t.Fatal(err)
	}
	a, err := qrcodec.CheckAnswer(acode, offer)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Chromium offer %d characters, pion answer %d", len(code), len(acode))
	call(`qrAccept(` + quote(a.Desc.SDP(2)) + `)`)
	waitClosed(t, pionOpen, "pion's end of a channel Chromium offered")
	waitJSTrue(t, ctx, `window.qrOpen`)

	// pion offers, Chromium answers.
	if err := chromedp.Do(ctx, chromedp.Navigate(origin)); err != nil {
		t.Fatal(err)
	}
	offerPC, offerSD := pionDescription(t, nil)
	offerOpen := make(chan struct{})
	offerPC.OnDataChannel(func(*webrtc.DataChannel) {})
	desc, err = qrcodec.ParseSDP(offerSD.SDP)
	if err != nil {
		t.Fatal(err)
	}
	offer = qrcodec.Offer{Room: "K7MPQ2", ID: qrcodec.NewOfferID(), Secret: secret, Desc: desc}
	code, _ = qrcodec.EncodeOffer(offer)
	got, err = qrcodec.DecodeOffer(code)
	if err != nil {
		t.Fatal(err)
	}
	chromeAnswer := call(`qrAnswer(` + quote(got.Desc.SDP(3)) + `)`)
	record("chromium-answer-loopback.sdp", chromeAnswer)
	adesc, err = qrcodec.ParseSDP(chromeAnswer)
	if err != nil {
		t.Fatal(err)
	}
	acode, _ = qrcodec.EncodeAnswer(qrcodec.Answer{Room: offer.Room, ID: offer.ID, Desc: adesc}, got)
	if a, err = qrcodec.CheckAnswer(acode, offer); err != nil {
		t.Fatal(err)
	}
	t.Logf("pion offer %d characters, Chromium answer %d", len(code), len(acode))
	offerPC.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if s == webrtc.PeerConnectionStateConnected {
			close(offerOpen)
		}
	})
	if err := offerPC.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: a.Desc.SDP(4)}); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, offerOpen, "pion's connection to a Chromium answer")
	waitJSTrue(t, ctx, `window.qrOpen`)
}

func waitJSTrue(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("Boolean("+cond+")"))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s in Chromium (%v)", cond, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
