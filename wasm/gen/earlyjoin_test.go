//go:build !wasm

package main

import (
	"encoding/json"
	"slices"
	"testing"

	"safehouse/wire"
)

// The page's early join (earlyjoin.js) speaks as the app's join does, with fakes for the
// socket and the PeerConnection: the invite's pass is wire.InvitePass of the secret its link
// carries (one the app would refuse, too short or with a foreign character, gives none); the join and then the offer go out, and our candidates only after the offer; the
// host's candidates wait for its answer; what the page does not act on is queued for the app
// in order; take hands all over once, and a join nobody took is closed after a while.
// (app/session's browser test runs it with the app's join, in Chromium.)
func TestEarlyJoinSpeaksAsTheAppsJoin(t *testing.T) {
	const secret = "0123456789abcdefghijkl"
	script := `const window = { isSecureContext: true };
const timers = [];
const setTimeout = (fn, ms) => { timers.push({ fn, ms }); return timers.length; };
const clearTimeout = (id) => { if (timers[id - 1]) timers[id - 1].fn = null; };
const listening = (o) => { o.listeners = {}; o.addEventListener = (t, fn) => (o.listeners[t] = o.listeners[t] || []).push(fn);
  o.removeEventListener = (t, fn) => { o.listeners[t] = (o.listeners[t] || []).filter((f) => f !== fn); };
  o.fire = (t, e) => (o.listeners[t] || []).forEach((fn) => fn(e)); return o; };
const made = [];
class RTCPeerConnection {
  constructor(config) { listening(this); this.config = config; this.signalingState = "stable"; this.remoteDescription = null;
    this.added = []; this.closed = false; made.push(this); }
  createDataChannel(label) { this.channel = listening({ label, closed: false, close() { this.closed = true; } }); return this.channel; }
  createOffer() { return Promise.resolve({ type: "offer", sdp: "offer-sdp" }); }
  setLocalDescription() { this.signalingState = "have-local-offer"; return Promise.resolve(); }
  setRemoteDescription(d) { this.remoteDescription = d; this.signalingState = "stable"; return Promise.resolve(); }
  addIceCandidate(c) { this.added.push(c.candidate); return Promise.resolve(); }
  close() { this.closed = true; }
}
const socket = () => listening({ sent: [], closed: false, send(m) { this.sent.push(JSON.parse(m)); }, close() { this.closed = true; } });
const candidate = (c) => ({ candidate: { toJSON: () => ({ candidate: c, sdpMid: "0" }) } });
const from = (data) => ({ data: JSON.stringify({ t: "from", data }) });
const tick = () => new Promise((r) => setImmediate(r));
` + earlyJoin + `
(async () => {
  const out = {};
  out.secret = window.safehouseInviteSecret("#join=ABCDEF&k=` + secret + `");
  out.badSecret = window.safehouseInviteSecret("#join=ABCDEF&k=` + secret[:21] + `") + "|" + window.safehouseInviteSecret("#join=ABCDEF&k=` + secret + `%21");
  out.longest = window.safehouseInviteSecret("#join=ABCDEF&k=" + "a".repeat(128)).length + "|" + window.safehouseInviteSecret("#join=ABCDEF&k=" + "a".repeat(129)).length;
  out.pass = await window.safehouseInvitePass(out.secret);
  out.canJoin = window.safehouseCanJoinEarly();

  const s = socket();
  const early = { socket: s, url: "ws://x/signal?room=ABCDEF", queue: ["{\"t\":\"early\"}"], taken: false };
  window.safehouseEarlySocket = early;
  window.safehouseJoinEarly(early, "ABCDEF", out.pass, ["stun:a.example", "stun:b.example"]);
  const pc = made[0];
  out.config = pc.config;
  out.socketOffered = window.safehouseEarlySocket !== undefined;
  pc.fire("icecandidate", candidate("before the offer"));
  await tick();
  pc.fire("icecandidate", candidate("after the offer"));
  s.fire("message", { data: "{\"t\":\"joined\"}" });
  s.fire("message", from({ candidate: { candidate: "host 1", sdpMid: "0" } }));
  s.fire("message", from({ sdp: { type: "answer", sdp: "answer-sdp" } }));
  await tick();
  s.fire("message", from({ candidate: { candidate: "host 2", sdpMid: "0" } }));
  s.fire("message", { data: "{\"t\":\"host-away\"}" });
  pc.channel.fire("message", { data: "hi" });
  out.sent = s.sent;
  out.added = pc.added;
  const taken = window.safehouseEarlyJoin.take();
  out.taken = { offer: taken.offer, answer: taken.answer, queue: taken.queue, messages: taken.messages, room: taken.room,
    samePeer: new taken.asPeer({}) === pc, sameChannel: taken.asChannel() === pc.channel,
    left: window.safehouseEarlyJoin !== undefined, again: taken.take() === null,
    listening: Object.values(s.listeners).flat().length + Object.values(pc.listeners).flat().length + Object.values(pc.channel.listeners).flat().length,
    timers: timers.filter((t) => t.fn).length, closed: s.closed || pc.closed };
  s.fire("message", { data: "{\"t\":\"after\"}" });
  out.queuedAfterTake = taken.queue.length;

  const s2 = socket();
  window.safehouseJoinEarly({ socket: s2, url: "ws://x/signal?room=ABCDEF", queue: [], taken: false }, "ABCDEF", out.pass, []);
  out.noIce = made[1].config;
  timers.filter((t) => t.fn && t.ms === 20000).forEach((t) => t.fn());
  out.life = { closed: [s2.closed, made[1].closed, made[1].channel.closed], left: window.safehouseEarlyJoin !== undefined };
  console.log(JSON.stringify(out));
})();`
	type msg struct {
		T    string          `json:"t"`
		Room string          `json:"room"`
		Pass string          `json:"pass"`
		Data json.RawMessage `json:"data"`
	}
	var got struct {
		Secret, BadSecret, Pass string
		Longest                 string
		CanJoin                 bool
		Config, NoIce           json.RawMessage
		SocketOffered           bool
		Sent                    []msg
		Added                   []string
		Taken                   struct {
			Offer, Answer, Room   string
			Queue, Messages       []string
			SamePeer, SameChannel bool
			Left, Again, Closed   bool
			Listening, Timers     int
		}
		QueuedAfterTake int
		Life            struct {
			Closed []bool
			Left   bool
		}
	}
	runNode(t, script, &got)

	if got.Secret != secret || got.BadSecret != "|" || got.Longest != "128|0" {
		t.Errorf("the secret read from the link: %q, from bad ones %q, the longest %s: want %q, none, and 128|0 (app/invite.go validSecret: 22 to 128)",
			got.Secret, got.BadSecret, got.Longest, secret)
	}
	if want := wire.InvitePass(secret); got.Pass != want {
		t.Errorf("the page's pass %q, want wire.InvitePass's %q", got.Pass, want)
	}
	if !got.CanJoin {
		t.Error("a secure context with WebRTC and crypto.subtle does not join early")
	}
	if string(got.Config) != `{"iceServers":[{"urls":["stun:a.example","stun:b.example"]}]}` || string(got.NoIce) != `{}` {
		t.Errorf("the PeerConnection's configuration: %s, and without servers %s", got.Config, got.NoIce)
	}
	if got.SocketOffered {
		t.Error("the socket is still offered to the app's dial once the page joins on it")
	}
	var kinds []string
	for _, m := range got.Sent {
		kinds = append(kinds, m.T+" "+string(m.Data))
	}
	want := []string{
		`to {"sdp":{"type":"offer","sdp":"offer-sdp"}}`,
		`to {"candidate":{"candidate":"before the offer","sdpMid":"0"}}`,
		`to {"candidate":{"candidate":"after the offer","sdpMid":"0"}}`,
	}
	if len(got.Sent) == 0 || got.Sent[0].T != wire.TypeJoin || got.Sent[0].Room != "ABCDEF" || got.Sent[0].Pass != got.Pass || !slices.Equal(kinds[1:], want) {
		t.Errorf("the page sent %v, want the join with the pass, then %v", got.Sent, want)
	}
	if !slices.Equal(got.Added, []string{"host 1", "host 2"}) {
		t.Errorf("the host's candidates added: %v, want host 1 (after the answer) and host 2", got.Added)
	}
	tk := got.Taken
	if tk.Offer != "offer-sdp" || tk.Answer != "answer-sdp" || tk.Room != "ABCDEF" || !tk.SamePeer || !tk.SameChannel {
		t.Errorf("taken: offer %q, answer %q, room %q, the page's peer %v and channel %v", tk.Offer, tk.Answer, tk.Room, tk.SamePeer, tk.SameChannel)
	}
	if !slices.Equal(tk.Queue, []string{`{"t":"early"}`, `{"t":"joined"}`, `{"t":"host-away"}`}) || !slices.Equal(tk.Messages, []string{"hi"}) {
		t.Errorf("left for the app: socket %q, channel %q", tk.Queue, tk.Messages)
	}
	if tk.Left || !tk.Again || tk.Listening != 0 || tk.Timers != 0 || tk.Closed || got.QueuedAfterTake != len(tk.Queue) {
		t.Errorf("after the take: still offered %v, taken again %v, %d listeners and %d timers left, closed %v, queued after %d",
			tk.Left, !tk.Again, tk.Listening, tk.Timers, tk.Closed, got.QueuedAfterTake-len(tk.Queue))
	}
	if !slices.Equal(got.Life.Closed, []bool{true, true, true}) || got.Life.Left {
		t.Errorf("a join nobody took, at the end of its life: socket, peer, channel closed %v; still offered %v", got.Life.Closed, got.Life.Left)
	}
}
