//go:build !wasm

package e2e

import (
	"context"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"

	"safehouse/app/session"
)

// keepSockets records every WebSocket the page opens (window.__sockets), so a test can cut
// the host's signaling socket as a phone that slept or changed network finds it cut; and it
// counts those the page opened before the app ran (window.__socketsBeforeTheApp).
const keepSockets = `(() => {
	const Native = window.WebSocket;
	window.__sockets = [];
	window.__socketsBeforeTheApp = 0;
	window.WebSocket = class extends Native {
		constructor(...args) {
			super(...args);
			window.__sockets.push(this);
			if (document.querySelector(".app.ready") === null) window.__socketsBeforeTheApp++;
		}
	};
})();`

// A host tab whose signaling socket is cut, with no reload: it reclaims its room by itself,
// and a player whose phone slept meanwhile (its app starting again with its seat's token)
// gets its seat back.
func TestHostSocketDrop(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host := h.openBrowser("host tab", h.origin, true)
	host.onEveryPage(keepSockets)
	host.open(h.origin + "/")
	host.typeInto("name", "Maya")
	host.click("create")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	u, err := url.Parse(host.value("invite-link"))
	if err != nil {
		t.Fatal(err)
	}
	frag, _ := url.ParseQuery(u.Fragment)
	room, secret := host.text("lobby-room"), frag.Get("k")
	native := joinWatched(t, h, room, secret, "Nadia")
	host.waitJS(`document.querySelectorAll("#players .presence.online").length === 2`, "two players online")
	seat, token := native.client.Seat(), native.client.Token()

	host.do(chromedp.Evaluate[chromedp.Void](`window.__sockets.forEach(s => s.close())`))
	native.client.Close() // the player's phone sleeps too, and its app starts again
	host.waitJS(`document.querySelectorAll("#players .presence.away").length === 1`, "the player away")

	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	again, err := session.Join(ctx, session.Options{SignalURL: h.signal, Name: "Nadia", Loopback: true, Token: token}, room, secret)
	if err != nil {
		t.Fatalf("the player coming back after the host's socket dropped: %v", err)
	}
	defer again.Close()
	if again.Seat() != seat {
		t.Errorf("the player came back to seat %d, want %d", again.Seat(), seat)
	}
	host.waitJS(`document.querySelectorAll("#players .presence.online").length === 2 && document.querySelectorAll("#players .player-name").length === 2`,
		"the player back on its seat")
	if !eval[bool](host, `window.__sockets.length >= 2 && window.__sockets.at(-1).readyState === WebSocket.OPEN`) {
		host.fatalf("the host tab has no new open signaling socket (%d sockets)", eval[int](host, `window.__sockets.length`))
	}
}
