//go:build !wasm

package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// profileInterval is the sampling period of a host tab profile: fine enough to see where a
// few milliseconds per intent go.
const profileInterval = 100 * time.Microsecond

// startProfile starts V8's sampling CPU profiler in the tab (JavaScript and wasm alike).
func (t *tab) startProfile() error {
	if _, err := chromedp.Call(t.ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return err
	}
	if _, err := chromedp.Call(t.ctx, profiler.SetSamplingInterval,
		profiler.SetSamplingIntervalParams{Interval: profileInterval.Microseconds()}); err != nil {
		return err
	}
	_, err := chromedp.Call(t.ctx, profiler.Start, cdp.Empty{})
	return err
}

// stopProfile stops the profiler and writes its profile to path, in the .cpuprofile format
// Chromium's DevTools open (Performance panel, "Load profile").
func (t *tab) stopProfile(path string) (*profiler.Profile, error) {
	res, err := chromedp.Call(t.ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(res.Profile)
	if err != nil {
		return nil, err
	}
	return res.Profile, os.WriteFile(path, raw, 0o644)
}

// profileSummary writes the functions that took the most time in p: by self time (the
// function itself was running) and by total time (it was on the stack), each as a share of
// the busy time (every sample but the idle ones). Wasm functions have names only when the
// wasm keeps its name section (built without -ldflags=-s).
func profileSummary(w io.Writer, p *profiler.Profile, top int) {
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	name := func(n *profiler.ProfileNode) string {
		if n.CallFrame.FunctionName == "" {
			return "(anonymous) " + n.CallFrame.URL
		}
		return n.CallFrame.FunctionName
	}
	self, total := map[string]time.Duration{}, map[string]time.Duration{}
	var busy time.Duration
	for i, id := range p.Samples {
		if i+1 >= len(p.TimeDeltas) {
			break
		}
		// A sample's time is the gap to the next one.
		d := time.Duration(p.TimeDeltas[i+1]) * time.Microsecond
		n := byID[id]
		if n == nil || name(n) == "(idle)" {
			continue
		}
		busy += d
		self[name(n)] += d
		seen := map[string]bool{}
		for at, ok := id, true; ok; at, ok = parent[at] {
			fn := name(byID[at])
			if !seen[fn] {
				seen[fn] = true
				total[fn] += d
			}
		}
	}
	list := func(title string, m map[string]time.Duration) {
		type entry struct {
			fn string
			d  time.Duration
		}
		var es []entry
		for fn, d := range m {
			es = append(es, entry{fn, d})
		}
		slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(b.d, a.d) })
		fmt.Fprintf(w, "%s (busy %s):\n", title, busy.Round(time.Millisecond))
		for _, e := range es[:min(top, len(es))] {
			fmt.Fprintf(w, "  %5.1f%%  %8s  %s\n", 100*float64(e.d)/float64(max(busy, 1)), e.d.Round(100*time.Microsecond), e.fn)
		}
	}
	list("self time", self)
	list("total time", total)
}

// saveHostProfile stops the host tab's profile and saves it in dir as name.cpuprofile, with
// its summary, headed by label, in name.txt.
func saveHostProfile(t *tab, dir, name, label string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	base := filepath.Join(dir, name)
	p, err := t.stopProfile(base + ".cpuprofile")
	if err != nil {
		return err
	}
	f, err := os.Create(base + ".txt")
	if err != nil {
		return err
	}
	fmt.Fprintf(f, "%s\n", label)
	profileSummary(f, p, 40)
	return f.Close()
}
