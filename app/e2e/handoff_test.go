//go:build !wasm

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"safehouse/engine/spyfall"
)

// APP-HOST-1 across browsers: a Chromium host hands its game, while the round's clock runs, to
// a Firefox player from the banner (whose tab came by the invite link as the player build and
// moved to the full build when its phone slept in the lobby); Firefox's player accepts, Firefox runs the game from then
// on, the Chromium tab comes back as Maya's seat, Leo (a native player) finds the new host by
// himself, and the round is played to its end with Firefox hosting.
func TestChromiumHostHandsTheGameToFirefox_APP_HOST_1(t *testing.T) {
	t.Parallel()
	start := time.Now()
	step := func(what string) { t.Logf("%6.1fs %s", time.Since(start).Seconds(), what) }
	h := newHarness(t, nil)
	ff := h.openFirefox("firefox player", nil)
	host, room, secret := openHostLobby(t, h, "chromium host")
	ff.open(host.value("invite-link"))
	ff.typeInto("name", "Fern")
	ff.click("join")
	ff.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "Fern seated")
	leo := joinSpyPeer(t, h, room, secret, "Leo")
	want := `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Fern,Leo"`
	host.waitJS(want, "the table on the host")
	ff.waitJS(want, "the table in Firefox")
	sleepIntoFullBuild(ff, "Maya,Fern,Leo")
	host.waitJS(want, "Fern back at the table in the full build")
	step("seated")
	press(host, "#set-rounds button[data-value='1']")
	host.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	press(host, "#start-game")

	m := &mixedTable{t: t, leo: leo, player: "Fern",
		pages: map[string]browserTab{"Maya": host, "Fern": ff}}
	m.play(func() {
		step("playing")
		before := leo.latest()
		press(host, "#handoff-open")
		host.waitJS(`document.querySelector(".handoff-target") !== null`, "the devices to hand the game to")
		h.phoneShots(host, "handoff-pick")
		target := eval[string](host, `([...document.querySelectorAll(".handoff-target")].find(b => b.textContent === "Fern") || {}).id || ""`)
		if target == "" {
			host.fatalf("Fern is not among the devices to hand the game to")
		}
		press(host, "#"+target)
		host.waitJS(`document.getElementById("handoff-asking") !== null`, "the host asking Fern")
		h.phoneShots(host, "handoff-asking")
		ff.waitJS(`document.getElementById("handoff-accept") !== null`, "the question in Firefox")
		h.ffScreenshot(ff, "handoff-ask", "dark")
		h.ffScreenshot(ff, "handoff-ask", "light")
		step("asked")
		ff.click("handoff-accept")

		// Firefox hosts: its game screen has the host's menu, and every phone finds it.
		ff.waitJS(`document.getElementById("host-menu") !== null`, "Firefox hosting")
		step("Firefox hosts")
		eventually(t, "Leo with Firefox hosting and everyone back", func() (string, bool) {
			leo.mu.Lock()
			defer leo.mu.Unlock()
			var names []string
			for _, p := range leo.players {
				names = append(names, fmt.Sprintf("%s(host %v, online %v)", p.Name, p.Host, p.Online))
			}
			ok := len(leo.players) == 3 && leo.players[0].Name == "Fern" && leo.players[0].Host
			for _, p := range leo.players {
				ok = ok && p.Online
			}
			return strings.Join(names, " "), ok
		})
		host.waitJS(`document.querySelector("main.spyfall") !== null && document.getElementById("host-menu") === null`, "Maya back as a player")
		step("everyone back")
		h.ffScreenshot(ff, "handoff-now-host", "dark")
		after := leo.waitView("the round as it was", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })
		if after.Card == nil || before.Card == nil || after.Card.Spy != before.Card.Spy ||
			(before.Card.Location != nil && after.Card.Location.ID != before.Card.Location.ID) || after.Clock == nil || !after.Clock.Running {
			t.Fatalf("after the handoff Leo holds %+v with clock %+v; before he held %+v", after.Card, after.Clock, before.Card)
		}
	})
	step("round over")
	ff.waitJS(`document.getElementById("final") !== null`, "the final result in Firefox")
	host.waitJS(`document.getElementById("final") !== null`, "the final result on Maya's tab")
}
