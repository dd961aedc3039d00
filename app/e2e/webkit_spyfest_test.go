//go:build !wasm

package e2e

import (
	"fmt"
	"testing"

	"safehouse/app/game"
	"safehouse/engine/spyfest"
)

// A WebKit player joins a Spyfest lobby by its invite link, picks a team, and plays one
// attempt by real clicks: it stops the game while the other team's Spy describes, and its
// team, guessing first as the intercepting team, names the character. Its screen shows the
// points. Three native peers fill the table; the Chromium host only looks on.
func TestWebKitPlayerPlaysASpyfestAttempt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	wk := h.openWebKit("webkit player")
	host, room, secret := openHostLobby(t, h, "chromium host")
	wk.open(host.value("invite-link"))
	wk.typeInto("name", "Wren")
	wk.click("join")
	wk.waitJS(`document.querySelector("#status.path-relay") !== null`, "the relay named as the path")
	nadia := joinFest(t, h.signal, room, secret, "Nadia")
	omar := joinFest(t, h.signal, room, secret, "Omar")
	pia := joinFest(t, h.signal, room, secret, "Pia")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 5`, "five players")

	festPress(host, "fest-family")
	wk.waitJS(`document.getElementById("spyfest-settings") !== null`, "the Spyfest settings in WebKit")
	// The smaller team starts: Nadia and Omar play the round, and Wren's team of three
	// (Wren, the host, Pia) intercepts.
	nadia.send(game.PickTeam(0))
	omar.send(game.PickTeam(0))
	pia.send(game.PickTeam(1))
	festPress(host, "fest-join-1")
	wk.click("fest-join-1")
	wk.waitJS(`document.querySelectorAll("#fest-team-0 li").length === 2 && document.querySelectorAll("#fest-team-1 li").length === 3`,
		"teams of two and three in WebKit")
	wk.screenshots("webkit-spyfest-lobby")
	festPress(host, "fest-start")

	v := festState(t, nadia, "a Spy to choose", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseSpyChoice })
	if v.ActiveTeam != 0 {
		t.Fatalf("team %d plays the first round, want the smaller team 0", v.ActiveTeam)
	}
	nadia.act(spyfest.ChooseSpy{Round: v.Round, Spy: nadia.seatNow()})
	festState(t, nadia, "the draw", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseDraw })
	nadia.act(spyfest.Draw{Round: v.Round})
	v = festState(t, nadia, "the draw done", func(v *spyfest.View) bool { return v.Phase != spyfest.PhaseDraw })
	if v.Phase == spyfest.PhaseKeep {
		nadia.act(spyfest.Keep{Round: v.Round, Character: nadia.fest().Candidates[0]})
	}
	v = festState(t, nadia, "the Spy describing", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseDescribing })
	answer := nadia.fest().Character

	wk.waitJS(`(e => e && e.dataset.phase === "describing")(document.getElementById("spyfest"))`, "the description in WebKit")
	wk.click("fx-stop")
	festState(t, nadia, "Wren's team's window", func(v *spyfest.View) bool {
		return v.Phase == spyfest.PhaseStopped && v.Guessing == 1
	})
	wk.waitJS(fmt.Sprintf(`document.getElementById("fx-pick-%s") !== null`, answer), "the names to guess in WebKit")
	wk.screenshots("webkit-spyfest-guess")
	wk.click("fx-pick-" + answer)
	wk.click("fx-guess")
	v = festState(t, nadia, "round 2", func(v *spyfest.View) bool { return v.Round == 2 })
	if r := v.History[0]; r.Scorer != 1 || r.Character != answer || r.VP != 3 {
		t.Fatalf("round 1 result %+v, want 3 VP for Wren's team, on %s", r, answer)
	}
	wk.waitJS(`(b => b && b.dataset.vp === "3")(document.getElementById("fx-team-1"))`, "Wren's team's 3 VP in WebKit")
	wk.screenshots("webkit-spyfest-result")
}
