// Package chromium starts headless Chromium the one way the browser tests (app/e2e), the
// session's browser tests (app/session) and the benchmark (tools/bench) need: found by
// $CHROME_PATH or on PATH, a fresh profile in a short temporary directory of its own (with
// an optional Preferences file written before the start), the flags WebRTC on loopback
// needs, the microphone and camera granted on the origins a page will use (without them
// Chromium gathers no loopback ICE candidate), and an end that kills the browser's whole
// process group and removes the profile.
//
// Where a browser is missing, a test skips with a loud message saying the browser tests did
// not run, or fails when CI=true or SAFEHOUSE_REQUIRE_BROWSER=1 (the CI script sets both);
// the benchmark fails at its start in the same case.
//
// The code is native only (build tags !js and !wasm): it never enters the app's wasm.
package chromium
