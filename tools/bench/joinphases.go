//go:build !wasm

package main

import (
	"fmt"
	"strings"
	"time"
)

// joinPhasesScript marks, in an invitee's page, when each step of its first join ended
// (performance.now(), ms since the navigation began): the signaling socket open, the host's
// answer applied, ICE connected, DTLS connected (the PeerConnection connected) and the data
// channel open. It watches the page's first WebSocket and first RTCPeerConnection, which it
// reaches by wrapping their constructors; the app's calls are passed through untouched.
const joinPhasesScript = `(() => {
  const marks = window.__joinMarks = {};
  const mark = (name) => { if (marks[name] === undefined) marks[name] = performance.now(); };
  const watch = (Ctor, hook) => new Proxy(Ctor, {
    construct(target, args, newTarget) {
      const made = Reflect.construct(target, args, newTarget);
      hook(made);
      return made;
    },
  });
  let socket = null;
  window.WebSocket = watch(window.WebSocket, (ws) => {
    if (socket) return;
    socket = ws;
    ws.addEventListener("open", () => mark("socket"));
  });
  let peer = null;
  window.RTCPeerConnection = watch(window.RTCPeerConnection, (pc) => {
    if (peer) return;
    peer = pc;
    pc.addEventListener("signalingstatechange", () => { if (pc.signalingState === "stable" && pc.remoteDescription) mark("answer"); });
    pc.addEventListener("iceconnectionstatechange", () => {
      if (pc.iceConnectionState === "connected" || pc.iceConnectionState === "completed") mark("ice");
    });
    pc.addEventListener("connectionstatechange", () => { if (pc.connectionState === "connected") mark("dtls"); });
  });
  const createDataChannel = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = createDataChannel.apply(this, args);
    if (this === peer) channel.addEventListener("open", () => mark("channel"));
    return channel;
  };
})()`

// joinPhaseNames are the marks of joinPhasesScript in the order a join passes them.
var joinPhaseNames = []string{"socket", "answer", "ice", "dtls", "channel"}

// joinPhases is how long each step of one join took: from the wasm running to the socket
// open, from there to the answer, and so on, the last from the channel open to the seat on
// the host's screen.
type joinPhases []time.Duration

// joinPhasesOf reads the marks of a page whose wasm started at started and whose seat was
// seen at seat (both since its navigation began).
func joinPhasesOf(marks map[string]float64, started, seat time.Duration) (joinPhases, error) {
	var out joinPhases
	last := started
	for _, name := range joinPhaseNames {
		at, ok := marks[name]
		if !ok {
			return nil, fmt.Errorf("the join's %s was not seen (marks %v)", name, marks)
		}
		d := time.Duration(at * float64(time.Millisecond))
		out = append(out, max(d-last, 0))
		last = max(d, last)
	}
	return append(out, max(seat-last, 0)), nil
}

// joinPhasesRow is each step's p50 over the visits.
func joinPhasesRow(visits []joinPhases) string {
	var parts []string
	for i := range len(joinPhaseNames) + 1 {
		var ds []time.Duration
		for _, v := range visits {
			ds = append(ds, v[i])
		}
		parts = append(parts, fmt.Sprintf("%.0f", float64(percentile(ds, 50))/float64(time.Millisecond)))
	}
	return strings.Join(parts, " / ") + " ms"
}
