//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"testing"
)

// ffSetField sets a Firefox text field's value as pasting does, with an input event.
func ffSetField(ff *ffTab, id, text string) {
	ff.t.Helper()
	v, _ := json.Marshal(text)
	ff.waitJS(fmt.Sprintf(`document.getElementById(%q) !== null`, id), id)
	ff.do(map[string]any{"op": "eval", "expr": fmt.Sprintf(`(() => { const f = document.getElementById(%q); f.value = %s; f.dispatchEvent(new Event("input", {bubbles: true})); })()`, id, v)})
}

// ffValue waits for a Firefox field to hold text and returns it.
func ffValue(ff *ffTab, id string) string {
	ff.t.Helper()
	ff.waitJS(fmt.Sprintf(`(document.getElementById(%q) || {}).value`, id), id+" filled")
	return ffEval[string](ff, fmt.Sprintf(`document.getElementById(%q).value`, id))
}

// A table with no internet where one phone runs Firefox. Every phone visited the site once;
// then the site goes away, and Firefox's service worker serves the app as Chromium's does.
// The QR codes carry each browser's connection details in a compact form the other
// rebuilds, so both directions are played: Firefox joins a Chromium host (Chromium's offer,
// Firefox's answer), pasting the codes; then Firefox leaves, hosts a game of its own, and a
// Chromium phone joins it (Firefox's offer, Chromium's answer). Each seat shows on both
// screens, over a direct channel.
func TestFirefoxQRCodesBothWays(t *testing.T) {
	t.Parallel()
	q := newQRTable(t)
	q.openTabs("chromium host", "chromium player")
	host, cleo := q.tabs["chromium host"], q.tabs["chromium player"]
	ff := q.h.openFirefox("firefox", nil)

	for _, tb := range []*tab{host, cleo} {
		tb.open(q.origin + "/")
		waitInstalled(tb)
	}
	ff.open(q.origin + "/")
	ff.waitJS(workerActive, "Firefox's service worker to be installed")
	q.h.server.Close()
	ff.open(q.origin + "/")
	if !ffEval[bool](ff, `navigator.serviceWorker.controller !== null`) {
		ff.fatalf("with the site gone, Firefox's page is not the service worker's")
	}
	host.open(q.origin + "/")
	host.typeInto("name", "Maya")
	press(host, "#qr-start")
	host.click("qr-host")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the Chromium host's lobby")

	ff.typeInto("name", "Fern")
	ff.press("#qr-start")
	ff.click("qr-join")
	ffSetField(ff, "qr-paste", hostOffer(host))
	ff.click("qr-use")
	answer := ffValue(ff, "qr-answer-text")
	q.h.ffScreenshot(ff, "ff-qr-answer", "dark")
	setField(host, "qr-paste", answer)
	host.click("qr-use")
	both := `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Fern"`
	host.waitJS(both, "Fern on the Chromium host")
	ff.waitJS(both, "Firefox in the lobby")
	ff.waitJS(`document.querySelector("#status.path-direct") !== null`, "Firefox on a direct channel")
	if got := host.value("qr-paste"); got != "" {
		host.fatalf("the answer the host took still fills its paste field: %.20q...", got)
	}

	ff.click("leave")
	ff.waitJS(`document.getElementById("qr-start") !== null`, "home again")
	ff.press("#qr-start")
	ff.click("qr-host")
	ff.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the Firefox host's lobby")
	offer := ffValue(ff, "qr-offer-text")

	cleo.open(q.origin + "/")
	playerJoins(cleo, "Cleo")
	cleo.waitJS(`document.getElementById("qr-paste") !== null`, "the scanning screen")
	setField(cleo, "qr-paste", offer)
	cleo.click("qr-use")
	ffSetField(ff, "qr-paste", waitValue(cleo, "qr-answer-text"))
	ff.click("qr-use")
	both = `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Fern,Cleo"`
	ff.waitJS(both, "Cleo on the Firefox host")
	cleo.waitJS(both, "Cleo in the Firefox host's lobby")
	cleo.waitJS(`document.querySelector("#status.path-direct") !== null`, "Cleo on a direct channel")
	ff.waitJS(`document.getElementById("qr-paste").value === ""`, "the paste field emptied once its answer was taken")
	q.h.ffScreenshot(ff, "ff-qr-host-lobby", "light")
}
