// Package signaling is Safehouse's signaling server: it introduces a room's
// host to the phones that ask to join it and carries their messages (WebRTC
// offers, answers and ICE candidates, and end-to-end encrypted game traffic
// when no direct channel can be made) without reading them. The wire protocol
// is described in PROTOCOL.md next to this file.
//
// A Server is an http.Handler speaking that protocol over WebSockets; mount it
// at /signal. Everything it knows lives in memory and is bounded: message
// size, peers per room, rooms and failed joins per client address, rooms and
// connections in total. A room outlives its host's disconnect for a grace
// period so that a reloaded host tab can reclaim it with its claim token.
//
// SiteHandler serves the static site the build writes, so that one binary
// (cmd/safehouse) runs a whole party on a LAN.
//
// This package is server-side only and must never be imported by the
// WebAssembly client.
package signaling
