//go:build js && wasm

// Command browserplayer runs this package's browser build inside Chromium for
// browser_test.go: with "#host" it hosts a game, with "#join=ROOM.SECRET" it joins one, with
// "#restart=ROOM.SECRET" it joins one with a fast heartbeat and renames itself each time it
// comes back online, with "#early-KIND=ROOM.SECRET" it joins one after opening a socket as an
// invite's page does before the app runs, with "#earlyjoin-KIND=ROOM.SECRET" after
// the page's own early join (kindPage), with "#qr-busy" it plays both sides of a QR game in a page whose browser
// is slow to show a PeerConnection's remote description. It reports what happens as JSON posted to /report on the page's own server.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"
	"time"

	"safehouse/app/session"
)

// report is one thing the page tells the test.
type report struct {
	Page   string   `json:"page"` // which page sends it: its URL fragment
	Kind   string   `json:"kind"` // "room", "view", "status", "error"
	Room   string   `json:"room,omitempty"`
	Secret string   `json:"secret,omitempty"` // the invite secret, with the room
	State  uint64   `json:"state,omitempty"`
	Names  []string `json:"names,omitempty"`
	Msg    string   `json:"msg,omitempty"`
}

// send posts reports one at a time, so the test receives them in order.
var outbox = make(chan report, 256)

func poster(page string) {
	for r := range outbox {
		r.Page = page
		b, _ := json.Marshal(r)
		init := map[string]any{"method": "POST", "body": string(b)}
		_ = await(js.Global().Call("fetch", "/report", init))
	}
}

func await(p js.Value) error {
	done := make(chan error, 1)
	then := js.FuncOf(func(js.Value, []js.Value) any { done <- nil; return nil })
	catch := js.FuncOf(func(_ js.Value, a []js.Value) any {
		done <- fmt.Errorf("%s", a[0].Call("toString").String())
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	return <-done
}

func names(v *session.View) []string {
	var out []string
	for _, p := range v.Players {
		out = append(out, p.Name)
	}
	return out
}

func main() {
	// Chromium gathers loopback ICE candidates only for a page allowed to use a microphone
	// (FIELD-NOTES); the test runs it with a fake one.
	if err := await(js.Global().Get("navigator").Get("mediaDevices").Call("getUserMedia", map[string]any{"audio": true})); err != nil {
		outbox <- report{Kind: "error", Msg: "microphone: " + err.Error()}
	}
	location := js.Global().Get("location")
	signalURL := "ws://" + location.Get("host").String() + "/signal"
	hash := strings.TrimPrefix(location.Get("hash").String(), "#")
	go poster(hash)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	var player *session.Client
	if hash == "qr-busy" {
		player = qrOnABusyPage(ctx)
	} else if strings.HasPrefix(hash, "host") { // "host", or "host-NAME" for a page of its own
		h, err := session.Host(ctx, session.Options{SignalURL: signalURL, Name: "Web Host"})
		if err != nil {
			outbox <- report{Kind: "error", Msg: err.Error()}
			select {}
		}
		outbox <- report{Kind: "room", Room: h.Room(), Secret: h.Secret()}
		player = h.Player()
	} else if kind, invite, ok := kindPage(hash, "early-"); ok {
		player = joinWithEarlySocket(ctx, signalURL, kind, invite)
	} else if kind, invite, ok := kindPage(hash, "earlyjoin-"); ok {
		player = takeTheEarlyJoin(ctx, signalURL, kind, invite)
	} else if invite, ok := strings.CutPrefix(hash, "restart="); ok {
		// Notices a dead path within seconds; the host's heartbeat is the same (restart_test.go).
		room, secret, _ := strings.Cut(invite, ".")
		o := session.Options{SignalURL: signalURL, Name: "Web", Heartbeat: time.Second, RestartTimeout: 5 * time.Second}
		o.OnWaiting = func() {
			outbox <- report{Kind: "error", Msg: "the host did not take this page's proof of the invite secret"}
		}
		c, err := session.Join(ctx, o, room, secret)
		if err != nil {
			outbox <- report{Kind: "error", Msg: err.Error()}
			select {}
		}
		player = c
	} else {
		// "join=ROOM.SECRET": the invite secret, as a link carries it, so the browser build's
		// proof of it on the direct channel is checked too.
		room, secret, _ := strings.Cut(strings.TrimPrefix(hash, "join="), ".")
		o := session.Options{SignalURL: signalURL, Name: "Web"}
		o.OnWaiting = func() {
			outbox <- report{Kind: "error", Msg: "the host did not take this page's proof of the invite secret"}
		}
		c, err := session.Join(ctx, o, room, secret)
		if err != nil {
			outbox <- report{Kind: "error", Msg: err.Error()}
			select {}
		}
		player = c
	}
	renamed, onlines := false, 0
	for u := range player.Updates() {
		if u.Notice != "" {
			outbox <- report{Kind: "error", Msg: u.Notice}
		}
		if u.Status != "" {
			outbox <- report{Kind: "status", Msg: string(u.Status)}
		}
		if u.Status == session.StatusOnline && strings.HasPrefix(hash, "restart=") {
			if onlines++; onlines > 1 {
				if err := player.Send(session.Intent{Kind: session.KindRename, Name: fmt.Sprintf("Web back %d", onlines-1)}); err != nil {
					outbox <- report{Kind: "error", Msg: err.Error()}
				}
			}
		}
		if u.View == nil {
			continue
		}
		outbox <- report{Kind: "view", State: u.View.State, Names: names(u.View)}
		if !strings.HasPrefix(hash, "host") && !renamed && len(u.View.Players) == 3 {
			// A burst of intents, to show they reach the host in the order sent.
			renamed = true
			for i := 1; i <= 20; i++ {
				if err := player.Send(session.Intent{Kind: session.KindRename, Name: fmt.Sprintf("Web #%d", i)}); err != nil {
					outbox <- report{Kind: "error", Msg: err.Error()}
				}
			}
		}
	}
	select {}
}

// slowRemoteDescription makes every PeerConnection of the page show its remote description
// (and resolve setRemoteDescription) a second and a half late, while the connection itself
// goes ahead at once: what a phone's browser does when its page is busy, where the channel
// opened, and the hello arrived, before remoteDescription was set.
const slowRemoteDescription = `(() => {
  const P = RTCPeerConnection.prototype;
  const set = P.setRemoteDescription;
  const shown = Object.getOwnPropertyDescriptor(P, "remoteDescription");
  const late = new WeakSet();
  P.setRemoteDescription = function (...args) {
    late.add(this);
    return set.apply(this, args).then(r => new Promise(done => setTimeout(() => { late.delete(this); done(r); }, 1500)));
  };
  Object.defineProperty(P, "remoteDescription", {configurable: true, get() { return late.has(this) ? null : shown.get.call(this); }});
})()`

// qrOnABusyPage hosts a QR game and joins it from the same page, on a browser slow to show
// remote descriptions, and returns the player's client once the host seated it; a player
// the host made wait is an error report.
func qrOnABusyPage(ctx context.Context) *session.Client {
	fail := func(err error) *session.Client {
		outbox <- report{Kind: "error", Msg: err.Error()}
		select {}
	}
	js.Global().Call("eval", slowRemoteDescription)
	h, err := session.NewQRHost(ctx, session.Options{Name: "Web Host"})
	if err != nil {
		return fail(err)
	}
	code, err := h.Offer(ctx)
	if err != nil {
		return fail(err)
	}
	o := session.Options{Name: "Web"}
	o.OnWaiting = func() {
		outbox <- report{Kind: "error", Msg: "the QR host did not take the proof of the invite secret: it made its player wait"}
	}
	j, err := session.JoinQR(ctx, o, code)
	if err != nil {
		return fail(err)
	}
	accepted := make(chan error, 1)
	go func() { accepted <- h.Accept(j.Answer()) }()
	c, err := j.Wait(ctx)
	if err != nil {
		return fail(err)
	}
	if err := <-accepted; err != nil {
		return fail(err)
	}
	return c
}

// kindPage reads a page "PREFIX-KIND=ROOM.SECRET". "early-": the page opens a signaling
// socket before it joins, as an invite's page does while the app downloads
// (wasm/gen/earlysocket.js), and KIND says which: "same", to the address the join dials;
// "other", to another room's; "ended", to the join's address but closed by the server's side
// before the join. "earlyjoin-": the page joins by itself first (earlyjoin.go).
func kindPage(hash, prefix string) (kind, invite string, ok bool) {
	rest, ok := strings.CutPrefix(hash, prefix)
	if !ok {
		return "", "", false
	}
	kind, invite, ok = strings.Cut(rest, "=")
	return kind, invite, ok
}

// openEarly is the page's socket, offered as earlysocket.js offers it; then every socket the
// page makes after it is counted (window.__dialled).
const openEarly = `(address, end) => new Promise((ready) => {
  const socket = new WebSocket(address);
  const early = { socket, url: socket.url, queue: [], ended: false, taken: false };
  socket.addEventListener("message", (e) => { if (!early.taken) early.queue.push(e.data); });
  socket.addEventListener("close", () => { early.ended = true; if (end) ready(); });
  socket.addEventListener("open", () => { if (end) socket.close(); else ready(); });
  window.safehouseEarlySocket = early;
  window.__early = early;
  window.__dialled = 0;
  const Native = window.WebSocket;
  window.WebSocket = new Proxy(Native, { construct(target, args, made) { window.__dialled++; return Reflect.construct(target, args, made); } });
})`

// joinWithEarlySocket opens the page's socket of kind, joins, and reports (kind "socket")
// what became of it and how many sockets the join dialled: "taken, open, 0 dialled" when the
// join spoke on the page's socket.
func joinWithEarlySocket(ctx context.Context, signalURL, kind, invite string) *session.Client {
	fail := func(err error) *session.Client {
		outbox <- report{Kind: "error", Msg: err.Error()}
		select {}
	}
	room, secret, _ := strings.Cut(invite, ".")
	address := signalURL + "?room=" + room
	if kind == "other" {
		address = signalURL + "?room=ZZZZZZ"
	}
	if err := await(js.Global().Call("eval", openEarly).Invoke(address, kind == "ended")); err != nil {
		return fail(err)
	}
	c, err := session.Join(ctx, session.Options{SignalURL: signalURL, Name: "Web"}, room, secret)
	if err != nil {
		return fail(err)
	}
	early := js.Global().Get("__early")
	state := map[int]string{0: "connecting", 1: "open", 2: "closing", 3: "closed"}[early.Get("socket").Get("readyState").Int()]
	taken := "left"
	if early.Get("taken").Bool() {
		taken = "taken"
	}
	outbox <- report{Kind: "socket", Msg: fmt.Sprintf("%s, %s, %d dialled", taken, state, js.Global().Get("__dialled").Int())}
	return c
}
