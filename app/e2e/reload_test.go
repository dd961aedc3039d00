//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"safehouse/app/session"
)

// watchedPeer is a native player that keeps the latest whole view it got.
type watchedPeer struct {
	client *session.Client
	mu     sync.Mutex
	view   *session.View
}

func joinWatched(t *testing.T, h *harness, room, secret, name string) *watchedPeer {
	t.Helper()
	p := &watchedPeer{}
	p.client = joinListening(t, h.signal, room, secret, name, func(u session.Update) {
		if u.View != nil {
			p.mu.Lock()
			p.view = u.View
			p.mu.Unlock()
		}
	})
	return p
}

// table returns the latest view's state number and whether every seat is online.
func (p *watchedPeer) table() (state uint64, seats int, allOnline bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.view == nil {
		return 0, 0, false
	}
	allOnline = true
	for _, pl := range p.view.Players {
		allOnline = allOnline && pl.Online
	}
	return p.view.State, len(p.view.Players), allOnline
}

// cardText holds the secret card open, reads its face and lets go again.
func cardText(tb *tab) string {
	tb.t.Helper()
	tb.waitJS(`document.getElementById("secret-card") !== null`, "the secret card")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`))
	tb.waitJS(`document.getElementById("card-face") !== null`, "the card held open")
	face := tb.text("card-face")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true}))`))
	return face
}

// reload reloads a tab as a person would (F5) and waits until the app runs again.
func (tb *tab) reload() {
	tb.t.Helper()
	tb.do(chromedp.Reload())
	tb.waitJS(`document.querySelector(".app.ready") !== null`, "the app to start again")
}

// APP-REJOIN-1: a player's tab reloaded mid-round shows the same card again, with no click,
// however it came in: by the invite link, or by the room code typed on the home screen (the
// host let it in; its address had no invite until the app put the game there).
// APP-REJOIN-2: the host's tab reloaded mid-round shows the same game in the same room, and
// every player (two browsers and a native one) comes back by itself.
func TestReload_APP_REJOIN_1_2(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host := h.openBrowser("host tab", h.origin, true)
	host.open(h.origin + "/")
	host.typeInto("name", "Maya")
	host.click("create")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	room := host.text("lobby-room")
	invite := host.value("invite-link")
	u, err := url.Parse(invite)
	if err != nil {
		t.Fatal(err)
	}
	frag, _ := url.ParseQuery(u.Fragment)

	player := h.openBrowser("player tab", h.origin, true)
	player.open(h.origin + "/")
	name, _ := json.Marshal("Leo")
	player.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem("safehouse.name", %q)`, name)))
	player.open(invite)
	player.reload() // the name is read when the app starts, so start it again with the link
	native := joinWatched(t, h, room, frag.Get("k"), "Nadia")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 3`, "three players")
	typed := h.openBrowser("typed-code tab", h.origin, true)
	knockOnHome(typed, h.origin, "Ivan", room)
	host.click("knock-admit-" + knockID(host, "Ivan"))
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 4`, "four players")

	host.waitJS(`document.getElementById("spyfall-settings") !== null`, "the Spyfall settings")
	press(host, "#start-game")
	player.waitJS(`document.querySelector("main.spyfall") !== null`, "the player's game")
	before := cardText(player)
	if before == "" {
		player.fatalf("the card has no face")
	}

	// The player reloads: same card, no click.
	player.reload()
	player.waitJS(`document.querySelector("main.spyfall") !== null`, "the player's game after the reload")
	if after := cardText(player); after != before {
		player.fatalf("card after the reload %q, before %q", after, before)
	}
	if got := eval[int](host, `document.querySelectorAll("#players .player-name, #sf-players [data-seat]").length`); got < 4 {
		host.fatalf("the host lists %d players after the player's reload, want 4", got)
	}

	// The player who typed the code reloads (a sleeping phone does the same): same seat and
	// card, and nothing typed again.
	typed.waitJS(`document.querySelector("main.spyfall") !== null`, "the typed-code player's game")
	typedCard, typedSeat := cardText(typed), eval[string](typed, `document.querySelector("#sf-players .you").dataset.seat`)
	typed.reload()
	typed.waitJS(`document.querySelector("main.spyfall") !== null`, "the typed-code player's game after the reload, with no typing")
	if again := cardText(typed); again != typedCard {
		typed.fatalf("the typed-code player's card after the reload %q, before %q", again, typedCard)
	}
	if again := eval[string](typed, `document.querySelector("#sf-players .you").dataset.seat`); again != typedSeat {
		typed.fatalf("the typed-code player is at seat %s after the reload, was %s", again, typedSeat)
	}
	if n := eval[int](host, `document.querySelectorAll("#knocks .knock").length`); n != 0 {
		host.fatalf("the reloaded typed-code player knocks again (%d waiting)", n)
	}

	// The host reloads: the same game comes back in the same room, and everyone returns.
	hostCard := cardText(host)
	state, _, _ := native.table()
	host.reload()
	host.waitJS(`document.querySelector("main.spyfall") !== null`, "the host's game after the reload")
	if again := cardText(host); again != hostCard {
		host.fatalf("the host's card after the reload %q, before %q", again, hostCard)
	}
	eventually(t, "every player back with the resumed host", func() (string, bool) {
		now, seats, all := native.table()
		return fmt.Sprintf("state %d (was %d), %d seats, all online %v", now, state, seats, all), now > state && seats == 4 && all
	})
	if got := native.client.Room(); got != room {
		t.Errorf("the native player is in room %s, want %s", got, room)
	}
	player.waitJS(`document.querySelector("main.spyfall") !== null`, "the player's game after the host's reload")
	if again := cardText(player); again != before {
		player.fatalf("the player's card after the host's reload %q, before %q", again, before)
	}
	typed.waitJS(`document.querySelector("main.spyfall") !== null`, "the typed-code player's game after the host's reload")
	if again := cardText(typed); again != typedCard {
		typed.fatalf("the typed-code player's card after the host's reload %q, before %q", again, typedCard)
	}
}
