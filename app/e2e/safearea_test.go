//go:build !wasm

package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// notchedIPhone is an iPhone 12-15's safe area in portrait, in CSS pixels: the notch or
// island above, the home bar below.
var notchedIPhone = emulation.SafeAreaInsets{Top: ptr[int64](47), Bottom: ptr[int64](34), Left: ptr[int64](0), Right: ptr[int64](0)}

func ptr[T any](v T) *T { return &v }

// underTheInsets lists what a player could not see or reach on a notched iPhone: any
// control, heading or line of text that reaches into the top inset with the page scrolled to
// its top, and any part of what stays put on the screen (fixed or sticky: the bar of
// actions at the foot) that reaches into the top or bottom inset.
const underTheInsets = `(() => {
	const probe = document.createElement("div");
	probe.style.cssText = "position:fixed;top:env(safe-area-inset-top);bottom:env(safe-area-inset-bottom);visibility:hidden";
	document.body.append(probe);
	const safe = probe.getBoundingClientRect();
	probe.remove();
	const out = [];
	const stays = e => { for (let n = e; n && n !== document.body; n = n.parentElement) { const p = getComputedStyle(n).position; if (p === "fixed" || p === "sticky") return true; } return false; };
	for (const e of document.querySelectorAll("button, a[href], input, select, textarea, h1, h2, p, label")) {
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.height === 0 || e.closest("[hidden]")) continue;
		const name = e.tagName.toLowerCase() + (e.id ? "#" + e.id : "");
		if (r.top < safe.top - 0.5 && r.bottom > 0) out.push(name + " at y " + Math.round(r.top) + ", under the top inset (" + Math.round(safe.top) + " px)");
		else if (stays(e) && r.bottom > safe.bottom + 0.5 && r.top < innerHeight) out.push(name + " down to y " + Math.round(r.bottom) + ", under the home bar (from " + Math.round(safe.bottom) + ")");
	}
	return out;
})()`

// iOS: the app's page covers the whole screen (viewport-fit=cover, go-app's viewport), so
// on a notched iPhone its edges lie under the notch and the home bar, and only the page's
// own padding (env(safe-area-inset-*)) keeps its controls out from under them. Chromium
// stands in for the iPhone here, its safe area set by DevTools, on the home screen and the
// host's lobby, both of which have a bar of actions at their foot.
func TestNothingUnderTheNotch(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	tb := h.openBrowser("notched iPhone", h.origin, true)
	tb.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetSafeAreaInsetsOverride, emulation.SetSafeAreaInsetsOverrideParams{Insets: &notchedIPhone})
		return err
	}))
	tb.open(h.origin + "/")
	check := func(screen string) {
		t.Helper()
		tb.do(chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`))
		for _, f := range eval[[]string](tb, underTheInsets) {
			t.Errorf("%s on a notched iPhone: %s", screen, f)
		}
	}
	check("home")
	h.screenshot(tb, "notch-home", phone, "dark")
	tb.typeInto("name", "Maya")
	tb.click("create")
	tb.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	check("lobby")
	h.screenshot(tb, "notch-lobby", phone, "dark")
}
