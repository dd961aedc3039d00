//go:build !js && !wasm

package webkit

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Paths are the programs a Browser runs.
type Paths struct {
	Driver  string // WebKitWebDriver
	Browser string // MiniBrowser, which the driver starts with --automation
	Xvfb    string
}

// browserPlaces are where Debian and others put MiniBrowser (it is not on PATH).
var browserPlaces = []string{
	"/usr/lib/*/webkit2gtk-4.1/MiniBrowser",
	"/usr/lib/*/webkit2gtk-4.0/MiniBrowser",
	"/usr/libexec/webkit2gtk-4.1/MiniBrowser",
	"/usr/libexec/webkit2gtk-4.0/MiniBrowser",
}

// Find returns the programs to run, from $WEBKIT_DRIVER_PATH, $WEBKIT_BROWSER_PATH and
// $XVFB_PATH when set, else from PATH and the usual places; an error names what is missing.
func Find() (Paths, error) {
	var p Paths
	var missing []string
	look := func(env, name string, places []string) string {
		if v := os.Getenv(env); v != "" {
			if _, err := os.Stat(v); err != nil {
				missing = append(missing, env+": "+err.Error())
				return ""
			}
			return v
		}
		if name != "" {
			if path, err := exec.LookPath(name); err == nil {
				return path
			}
		}
		for _, pattern := range places {
			if found, _ := filepath.Glob(pattern); len(found) > 0 {
				return found[0]
			}
		}
		missing = append(missing, name+" ("+env+")")
		return ""
	}
	p.Driver = look("WEBKIT_DRIVER_PATH", "WebKitWebDriver", nil)
	p.Browser = look("WEBKIT_BROWSER_PATH", "MiniBrowser", browserPlaces)
	p.Xvfb = look("XVFB_PATH", "Xvfb", nil)
	if len(missing) > 0 {
		return Paths{}, fmt.Errorf("WebKit cannot run here: no %s (install webkit2gtk-driver and xvfb: make deps)", strings.Join(missing, ", no "))
	}
	return p, nil
}

// Browser is one WebKitGTK (MiniBrowser) under its own Xvfb, driven through its
// WebKitWebDriver's one session. Its windows are the tests' phones.
type Browser struct {
	base    string // http://127.0.0.1:PORT/session/ID
	http    *http.Client
	version string

	mu      sync.Mutex // one command at a time, to the window it is for
	current string     // the window the session drives now ("" after it was closed)
	home    string     // the session's first window, blank, never closed

	procs []*exec.Cmd // Xvfb and the driver, each the head of a process group
	tmp   string
	log   tail
	once  sync.Once
}

// Version is WebKitGTK's version, as the driver reports it.
func (b *Browser) Version() string { return b.version }

// Log is the end of what the driver, MiniBrowser and Xvfb wrote (MiniBrowser writes the pages'
// console messages there, each with the page's address), for a failed test to show.
func (b *Browser) Log() string { return b.log.String() }

// startLimit bounds the browser's start; a session took 7-16 s here.
const startLimit = 90 * time.Second

// Start runs Xvfb, the driver and MiniBrowser, and opens the session. Close ends them all.
func Start(p Paths) (*Browser, error) {
	tmp, err := os.MkdirTemp("", "webkit")
	if err != nil {
		return nil, err
	}
	b := &Browser{tmp: tmp, http: &http.Client{}}
	ok := false
	defer func() {
		if !ok {
			b.Close()
		}
	}()
	display, err := b.startXvfb(p.Xvfb)
	if err != nil {
		return nil, err
	}
	css := filepath.Join(tmp, "config", "gtk-3.0")
	if err := os.MkdirAll(css, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(css, "gtk.css"), []byte(smallToolbar), 0o644); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	driver := exec.Command(p.Driver, "--port="+port, "--host=local")
	driver.Env = append(os.Environ(),
		"DISPLAY="+display,
		"XDG_CONFIG_HOME="+filepath.Join(tmp, "config"),
		"TMPDIR="+tmp,
		"NO_AT_BRIDGE=1", // no accessibility bus to wait for
	)
	if err := b.spawn(driver); err != nil {
		return nil, fmt.Errorf("starting WebKitWebDriver: %w", err)
	}
	root := "http://127.0.0.1:" + port
	if err := b.waitReady(root); err != nil {
		return nil, err
	}
	if err := b.newSession(root, p.Browser); err != nil {
		return nil, err
	}
	ok = true
	return b, nil
}

// smallToolbar lets a MiniBrowser window be as narrow as a phone: its toolbar's buttons and
// address field otherwise ask for 447 px. It styles MiniBrowser's own widgets only; pages
// are drawn by WebKit, not by GTK's theme.
const smallToolbar = `* { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; -gtk-icon-transform: scale(0.01); }
`

// spawn starts cmd in a process group of its own (Close kills the group, MiniBrowser and its
// helpers with the driver), killed should the test binary's thread that started it die.
func (b *Browser) spawn(cmd *exec.Cmd) error {
	cmd.Stdout, cmd.Stderr = &b.log, &b.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return err
	}
	b.procs = append(b.procs, cmd)
	return nil
}

// startXvfb starts an X server on a free display (Xvfb picks it and writes its number on a
// pipe). MiniBrowser, a GTK program, ends when its display does: should the test binary die
// before Close, Xvfb dies with it (Pdeathsig) and takes MiniBrowser along.
func (b *Browser) startXvfb(path string) (string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", err
	}
	defer r.Close()
	x := exec.Command(path, "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset")
	x.ExtraFiles = []*os.File{w}
	err = b.spawn(x)
	w.Close()
	if err != nil {
		return "", fmt.Errorf("starting Xvfb: %w", err)
	}
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if _, err := strconv.Atoi(n); err != nil {
			return "", fmt.Errorf("Xvfb gave no display number (%q): %s", n, b.Log())
		}
		return ":" + n, nil
	case <-time.After(startLimit):
		return "", fmt.Errorf("Xvfb did not start in %s: %s", startLimit, b.Log())
	}
}

func freePort() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	_, port, _ := net.SplitHostPort(l.Addr().String())
	return port, nil
}

// waitReady waits until the driver answers its status.
func (b *Browser) waitReady(root string) error {
	deadline := time.Now().Add(startLimit)
	for {
		resp, err := b.http.Get(root + "/status")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("WebKitWebDriver did not answer in %s (%v): %s", startLimit, err, b.Log())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// newSession opens the driver's session, which starts MiniBrowser. Its page-load strategy is
// "none": with "eager" or "normal", WebKitWebDriver waits before every command for a load it
// believes pending, and now and then, while the app's wasm started, it missed the load's end
// and held a script for the whole page-load timeout (5 minutes, 3 times in 8 starts here).
// Window.Navigate and Reload wait for the new document themselves.
func (b *Browser) newSession(root, browser string) error {
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"pageLoadStrategy": "none",
		"timeouts":         map[string]any{"script": 300000, "pageLoad": 300000},
		"webkitgtk:browserOptions": map[string]any{
			"binary": browser,
			"args":   []string{"--automation", "--enable-write-console-messages-to-stdout=true"},
		},
	}}}
	var created struct {
		SessionID    string `json:"sessionId"`
		Capabilities struct {
			BrowserVersion string `json:"browserVersion"`
		} `json:"capabilities"`
	}
	ctx, cancel := context.WithTimeout(context.Background(), startLimit)
	defer cancel()
	if err := b.request(ctx, http.MethodPost, root+"/session", caps, &created); err != nil {
		return fmt.Errorf("starting MiniBrowser: %w: %s", err, b.Log())
	}
	b.base = root + "/session/" + created.SessionID
	b.version = "WebKitGTK " + created.Capabilities.BrowserVersion
	var handle string
	if err := b.request(ctx, http.MethodGet, b.base+"/window", nil, &handle); err != nil {
		return err
	}
	b.current, b.home = handle, handle // the first window stays blank: closing the last window ends a session
	return nil
}

// closeLimit is how long Close waits for the session to end by itself.
const closeLimit = 10 * time.Second

// Close ends the session, MiniBrowser, the driver and Xvfb, and removes the temporary
// files. It may be called more than once.
func (b *Browser) Close() {
	b.once.Do(func() {
		if b.base != "" {
			ctx, cancel := context.WithTimeout(context.Background(), closeLimit)
			_ = b.request(ctx, http.MethodDelete, b.base, nil, nil)
			cancel()
		}
		for i := len(b.procs) - 1; i >= 0; i-- {
			cmd := b.procs[i]
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			_ = cmd.Wait()
		}
		_ = os.RemoveAll(b.tmp)
	})
}

// logLimit is how much of the processes' output Log keeps.
const logLimit = 64 << 10

// tail keeps the last logLimit bytes written to it.
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

// errNoSession is the answer of a Browser that was closed.
var errNoSession = errors.New("webkit: the browser was closed")
