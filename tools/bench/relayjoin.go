//go:build !wasm

package main

import (
	"fmt"
	"time"
)

// blockUDP is the profile preference behind Chromium's WebRtcIPHandlingPolicy (the one a
// network's administrator or a privacy extension sets): WebRTC only through a proxy that
// carries UDP, and there is none, so the guest has no ICE candidate at all, as on a network
// that drops UDP. Only the encrypted relay through the signaling server can seat it (issue
// 17). The command-line switch of the same policy changed nothing in Debian's Chromium.
var blockUDP = map[string]any{"webrtc": map[string]any{"ip_handling_policy": "disable_non_proxied_udp"}}

// onRelayScript is true once the guest's status says it is connected through the relay.
const onRelayScript = `document.querySelector("#status.status-online.path-relay")`

// relayJoinRows times joins of a guest whose UDP is blocked, as joinRows does for the others:
// from the navigation to the invite link until the host tab shows the guest's name.
func relayJoinRows(chrome, workDir, origin string, joins int) []row {
	join, start, _, err := measureJoins(chrome, workDir, origin, joins, true)
	if err != nil {
		return []row{goalRelayJoin.missing(err)}
	}
	p95 := percentile(join, 95)
	return []row{
		goalRelayJoin.check(fmt.Sprintf("%s / %s (%d joins)", ms(percentile(join, 50)), ms(p95), len(join)), p95 <= relayJoinTarget),
		info(goalRelayJoin.section, "  of which: the cached app starting, p50 / p95",
			fmt.Sprintf("%s / %s", ms(percentile(start, 50)), ms(percentile(start, 95)))),
	}
}

// relayJoinTarget is the p95 of a join through the relay (issue 17): the short wait for a
// connected ICE pair, the relay's handshake and the join itself.
const relayJoinTarget = 4 * time.Second
