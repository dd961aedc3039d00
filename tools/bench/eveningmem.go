//go:build !wasm

package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/memory"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// weight is what a tab holds at one moment, after a forced garbage collection.
type weight struct {
	jsHeap int64 // V8's used heap (Runtime.getHeapUsage usedSize)
	wasm   int64 // the byte length of the wasm's linear memory (tab.wasmMemory)
	nodes  int64 // DOM nodes alive (Memory.getDOMCounters)
}

// weigh forces V8's garbage collection in t (twice: the first frees what finalizers held),
// then reads its JS heap, wasm memory and DOM nodes. The Go runtime in the wasm collects on
// its own schedule, and its linear memory never shrinks: that figure is the high-water mark.
func (t *tab) weigh() (weight, error) {
	var w weight
	for range 2 {
		if _, err := chromedp.Call(t.ctx, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
			return w, fmt.Errorf("collecting garbage: %w", err)
		}
	}
	heap, err := chromedp.Call(t.ctx, runtime.GetHeapUsage, cdp.Empty{})
	if err != nil {
		return w, fmt.Errorf("the JS heap: %w", err)
	}
	dom, err := chromedp.Call(t.ctx, memory.GetDOMCounters, cdp.Empty{})
	if err != nil {
		return w, fmt.Errorf("the DOM counters: %w", err)
	}
	wasm, err := t.wasmMemory()
	if err != nil {
		return w, fmt.Errorf("the wasm memory: %w", err)
	}
	return weight{jsHeap: int64(heap.UsedSize), wasm: wasm, nodes: dom.Nodes}, nil
}

// growth is how much later grew over earlier, as a fraction (negative when it shrank).
func growth(earlier, later int64) float64 {
	if earlier <= 0 {
		return 0
	}
	return float64(later-earlier) / float64(earlier)
}

// maxGrowth is the evening's memory target: no figure grows more than this from the second
// checkpoint (round 10) to the last (round 100).
const maxGrowth = 0.10

const (
	churnJoins = 10_000 // joins and leaves the signaling server sees
	churnFirst = 1_000  // after which its resident memory is the reference
	churnRooms = 8
	churnAddrs = 8 // joiners at once, each from its own loopback address
)

// churnRSS has joiners connect to a fresh server process, join one of a few rooms (whose
// hosts stay) and leave, churnJoins times, and returns the server's resident memory after
// the first churnFirst and after all of them, each read a second after the joins stop.
func churnRSS(bin string) (first, last int64, err error) {
	servers, stop, err := startServers(bin, 1, joinFlags()...)
	if err != nil {
		return 0, 0, err
	}
	defer stop()
	s := servers[0]
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	codes, closeHosts, err := hostRooms(ctx, s.signal, churnRooms, func(i int) string { return fmt.Sprintf("127.0.4.%d", 1+i) })
	if err != nil {
		return 0, 0, err
	}
	defer closeHosts()
	done := 0
	joinAndLeave := func(n int) error {
		var next atomic.Int64
		var wg sync.WaitGroup
		var firstErr atomic.Value
		for w := range churnAddrs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ip := fmt.Sprintf("127.0.5.%d", 1+w)
				for {
					i := int(next.Add(1)) - 1
					if i >= n {
						return
					}
					if _, err := joinRoom(ctx, s.signal, ip, codes[(done+i)%len(codes)], false); err != nil {
						firstErr.CompareAndSwap(nil, err)
						return
					}
				}
			}()
		}
		wg.Wait()
		done += n
		if e, ok := firstErr.Load().(error); ok {
			return fmt.Errorf("after about %d joins: %w", done, e)
		}
		time.Sleep(time.Second) // the server's goroutines of the last leaves end
		return nil
	}
	if err := joinAndLeave(churnFirst); err != nil {
		return 0, 0, err
	}
	if first, err = s.rss(); err != nil {
		return 0, 0, err
	}
	if err := joinAndLeave(churnJoins - churnFirst); err != nil {
		return first, 0, err
	}
	if last, err = s.rss(); err != nil {
		return first, 0, err
	}
	if first == 0 {
		return 0, 0, errors.New("the server's resident memory reads 0")
	}
	return first, last, nil
}

// churnRows are the signaling server's rows of the evening.
func churnRows(bin string) []row {
	first, last, err := churnRSS(bin)
	if err != nil {
		return []row{goalChurn.missing(err)}
	}
	g := growth(first, last)
	return []row{goalChurn.check(fmt.Sprintf("%s -> %s (%+.1f %%)", megabytes(first), megabytes(last), 100*g), g <= maxGrowth)}
}
