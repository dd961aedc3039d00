//go:build !wasm

// Command gen writes the Safehouse site as static files: go-app's index.html, app.js,
// service worker, manifest and wasm_exec.js, the project's web/ assets (icons, styles) and
// both builds of the app, web/app.wasm and web/app-player.wasm. Every text file and each
// wasm get a brotli (.br) and a gzip (.gz) copy beside them, for servers that send a
// precompressed file by Accept-Encoding. The result is served by `safehouse -site DIR` on a
// LAN or by any static host or CDN.
//
// The page's inline script (build.js), first in its head, picks the build and starts its
// download before the style sheets and config.js have come: the player build for an invite
// link (unless the worker keeps the full build already, or config.js, once it has run, sets
// inviteBuild "full": that stops the player build's download and starts the full build's),
// else the full build. app.js takes that download, with the build's size for the progress,
// and hands a build the worker keeps straight to the compiler (builds.go). On an invite link the page also opens the signaling socket while the wasm
// downloads (earlysocket.js) and, in a secure context, joins on it up to an open data channel
// to the host (earlyjoin.js), for the app's join to take and say its hello on. The
// service worker installs with the builds this browser runs (the one the page just ran, in
// the HTTP cache, or those an older version kept), fetches the full build at low priority
// when the player build asks, and keeps a build the page fetches through it
// (app-worker.js).
//
// The site's version (GOAPP_VERSION, and the service worker's cache name) is a hash of the
// files the generator writes, so an installed app updates exactly when something it would
// get has changed (version.go).
//
// The language packs are files of the site (lang/<code>.<hash>.json), and so is, for every
// language but English, the prerendered page's texts and a manifest in it (langpage.go):
// the page's inline script (early.js, with langmatch.js) picks the player's language before
// the body is parsed and shows the page in it, right to left where it reads so, from the
// first frame.
//
//	go run ./wasm/gen -out build/site [-signal-url wss://host/signal] [-prefix /games/safehouse]
package main
