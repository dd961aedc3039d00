// Package e2e holds the browser tests: headless Chromium, driven with chromedp, plays the
// app from the built site (make site) against the real signaling server on loopback, next to
// native pion peers. It has no code of its own besides the tests.
//
// The tests start Chromium through tools/chromium (found by $CHROME_PATH, else its headless
// shell where installed, else the browser on PATH: chromium.FindShell), and
// find the site by $SAFEHOUSE_SITE or build/site at the repository root. Without either they
// skip loudly; with CI=true or SAFEHOUSE_REQUIRE_BROWSER=1 they fail instead. Screenshots go to build/screenshots (or
// $SAFEHOUSE_SCREENSHOTS). With SAFEHOUSE_E2E_REDUCED_MOTION=1 (make test's second half)
// every Chromium tab asks for reduced motion.
//
// languages_test.go checks every language the app's language switch offers (issue 21) in one
// browser: each screen of one pass-and-play round and one lobby is drawn in every language
// and in English, and compared; a second phone is a tab in its own browser context of the
// same browser (its own storage), not another browser. Japanese and Chinese need
// fonts-noto-cjk (make deps).
//
// Two tests mix in Firefox (firefox_test.go): Debian's firefox-esr ($FIREFOX_PATH or on PATH)
// driven over WebDriver BiDi by puppeteer-core ($SAFEHOUSE_PUPPETEER, the node_modules that
// make firefox fills in build/firefox) through tools/firefox/driver.cjs. They skip and fail
// as the others do when Firefox, node or puppeteer-core is missing.
//
// A test may add deployment settings to the site's config.js for its own pages
// (harness.setConfig, siteconfig_test.go): the takeover tests (takeover_test.go,
// movedon_test.go) set takeoverAfter to a few seconds, where a real site waits 90 before its
// players are offered to continue a game whose host's phone is gone.
//
// Two tests mix in WebKit, Safari's engine (webkit_test.go): Debian's WebKitGTK, its
// WebKitWebDriver ($WEBKIT_DRIVER_PATH or on PATH) and MiniBrowser under an Xvfb of its own,
// driven over W3C WebDriver by tools/webkit; one WebKit serves the package, each phone a
// window of it. That build has no WebRTC, so a WebKit player joins through the server's
// relay, and a WebKit host takes every player through it. Each screen they reach is
// photographed at 390x844 and 375x667 and checked for sideways scroll, layout shift, axe-core
// findings and what troubles an iPhone (iphone_test.go: fields under 16 px, tap targets under
// 44 px, what shows on hover only). They skip and fail as the others do when WebKit is missing.
//
// The test files are built for !wasm only: they drive Chromium, and a js/wasm vet of
// ./app/... must not try to compile chromedp.
package e2e
