//go:build js && wasm

package main

import (
	"runtime/debug"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app"
)

// The host tab runs the game, its players' connections and its own screen on one thread, so
// a garbage collection lands in the middle of whatever update is on its way. With Go's
// default (collect when the heap doubles) a 12-player lobby collected every few updates, and
// those updates reached the screens late: intent to every screen p99 26 ms against 16-18 ms
// with a heap allowed to grow to five times what is live (make bench, issue 9). The price is
// memory: the host tab's wasm memory was 14 MB and is 25 MB. The limit keeps a long game
// from growing past what a phone's tab comfortably holds: near it, Go collects more often.
const (
	gcPercent   = 400
	memoryLimit = 96 << 20
)

func main() {
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(memoryLimit)
	app.Routes()
	goapp.RunWhenOnBrowser()
}
