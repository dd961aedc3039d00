//go:build !js && !wasm

package chromium

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// names are the commands tried on PATH, in order, when $CHROME_PATH is not set.
var names = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// binaries are browsers started directly, before any launcher on PATH: Debian's
// /usr/bin/chromium is a shell script that adds the flags of /etc/chromium.d (GPU
// rasterization, which a machine without a GPU emulates on its CPU, and the packaged
// extensions), and those cost the browser tests a tenth of their CPU time.
var binaries = []string{"/usr/lib/chromium/chromium"}

// shellBinaries and shellNames are Chromium's headless shell (Debian's
// chromium-headless-shell, Puppeteer's chrome-headless-shell): the browser's own Blink, V8,
// network and compositor, built without its windows, profile services and UI layer. The tests
// run in it (ForTest): the same pages cost its processes about a sixth less CPU than the full
// browser's headless mode (TestSpyfallClassicGame, TestSpyfallVariants and
// TestQRGameWithNoServer: 68 against 81 CPU-seconds), and the browser tests are most of
// make test's time. What a user's browser does with time (make bench, Lighthouse in make
// audit) is measured in the full browser.
var (
	shellBinaries = []string{"/usr/lib/chromium/chromium-headless-shell"}
	shellNames    = []string{"chromium-headless-shell", "chrome-headless-shell"}
)

// Find returns the browser to run: $CHROME_PATH when set (it must exist), else the first of
// binaries that exists, else the first of the usual commands on PATH.
func Find() (string, error) {
	if p, ok, err := fromEnv(); ok {
		return p, err
	}
	if p, ok := first(binaries, names); ok {
		return p, nil
	}
	return "", errors.New("no Chromium found (set CHROME_PATH or install chromium: make deps)")
}

// FindShell returns the browser the tests run: $CHROME_PATH when set, else Chromium's headless
// shell where it is installed, else the browser Find gives.
func FindShell() (string, error) {
	if p, ok, err := fromEnv(); ok {
		return p, err
	}
	if p, ok := first(shellBinaries, shellNames); ok {
		return p, nil
	}
	return Find()
}

// fromEnv is $CHROME_PATH, which must exist when it is set.
func fromEnv() (path string, set bool, err error) {
	p := os.Getenv("CHROME_PATH")
	if p == "" {
		return "", false, nil
	}
	if _, err := os.Stat(p); err != nil {
		return "", true, fmt.Errorf("CHROME_PATH: %w", err)
	}
	return p, true, nil
}

// first is the first of binaries that is an executable file, else the first of names on PATH.
func first(binaries, names []string) (string, bool) {
	for _, p := range binaries {
		if info, err := os.Stat(p); err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			return p, true
		}
	}
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}

// Required reports whether a missing browser is a failure rather than a skip: under CI
// (CI=true) or with SAFEHOUSE_REQUIRE_BROWSER=1.
func Required() bool {
	return os.Getenv("CI") == "true" || os.Getenv("SAFEHOUSE_REQUIRE_BROWSER") == "1"
}

// Media are the permissions that make Chromium gather loopback ICE candidates on an origin.
var Media = []string{"microphone", "camera"}

// Options shape one browser. The zero value is a phone-sized window with nothing granted.
type Options struct {
	// Dir holds the browser's temporary directory ("" for the system's). Chromium's
	// singleton socket lives below it, so its path must stay short: t.TempDir is too long.
	Dir string
	// Prefs, when set, is written as the profile's Preferences file before the start: the
	// only way to some policies the command line does not reach (WebRTC's IP handling).
	Prefs map[string]any
	// Grant lists origins on which Media is granted once the browser runs.
	Grant []string
	// Width and Height size the window (390 by 844, a phone, when zero).
	Width, Height int
	// Flags are more options for the allocator (host-resolver-rules, ...). A flag the
	// defaults set is replaced, not added to: a disable-features flag must list the
	// defaults' features (chromedp.DefaultExecAllocatorOptions) as well as its own.
	Flags []chromedp.ExecAllocatorOption
}

// closeLimit is how long Close waits for Chromium to close by itself before killing it.
const closeLimit = 10 * time.Second

// Browser is one running Chromium with its own profile: another phone.
type Browser struct {
	// Ctx drives the browser's first tab (chromedp.Run, chromedp.Do); it ends with Close.
	Ctx context.Context

	close func()
	once  sync.Once
	log   tail
}

// Log is the end of what the browser wrote to its stdout and stderr (the last logLimit
// bytes), for a failed test to show.
func (b *Browser) Log() string { return b.log.String() }

// logLimit is how much of the browser's output Log keeps.
const logLimit = 64 << 10

// tail keeps the last logLimit bytes written to it; the browser's output goroutine and the
// test share it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (w *tail) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	if over := len(w.buf) - logLimit; over > 0 {
		w.buf = append(w.buf[:0], w.buf[over:]...)
	}
	return len(p), nil
}

func (w *tail) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.buf)
}

// Start runs the browser at path with o. Close ends it.
func Start(path string, o Options) (*Browser, error) {
	tmp, err := os.MkdirTemp(o.Dir, "chr")
	if err != nil {
		return nil, err
	}
	profile := filepath.Join(tmp, "profile")
	if o.Prefs != nil {
		if err := writePrefs(profile, o.Prefs); err != nil {
			_ = os.RemoveAll(tmp)
			return nil, err
		}
	}
	width, height := o.Width, o.Height
	if width == 0 || height == 0 {
		width, height = 390, 844
	}
	var cmd *exec.Cmd
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(profile),
		chromedp.Env("TMPDIR="+tmp),
		chromedp.WindowSize(width, height),
		// chromedp's own list, and the omnibox popup's two hidden WebUI pages that each new
		// window would open in a renderer of its own (about 1.9 CPU-seconds a window on two
		// cores; TestNewTabOpensNoBrowserUIPages): nobody types into this browser's omnibox.
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("allow-loopback-in-peer-connection", true),
		// A page that asks for the microphone (to unlock loopback candidates itself) gets a
		// fake one, with no prompt.
		chromedp.Flag("use-fake-ui-for-media-stream", true),
		chromedp.Flag("use-fake-device-for-media-stream", true),
		chromedp.ModifyCmdFunc(func(c *exec.Cmd) {
			// Its own process group, so Close ends its helpers with it; and killed with the
			// test binary's thread that started it, should the binary die first.
			c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
			cmd = c
		}),
	)
	b := &Browser{}
	opts = append(opts, chromedp.CombinedOutput(&b.log))
	opts = append(opts, o.Flags...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	b.Ctx = ctx
	b.close = func() {
		// Chromium is asked to close first (its helpers end with it, and nothing is left
		// for init to reap); whatever of its group is left after that, or after a browser
		// that does not answer, is killed.
		closed := make(chan struct{})
		go func() {
			cancelCtx()
			close(closed)
		}()
		select {
		case <-closed:
		case <-time.After(closeLimit):
		}
		if cmd != nil && cmd.Process != nil {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
		cancelAlloc()
		<-closed
		_ = os.RemoveAll(tmp)
	}
	if err := chromedp.Do(ctx); err != nil {
		b.Close()
		return nil, fmt.Errorf("starting Chromium: %w", err)
	}
	for _, origin := range o.Grant {
		if err := b.Grant(origin, Media...); err != nil {
			b.Close()
			return nil, err
		}
	}
	return b, nil
}

// Grant gives origin the permissions (Media for WebRTC on loopback; "clipboard-write", ...)
// in the browser's first context.
func (b *Browser) Grant(origin string, permissions ...string) error {
	return Grant(b.Ctx, origin, permissions...)
}

// NewTab opens a page in a browser context of its own: its own cookies, storage, caches,
// service workers and permissions, as another phone has, in b's process (a browser process
// per phone costs a second of start-up and its own helpers). cancel closes the page and
// disposes of its context.
func (b *Browser) NewTab() (context.Context, context.CancelFunc, error) {
	ctx, cancel := chromedp.NewContext(b.Ctx, chromedp.WithNewBrowserContext())
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("opening a tab: %w", err)
	}
	return ctx, cancel, nil
}

// Grant gives origin the permissions in the browser context of the page ctx drives (a
// NewTab's, or the browser's first).
func Grant(ctx context.Context, origin string, permissions ...string) error {
	var id cdp.BrowserContextID
	if c := chromedp.FromContext(ctx); c != nil {
		id = c.BrowserContextID
	}
	for _, perm := range permissions {
		_, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission:       &browser.PermissionDescriptor{Name: perm},
			Setting:          browser.PermissionSettingGranted,
			Origin:           origin,
			BrowserContextID: id,
		})
		if err != nil {
			return fmt.Errorf("granting %s on %s: %w", perm, origin, err)
		}
	}
	return nil
}

// Close ends the browser and every process of its group and removes its profile. It may
// be called more than once.
func (b *Browser) Close() { b.once.Do(b.close) }

// writePrefs writes a profile's Preferences file, which Chromium reads when it starts.
func writePrefs(profile string, prefs map[string]any) error {
	raw, err := json.Marshal(prefs)
	if err != nil {
		return err
	}
	dir := filepath.Join(profile, "Default")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "Preferences"), raw, 0o644)
}

// TB is the part of testing.TB the test helpers use.
type TB interface {
	Helper()
	Cleanup(func())
	Failed() bool
	Logf(format string, args ...any)
	Fatalf(format string, args ...any)
	Skip(args ...any)
}

// Missing ends a test that cannot run for want of something a browser test needs: it fails
// when Required, and otherwise skips with a message nobody can mistake for a pass.
func Missing(t TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if Required() {
		t.Fatalf("browser test required (CI=true or SAFEHOUSE_REQUIRE_BROWSER=1) but %s", msg)
	}
	banner := strings.Repeat("!", 8)
	t.Logf("%s THE BROWSER TEST DID NOT RUN: %s %s", banner, msg, banner)
	t.Skip("the browser test did not run: " + msg)
}

// ForTest finds the browser the tests run (FindShell), or ends the test as Missing does.
func ForTest(t TB) string {
	t.Helper()
	path, err := FindShell()
	if err != nil {
		Missing(t, "%v", err)
	}
	return path
}

// StartForTest starts a browser for the test and ends it with the test (t.Cleanup); a test
// that failed shows the browser's output. A browser that does not start fails the test.
func StartForTest(t TB, path string, o Options) *Browser {
	t.Helper()
	b, err := Start(path, o)
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(func() {
		b.Close()
		if t.Failed() {
			t.Logf("Chromium's output:\n%s", b.Log())
		}
	})
	return b
}
