//go:build !wasm

// Command bench measures Safehouse against the performance targets of issue 9 and prints one
// table: each figure, its target, and whether it meets it; the last line counts the targets
// met. `make bench` builds the site first and runs it; it is not part of `make test`.
//
// Every figure comes from the real thing in the same run: the app's wasm and a baseline page
// (tools/bench/baseline) built side by side, both served by the project's own server binary
// (signaling/cmd/safehouse) and loaded in headless Chromium; joins and intents over real
// WebRTC data channels (the app in Chromium and native pion peers from app/session); the
// signaling server as a separate process, measured from outside; the engines' own
// BenchmarkGames. A figure that cannot be measured yet says why instead of showing a number,
// and its target counts as not met.
//
// The takeover section (takeover.go) kills a host's process and times its table taking the
// game over, and reads from a build with names the wasm code the handoff and takeover's own
// files add (tools/wasmsize -files).
//
// The evening section (evening.go, eveningplay.go, eveningmem.go) plays a long evening of
// Spyfall at a browser host, with a player tab, native players and table screens, and checks
// that neither tab's JS heap, wasm memory nor DOM grows from round 10 to 100, that the
// intent fan-out stays quick at every checkpoint, and that the signaling server's memory
// stays flat over 10,000 joins and leaves. The table goes to stdout and only there: the
// bench's progress goes to stderr, and the log of the sessions it runs (slog's default
// logger) to build/bench-sessions.log (main.go, logSessionsTo).
//
// The signaling sections load the server from loopback addresses chosen so that its limits
// mean what the row says: idle connections come a room to a /24 (127.1.r.x), so no network's
// share of the server binds; joins/s lifts the join limits and compares one instance with
// three sharing a NATS, which runs in a process of its own (this binary with -nats-serve)
// as in a deployment, in alternating rounds: the three with each join at its room's home,
// as the deployment's proxy routes them (the target), and with the joins spread. The abuse section keeps the defaults and times
// newcomers' joins from networks of their own while one /24 holds every socket its share
// allows, and while 20 of its peers flood the relay, each against the quiet p99 just before.
package main
