//go:build !js

package session

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/pion/webrtc/v4"

	"safehouse/app/session/internal/qrcodec"
)

// A channel handed over only after it already closed ends its Conn at once, instead of
// leaving whoever waits for it open or closed waiting for ever. Native pion calls a close
// handler set late itself; the browser build passes a remote channel on a goroutine and
// sets its handlers as the JavaScript channel's properties, which miss events already past,
// so there newDataChannelConn's own look at the state is what ends it (not reachable from a
// native test).
func TestChannelFoundClosedEndsItsConn(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	o := Options{Loopback: true}
	offerer, err := newPeerConnection(o)
	if err != nil {
		t.Fatal(err)
	}
	defer offerer.Close()
	answerer, err := newPeerConnection(o)
	if err != nil {
		t.Fatal(err)
	}
	defer answerer.Close()
	remote := make(chan *webrtc.DataChannel, 1)
	answerer.OnDataChannel(func(dc *webrtc.DataChannel) { remote <- dc })
	local, err := offerer.CreateDataChannel(channelLabel, nil)
	if err != nil {
		t.Fatal(err)
	}
	offer, err := offerer.CreateOffer(nil)
	if err == nil {
		offer, err = gatherLocal(ctx, offerer, offer)
	}
	if err == nil {
		err = answerer.SetRemoteDescription(offer)
	}
	var answer webrtc.SessionDescription
	if err == nil {
		answer, err = answerer.CreateAnswer(nil)
	}
	if err == nil {
		answer, err = gatherLocal(ctx, answerer, answer)
	}
	if err == nil {
		err = offerer.SetRemoteDescription(answer)
	}
	if err != nil {
		t.Fatal(err)
	}
	var dc *webrtc.DataChannel
	select {
	case dc = <-remote:
	case <-ctx.Done():
		t.Fatal("the channel never reached the other side")
	}
	if err := local.Close(); err != nil {
		t.Fatal(err)
	}
	for dc.ReadyState() != webrtc.DataChannelStateClosed {
		select {
		case <-ctx.Done():
			t.Fatalf("the remote channel stays %s", dc.ReadyState())
		case <-time.After(10 * time.Millisecond):
		}
	}

	c := newDataChannelConn(dc, nil)
	select {
	case <-c.ended:
	case <-c.opened:
		t.Fatal("a closed channel's Conn says it opened")
	case <-ctx.Done():
		t.Fatal("a channel found closed left its Conn open")
	}
	if _, err := c.Receive(); err == nil {
		t.Fatal("Receive on a channel found closed returned a message")
	}
}

// A QR player whose channel opened but whose hello the host never answers (the connection
// broke on the way) is told so after qrWelcomePatience, to scan again, instead of waiting
// for ever on "waiting for the host to scan it".
func TestQRPlayerNeverWelcomedIsToldToScanAgain(t *testing.T) {
	defer func(p time.Duration) { qrWelcomePatience = p }(qrWelcomePatience)
	qrWelcomePatience = 300 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	// A host's side that opens the channel and then says nothing.
	pc, err := newPeerConnection(Options{Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	if _, err := pc.CreateDataChannel(channelLabel, nil); err != nil {
		t.Fatal(err)
	}
	offer, _, code, err := makeQROffer(ctx, pc, "K7MPQ2", "a-secret-of-the-invite")
	if err != nil {
		t.Fatal(err)
	}

	j, err := JoinQR(ctx, Options{Name: "Nadia", Loopback: true}, code)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	a, err := qrcodec.CheckAnswer(j.Answer(), offer)
	if err != nil {
		t.Fatal(err)
	}
	if err := pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: a.Desc.SDP(offer.ID.No())}); err != nil {
		t.Fatal(err)
	}
	c, err := j.Wait(ctx)
	if err == nil {
		c.Close()
		t.Fatal("a player the host never answered was seated")
	}
	if !errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
		t.Fatalf("Wait ended with %v (the test's own deadline: %v); want the welcome's patience run out", err, ctx.Err())
	}
}
