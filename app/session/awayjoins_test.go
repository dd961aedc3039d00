//go:build !js

package session

import (
	"testing"
	"time"

	"safehouse/signaling"
)

// The phones of a table reach the signaling server from one address, and every attempt to
// reach an away host is a join there. Players who kept knocking every few hundred
// milliseconds spent the address's joins within seconds, and the host coming back from that
// same address was refused ("too many joins from this address"): a takeover test failed so
// in CI. Waiting players now listen on their line for the host's return instead.
func TestWaitingPlayersLeaveTheHostJoinsToComeBack(t *testing.T) {
	url := startSignalingWith(t, signaling.Config{JoinsPerMinute: 40})
	ht := newHandoffTableOn(t, url, 4)
	ht.crash()
	for _, p := range ht.peers {
		ht.watcherOf(p).until(t, "the host away", func() bool { return !p.isOnline() })
	}
	// Long enough for players knocking at their fastest (RetryMaxDelay, 200 ms) to spend
	// forty joins several times over.
	time.Sleep(4 * time.Second)
	host, err := ht.resumeFrom(t, ht.store)
	if err != nil {
		t.Fatalf("the host coming back after its players waited: %v", err)
	}
	ht.watcherOf(host.Player()).waitView(t, "everyone back", allOnline(5))
}
