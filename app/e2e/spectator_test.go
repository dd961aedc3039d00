//go:build !wasm

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"safehouse/app/i18n"
	"safehouse/engine/spyfall"
)

// A table screen in the browser: a tab that types the room code with "table screen" ticked
// waits for the host like any typed code, is let in as a watcher (no player's seat), and
// follows the game on its public screen, which never shows the location, a role or who the
// spy is, while the players' own screens do.
func TestTableScreenFollowsTheGameWithoutSecrets(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host, room, secret := openHostLobby(t, h, "host tab")
	s := &sfTable{t: t, h: h, host: host}
	for _, name := range []string{"Leo", "Nadia"} {
		s.peers = append(s.peers, joinSpyPeer(t, h, room, secret, name))
	}
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 3`, "three players")

	tv := h.openBrowser("table screen", h.origin, true)
	tv.open(h.origin + "/")
	tv.typeInto("name", "Living room TV")
	tv.typeInto("code", room)
	press(tv, "#watch")
	tv.waitJS(`document.getElementById("watch").checked`, "the table screen ticked")
	tv.click("join")
	tv.waitJS(`document.getElementById("waiting-room") !== null`, "the waiting screen")

	id := knockID(host, "Living room TV")
	if got := eval[string](host, fmt.Sprintf(`document.querySelector("[data-knock='%s'] .knock-text").textContent`, id)); got != "Living room TV wants to join as a table screen" {
		host.fatalf("the knock reads %q", got)
	}
	host.click("knock-admit-" + id)
	tv.waitJS(`document.querySelectorAll("#players .player-name").length === 3`, "the lobby on the table screen")
	host.waitJS(`document.querySelector("#table-screens") !== null && document.querySelector("#table-screens").textContent.includes("Living room TV")`, "the table screen listed apart")
	if names := host.playerNames(); len(names) != 3 {
		host.fatalf("the table screen took a player's seat: %v", names)
	}
	h.elementShots(host, "lobby-table-screen", "section[aria-labelledby='players-heading']")

	host.waitJS(`document.getElementById("start-game") !== null`, "the host's Start button")
	press(host, "#start-game")
	s.phase(spyfall.PhaseDealt, 1)
	tv.waitJS(`document.getElementById("table-screen") !== null && document.querySelector("#table-screen main.spyfall") !== null`, "the game on the table screen")

	location := s.peers[0].latest().Card.Location
	if location == nil {
		location = s.peers[1].latest().Card.Location
	}
	noSecrets := func(when string) {
		t.Helper()
		page := eval[string](tv, `document.body.innerText`)
		for _, secret := range []string{i18n.LocationName(i18n.English, location.ID), "spy.", "Your role", "Hold to see"} {
			if strings.Contains(page, secret) {
				tv.fatalf("%s the table screen shows %q", when, secret)
			}
		}
		if eval[bool](tv, `document.getElementById("secret-card") !== null`) {
			tv.fatalf("%s the table screen has a card to hold", when)
		}
	}
	noSecrets("dealt,")
	h.screenshots(tv, "table-screen-dealt")

	s.startClock(1)
	tv.waitJS(`document.querySelector("#table-screen main.spyfall[data-phase='playing']") !== null`, "the round running on the table screen")
	noSecrets("in play,")
	h.screenshots(tv, "table-screen-playing")
}
