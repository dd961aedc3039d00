// Package signaling is Safehouse's signaling server: it introduces a room's
// host to the phones that ask to join it and carries their messages (WebRTC
// offers, answers and ICE candidates, and end-to-end encrypted game traffic
// when no direct channel can be made) without reading them. The wire protocol
// is described in PROTOCOL.md next to this file; its message, type and error
// codes and room codes live in package safehouse/wire, shared with the client.
//
// A Server is an http.Handler speaking that protocol over WebSockets; mount it
// at /signal, and wrap the listener with Server.Listen so that sockets are
// limited before any request is read. Everything it knows lives in memory and
// is bounded: message size, relayed bytes per second per connection and per
// network, peers per room, rooms, sockets, connections, joins and failed
// joins per client address and network (prefixes.go), and rooms, sockets and
// connections in total, of which no network may take the last places. The memories behind
// the per-address limits forget their stalest entries when full, so that no
// flood of addresses locks anyone out. A room outlives its host's disconnect
// for a grace period so that a reloaded host tab can reclaim it with its claim
// token, which changes on every reclaim. Peers without the invite link's pass
// (a typed or guessed code) are strangers with a small quota of their own in
// each room until the host admits them, and the host can block one
// (strangers.go). Every log line a client can cause, a
// refusal or a success (a room made, reclaimed, left or expired), is logged
// once per kind, address and minute, with a count of the rest (logs.go).
//
// Connections are cheap to hold, since a party of thousands of phones mostly
// waits: after the upgrade (gorilla/websocket on this side; clients use any
// WebSocket library, the app's own use coder/websocket) a connection keeps one
// goroutine, its reader, with a 512-byte read buffer. Messages are decoded and
// answered on a short-lived goroutine, so the reader's stack stays small;
// replies go out through a writer goroutine that runs only while something is
// queued, borrowing its write buffer from a pool; keep-alive pings are a timer
// per connection. An idle connection costs about 10 KB of resident memory
// (`make bench`, 5,000 held).
//
// Operators get Healthz, Readyz and Metrics (Prometheus, metrics.go), and
// Drain for a restart behind a load balancer (health.go). With JoinCluster
// several instances share their rooms through NATS: a room lives on the
// instance of its host, peers elsewhere reach it over NATS, a reclaim
// through another instance moves the room there, and the room directory, a
// JetStream key-value bucket written only by create-if-absent and
// revision-checked updates, names each room's one home and outlives a home
// that dies, so that the host's reclaim adopts the room (cluster*.go); a
// home writes a room's changes to it at most every 50 ms, together. An
// instance cut off from NATS yields, once back, the rooms the directory gave
// to another. Without it everything stays in one process, as before.
//
// SiteHandler serves the static site the build writes, so that one binary
// (cmd/safehouse) runs a whole party on a LAN: each file as its precompressed
// brotli or gzip copy when the browser accepts one (site_encoding.go).
//
// This package is server-side only and must never be imported by the
// WebAssembly client.
package signaling
