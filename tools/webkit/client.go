//go:build !js && !wasm

package webkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// The part of W3C WebDriver (https://www.w3.org/TR/webdriver2/) the tests use: windows,
// navigation, scripts, elements found by CSS selector, their clicks and keys, screenshots.

// Error is the driver's refusal of a command, as the protocol words it.
type Error struct {
	Code    string `json:"error"` // "no such element", "javascript error", "timeout", ...
	Message string `json:"message"`
}

func (e *Error) Error() string { return "webdriver: " + e.Code + ": " + e.Message }

// commandLimit stops a command the driver never answers: scripts have the session's own
// script timeout and page loads theirs (5 minutes each: a busy machine compiling the app's
// wasm holds the page's thread), inside it.
const commandLimit = 6 * time.Minute

// request sends one command and decodes its value into out (nil to drop it).
func (b *Browser) request(ctx context.Context, method, url string, body, out any) error {
	var in io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return err
		}
		in = bytes.NewReader(raw)
	} else if method == http.MethodPost {
		in = bytes.NewReader([]byte("{}"))
	}
	req, err := http.NewRequestWithContext(ctx, method, url, in)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := b.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	var answer struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(raw, &answer); err != nil {
		return fmt.Errorf("webdriver: %s %s: HTTP %d, not JSON: %.200s", method, url, resp.StatusCode, raw)
	}
	if resp.StatusCode != http.StatusOK {
		e := &Error{}
		if err := json.Unmarshal(answer.Value, e); err != nil || e.Code == "" {
			return fmt.Errorf("webdriver: %s %s: HTTP %d: %.200s", method, url, resp.StatusCode, raw)
		}
		return e
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(answer.Value, out)
}

// Window is one top-level window of the browser: a phone of a test.
type Window struct {
	b      *Browser
	handle string
}

// NewWindow opens a blank window.
func (b *Browser) NewWindow() (*Window, error) {
	var w struct {
		Handle string `json:"handle"`
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.base == "" {
		return nil, errNoSession
	}
	ctx, cancel := context.WithTimeout(context.Background(), commandLimit)
	defer cancel()
	// A new window opens from the session's current one, which must exist: after a test
	// closed the window the session drove, the driver answered "no such window".
	if b.current != b.home {
		if err := b.request(ctx, http.MethodPost, b.base+"/window", map[string]any{"handle": b.home}, nil); err != nil {
			return nil, fmt.Errorf("switching to the first window: %w", err)
		}
		b.current = b.home
	}
	if err := b.request(ctx, http.MethodPost, b.base+"/window/new", map[string]any{"type": "window"}, &w); err != nil {
		return nil, err
	}
	return &Window{b: b, handle: w.Handle}, nil
}

// command runs one command on w's window, switching the session to it first.
func (w *Window) command(method, path string, body, out any) error {
	b := w.b
	b.mu.Lock()
	defer b.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), commandLimit)
	defer cancel()
	if b.current != w.handle {
		if err := b.request(ctx, http.MethodPost, b.base+"/window", map[string]any{"handle": w.handle}, nil); err != nil {
			return fmt.Errorf("switching to the window: %w", err)
		}
		b.current = w.handle
	}
	return b.request(ctx, method, b.base+path, body, out)
}

// Close closes the window.
func (w *Window) Close() error {
	err := w.command(http.MethodDelete, "/window", nil, nil)
	w.b.mu.Lock()
	if w.b.current == w.handle {
		w.b.current = "" // gone: the next command switches first
	}
	w.b.mu.Unlock()
	return err
}

// Navigate loads url and returns once its document is parsed (at once when only the
// fragment changes: the document stays).
func (w *Window) Navigate(url string) error {
	var now string
	if err := w.command(http.MethodGet, "/url", nil, &now); err != nil {
		return err
	}
	page, _, fragment := strings.Cut(url, "#")
	if nowPage, _, _ := strings.Cut(now, "#"); fragment && nowPage == page {
		return w.command(http.MethodPost, "/url", map[string]any{"url": url}, nil)
	}
	return w.toNewDocument(func() error { return w.command(http.MethodPost, "/url", map[string]any{"url": url}, nil) })
}

// Reload reloads the page, as a person's reload does, and returns once the new document is
// parsed.
func (w *Window) Reload() error {
	return w.toNewDocument(func() error { return w.command(http.MethodPost, "/refresh", nil, nil) })
}

// toNewDocument runs a command that replaces the window's document and waits until the new
// one is parsed. The session's page-load strategy is "none" (newSession), so the driver
// itself waits for nothing: the old document is marked, and the wait ends when a document
// without the mark is past loading.
func (w *Window) toNewDocument(navigate func() error) error {
	if err := w.Run(`window.__webkitOld = true`); err != nil {
		return err
	}
	if err := navigate(); err != nil {
		return err
	}
	deadline := time.Now().Add(commandLimit)
	for {
		var done bool
		err := w.Eval(`window.__webkitOld !== true && document.readyState !== "loading"`, &done)
		if err == nil && done {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("webkit: the new page was not parsed in %s (%v)", commandLimit, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Eval runs a JavaScript expression in the page and decodes its value into out (nil to drop
// it). A promise is awaited, as the protocol's scripts are.
func (w *Window) Eval(expr string, out any) error {
	var raw json.RawMessage
	if err := w.command(http.MethodPost, "/execute/sync", map[string]any{"script": "return (" + expr + "\n)", "args": []any{}}, &raw); err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

// EvalRaw is Eval's value as the protocol gave it.
func (w *Window) EvalRaw(expr string) (json.RawMessage, error) {
	var raw json.RawMessage
	err := w.Eval(expr, &raw)
	return raw, err
}

// Run runs JavaScript statements in the page.
func (w *Window) Run(script string) error {
	return w.command(http.MethodPost, "/execute/sync", map[string]any{"script": script, "args": []any{}}, nil)
}

// element finds the element a CSS selector names.
func (w *Window) element(selector string) (string, error) {
	var found map[string]string
	if err := w.command(http.MethodPost, "/element", map[string]any{"using": "css selector", "value": selector}, &found); err != nil {
		return "", err
	}
	for _, id := range found {
		return id, nil
	}
	return "", fmt.Errorf("webdriver: no element reference for %s", selector)
}

// Click clicks the element with the mouse at its centre, scrolled into view, as the
// protocol's element click does (an error when another element covers that point).
func (w *Window) Click(selector string) error {
	id, err := w.element(selector)
	if err != nil {
		return err
	}
	return w.command(http.MethodPost, "/element/"+id+"/click", nil, nil)
}

// Type focuses the element and types text into it with key events; it does not clear it.
func (w *Window) Type(selector, text string) error {
	id, err := w.element(selector)
	if err != nil {
		return err
	}
	return w.command(http.MethodPost, "/element/"+id+"/value", map[string]any{"text": text}, nil)
}

// Clear empties a field.
func (w *Window) Clear(selector string) error {
	id, err := w.element(selector)
	if err != nil {
		return err
	}
	return w.command(http.MethodPost, "/element/"+id+"/clear", nil, nil)
}

// Screenshot photographs the page's viewport as a PNG.
func (w *Window) Screenshot() ([]byte, error) {
	var b64 string
	if err := w.command(http.MethodGet, "/screenshot", nil, &b64); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(b64)
}

// SetViewport sizes the window so that its page is width by height CSS pixels (the window's
// own toolbar takes the rest). A window just opened may not be shown yet (its page and window
// sizes are not yet those it will have: the driver refused a width computed from them), and a
// resize takes effect a moment later: it measures again until the page has the size.
func (w *Window) SetViewport(width, height int) error {
	var inner [2]int
	for try := 0; try < 40; try++ {
		if err := w.Eval(`[innerWidth, innerHeight]`, &inner); err != nil {
			return err
		}
		if inner[0] == width && inner[1] == height {
			return nil
		}
		var rect struct{ Width, Height int }
		if err := w.command(http.MethodGet, "/window/rect", nil, &rect); err != nil {
			return err
		}
		wantW, wantH := rect.Width+width-inner[0], rect.Height+height-inner[1]
		if inner[0] > 0 && inner[1] > 0 && wantW > 0 && wantH > 0 {
			if err := w.command(http.MethodPost, "/window/rect", map[string]any{"width": wantW, "height": wantH}, nil); err != nil {
				return err
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("webkit: the page is %dx%d, not %dx%d", inner[0], inner[1], width, height)
}
