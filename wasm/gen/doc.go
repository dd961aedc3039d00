//go:build !wasm

// Command gen writes the Safehouse site as static files: go-app's index.html, app.js,
// service worker, manifest and wasm_exec.js, the project's web/ assets (icons, styles) and
// the built web/app.wasm. Every text file and the wasm get a brotli (.br) and a gzip (.gz)
// copy beside them, for servers that send a precompressed file by Accept-Encoding. The result
// is served by `safehouse -site DIR` on a LAN or by any static host or CDN.
//
//	go run ./wasm/gen -out build/site [-signal-url wss://host/signal] [-prefix /games/safehouse]
package main
