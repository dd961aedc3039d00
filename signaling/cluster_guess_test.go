//go:build !js

package signaling

import (
	"strings"
	"sync"
	"testing"
	"time"

	"safehouse/wire"
)

// A guesser that sends its guesses at once, in parallel, through an instance
// of a cluster, gets no more answers than the failed-join limit: each guess
// counts before the instance asks the others about the code, so the guesses
// waiting for their answers hold the limit too. (The instance's NATS link is
// slow here, as between data centres, so that every guess is in flight at
// once.)
func TestClusterParallelGuessesMeetTheFailedJoinLimit(t *testing.T) {
	ns := startNATS(t)
	slow := startNATSProxy(t, strings.TrimPrefix(ns.ClientURL(), "nats://"), 30*time.Millisecond)
	const limit, guesses = 5, 24
	b := startInstance(t, slow.url(), Config{FailedJoinsPerMinute: limit})
	guessers := make([]*testClient, guesses)
	for i := range guessers {
		guessers[i] = b.dial(t, "127.0.0.7")
	}
	answers := make([]string, guesses)
	var wg sync.WaitGroup
	for i, g := range guessers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.send(wire.Message{T: wire.TypeJoin, Room: "ZZZZZ" + string(wire.RoomAlphabet[i%len(wire.RoomAlphabet)])})
			answers[i] = g.expect(wire.TypeError).Code
		}()
	}
	wg.Wait()
	counts := map[string]int{}
	for _, code := range answers {
		counts[code]++
	}
	if counts[wire.CodeUnknownRoom] > limit || counts[wire.CodeUnknownRoom]+counts[wire.CodeRateLimited] != guesses {
		t.Fatalf("%d parallel guesses from one address were answered %v; want at most %d unknown-room, the rest rate-limited",
			guesses, counts, limit)
	}
}
