//go:build !wasm

package e2e

import (
	"net/url"
	"testing"
)

// relayStatus is what a player's status says on the relay path (en pack).
const relayStatus = "Connected through the server, encrypted"

// A WebKit player joins a Chromium host by its invite link and plays a classic round to the
// end, acting by real clicks and key presses in WebKit, and is reloaded mid-round. WebKitGTK
// has no WebRTC: it comes in through the server's encrypted relay, and its status says so.
func TestWebKitPlayerJoinsChromiumHost(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	wk := h.openWebKit("webkit player")
	host, room, secret := openHostLobby(t, h, "chromium host")
	link := host.value("invite-link")
	wk.open(link)
	if js[bool](wk, `typeof RTCPeerConnection !== "undefined"`) {
		t.Logf("this WebKit has WebRTC: the relay is not forced")
	}
	wk.screenshots("webkit-invited")
	wk.typeInto("name", "Wren")
	wk.click("join")
	wk.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "Wren seated")
	wk.waitJS(`document.querySelector("#status.path-relay") !== null`, "the relay named as the path")
	if got := wk.text("status"); got != relayStatus {
		wk.fatalf("the status says %q", got)
	}
	leo := joinSpyPeer(t, h, room, secret, "Leo")
	want := `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Wren,Leo"`
	host.waitJS(want, "the table on the host")
	wk.waitJS(want, "the table in WebKit")
	wk.screenshots("webkit-lobby-player")

	press(host, "#set-rounds button[data-value='1']")
	host.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	press(host, "#start-game")
	m := &mixedTable{t: t, leo: leo, player: "Wren", pages: map[string]browserTab{"Maya": host, "Wren": wk}}
	m.play(func() {
		wk.screenshots("webkit-playing-player")
		// APP-REJOIN-1 in WebKit: the reloaded page is Wren's seat again, its card and all,
		// with no click, back through the relay.
		wk.reload()
		wk.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null && document.getElementById("secret-card") !== null`,
			"Wren's seat again after the reload")
	})
	wk.waitJS(`document.getElementById("final") !== null`, "the final result in WebKit")
	wk.screenshots("webkit-final-player")
}

// A WebKit phone hosts. With no WebRTC it cannot answer a player's offer of a direct
// channel, so every player (a Chromium tab, a native one) comes in through the server's
// encrypted relay, and WebKit runs the game through a classic round.
func TestWebKitHostsChromiumPlayer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	wk := h.openWebKit("webkit host")
	wk.open(h.origin + "/")
	wk.screenshots("webkit-home")
	wk.typeInto("name", "Maya")
	wk.click("create")
	wk.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby in WebKit")
	link := wk.value("invite-link")
	u, err := url.Parse(link)
	if err != nil {
		wk.fatalf("the invite link %q: %v", link, err)
	}
	frag, _ := url.ParseQuery(u.Fragment)
	room, secret := wk.text("lobby-room"), frag.Get("k")
	if room == "" || secret == "" {
		wk.fatalf("the invite link %q names no room or key", link)
	}

	player := h.openBrowser("chromium player", h.origin, true)
	player.open(link)
	player.typeInto("name", "Cleo")
	player.click("join")
	player.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "Cleo seated")
	player.waitJS(`document.querySelector("#status.path-relay") !== null`, "the relay to the WebKit host")
	leo := joinSpyPeer(t, h, room, secret, "Leo")
	want := `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Cleo,Leo"`
	wk.waitJS(want, "the table in WebKit")
	player.waitJS(want, "the table on the player")
	wk.screenshots("webkit-lobby-host")

	wk.press("#set-rounds button[data-value='1']")
	wk.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	wk.press("#start-game")
	m := &mixedTable{t: t, leo: leo, player: "Cleo", pages: map[string]browserTab{"Maya": wk, "Cleo": player}}
	m.play(func() {})
	wk.waitJS(`document.getElementById("final") !== null`, "the final result in WebKit")
	wk.screenshots("webkit-final-host")
}
