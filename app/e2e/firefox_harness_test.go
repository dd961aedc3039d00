//go:build !wasm

package e2e

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The Firefox tests drive Debian's firefox-esr over WebDriver BiDi with puppeteer-core (made
// for the job, pinned in tools/firefox/package.json, installed into build/firefox by make
// firefox) through tools/firefox/driver.cjs, a small node script the test talks to in JSON
// lines on its stdin and stdout.

func findFirefox() string {
	if p := os.Getenv("FIREFOX_PATH"); p != "" {
		if _, err := exec.LookPath(p); err != nil {
			return ""
		}
		return p
	}
	for _, name := range []string{"firefox-esr", "firefox"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// ffTab is one Firefox page in a browser context of its own (its own storage, caches and
// service workers): another phone. The pages of the package's tests share one Firefox (a
// Firefox costs 7 to 10 CPU-seconds to start here); a test that needs other preferences for
// the whole browser gets a Firefox of its own.
type ffTab struct {
	t     *testing.T
	label string
	fail  string // where a failing test leaves its last photograph
	d     *ffDriver
	page  string // the driver's name of the page
	logMu sync.Mutex
	log   []string
}

// ffDriver is one tools/firefox/driver.cjs and its Firefox.
type ffDriver struct {
	in      io.WriteCloser
	writeMu sync.Mutex
	ended   chan struct{} // closed when the driver's output ends

	mu      sync.Mutex
	next    int
	waiting map[int]chan map[string]json.RawMessage // by request id
	tabs    map[string]*ffTab                       // by page, for their console lines
	log     []string                                // what belongs to no page

	version string
	stop    func() // closes Firefox and ends the driver
}

// The package's shared Firefox, started on first use and ended by TestMain (as sharedChrome).
var sharedFirefox struct {
	sync.Mutex
	d   *ffDriver
	err error // a Firefox that did not start is not tried again by every test
}

// firefoxPaths finds Firefox, node and puppeteer-core, or ends the test as missing does.
func firefoxPaths(t *testing.T) (firefox, node, modules string) {
	t.Helper()
	firefox = findFirefox()
	if firefox == "" {
		missing(t, "no Firefox found (set FIREFOX_PATH or install firefox-esr: make deps)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing(t, "no node found for the Firefox driver (make deps)")
	}
	modules = os.Getenv("SAFEHOUSE_PUPPETEER")
	if modules == "" {
		modules = filepath.Join(repoRoot(t), "build", "firefox", "node_modules")
	}
	if _, err := os.Stat(filepath.Join(modules, "puppeteer-core")); err != nil {
		missing(t, "puppeteer-core is not installed in %s (make firefox)", modules)
	}
	return firefox, node, modules
}

// openFirefox opens a page in the package's Firefox, or, with prefs, in a Firefox of the
// test's own with those preferences; it skips (fails where the browser test is required)
// when Firefox, node or puppeteer-core is missing. The page closes with the test.
func (h *harness) openFirefox(label string, prefs map[string]any) *ffTab {
	t := h.t
	t.Helper()
	firefox, node, modules := firefoxPaths(t)
	script := filepath.Join(repoRoot(t), "tools", "firefox", "driver.cjs")
	var d *ffDriver
	var err error
	if len(prefs) == 0 {
		sharedFirefox.Lock()
		if sharedFirefox.d == nil && sharedFirefox.err == nil {
			sharedFirefox.d, sharedFirefox.err = startFirefox(firefox, node, script, modules, nil)
		}
		d, err = sharedFirefox.d, sharedFirefox.err
		sharedFirefox.Unlock()
	} else if d, err = startFirefox(firefox, node, script, modules, prefs); err == nil {
		t.Cleanup(d.stop)
	}
	if err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	ff := &ffTab{t: t, label: label, fail: filepath.Join(h.shotDir, "ff-failed-"+strings.ReplaceAll(label, " ", "-")+".png"), d: d}
	raw, err := d.request(map[string]any{"op": "open"}, 2*waitLimit)
	if err == nil {
		err = json.Unmarshal(raw, &ff.page)
	}
	if err != nil {
		t.Fatalf("%s: opening a Firefox page: %v\n  Firefox's driver:\n  %s", label, err, d.driverLog())
	}
	d.mu.Lock()
	d.tabs[ff.page] = ff
	d.mu.Unlock()
	t.Cleanup(func() {
		_, _ = d.request(map[string]any{"op": "close", "page": ff.page}, waitLimit)
		d.mu.Lock()
		delete(d.tabs, ff.page)
		d.mu.Unlock()
	})
	t.Logf("%s: %s", label, d.version)
	return ff
}

// startFirefox starts the driver and its Firefox, with more preferences when prefs is not
// nil. stop ends both: the driver closes Firefox when its input closes; puppeteer starts
// Firefox in a process group of its own, which stop kills if the driver could not close it.
func startFirefox(firefox, node, script, modules string, prefs map[string]any) (*ffDriver, error) {
	tmp, err := os.MkdirTemp("", "safehouse-firefox-")
	if err != nil {
		return nil, err
	}
	more, err := json.Marshal(prefs)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(node, script, firefox, filepath.Join(tmp, "profile"), string(more))
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules, "TMPDIR="+tmp)
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		_ = os.RemoveAll(tmp)
		return nil, fmt.Errorf("starting the Firefox driver: %w", err)
	}
	d := &ffDriver{in: in, ended: make(chan struct{}), waiting: map[int]chan map[string]json.RawMessage{}, tabs: map[string]*ffTab{}}
	hello := make(chan map[string]json.RawMessage, 1)
	d.waiting[0] = hello // the driver's first line: Firefox is up, or could not start
	go d.read(outPipe)

	var pid int
	var once sync.Once
	d.stop = func() {
		once.Do(func() {
			_ = in.Close()
			exited := make(chan struct{})
			go func() { _ = cmd.Wait(); close(exited) }()
			select {
			case <-exited:
			case <-time.After(20 * time.Second):
				_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				<-exited
			}
			if pid > 0 {
				_ = syscall.Kill(-pid, syscall.SIGKILL) // nothing left when Firefox closed cleanly
			}
			<-d.ended
			_ = os.RemoveAll(tmp)
		})
	}
	var msg map[string]json.RawMessage
	select {
	case msg = <-hello:
	case <-d.ended:
	case <-time.After(2 * waitLimit):
	}
	if msg == nil {
		d.stop()
		return nil, fmt.Errorf("Firefox did not start\n  Firefox's driver:\n  %s", d.driverLog())
	}
	_ = json.Unmarshal(msg["pid"], &pid)
	if f, ok := msg["fatal"]; ok {
		d.stop()
		return nil, fmt.Errorf("the driver could not start Firefox: %s", f)
	}
	_ = json.Unmarshal(msg["version"], &d.version)
	return d, nil
}

// read hands each of the driver's lines to whom it belongs: an answer to its request, a
// console line to its page.
func (d *ffDriver) read(out io.Reader) {
	defer close(d.ended)
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var msg map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
			d.note("", "driver: "+sc.Text())
			continue
		}
		var page string
		_ = json.Unmarshal(msg["page"], &page)
		if raw, ok := msg["log"]; ok {
			var line string
			_ = json.Unmarshal(raw, &line)
			d.note(page, line)
			continue
		}
		id := -1
		if raw, ok := msg["id"]; ok {
			_ = json.Unmarshal(raw, &id)
		}
		d.mu.Lock()
		c, ok := d.waiting[id]
		delete(d.waiting, id)
		d.mu.Unlock()
		if !ok {
			d.note("", "driver: "+sc.Text())
			continue
		}
		c <- msg
	}
}

// note keeps a console line with its page, or with the driver's own.
func (d *ffDriver) note(page, line string) {
	d.mu.Lock()
	ff := d.tabs[page]
	if ff == nil {
		d.log = append(d.log, line)
		if len(d.log) > 200 {
			d.log = d.log[len(d.log)-200:]
		}
	}
	d.mu.Unlock()
	if ff != nil {
		ff.logMu.Lock()
		ff.log = append(ff.log, line)
		ff.logMu.Unlock()
	}
}

func (d *ffDriver) driverLog() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return strings.Join(d.log, "\n  ")
}

var (
	errNoAnswer    = errors.New("no answer from the Firefox driver")
	errDriverEnded = errors.New("the Firefox driver ended")
)

// request sends one request and waits up to limit for its answer: its value, or the
// driver's error.
func (d *ffDriver) request(req map[string]any, limit time.Duration) (json.RawMessage, error) {
	c := make(chan map[string]json.RawMessage, 1)
	d.mu.Lock()
	d.next++
	id := d.next
	d.waiting[id] = c
	d.mu.Unlock()
	req["id"] = id
	b, _ := json.Marshal(req)
	d.writeMu.Lock()
	_, err := d.in.Write(append(b, '\n'))
	d.writeMu.Unlock()
	if err != nil {
		return nil, err
	}
	var msg map[string]json.RawMessage
	select {
	case msg = <-c:
	case <-d.ended:
		return nil, errDriverEnded
	case <-time.After(limit):
		d.mu.Lock()
		delete(d.waiting, id)
		d.mu.Unlock()
		return nil, fmt.Errorf("%w in %s", errNoAnswer, limit)
	}
	if e, ok := msg["error"]; ok {
		var s string
		_ = json.Unmarshal(e, &s)
		return nil, fmt.Errorf("%s", s)
	}
	if f, ok := msg["fatal"]; ok {
		return nil, fmt.Errorf("driver: %s", f)
	}
	return msg["value"], nil
}

// call sends one request of this page and returns its value, or the driver's error; a driver
// that ends or does not answer ends the test.
func (ff *ffTab) call(req map[string]any) (json.RawMessage, error) {
	ff.t.Helper()
	req["page"] = ff.page
	v, err := ff.d.request(req, waitLimit)
	if errors.Is(err, errNoAnswer) || errors.Is(err, errDriverEnded) {
		ff.t.Fatalf("%s: %v while %s\n  console:\n  %s\n  Firefox's driver:\n  %s", ff.label, err, req["op"], ff.console(), ff.d.driverLog())
	}
	return v, err
}

func (ff *ffTab) console() string {
	ff.logMu.Lock()
	defer ff.logMu.Unlock()
	return strings.Join(ff.log, "\n  ")
}

func (ff *ffTab) fatalf(format string, args ...any) {
	ff.t.Helper()
	page, _ := ff.call(map[string]any{"op": "eval", "expr": `document.body ? document.body.innerText : ""`})
	var text string
	_ = json.Unmarshal(page, &text)
	_, err := ff.call(map[string]any{"op": "screenshot", "path": ff.fail})
	ff.t.Fatalf("%s: %s\n  page text:\n  %s\n  page console:\n  %s\n  photographed to %s (%v)", ff.label, fmt.Sprintf(format, args...),
		strings.ReplaceAll(text, "\n", "\n  "), ff.console(), ff.fail, err)
}

func (ff *ffTab) do(req map[string]any) {
	ff.t.Helper()
	if _, err := ff.call(req); err != nil {
		ff.fatalf("%s: %v", req["op"], err)
	}
}

// ffEval runs a JavaScript expression in the Firefox page and returns its value.
func ffEval[T any](ff *ffTab, expr string) T {
	ff.t.Helper()
	var v T
	raw, err := ff.call(map[string]any{"op": "eval", "expr": expr})
	if err == nil {
		err = json.Unmarshal(raw, &v)
	}
	if err != nil {
		ff.fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// open loads url and waits until the app (not just the prerendered page) runs.
func (ff *ffTab) open(url string) {
	ff.t.Helper()
	ff.do(map[string]any{"op": "navigate", "url": url})
	ff.waitJS(`document.querySelector(".app.ready") !== null`, "the app to start")
}

// waitJS waits until a JavaScript condition holds.
func (ff *ffTab) waitJS(cond, what string) {
	ff.t.Helper()
	waitFor(ff, cond, what)
}

// press clicks, with the mouse, the element a CSS selector finds once it is there and enabled.
func (ff *ffTab) press(selector string) {
	ff.t.Helper()
	q := fmt.Sprintf("document.querySelector(%q)", selector)
	ff.waitJS(q+" !== null && !"+q+".disabled", selector)
	// To the middle of the screen first, as a person scrolls to what they tap: puppeteer
	// scrolls it only just into view, where a sheet's bar stuck to the screen's foot (the
	// spy's "Pick the location" button) covers it and takes the click.
	js[bool](ff, q+`.scrollIntoView({block: "center", inline: "center"}) || true`)
	ff.do(map[string]any{"op": "click", "selector": selector})
}

func (ff *ffTab) click(id string) { ff.t.Helper(); ff.press("#" + id) }

func (ff *ffTab) typeInto(id, text string) {
	ff.t.Helper()
	ff.waitJS(fmt.Sprintf(`document.getElementById(%q) !== null`, id), "the field "+id)
	ff.do(map[string]any{"op": "type", "selector": "#" + id, "text": text})
}

func (ff *ffTab) text(id string) string {
	ff.t.Helper()
	return ffEval[string](ff, fmt.Sprintf(`(document.getElementById(%q) || {}).textContent || ""`, id))
}

// ffScreenshot photographs the page as a 390x844 phone in the given colour scheme to
// <shotDir>/<name>-firefox-phone-<scheme>.png. Firefox over BiDi cannot emulate
// prefers-color-scheme, so the scheme is the one a player picks in the settings (data-theme
// on <html>), set for the photograph and then put back.
func (h *harness) ffScreenshot(ff *ffTab, name, scheme string) string {
	h.t.Helper()
	// No sideways scroll on a phone in Firefox either (overflow_test.go checks Chromium).
	checkSideways(ff, "Firefox", name)
	prev := ffEval[string](ff, fmt.Sprintf(`(() => { const r = document.documentElement, p = r.getAttribute("data-theme") || ""; r.setAttribute("data-theme", %q); return p; })()`, scheme))
	// Let the screen's entrance (a reveal fading in) and the colours' change of theme (buttons
	// fade to their new colour) finish first.
	ff.waitJS(`document.getAnimations().every(a => a.playState !== "running" || a.effect.getComputedTiming().iterations === Infinity)`, "the animations to end")
	// Every colour is a light-dark() pair (web/styles.css): the page's background is the
	// scheme's own, --bg's #10151f dark or #f7f8fa light.
	bg := map[string]string{"dark": "rgb(16, 21, 31)", "light": "rgb(247, 248, 250)"}[scheme]
	ff.waitJS(fmt.Sprintf(`getComputedStyle(document.body).backgroundColor === %q`, bg), "the "+scheme+" background")
	h.axeOn(ff, "Firefox", name+" in "+scheme)
	path := filepath.Join(h.shotDir, fmt.Sprintf("%s-firefox-phone-%s.png", name, scheme))
	ff.do(map[string]any{"op": "screenshot", "path": path})
	ff.do(map[string]any{"op": "eval", "expr": fmt.Sprintf(`(() => { const r = document.documentElement; if (%q) r.setAttribute("data-theme", %q); else r.removeAttribute("data-theme"); })()`, prev, prev)})
	return path
}

// Every page of the package's one Firefox is a phone of its own, in view, whatever page
// another test opened after it: pages opened as tabs of one window left every page but the
// last hidden, its timers at one a second and its frames at two a second, and a Firefox host
// handed the game froze its round clock while another Firefox test ran (7:49 on its screen,
// three minutes into the round).
func TestFirefoxPagesStayInView(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	first := h.openFirefox("first phone", nil)
	first.open(h.origin + "/")
	// A player holds the focus on a control (a tap-to-show card keeps its face only while it
	// has it); another phone's page opening must not take it, as it cannot on a real table.
	ffEval[bool](first, `(document.getElementById("name").focus(), window.__blurred = false, document.getElementById("name").addEventListener("blur", () => { window.__blurred = true; }), true)`)
	second := h.openFirefox("second phone", nil)
	second.open(h.origin + "/")
	if ffEval[bool](first, `window.__blurred || document.activeElement !== document.getElementById("name")`) {
		first.fatalf("another phone's page opening took the focus from this page's field: %s", ffEval[string](first, `JSON.stringify({blurred: window.__blurred, active: document.activeElement && document.activeElement.id, has: document.hasFocus()})`))
	}
	for _, ff := range []*ffTab{first, second} {
		if got := ffEval[string](ff, `document.visibilityState`); got != "visible" {
			ff.fatalf("the page is %s with another phone's page opened after it", got)
		}
	}
	ticks := ffEval[int](first, `new Promise(r => { let n = 0; const t = setInterval(() => n++, 100); setTimeout(() => { clearInterval(t); r(n); }, 2000); })`)
	if ticks < 10 {
		first.fatalf("a 100 ms timer ran %d times in 2 s", ticks)
	}
}
