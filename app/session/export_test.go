//go:build !js

package session

import (
	"testing"

	"github.com/pion/webrtc/v4"
)

// What the tests of package session_test (which play the real game of app/game, a package
// that imports this one) need from this package's own test hooks.

// StartTestSignaling runs a real signaling server on loopback for one test.
func StartTestSignaling(t *testing.T) string {
	url, _ := startSignaling(t)
	return url
}

// ChaosTestOptions are options for a player that notices a dead connection and comes back fast.
func ChaosTestOptions(url, name string) Options { return chaosOptions(url, name) }

// KillConnection cuts c's current connection from its side, as a phone losing its network does.
func KillConnection(c *Client) { kill(c) }

// Crash stops the host without a word to anyone, as a closed or reloaded tab does.
func (h *HostSession) Crash() { h.crash() }

// RaceEnabled says the race detector is on (the chaos loops scale down under it).
const RaceEnabled = raceEnabled

// RandomDrops is how many connection drops a random-drop test makes.
func RandomDrops() int { return randomDrops() }

// Crash stops the QR host without a word to anyone, as a reloaded tab (or one the browser
// discarded while the phone slept) does: its saved state stays as it was.
func (h *QRHost) Crash() {
	var pcs map[*webrtc.PeerConnection]struct{}
	h.crash(func() { pcs = h.stop() }, func() {
		for pc := range pcs {
			_ = pc.Close()
		}
	})
}
