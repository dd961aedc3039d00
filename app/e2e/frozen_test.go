//go:build !wasm

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
)

// iOS freezes a tab put in the background within seconds, and a host's phone is put down
// mid-game often. The host's page frozen for a minute mid-round (Chromium's page-lifecycle
// freeze, the closest a test here gets to iOS): the player's screen says the host is away
// meanwhile, and when the page thaws (no reload) the host carries on with the same round,
// which the player then plays to its end.
func TestFrozenHostComesBackAfterAMinute(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host, room, secret := openHostLobby(t, h, "host")
	player := h.openBrowser("player", h.origin, true)
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
	press(host, "#start-game")
	m := &mixedTable{t: t, leo: leo, player: "Cleo", pages: map[string]browserTab{"Maya": host, "Cleo": player}}
	m.play(func() {
		setLifecycle(host, page.SetWebLifecycleStateStateFrozen)
		player.waitJS(`document.getElementById("host-away-title") !== null`, "the host shown away")
		if got := player.text("host-away-title"); got != "The game is waiting for Maya's device" {
			player.fatalf("host-away banner %q", got)
		}
		time.Sleep(time.Minute) // the phone in a pocket
		if eval[bool](player, `document.getElementById("host-away-title") === null`) {
			player.fatalf("the host-away banner went while the host was still frozen")
		}
		setLifecycle(host, page.SetWebLifecycleStateStateActive)
		player.waitJS(`document.getElementById("host-away-title") === null`, "the host back")
		host.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null`, "the host's round going on")
	})
	player.waitJS(`document.getElementById("final") !== null`, "the round played to its end")
}
