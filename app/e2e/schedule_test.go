//go:build !wasm

package e2e

import (
	"flag"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// The browser tests run -parallel at a time, as go test runs parallel tests, but longest
// first. go test starts the waiting parallel tests in no set order: in make test a test that
// waits a minute for a frozen host began last, beside one other, and the last 40 s of the
// run used one core of two. Longest first, the short tests fill the cores around the long
// ones, and the run ends with short tests.
//
// TestMain lifts go test's own limit (so every parallel test reaches the queue at once) and
// keeps the -parallel it was given for the queue: parallel(t) waits for one of those places.

// longestFirst are the tests that took longest in make test (build/test-json, both halves),
// longest first. A test not named here starts after them; the order among those does not
// matter, since each is short.
var longestFirst = []string{
	"TestLanguages", "TestHomeControlsAboveTheBar", "TestFrozenHostComesBack",
	"TestQRGameWithNoServer", "TestSpyfallVariants", "TestWebKitHostsChromiumPlayer",
	"TestWebKitPlayerJoinsChromiumHost", "TestLobbyAcrossBrowsersAndNativePeer",
	"TestSpyfestGameThroughTheUI", "TestSpyfestReadsAboveTheBar",
	"TestWebKitPlayerPlaysASpyfestAttempt", "TestAuditAccessibilityAndInstallability",
	"TestNothingAtAGlance", "TestFirefoxQRCodesBothWays", "TestSeatRowsKeepOneHeight",
	"TestHostTabClosedAPlayerTabContinuesTheGame_APP_HOST_2", "TestRightToLeft",
	"TestTypedCodeWaitsForTheHost", "TestSpyfallClassicGame", "TestReload_APP_REJOIN_1_2",
}

// queueGathers is how long the queue waits, after the first test asks for a place, before it
// gives the first places: go test releases the parallel tests together, and within this
// time each has asked for its place.
const queueGathers = 200 * time.Millisecond

// testQueue gives places to parallel tests, the first of longestFirst first.
type testQueue struct {
	mu      sync.Mutex
	places  int // tests that may run at once (go test's -parallel)
	running int
	opened  bool // the gathering time is over
	waiting []*queued
}

type queued struct {
	rank  int
	start chan struct{}
}

var queue = &testQueue{places: 1}

// takeParallelFlag makes the queue's places go test's -parallel, and lifts go test's own
// limit: called by TestMain before m.Run.
func takeParallelFlag() {
	if !flag.Parsed() {
		flag.Parse()
	}
	f := flag.Lookup("test.parallel")
	if f == nil {
		return
	}
	if n, err := strconv.Atoi(f.Value.String()); err == nil && n > 0 {
		queue.places = n
		_ = f.Value.Set("1000")
	}
}

// parallel marks t parallel and waits for its place in the queue, which it gives back when t
// ends.
func parallel(t *testing.T) {
	t.Helper()
	t.Parallel()
	t.Cleanup(queue.wait(t.Name()))
}

func rankOf(name string) int {
	if i := slices.Index(longestFirst, name); i >= 0 {
		return i
	}
	return len(longestFirst)
}

// wait blocks until the test named name may run, and returns the function that gives its
// place back.
func (q *testQueue) wait(name string) func() {
	w := &queued{rank: rankOf(name), start: make(chan struct{})}
	q.mu.Lock()
	if !q.opened && len(q.waiting) == 0 {
		time.AfterFunc(queueGathers, func() {
			q.mu.Lock()
			q.opened = true
			q.startLocked()
			q.mu.Unlock()
		})
	}
	q.waiting = append(q.waiting, w)
	q.startLocked()
	q.mu.Unlock()
	<-w.start
	return func() {
		q.mu.Lock()
		q.running--
		q.startLocked()
		q.mu.Unlock()
	}
}

// startLocked lets the best-ranked waiting tests run while there are places.
func (q *testQueue) startLocked() {
	for q.opened && q.running < q.places && len(q.waiting) > 0 {
		best := 0
		for i, w := range q.waiting {
			if w.rank < q.waiting[best].rank {
				best = i
			}
		}
		w := q.waiting[best]
		q.waiting = slices.Delete(q.waiting, best, best+1)
		q.running++
		close(w.start)
	}
}

// The queue starts the waiting tests longest first, as many at once as it has places, and the
// next when one ends.
func TestQueueStartsTheLongestFirst(t *testing.T) {
	q := &testQueue{places: 2}
	names := []string{"TestShortOne", longestFirst[2], "TestShortTwo", longestFirst[0], longestFirst[1]}
	var mu sync.Mutex
	var started []string
	done := map[string]func(){}
	var wg sync.WaitGroup
	for _, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			end := q.wait(name)
			mu.Lock()
			started, done[name] = append(started, name), end
			mu.Unlock()
		}()
	}
	waitStarted := func(n int) []string {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			mu.Lock()
			got := slices.Clone(started)
			mu.Unlock()
			if len(got) >= n {
				return got
			}
		}
		t.Fatalf("started %v, want %d", started, n)
		return nil
	}
	first := waitStarted(2)
	slices.Sort(first)
	want := []string{longestFirst[0], longestFirst[1]}
	slices.Sort(want)
	if !slices.Equal(first, want) {
		t.Fatalf("the first two to start: %v, want %v", first, want)
	}
	time.Sleep(2 * queueGathers)
	if got := waitStarted(0); len(got) != 2 {
		t.Fatalf("%d started with two places: %v", len(got), got)
	}
	mu.Lock()
	end := done[longestFirst[0]]
	mu.Unlock()
	end()
	if got := waitStarted(3); got[2] != longestFirst[2] {
		t.Fatalf("the third to start: %s, want %s", got[2], longestFirst[2])
	}
	// The rest start as places come free.
	ended := map[string]bool{longestFirst[0]: true}
	for n := 3; n <= len(names); n++ {
		got := waitStarted(n)
		mu.Lock()
		for _, name := range got {
			if !ended[name] {
				ended[name] = true
				done[name]()
				break
			}
		}
		mu.Unlock()
	}
	wg.Wait()
}
