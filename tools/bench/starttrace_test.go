//go:build !wasm

package main

import (
	"testing"
	"time"
)

// Each event keeps only the time its nested events do not take, however deep they nest, and
// an event that starts after another has ended is not inside it.
func TestOwnTimesTakeOutNestedEvents(t *testing.T) {
	events := []traceEvent{
		{Name: "RunTask", Phase: "X", TS: 0, Dur: 100},
		{Name: "FunctionCall", Phase: "X", TS: 10, Dur: 60},
		{Name: "wasm.CompileLazy", Phase: "X", TS: 20, Dur: 15},
		{Name: "V8.GC_SCAVENGER", Phase: "X", TS: 40, Dur: 5},
		{Name: "Layout", Phase: "X", TS: 80, Dur: 10},
		{Name: "RunTask", Phase: "X", TS: 120, Dur: 30},
	}
	want := map[string]float64{"FunctionCall": 40, "wasm.CompileLazy": 15, "V8.GC_SCAVENGER": 5, "Layout": 10}
	got := map[string]float64{}
	for _, o := range ownTimes(events) {
		got[o.name] += o.own
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: own time %v, want %v", name, got[name], w)
		}
	}
	if got["RunTask"] != 30+30 {
		t.Errorf("RunTask: own time %v, want 60 (20 of the first, 30 of the second)", got["RunTask"])
	}
}

// The phases come from the busiest renderer main thread only, and every event lands in one.
func TestPhasesOfTheMainThread(t *testing.T) {
	events := []traceEvent{
		{Name: "thread_name", Phase: "M", PID: 1, TID: 1, Args: struct {
			Name string `json:"name"`
		}{"CrRendererMain"}},
		{Name: "thread_name", Phase: "M", PID: 1, TID: 2, Args: struct {
			Name string `json:"name"`
		}{"Compositor"}},
		{Name: "v8.wasm.compileConsume", Phase: "X", PID: 1, TID: 1, TS: 0, Dur: 700},
		{Name: "wasm.CompileLazy", Phase: "X", PID: 1, TID: 1, TS: 800, Dur: 300},
		{Name: "Layout", Phase: "X", PID: 1, TID: 2, TS: 0, Dur: 900},
		{Name: "ResourceLoad", Phase: "X", PID: 1, TID: 1, TS: 1200, Dur: 100},
	}
	p := phasesOf(events)
	if p["wasm: compile as it streams in"] != 700*time.Microsecond || p["wasm: compile each function on its first call"] != 300*time.Microsecond {
		t.Errorf("phases %v", p)
	}
	if p["style and layout"] != 0 {
		t.Errorf("another thread's layout counted: %v", p)
	}
	if p[phaseOf("ResourceLoad")] != 100*time.Microsecond {
		t.Errorf("an unnamed phase's time is lost: %v", p)
	}
}
