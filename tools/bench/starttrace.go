//go:build !wasm

package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// startPhases sort the page's main-thread work during a start into what a reader of issue 35
// asks about (where each 100 ms of the app's start goes), by the trace events Chromium
// names: the first phase whose test a trace event's name passes takes its own time (not its
// children's). What no phase names (a task's own scheduling, loading) is "other".
var startPhases = []struct {
	name  string
	match func(event string) bool
}{
	{"wasm: compile as it streams in", func(e string) bool {
		return strings.HasPrefix(e, "v8.wasm.compile") || strings.Contains(e, "Streaming") || e == "wasm.OnBytesReceived"
	}},
	{"wasm: compile each function on its first call", func(e string) bool { return e == "wasm.CompileLazy" }},
	{"wasm: instantiate", func(e string) bool { return strings.Contains(e, "Instantiate") || e == "FlushInstructionCache" }},
	{"garbage collection", func(e string) bool {
		return strings.HasPrefix(e, "V8.GC") || strings.HasSuffix(e, "GC") || strings.HasPrefix(e, "BlinkGC") || strings.HasPrefix(e, "ThreadState::")
	}},
	{"parse HTML, CSS and JavaScript", func(e string) bool {
		return strings.HasPrefix(e, "ParseHTML") || strings.HasPrefix(e, "HTMLDocumentParser") || strings.Contains(e, "StyleSheet") ||
			strings.HasPrefix(e, "v8.compile") || strings.HasPrefix(e, "V8.Compile") || strings.HasPrefix(e, "v8.parse")
	}},
	{"style and layout", func(e string) bool {
		return strings.Contains(e, "Layout") || strings.Contains(e, "Style") || strings.Contains(e, "Lifecycle") || e == "HitTest"
	}},
	{"paint and composite", func(e string) bool {
		return strings.Contains(e, "Paint") || e == "Commit" || strings.HasPrefix(e, "Layerize") || strings.Contains(e, "Composit")
	}},
	{"running Go and JavaScript (runtime start, package init, first render, handlers)", func(e string) bool {
		return e == "FunctionCall" || strings.HasPrefix(e, "v8.callFunction") || e == "EvaluateScript" || strings.HasPrefix(e, "v8.run") ||
			e == "V8.Execute" || strings.Contains(e, "Microtask") || e == "TimerFire" || e == "FireAnimationFrame" ||
			e == "EventDispatch" || e == "v8.evaluateModule" || e == "ScheduledAction::Execute"
	}},
}

// startTraceCategories are the trace categories the phases are read from.
var startTraceCategories = []string{"devtools.timeline", "v8", "v8.wasm", "disabled-by-default-v8.compile", "blink", "loading"}

// traceEvent is one complete ("X") event of a Chromium trace.
type traceEvent struct {
	Name  string  `json:"name"`
	Phase string  `json:"ph"`
	PID   float64 `json:"pid"`
	TID   float64 `json:"tid"`
	TS    float64 `json:"ts"`  // µs
	Dur   float64 `json:"dur"` // µs
	Args  struct {
		Name string `json:"name"` // a thread_name metadata event's
	} `json:"args"`
}

// startBreakdown opens origin in a fresh browser, lets the service worker cache the wasm,
// and traces one cached reload until the page is ready: the main thread's busy time by phase.
func startBreakdown(chrome, workDir, origin string) (map[string]time.Duration, time.Duration, error) {
	t, err := openTab(chrome, workDir)
	if err != nil {
		return nil, 0, err
	}
	defer t.close()
	if err := t.onEveryPage(readyScript); err != nil {
		return nil, 0, err
	}
	if err := t.navigate(origin + "/"); err != nil {
		return nil, 0, err
	}
	if _, err := readyAfter(t, time.Minute); err != nil {
		return nil, 0, fmt.Errorf("first load: %w", err)
	}
	if err := t.waitFor(cachedScript, 30*time.Second); err != nil {
		return nil, 0, fmt.Errorf("the service worker never cached the wasm: %w", err)
	}

	var mu sync.Mutex
	var events []traceEvent
	complete := make(chan struct{})
	listen, stopListening := context.WithCancel(t.ctx)
	defer stopListening()
	if err := chromedp.Listen(listen, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			defer mu.Unlock()
			for _, raw := range e.Value {
				var te traceEvent
				if json.Unmarshal(raw, &te) == nil && (te.Phase == "X" || te.Phase == "M") {
					events = append(events, te)
				}
			}
		case *tracing.EventTracingComplete:
			close(complete)
		}
	}); err != nil {
		return nil, 0, err
	}
	err = t.withLimit(time.Minute, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
			TraceConfig:  &tracing.TraceConfig{IncludedCategories: startTraceCategories},
			TransferMode: tracing.StartTransferModeReportEvents,
		})
		return err
	}), chromedp.Reload())
	if err != nil {
		return nil, 0, err
	}
	ready, err := readyAfter(t, time.Minute)
	if err != nil {
		return nil, 0, fmt.Errorf("traced reload: %w", err)
	}
	if err := t.withLimit(time.Minute, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, tracing.End, cdp.Empty{})
		return err
	})); err != nil {
		return nil, 0, err
	}
	select {
	case <-complete:
	case <-time.After(time.Minute):
		return nil, 0, fmt.Errorf("the trace never completed")
	}
	mu.Lock()
	defer mu.Unlock()
	return phasesOf(events), ready, nil
}

// phasesOf sums the own time of the busiest renderer main thread's events by phase.
func phasesOf(events []traceEvent) map[string]time.Duration {
	type thread struct{ pid, tid float64 }
	mains := map[thread]bool{}
	for _, e := range events {
		if e.Phase == "M" && e.Name == "thread_name" && e.Args.Name == "CrRendererMain" {
			mains[thread{e.PID, e.TID}] = true
		}
	}
	byThread := map[thread][]traceEvent{}
	busy := map[thread]float64{}
	for _, e := range events {
		th := thread{e.PID, e.TID}
		if e.Phase == "X" && mains[th] {
			byThread[th] = append(byThread[th], e)
			busy[th] += e.Dur
		}
	}
	var main thread
	for th := range byThread {
		if busy[th] > busy[main] {
			main = th
		}
	}
	phases := map[string]time.Duration{}
	unnamed := map[string]float64{}
	for _, s := range ownTimes(byThread[main]) {
		phase := phaseOf(s.name)
		phases[phase] += time.Duration(s.own * float64(time.Microsecond))
		if phase == phaseOf("") {
			unnamed[s.name] += s.own
		}
	}
	// What "other" holds, largest first, for whoever refines the phases.
	names := slices.Collect(maps.Keys(unnamed))
	slices.SortFunc(names, func(a, b string) int { return cmp.Compare(unnamed[b], unnamed[a]) })
	var largest []string
	for _, n := range names[:min(8, len(names))] {
		largest = append(largest, fmt.Sprintf("%s %.0f ms", n, unnamed[n]/1000))
	}
	log.Printf("start-up trace: other is mostly %s", strings.Join(largest, ", "))
	return phases
}

// phaseOf names the phase of a trace event.
func phaseOf(event string) string {
	for _, p := range startPhases {
		if p.match(event) {
			return p.name
		}
	}
	return "other (loading, tasks' own scheduling)"
}

type ownTime struct {
	name string
	own  float64 // µs
}

// ownTimes gives each event of one thread its own time: its duration less that of the
// events nested in it (an event nests in another it starts within).
func ownTimes(events []traceEvent) []ownTime {
	slices.SortFunc(events, func(a, b traceEvent) int { return cmp.Or(cmp.Compare(a.TS, b.TS), cmp.Compare(b.Dur, a.Dur)) })
	out := make([]ownTime, len(events))
	var open []int // indexes of the events enclosing the current one, innermost last
	for i, e := range events {
		for len(open) > 0 {
			top := events[open[len(open)-1]]
			if e.TS < top.TS+top.Dur {
				break
			}
			open = open[:len(open)-1]
		}
		out[i] = ownTime{name: e.Name, own: e.Dur}
		if len(open) > 0 {
			parent := open[len(open)-1]
			p := events[parent]
			out[parent].own -= min(e.Dur, p.TS+p.Dur-e.TS)
		}
		open = append(open, i)
	}
	return out
}

// startBreakdownRows are the phases of a cached reload of the app and of the baseline, side
// by side, each phase's main-thread time in ms.
func startBreakdownRows(chrome, workDir string, app, base startupSite) []row {
	const sec = "start-up"
	appPhases, appReady, err := startBreakdown(chrome, workDir, app.origin)
	if err != nil {
		return []row{unmeasured(sec, "where a cached reload's main-thread time goes", "", fmt.Errorf("app: %w", err))}
	}
	basePhases, baseReady, err := startBreakdown(chrome, workDir, base.origin)
	if err != nil {
		return []row{unmeasured(sec, "where a cached reload's main-thread time goes", "", fmt.Errorf("baseline: %w", err))}
	}
	total := func(p map[string]time.Duration) (sum time.Duration) {
		for _, d := range p {
			sum += d
		}
		return sum
	}
	rows := []row{info(sec, "one traced cached reload, app / baseline: ready after; main thread busy",
		fmt.Sprintf("%s / %s; %s / %s", ms(appReady), ms(baseReady), ms(total(appPhases)), ms(total(basePhases))))}
	names := []string{}
	for _, p := range startPhases {
		names = append(names, p.name)
	}
	names = append(names, phaseOf(""))
	for _, name := range names {
		rows = append(rows, info(sec, "  "+name+", app / baseline", ms(appPhases[name])+" / "+ms(basePhases[name])))
	}
	return rows
}
