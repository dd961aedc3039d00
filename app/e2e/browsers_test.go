//go:build !wasm

package e2e

import (
	"os"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"safehouse/tools/chromium"
	"safehouse/tools/webkit"
)

// The package's tests share one Chromium: every tab is a browser context of its own (its own
// storage, caches, service workers and permissions, as another phone has) in that one
// process. A Chromium per tab cost about a second of start-up and a set of helper processes
// each, on a machine where the browser tests run beside one another (t.Parallel). It starts
// with the first tab and ends when the package's tests end (TestMain), or with the test
// binary should that die first (tools/chromium's parent-death signal).
var sharedChrome struct {
	sync.Mutex
	b *chromium.Browser
}

// sharedChromeFlags are the shared browser's own options: safehouse.test is a second,
// plain-http name for the test servers on loopback (TestBadCodesAndPlainHTTP). V8 runs the
// app's WebAssembly with its baseline compiler only: every tab of every test compiles the
// whole app again, and optimising it in the background took a sixth of a test's CPU time
// on two cores, for code that runs a few seconds per tab (measured: TestSpyfallVariants took
// 62 CPU-s with it, 52 without). Phones optimise it as always; no test here measures speed.
var sharedChromeFlags = []chromedp.ExecAllocatorOption{
	chromedp.Flag("host-resolver-rules", "MAP safehouse.test 127.0.0.1"),
	chromedp.Flag("js-flags", "--liftoff-only"),
}

// chromeForTest is the package's Chromium, started on first use; a browser that does not
// start fails the test.
func chromeForTest(t *testing.T, path string) *chromium.Browser {
	t.Helper()
	sharedChrome.Lock()
	defer sharedChrome.Unlock()
	if sharedChrome.b == nil {
		b, err := chromium.Start(path, chromium.Options{Flags: sharedChromeFlags})
		if err != nil {
			t.Fatalf("%v", err)
		}
		sharedChrome.b = b
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("Chromium's output (shared by the package's tests):\n%s", sharedChrome.b.Log())
		}
	})
	return sharedChrome.b
}

// The WebKit tests share one WebKitGTK the same way (tools/webkit): one Xvfb, one
// WebKitWebDriver and its one MiniBrowser, each phone a window of its own. A second WebKit
// would cost another 7.5 s of start-up and 550 MB; the tests' sites are on ports of their
// own, so their windows share no storage.
var sharedWebKit struct {
	sync.Mutex
	b   *webkit.Browser
	err error // a WebKit that did not start is not tried again by every test
}

// webKitForTest is the package's WebKit, started on first use. A WebKit that is not
// installed ends the test as missing does; one that does not start fails it.
func webKitForTest(t *testing.T) *webkit.Browser {
	t.Helper()
	paths, err := webkit.Find()
	if err != nil {
		missing(t, "%v", err)
	}
	sharedWebKit.Lock()
	defer sharedWebKit.Unlock()
	if sharedWebKit.b == nil && sharedWebKit.err == nil {
		sharedWebKit.b, sharedWebKit.err = webkit.Start(paths)
	}
	if sharedWebKit.err != nil {
		t.Fatalf("%v", sharedWebKit.err)
	}
	return sharedWebKit.b
}

func closeSharedBrowsers() {
	sharedChrome.Lock()
	if sharedChrome.b != nil {
		sharedChrome.b.Close()
		sharedChrome.b = nil
	}
	sharedChrome.Unlock()
	sharedWebKit.Lock()
	if sharedWebKit.b != nil {
		sharedWebKit.b.Close()
		sharedWebKit.b = nil
	}
	sharedWebKit.Unlock()
	sharedFirefox.Lock()
	if sharedFirefox.d != nil {
		sharedFirefox.d.stop()
		sharedFirefox.d = nil
	}
	sharedFirefox.Unlock()
}

func TestMain(m *testing.M) {
	code := m.Run()
	closeSharedBrowsers()
	os.Exit(code)
}
