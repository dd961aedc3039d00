//go:build !wasm

package e2e

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// seatNamed is the engine seat of the player called name in v.
func seatNamed(t *testing.T, v *spyfall.View, name string) engine.Seat {
	t.Helper()
	for _, st := range v.Seats {
		if st.Name == name {
			return st.ID
		}
	}
	t.Fatalf("no seat named %s in %+v", name, v.Seats)
	return engine.NoSeat
}

// joinTab opens the invite link in a new tab and sits down as name.
func joinTab(h *harness, link, name string) *tab {
	h.t.Helper()
	tb := h.openBrowser(name+"'s tab", h.origin, true)
	tb.open(link)
	tb.typeInto("name", name)
	tb.click("join")
	tb.waitJS(fmt.Sprintf(`[...document.querySelectorAll("#players .player-name")].some(e => e.textContent === %q)`, name), name+" seated")
	return tb
}

// APP-HOST-2 in the browser: the host's tab is closed for good in the middle of a vote. Once the
// host has been away for the site's takeoverAfter (a few seconds here; 90 on a real site), the
// players' tabs offer to continue the game; Cleo's tab asks, Dana's tab agrees, and the game
// goes on in Cleo's tab under the same room code: the vote still holds the gone host's yes,
// Leo (a native player) comes back by himself, and the game runs to its end. Both tabs came by
// the invite link and run the player build, which cannot host: Cleo's press reloads her tab
// into the full build with her seat, share and sealed copy carried across the reload
// (app/carryseat.go), and the full build asks the table by itself; Dana's tab, still the
// player build, agrees. Before, a player-build tab offered nothing, and a reload lost the
// share only the gone host could give again. Dana's tab reloads while the host is away and
// keeps its seat and share the same way.
func TestHostTabClosedAPlayerTabContinuesTheGame_APP_HOST_2(t *testing.T) {
	t.Parallel()
	start := time.Now()
	step := func(what string) { t.Logf("%6.1fs %s", time.Since(start).Seconds(), what) }
	h := newHarness(t, nil)
	h.setConfig(map[string]string{"takeoverAfter": "2"})
	host, room, secret := openHostLobby(t, h, "host tab")
	link := host.value("invite-link")
	// The full build stays on its way until Cleo's press: her tab then waits for it with the
	// loader's strip, and Dana's reload below stays the player build (a browser whose worker
	// keeps the full build loads it from then on).
	release := h.fullBuild.hold()
	t.Cleanup(release)
	cleo, dana := joinTab(h, link, "Cleo"), joinTab(h, link, "Dana")
	tabs := []*tab{host, cleo, dana}
	for _, tb := range tabs {
		tb.tableMates = func() []*tab { return tabs }
	}
	leo := joinSpyPeer(t, h, room, secret, "Leo")
	step("seated")
	want := `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Cleo,Dana,Leo"`
	for _, tb := range tabs {
		tb.waitJS(want, "the whole table")
	}
	for _, tb := range []*tab{cleo, dana} {
		if kind := eval[string](tb, `window.safehouseBuild.kind`); kind != "player" {
			t.Fatalf("%s runs the %s build, want the player build", tb.label, kind)
		}
	}
	press(host, "#set-rounds button[data-value='1']")
	host.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	press(host, "#start-game")

	v := leo.waitView("the deal", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseDealt })
	byName := map[string]*tab{"Maya": host, "Cleo": cleo, "Dana": dana}
	if dealer := v.Seats[slices.IndexFunc(v.Seats, func(s spyfall.SeatView) bool { return s.ID == v.Dealer })].Name; dealer == "Leo" {
		leo.act(spyfall.StartClock{Round: 1})
	} else {
		byName[dealer].click("start-clock")
	}
	leo.waitView("the clock running", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })
	step("playing")

	// Leo accuses Dana; the host's player votes yes on her screen; then the host's tab is gone.
	maya, dana0 := seatNamed(t, v, "Maya"), seatNamed(t, v, "Dana")
	leo.act(spyfall.Accuse{Round: 1, Suspect: dana0})
	v = leo.waitView("the vote", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseVote })
	if !slices.Contains(v.Vote.Voters, maya) || slices.Contains(v.Vote.Voters, dana0) {
		t.Fatalf("voters %v: want the host's seat %d and not the suspect %d", v.Vote.Voters, maya, dana0)
	}
	host.click("vote-yes")
	v = leo.waitView("the host's yes", func(v *spyfall.View) bool { return slices.Contains(v.Vote.Voted, maya) })
	eventually(t, "Leo holding a sealed copy of the vote with the host's yes", func() (string, bool) {
		leo.mu.Lock()
		state := leo.state
		leo.mu.Unlock()
		have := leo.client.Holding()
		return fmt.Sprintf("copy of state %d, view of state %d", have.State, state), have.State >= state
	})
	closed := time.Now()
	host.closeForGood()
	step("host closed")
	tabs = []*tab{cleo, dana}

	// Dana's tab reloads while the host is away: it comes back to the vote at once, still the
	// player build, with the share it agrees with below (the host is not there to send it
	// again).
	dana.waitJS(`document.getElementById("host-away-title") !== null`, "the host away")
	dana.reload()
	dana.waitJS(`document.getElementById("host-away-title") !== null && document.getElementById("vote-head") !== null`, "Dana back at the vote, the host still away")
	if kind := eval[string](dana, `window.safehouseBuild.kind`); kind != "player" {
		t.Fatalf("Dana's reloaded tab runs the %s build, want the player build", kind)
	}
	step("Dana reloaded")

	cleo.waitJS(`document.getElementById("takeover-ask") !== null`, "the offer to continue the game")
	t.Logf("the offer came %v after the host's tab closed", time.Since(closed).Round(time.Millisecond))
	h.phoneShots(cleo, "takeover-offer")
	step("offer photographed")
	cleo.click("takeover-ask")
	cleo.waitJS(`document.getElementById("full-build-loader") !== null && document.getElementById("takeover-ask").disabled`, "the loader's strip over the offer, its button taken")
	h.phoneShots(cleo, "takeover-full-build-wait")
	awaitTheFullBuild(cleo, release)
	step("Cleo in the full build")
	cleo.waitJS(`document.getElementById("takeover-asking") !== null && document.getElementById("vote-head") !== null`, "the ask under way, over the vote as it was")
	h.phoneShots(cleo, "takeover-asking")
	step("asking photographed")
	dana.waitJS(`document.getElementById("takeover-agree") !== null`, "Cleo's ask")
	h.phoneShots(dana, "takeover-asked")
	step("asked photographed")
	dana.click("takeover-agree")
	step("agreed")

	// The game runs in Cleo's tab now: the others are back with her, the vote as it was.
	cleo.waitJS(`document.getElementById("host-menu") !== null`, "Cleo's tab hosting")
	t.Logf("Cleo's tab hosts %v after the host's tab closed", time.Since(closed).Round(time.Millisecond))
	eventually(t, "Leo back with Cleo hosting", func() (string, bool) {
		leo.mu.Lock()
		defer leo.mu.Unlock()
		online := 0
		for _, p := range leo.players {
			if p.Online {
				online++
			}
		}
		first := ""
		if len(leo.players) > 0 && leo.players[0].Host {
			first = leo.players[0].Name
		}
		return fmt.Sprintf("host %q, %d online", first, online), first == "Cleo" && online == 3
	})
	v = leo.waitView("the vote kept", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseVote })
	if !slices.Contains(v.Vote.Voted, maya) {
		t.Fatalf("the vote lost the gone host's yes: voted %v", v.Vote.Voted)
	}
	for _, tb := range tabs {
		tb.waitJS(`document.getElementById("vote-head") !== null`, "the vote on screen")
	}
	cleo.waitJS(`document.getElementById("vote-yes") !== null`, "Cleo's ballot")
	h.phoneShots(cleo, "takeover-new-host-vote")
	step("new host photographed")
	cleo.click("vote-yes")
	step("voted")
	v = leo.waitView("the game over", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseGameOver })
	if r := v.LastRound; r == nil || (r.Ending != spyfall.EndSpyConvicted && r.Ending != spyfall.EndNonSpyConvicted) {
		t.Fatalf("the round ended %+v, want a passed vote on Dana", r)
	}
	for _, tb := range tabs {
		tb.waitJS(`document.getElementById("final") !== null`, "the final result")
	}
}
