//go:build !wasm

package e2e

import (
	"os"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"safehouse/tools/chromium"
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
// plain-http name for the test servers on loopback (TestBadCodesAndPlainHTTP).
var sharedChromeFlags = []chromedp.ExecAllocatorOption{
	chromedp.Flag("host-resolver-rules", "MAP safehouse.test 127.0.0.1"),
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

func closeSharedBrowsers() {
	sharedChrome.Lock()
	defer sharedChrome.Unlock()
	if sharedChrome.b != nil {
		sharedChrome.b.Close()
		sharedChrome.b = nil
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	closeSharedBrowsers()
	os.Exit(code)
}
