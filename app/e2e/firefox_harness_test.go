//go:build !wasm

package e2e

import (
	"bufio"
	"encoding/json"
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

// ffTab is one Firefox page in its own browser process and profile: another phone.
type ffTab struct {
	t     *testing.T
	label string
	fail  string // where a failing test leaves its last photograph
	in    io.WriteCloser
	out   chan map[string]json.RawMessage // answers, in request order
	next  int
	logMu sync.Mutex
	log   []string
}

// openFirefox starts Firefox with the driver and any further preferences, or skips (fails
// where the browser test is required) when Firefox, node or puppeteer-core is missing.
// Firefox and the driver end with the test.
func (h *harness) openFirefox(label string, prefs map[string]any) *ffTab {
	t := h.t
	t.Helper()
	firefox := findFirefox()
	if firefox == "" {
		missing(t, "no Firefox found (set FIREFOX_PATH or install firefox-esr: make deps)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing(t, "no node found for the Firefox driver (make deps)")
	}
	modules := os.Getenv("SAFEHOUSE_PUPPETEER")
	if modules == "" {
		modules = filepath.Join(repoRoot(t), "build", "firefox", "node_modules")
	}
	if _, err := os.Stat(filepath.Join(modules, "puppeteer-core")); err != nil {
		missing(t, "puppeteer-core is not installed in %s (make firefox)", modules)
	}

	tmp := t.TempDir()
	more, err := json.Marshal(prefs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join(repoRoot(t), "tools", "firefox", "driver.cjs"), firefox, filepath.Join(tmp, "profile"), string(more))
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules, "TMPDIR="+tmp)
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: starting the Firefox driver: %v", label, err)
	}
	ff := &ffTab{t: t, label: label, fail: filepath.Join(h.shotDir, "ff-failed-"+strings.ReplaceAll(label, " ", "-")+".png"), in: in, out: make(chan map[string]json.RawMessage, 1)}
	readerDone := make(chan struct{})
	go func() {
		defer close(readerDone)
		defer close(ff.out)
		sc := bufio.NewScanner(outPipe)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var msg map[string]json.RawMessage
			if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
				ff.note("driver: " + sc.Text())
				continue
			}
			if raw, ok := msg["log"]; ok {
				var line string
				_ = json.Unmarshal(raw, &line)
				ff.note(line)
				continue
			}
			ff.out <- msg
		}
	}()

	// The first answer says Firefox is up, with its process: puppeteer starts it in a process
	// group of its own, which the clean-up ends if the driver could not close it.
	hello := ff.answer("starting Firefox", 2*waitLimit)
	var pid int
	_ = json.Unmarshal(hello["pid"], &pid)
	t.Cleanup(func() {
		_ = in.Close() // the driver closes Firefox and ends
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
		<-readerDone
	})
	if f, ok := hello["fatal"]; ok {
		ff.fatalf("the driver could not start Firefox: %s", f)
	}
	t.Logf("%s: %s", label, hello["version"])
	return ff
}

func (ff *ffTab) note(line string) {
	ff.logMu.Lock()
	ff.log = append(ff.log, line)
	ff.logMu.Unlock()
}

// answer waits for the driver's next message.
func (ff *ffTab) answer(what string, limit time.Duration) map[string]json.RawMessage {
	ff.t.Helper()
	select {
	case msg, ok := <-ff.out:
		if !ok {
			ff.t.Fatalf("%s: the Firefox driver ended while %s\n  console:\n  %s", ff.label, what, ff.console())
		}
		return msg
	case <-time.After(limit):
		ff.t.Fatalf("%s: no answer from the Firefox driver in %s while %s\n  console:\n  %s", ff.label, limit, what, ff.console())
	}
	return nil
}

// call sends one request and returns its value, or the driver's error.
func (ff *ffTab) call(req map[string]any) (json.RawMessage, error) {
	ff.t.Helper()
	ff.next++
	req["id"] = ff.next
	b, _ := json.Marshal(req)
	if _, err := ff.in.Write(append(b, '\n')); err != nil {
		return nil, err
	}
	msg := ff.answer(fmt.Sprint(req["op"]), waitLimit)
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
