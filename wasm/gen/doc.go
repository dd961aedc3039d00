//go:build !wasm

// Command gen writes the Safehouse site as static files: go-app's index.html, app.js,
// service worker, manifest and wasm_exec.js, the project's web/ assets (icons, styles) and
// the built web/app.wasm. Every text file and the wasm get a brotli (.br) and a gzip (.gz)
// copy beside them, for servers that send a precompressed file by Accept-Encoding. The result
// is served by `safehouse -site DIR` on a LAN or by any static host or CDN.
//
// The language packs are files of the site (lang/<code>.<hash>.json), and so is, for every
// language but English, the prerendered page's texts and a manifest in it (langpage.go):
// the page's inline script (early.js, with langmatch.js) picks the player's language before
// the body is parsed and shows the page in it, right to left where it reads so, from the
// first frame.
//
//	go run ./wasm/gen -out build/site [-signal-url wss://host/signal] [-prefix /games/safehouse]
package main
