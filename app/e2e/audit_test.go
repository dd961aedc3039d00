//go:build !wasm

package e2e

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// axeSource is axe-core's script, from SAFEHOUSE_AXE (make test and make audit install the
// pinned axe-core and set it). Without it the audit test is skipped.
func axeSource(t *testing.T) string {
	path := os.Getenv("SAFEHOUSE_AXE")
	if path == "" {
		t.Skip("SAFEHOUSE_AXE not set (make test and make audit set it to axe-core's axe.min.js)")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("SAFEHOUSE_AXE: %v", err)
	}
	return string(src)
}

var axeOnce struct {
	sync.Once
	src string
	err error
}

// axeCheck runs axe-core on a screen of any browser test when SAFEHOUSE_AXE is set (make
// test, make audit), failing the test on a serious or critical violation; otherwise it does nothing.
func (h *harness) axeCheck(tb *tab, screen string) {
	h.t.Helper()
	src, ok := h.axeScript()
	if !ok {
		return
	}
	settle(tb, screen)
	for _, v := range runAxe(tb, src) {
		h.t.Errorf("%s: axe %s (%s): %s at %v", screen, v.ID, v.Impact, v.Help, v.Nodes)
	}
}

// axeScript is axe-core's source when make test (or make audit) names it in SAFEHOUSE_AXE,
// read once for every screen of the run.
func (h *harness) axeScript() (string, bool) {
	h.t.Helper()
	path := os.Getenv("SAFEHOUSE_AXE")
	if path == "" {
		return "", false
	}
	axeOnce.Do(func() {
		b, err := os.ReadFile(path)
		axeOnce.src, axeOnce.err = string(b), err
	})
	if axeOnce.err != nil {
		h.t.Fatalf("SAFEHOUSE_AXE: %v", axeOnce.err)
	}
	return axeOnce.src, true
}

// settle waits until every finite transition and animation has ended, so colours are
// measured as they stay.
func settle(tb *tab, screen string) {
	tb.t.Helper()
	settleOn(tb, screen)
}

// axeViolation is one serious or critical rule axe-core found broken on a screen.
type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// axeQuery runs axe-core on the page and gives its serious and critical violations as JSON.
// resultTypes: only the violations are needed, so axe lists no passing or incomplete nodes.
const axeQuery = `axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, resultTypes: ["violations"]})
	.then(r => JSON.stringify(r.violations
		.filter(v => v.impact === "serious" || v.impact === "critical")
		.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": " + n.failureSummary)}))))`

// runAxe checks the page as it is now against WCAG 2 A and AA and returns the serious and
// critical violations.
func runAxe(tb *tab, src string) []axeViolation {
	tb.t.Helper()
	return axeFindings(tb, src)
}

// The audit of the running app (make audit): the app is installable on localhost (Chromium's
// own installability check finds no error once the worker is active), and axe-core finds no
// serious or critical WCAG 2.1 A/AA violation on the home screen in both languages and both
// themes, nor on any screen of a pass-and-play Spyfall round.
func TestAuditAccessibilityAndInstallability(t *testing.T) {
	t.Parallel()
	src := axeSource(t)
	h := newHarness(t, nil)
	tb := h.openBrowser("audited phone", h.origin, true)
	tb.open(h.origin + "/")
	waitInstalled(tb)
	tb.reload()
	errs, err := chromedp.Call(tb.ctx, page.GetInstallabilityErrors, cdp.Empty{})
	if err != nil {
		tb.fatalf("Page.getInstallabilityErrors: %v", err)
	}
	for _, e := range errs.InstallabilityErrors {
		if e.ErrorID == "in-incognito" {
			// Every tab of the tests is a browser context of its own (another phone's
			// storage and worker), which Chromium counts as incognito; the manifest, icons
			// and worker are still checked.
			continue
		}
		t.Errorf("not installable: %s %v", e.ErrorID, e.ErrorArguments)
	}

	failures := 0
	check := func(screen string) {
		settle(tb, screen)
		for _, v := range runAxe(tb, src) {
			failures++
			t.Errorf("%s: axe %s (%s): %s at %v", screen, v.ID, v.Impact, v.Help, v.Nodes)
		}
	}
	choose := func(id, value string) {
		tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, id, value)))
	}
	for _, lang := range []string{"en", "ru"} {
		choose("pref-lang", lang)
		tb.waitJS(fmt.Sprintf(`document.documentElement.lang === %q`, lang), "the language switch")
		for _, theme := range []string{"dark", "light"} {
			choose("pref-theme", theme)
			tb.waitJS(fmt.Sprintf(`document.documentElement.dataset.theme === %q`, theme), "the theme switch")
			check(fmt.Sprintf("home (%s, %s)", lang, theme))
			h.screenshot(tb, "home-"+lang+"-"+theme, phone, theme)
		}
	}
	choose("pref-lang", "en")
	tb.waitJS(`document.documentElement.lang === "en"`, "English again")
	choose("pref-theme", "system")
	playPassAndPlayRound(t, tb, check)
	if failures > 0 {
		h.screenshots(tb, "audit-last")
	}
}
