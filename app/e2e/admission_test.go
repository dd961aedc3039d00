//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"safehouse/app/session"
)

// knockID waits for the host tab's banner to list name and returns its knock id.
func knockID(host *tab, name string) string {
	host.t.Helper()
	host.waitJS(fmt.Sprintf(`[...document.querySelectorAll("#knocks .knock-text")].some(e => e.textContent.startsWith(%q))`, name),
		name+" in the host's banner")
	return eval[string](host, fmt.Sprintf(
		`[...document.querySelectorAll("#knocks .knock")].find(k => k.querySelector(".knock-text").textContent.startsWith(%q)).dataset.knock`, name))
}

// knockOnHome types the room code on the home screen, as someone without the link does, and
// waits for the screen that says the host must let them in.
func knockOnHome(tb *tab, origin, name, room string) {
	tb.t.Helper()
	tb.open(origin + "/")
	tb.typeInto("name", name)
	tb.typeInto("code", strings.ToLower(room))
	tb.click("join")
	tb.waitJS(`document.getElementById("waiting-room") !== null`, "the waiting screen")
	if got := tb.text("connecting-title"); got != "Waiting for the host to let you in" {
		tb.fatalf("waiting title %q", got)
	}
	if got := tb.text("waiting-room"); !strings.Contains(got, room) {
		tb.fatalf("the waiting screen shows %q, not room %s", got, room)
	}
}

// A player who types the room code waits until the host lets them in; the host's tab shows
// who waits, with Let in and Turn away; let in, the player reaches the lobby. Another one
// cancels while waiting (the banner empties), then knocks again and is turned away: an
// error page, and the table unchanged.
func TestTypedCodeWaitsForTheHost(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host := h.openBrowser("host tab", h.origin, true)
	host.open(h.origin + "/")
	host.typeInto("name", "Maya")
	host.click("create")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	room := host.text("lobby-room")

	guest := h.openBrowser("typed-code tab", h.origin, true)
	knockOnHome(guest, h.origin, "Leo", room)
	id := knockID(host, "Leo")
	if got := host.text("knock-admit-" + id); got != "Let in" {
		host.fatalf("the admit button says %q", got)
	}
	if label := eval[string](host, fmt.Sprintf(`document.getElementById("knock-away-%s").getAttribute("aria-label")`, id)); label != "Turn away Leo" {
		host.fatalf("the turn-away button's label %q", label)
	}
	if names := host.playerNames(); !slices.Equal(names, []string{"Maya"}) {
		host.fatalf("a waiting player is at the table: %v", names)
	}
	if eval[bool](guest, `document.getElementById("players") !== null`) {
		guest.fatalf("the waiting player sees the lobby")
	}
	h.screenshots(guest, "waiting-for-host")
	h.screenshots(host, "knock-banner")

	host.click("knock-admit-" + id)
	guest.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "the let-in player's lobby")
	if names := guest.playerNames(); !slices.Equal(names, []string{"Maya", "Leo"}) {
		guest.fatalf("the let-in player sees %v", names)
	}
	host.waitJS(`document.querySelectorAll("#knocks .knock").length === 0 && document.querySelectorAll("#players .player-name").length === 2`,
		"the banner gone and Leo seated")

	// Cancelling while waiting takes the knock back.
	other := h.openBrowser("turned-away tab", h.origin, true)
	knockOnHome(other, h.origin, "Ivan", room)
	knockID(host, "Ivan")
	other.click("cancel")
	other.waitJS(`document.getElementById("create") !== null`, "home after cancelling")
	host.waitJS(`document.querySelectorAll("#knocks .knock").length === 0`, "the banner empty after the cancel")

	knockOnHome(other, h.origin, "Ivan", room)
	host.click("knock-away-" + knockID(host, "Ivan"))
	other.waitJS(`document.getElementById("error-title") !== null`, "the turned-away page")
	if got := other.text("error-title"); got != "The host didn't let you in" {
		other.fatalf("turned-away title %q", got)
	}
	h.screenshots(other, "error-turned-away")
	host.waitJS(`document.querySelectorAll("#knocks .knock").length === 0`, "the banner empty after turning away")
	if names := host.playerNames(); !slices.Equal(names, []string{"Maya", "Leo"}) {
		host.fatalf("turning away changed the table: %v", names)
	}
}

// The host's banner shows over a game in play too: a native player who knocks mid-round is
// listed on the host's game screen and, let in from there, gets a seat.
func TestHostLetsInDuringAGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host, room, secret := openHostLobby(t, h, "host tab")
	for _, name := range []string{"Leo", "Nadia"} {
		joinNative(t, h.signal, room, secret, name)
	}
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 3`, "three players")
	host.click("start-game")
	host.waitJS(`document.getElementById("secret-card") !== null`, "the game on the host's screen")

	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	joined := make(chan error, 1)
	go func() {
		c, err := session.Join(ctx, session.Options{SignalURL: h.signal, Name: "Omar", Loopback: true}, room, "")
		if err == nil {
			defer c.Close()
			if c.Seat() != 3 {
				err = fmt.Errorf("seated at %d, want 3", c.Seat())
			}
		}
		joined <- err
	}()
	id := knockID(host, "Omar")
	if !eval[bool](host, `document.getElementById("secret-card") !== null`) {
		host.fatalf("the banner took the host off the game screen")
	}
	h.screenshots(host, "knock-banner-game")
	host.click("knock-admit-" + id)
	if err := <-joined; err != nil {
		t.Fatalf("the let-in player: %v", err)
	}
	host.waitJS(`document.querySelectorAll("#knocks .knock").length === 0`, "the banner gone")
}
