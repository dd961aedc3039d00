//go:build js && wasm

package main

import (
	"context"
	"fmt"
	"strings"
	"syscall/js"
	"time"

	"safehouse/app/session"
)

// The "earlyjoin-KIND=ROOM.SECRET" pages (kindPage) join the room by themselves before the
// app's join, with the site's script (wasm/gen/earlyjoin.js, which the test serves), and KIND
// says how far: "open", until its data channel is open; "offered", until its offer went out;
// "joining", none: the app's join comes before the page's offer is out, as a cached app's may;
// "room", a join of another room, which the app must not take.

// beginEarlyJoin opens the page's socket as earlysocket.js does and, once it is open, joins on
// it with earlyjoin.js; every WebSocket and PeerConnection the page makes from here is kept
// (window.__sockets, window.__peers, window.__channels).
const beginEarlyJoin = `(address, room, secret) => new Promise((ready, fail) => {
  const keep = (list, Native) => new Proxy(Native, { construct(target, args, made) { const o = Reflect.construct(target, args, made); list.push(o); return o; } });
  window.__sockets = [];
  window.__peers = [];
  window.__channels = [];
  window.WebSocket = keep(window.__sockets, window.WebSocket);
  window.RTCPeerConnection = keep(window.__peers, window.RTCPeerConnection);
  const made = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) { const c = made.apply(this, args); window.__channels.push(c); return c; };
  const socket = new WebSocket(address);
  const early = { socket, url: socket.url, queue: [], ended: false, taken: false };
  socket.addEventListener("message", (e) => { if (!early.taken) early.queue.push(e.data); });
  socket.addEventListener("close", () => { early.ended = true; });
  window.safehouseEarlySocket = early;
  socket.addEventListener("open", () => window.safehouseInvitePass(secret).then((pass) => {
    window.safehouseJoinEarly(early, room, pass, []);
    ready();
  }, fail));
})`

// earlyJoinReached says whether the page's join reached kind's step.
const earlyJoinReached = `(kind) => kind === "open" ? window.__channels.length > 0 && window.__channels[0].readyState === "open"
  : Boolean(window.safehouseEarlyJoin && window.safehouseEarlyJoin.offer)`

// takeTheEarlyJoin lets the page join as kind says, then joins, and reports (kind "early")
// what the join made of the page's: "0 dialled, 1 peers, the first connected" when it went
// on with the page's socket and PeerConnection.
func takeTheEarlyJoin(ctx context.Context, signalURL, kind, invite string) *session.Client {
	fail := func(err error) *session.Client {
		outbox <- report{Kind: "error", Msg: err.Error()}
		select {}
	}
	room, secret, _ := strings.Cut(invite, ".")
	pageRoom := room
	if kind == "room" {
		pageRoom = "ZZZZZZ"
	}
	if err := await(js.Global().Call("eval", beginEarlyJoin).Invoke(signalURL+"?room="+pageRoom, pageRoom, secret)); err != nil {
		return fail(err)
	}
	reached := js.Global().Call("eval", earlyJoinReached)
	for (kind == "open" || kind == "offered") && !reached.Invoke(kind).Bool() {
		select {
		case <-ctx.Done():
			return fail(fmt.Errorf("the page's join did not reach %q", kind))
		case <-time.After(20 * time.Millisecond):
		}
	}
	o := session.Options{SignalURL: signalURL, Name: "Web"}
	o.OnWaiting = func() {
		outbox <- report{Kind: "error", Msg: "the host did not take this page's proof of the invite secret"}
	}
	c, err := session.Join(ctx, o, room, secret)
	if err != nil {
		return fail(err)
	}
	w := js.Global()
	outbox <- report{Kind: "early", Msg: fmt.Sprintf("%d dialled, %d peers, the first %s",
		w.Get("__sockets").Length()-1, w.Get("__peers").Length(), w.Get("__peers").Index(0).Get("connectionState").String())}
	return c
}
