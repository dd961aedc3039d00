//go:build js && wasm

package session

import (
	"context"
	"errors"
	"sync"
	"syscall/js"
	"time"

	"github.com/pion/webrtc/v4"

	"safehouse/wire"
)

// takeEarlyJoin takes the join an invite's page made while the app downloaded
// (wasm/gen/earlyjoin.js): on a first visit under slow 4G, the join's round trips (the
// server's, the host's answer, ICE, DTLS, SCTP: 1.2 s in make bench's "first visit") are then
// behind it when the app runs, and the hello goes out at once. It takes it when the page
// joined room code at the address Join dials, with the pass of secret, and its offer went out;
// the attempt it returns speaks on the page's socket from the first message the page did not
// act on, with the page's PeerConnection and data channel in whatever step of the handshake
// they reached. Otherwise it closes the page's join, if there is one, and returns nil: Join
// makes its own connection.
func takeEarlyJoin(ctx context.Context, o Options, code, secret string, notify func(Update)) (*peerSide, *dataChannelConn) {
	window := js.Global()
	early := window.Get("safehouseEarlyJoin")
	if early.Type() != js.TypeObject {
		return nil, nil
	}
	if early.Get("offer").String() == "" {
		// A cached app can start between the page's join and its offer (a few ms): worth
		// waiting for rather than joining a second time.
		waitForOffer(ctx, early.Get("offered"))
	}
	window.Delete("safehouseEarlyJoin")
	taken := early.Call("take")
	if taken.Type() != js.TypeObject {
		return nil, nil // it ended before the app came
	}
	if why := earlyJoinMisfit(taken, o, code, secret); why != "" {
		defaultLogger().Info("session: not taking the page's early join", "why", why)
		taken.Call("close")
		return nil, nil
	}
	p := newPeerSide(newSignalClient(adoptSocket(taken.Get("socket"), taken.Get("queue"))), notify)
	direct, err := p.adoptEarlyPeer(taken)
	if err != nil {
		defaultLogger().Warn("session: the page's early join could not be taken", "err", err)
		taken.Call("close")
		p.close()
		return nil, nil
	}
	return p, direct
}

// earlyJoinMisfit says why the page's join cannot be this one's, or "" when it can.
func earlyJoinMisfit(taken js.Value, o Options, code, secret string) string {
	connection := taken.Get("pc").Get("connectionState").String()
	channel := taken.Get("channel").Get("readyState").String()
	switch {
	case o.noWebRTC:
		return "this join does without WebRTC"
	case o.SignalURL == "" || !sameAddress(taken.Get("url"), roomURL(o.SignalURL, code)):
		return "another address"
	case taken.Get("room").String() != code:
		return "another room"
	case secret == "" || taken.Get("pass").String() != wire.InvitePass(secret):
		return "another invite"
	case taken.Get("socket").Get("readyState").Int() != socketOpen:
		return "its socket is not open"
	case taken.Get("offer").String() == "":
		return "its offer had not gone out"
	case connection == "failed" || connection == "closed":
		return "its connection " + connection
	case channel != "connecting" && channel != "open":
		return "its data channel " + channel
	}
	return ""
}

// adoptEarlyPeer makes the page's PeerConnection and data channel this attempt's, with the
// offer the page sent and the answer it applied. pion's wrapper makes its PeerConnection with
// `new window.RTCPeerConnection(config)` and its channel with createDataChannel, and has no
// way to wrap ones made before: for those two calls the page's asPeer and asChannel stand in,
// handing back the page's own.
func (p *peerSide) adoptEarlyPeer(taken js.Value) (*dataChannelConn, error) {
	window := js.Global().Get("window")
	native := window.Get("RTCPeerConnection")
	window.Set("RTCPeerConnection", taken.Get("asPeer"))
	pc, err := webrtc.NewPeerConnection(webrtc.Configuration{})
	window.Set("RTCPeerConnection", native)
	if err != nil {
		return nil, err
	}
	pcv := taken.Get("pc")
	if !pc.JSValue().Equal(pcv) {
		return nil, errors.New("session: pion's PeerConnection is not the page's")
	}
	pcv.Set("createDataChannel", taken.Get("asChannel"))
	direct, err := p.usePeerConnection(pc)
	pcv.Delete("createDataChannel")
	if err != nil {
		return nil, err
	}
	// What the host said on the channel before the app came, in order, before anything after.
	said := taken.Get("messages")
	for i := range said.Length() {
		direct.in.push(messageBytes(said.Index(i)))
	}

	waited := time.Duration(taken.Get("elapsed").Float() * float64(time.Millisecond))
	answer := taken.Get("answer").String()
	p.mu.Lock()
	p.offerSDP, p.offerSent, p.offeredAt = taken.Get("offer").String(), true, time.Now().Add(-waited)
	p.answerSDP = answer
	p.mu.Unlock()
	if answer != "" {
		p.gate.setElsewhere(pc)
	}
	if pc.ICEConnectionState() == webrtc.ICEConnectionStateFailed {
		p.iceFailOnce.Do(func() { close(p.iceFailed) })
	}
	return direct, nil
}

// earlyOfferPatience bounds the wait for the page's offer: making one takes the browser
// milliseconds.
const earlyOfferPatience = time.Second

// waitForOffer waits until offered, the page's promise that its offer went out (or that its
// join ended), settles, or earlyOfferPatience passes, or ctx ends.
func waitForOffer(ctx context.Context, offered js.Value) {
	if offered.Type() != js.TypeObject {
		return
	}
	settled := make(chan struct{})
	var once sync.Once
	done := js.FuncOf(func(js.Value, []js.Value) any {
		once.Do(func() { close(settled) })
		return nil
	})
	defer done.Release()
	offered.Call("then", done, done)
	timer := time.NewTimer(earlyOfferPatience)
	defer timer.Stop()
	select {
	case <-settled:
	case <-timer.C:
	case <-ctx.Done():
	}
}
