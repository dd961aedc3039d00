//go:build !wasm

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"safehouse/signaling"
)

// iOS freezes a tab put in the background within seconds, and a host's phone is put down
// mid-game often. The host's page frozen for a minute mid-round (in make test for 30 s, past
// a signaling server that drops a silent connection after 20 s instead of a minute: the same
// lost socket and the same ICE consent running out, in half the time) (Chromium's page-lifecycle
// freeze, the closest a test here gets to iOS): the player's screen says the host is away
// meanwhile, and when the page thaws (no reload) the host carries on with the same round,
// which the player then plays to its end. The player's phone meanwhile keeps its screen on
// with a Wake Lock (recorded: a test browser grants none), taken again when its page is
// shown again.
func TestFrozenHostComesBack(t *testing.T) {
	t.Parallel()
	freeze, cfg := time.Minute, signaling.Config{}
	if !longRun {
		freeze, cfg.IdleTimeout = 30*time.Second, 20*time.Second
	}
	h := newHarnessWith(t, nil, cfg)
	host, room, secret := openHostLobby(t, h, "host")
	player := h.openBrowser("player", h.origin, true)
	player.onEveryPage(wakeLockRecorder)
	player.open(host.value("invite-link"))
	player.typeInto("name", "Cleo")
	player.click("join")
	player.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "Cleo seated")
	leo := joinSpyPeer(t, h, room, secret, "Leo")
	want := `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Cleo,Leo"`
	host.waitJS(want, "the table on the host")
	player.waitJS(want, "the table on the player")
	press(host, "#set-rounds button[data-value='1']")
	host.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	// Asked before the start: once Start is pressed, the player's game may begin (and take
	// the lock) before the question reaches its tab.
	if n := eval[int](player, `window.__wakeLocks.length`); n != 0 {
		player.fatalf("the screen was kept on %d times before the game", n)
	}
	press(host, "#start-game")
	m := &mixedTable{t: t, leo: leo, player: "Cleo", pages: map[string]browserTab{"Maya": host, "Cleo": player}}
	m.play(func() {
		// The player's screen stays on during the game, and the lock, which the browser
		// drops whenever the page is hidden, is taken again when the page is shown.
		player.waitJS(`window.__wakeLocks.length === 1 && window.__wakeLocks[0].type === "screen"`, "the screen kept on")
		player.do(chromedp.Evaluate[chromedp.Void](`window.__wakeLocks[0].released = true, document.dispatchEvent(new Event("visibilitychange"))`))
		player.waitJS(`window.__wakeLocks.length === 2`, "the screen kept on again once shown")

		setLifecycle(host, page.SetWebLifecycleStateStateFrozen)
		player.waitJS(`document.getElementById("host-away-title") !== null`, "the host shown away")
		if got := player.text("host-away-title"); got != "The game is waiting for Maya's device" {
			player.fatalf("host-away banner %q", got)
		}
		time.Sleep(freeze) // the phone in a pocket
		if eval[bool](player, `document.getElementById("host-away-title") === null`) {
			player.fatalf("the host-away banner went while the host was still frozen")
		}
		setLifecycle(host, page.SetWebLifecycleStateStateActive)
		player.waitJS(`document.getElementById("host-away-title") === null`, "the host back")
		host.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null`, "the host's round going on")
	})
	player.waitJS(`document.getElementById("final") !== null`, "the round played to its end")
}

// wakeLockRecorder stands in for the Screen Wake Lock API and records each lock taken.
const wakeLockRecorder = `window.__wakeLocks = [];
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request: type => {
	const lock = {type, released: false, release() { this.released = true; return Promise.resolve(); }};
	window.__wakeLocks.push(lock);
	return Promise.resolve(lock);
}}});`
