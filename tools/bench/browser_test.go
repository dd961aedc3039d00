//go:build !wasm

package main

import (
	"testing"
	"time"

	"safehouse/tools/chromium"
)

// A condition that is a promise is awaited: the first visit's bench waited for the worker to
// keep the wasm with such a condition, and took a promise, always truthy, for "kept".
func TestWaitForAwaitsAPromise(t *testing.T) {
	b := chromium.StartForTest(t, chromium.ForTest(t), chromium.Options{Dir: t.TempDir()})
	tb := &tab{ctx: b.Ctx, close: b.Close}
	if err := tb.waitFor(`(async () => false)()`, 300*time.Millisecond); err == nil {
		t.Error("a promise of false was taken for true")
	}
	if err := tb.waitFor(`(async () => 1)()`, 10*time.Second); err != nil {
		t.Errorf("a promise of a truthy value: %v", err)
	}
	if err := tb.waitFor(`document.title === ""`, 10*time.Second); err != nil {
		t.Errorf("a plain condition: %v", err)
	}
}
