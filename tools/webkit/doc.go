// Package webkit runs WebKit, Safari's engine, for the browser tests (app/e2e): Debian's
// WebKitGTK (the webkit2gtk-driver package's WebKitWebDriver, which starts its MiniBrowser)
// on an X server of its own (Xvfb), and a small client of the W3C WebDriver protocol, which is
// all WebKitWebDriver speaks.
//
// One Browser is one WebKitWebDriver with its one session (the driver takes no second one),
// so one MiniBrowser process with its network and web processes: about 7.5 s to start and
// 550 MB with the app loaded, on the 2-core machines here. Each phone of a test is a Window of
// it (a new window costs half a second): windows of one session share their storage, but
// every test serves the site on a port of its own, so no two tests share an origin, and with
// it localStorage, IndexedDB, caches or service workers. The protocol drives one window at a
// time, so a Browser runs one command at a time, switching to the command's window first.
// Windows, not tabs: MiniBrowser's tabs behind the front one are hidden (no animation frames,
// throttled timers), its windows are all shown.
//
// MiniBrowser's toolbar would keep a window at least 447 px wide; a GTK style sheet of the
// package's own (given through XDG_CONFIG_HOME) shrinks it, so a window can be a phone's 375 or
// 390 px (SetViewport sizes the page, not the window).
//
// WebKitGTK as Debian builds it has no WebRTC (RTCPeerConnection is undefined): a WebKit page
// here meets the app as a browser without WebRTC does, through the signaling server's relay.
//
// Where WebKitWebDriver, MiniBrowser or Xvfb is missing, Find says so; the tests then skip
// loudly or fail under CI (tools/chromium's Missing). Found by $WEBKIT_DRIVER_PATH,
// $WEBKIT_BROWSER_PATH and $XVFB_PATH, or in the usual places.
//
// The code is native only (build tags !js and !wasm): it never enters the app's wasm.
package webkit
