//go:build !wasm

package e2e

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browserTab is a page of any of the three browsers the tests drive (a Chromium *tab, a
// Firefox *ffTab, a WebKit *wkTab), as the plays and checks that do not care which browser
// shows them need it: a round played across browsers (mixedTable), the checks of every
// photographed screen (axe-core, sideways scroll, the iPhone checks of iphone_test.go).
type browserTab interface {
	test() *testing.T
	// evalJSON is the value of a JavaScript expression (a promise awaited), as JSON.
	evalJSON(expr string) (json.RawMessage, error)
	// inject runs JavaScript statements (a library's source).
	inject(script string) error
	waitJS(cond, what string)
	// press clicks the element a CSS selector finds, once it is there and enabled.
	press(selector string)
	// click clicks the element with the id with the pointer, as a person does.
	click(id string)
	typeInto(id, text string)
	text(id string) string
	fatalf(format string, args ...any)
}

// js is the value of a JavaScript expression in a tab of any browser.
func js[T any](p browserTab, expr string) T {
	p.test().Helper()
	var v T
	raw, err := p.evalJSON(expr)
	if err == nil {
		err = json.Unmarshal(raw, &v)
	}
	if err != nil {
		p.fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitFor waits until a JavaScript condition holds in p, polling by evalJSON: the one loop
// behind every browser's waitJS.
func waitFor(p browserTab, cond, what string) {
	p.test().Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		raw, err := p.evalJSON("Boolean(" + cond + ")")
		if err == nil && string(raw) == "true" {
			return
		}
		if time.Now().After(deadline) {
			p.fatalf("waited %s for %s (%s); last error %v", waitLimit, what, cond, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (tb *tab) test() *testing.T { return tb.t }

func (tb *tab) evalJSON(expr string) (json.RawMessage, error) {
	return chromedp.Run(tb.ctx, chromedp.Evaluate[json.RawMessage](expr, chromedp.EvalAwaitPromise))
}

func (tb *tab) inject(script string) error {
	return chromedp.Do(tb.ctx, chromedp.Evaluate[chromedp.Void](script))
}

func (tb *tab) press(selector string) { tb.t.Helper(); press(tb, selector) }

func (ff *ffTab) test() *testing.T { return ff.t }

func (ff *ffTab) evalJSON(expr string) (json.RawMessage, error) {
	return ff.call(map[string]any{"op": "eval", "expr": expr})
}

func (ff *ffTab) inject(script string) error {
	_, err := ff.call(map[string]any{"op": "eval", "expr": script + "\n;true"})
	return err
}

// axeOn checks the page with axe-core when make test (or make audit) names it in
// SAFEHOUSE_AXE, failing the test on a serious or critical WCAG 2 A/AA violation, with the
// browser named: an accessibility fault that shows in one browser only fails too.
func (h *harness) axeOn(p browserTab, browser, screen string) {
	h.t.Helper()
	src, ok := h.axeScript()
	if !ok {
		return
	}
	for _, v := range axeFindings(p, src) {
		h.t.Errorf("%s (%s): axe %s (%s): %s at %v", screen, browser, v.ID, v.Impact, v.Help, v.Nodes)
	}
}

// axeFindings checks the page as it is now against WCAG 2 A and AA with axe-core (its source
// src, loaded into the page once) and returns the serious and critical violations.
func axeFindings(p browserTab, src string) []axeViolation {
	p.test().Helper()
	if !js[bool](p, `typeof window.axe === "object"`) {
		if err := p.inject(src); err != nil {
			p.fatalf("loading axe-core: %v", err)
		}
	}
	raw := js[string](p, axeQuery)
	var out []axeViolation
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		p.fatalf("axe result %q: %v", raw, err)
	}
	return out
}

// checkSideways fails the test when the page scrolls sideways at its present size, naming
// what reaches past the screen's edge (measureOverflow, as Chromium's checkOverflow does at
// every phone width).
func checkSideways(p browserTab, browser, screen string) {
	p.test().Helper()
	var r overflowReport
	if err := json.Unmarshal([]byte(js[string](p, measureOverflow)), &r); err != nil {
		p.fatalf("measuring %s: %v", screen, err)
	}
	if r.Scroll > r.Client {
		p.test().Errorf("%s (%s): the page is %d px wide on a %d px screen; past its edge: %v", screen, browser, r.Scroll, r.Client, r.Past)
	}
}

// settleOn waits until every finite transition and animation of the page has ended.
func settleOn(p browserTab, screen string) {
	p.test().Helper()
	p.waitJS(`document.getAnimations().filter(a => a.playState === "running" && a.effect && a.effect.getComputedTiming().endTime !== Infinity).length === 0`,
		"animations to settle on "+screen)
}
