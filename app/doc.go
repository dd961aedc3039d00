// Package app is the Safehouse user interface: go-app v10 components for every screen, the
// route table shared by the browser build (wasm/) and the static site generator (wasm/gen),
// and the pure helpers behind them (invite links in the URL fragment, the QR code as SVG, the
// signaling address). Screens render a view model and send intents; the game state lives in
// the host's session (app/session), never here.
//
// Someone who typed the room code instead of following the invite link waits on the
// connecting screen ("Waiting for the host to let you in", connecting.go) until the host lets
// them in or turns them away from the banner above its lobby or game (knocks.go).
package app
