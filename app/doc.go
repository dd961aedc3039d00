// Package app is the Safehouse user interface: go-app v10 components for every screen, the
// route table shared by the browser build (wasm/) and the static site generator (wasm/gen),
// and the pure helpers behind them (invite links in the URL fragment, the QR code as SVG, the
// signaling address). Screens render a view model and send intents; the game state lives in
// the host's session (app/session), never here.
//
// Someone who typed the room code instead of following the invite link waits on the
// connecting screen ("Waiting for the host to let you in", connecting.go) until the host lets
// them in or turns them away from the banner above its lobby or game (knocks.go).
//
// A phone at rest must not tell the spy from anyone else (APP-HID-4): a screen draws what is
// public and this seat's public place (dealer, whose turn, voter), never what only its secret
// allows. The spy's moves are the button on the face of the held card (secret_card.go), and
// every seat's card has one in the same place. glance_test.go renders every phase of random
// games twice, with the secret changed, and requires the same HTML.
//
// On a first visit the page the site generator prerendered is on screen for seconds before
// the wasm runs. Its inline script (wasm/gen/early.js) keeps the name and code typed there,
// the language and theme chosen and a press on Join or Create; the shell applies them and
// carries the press out as it mounts (early.go).
//
// The shell is one component, so go-app draws its whole tree again after every update (each
// view from the host). What is large and mostly unchanged stays out of that: each lobby row
// is a component of its own (lobbyRow), drawn again only when its fields change, and the
// host's list of locations is drawn only while open. The host tab draws its own screen after
// every intent of every player, so this is its share of issue 9's fan-out time.
//
// Screens build their elements with el, elText and elVoid from a selector such as
// "button#join.btn.primary[type=submit]", chaining on elWith and friends only what changes
// from one render to the next (el.go). That keeps each element to one call in app.wasm,
// where a chain of go-app's typed builders cost a call per attribute.
package app
