//go:build !wasm

package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// actFromCard presses the button on the face of this tab's card the way a player does
// (APP-HID-4: a spy's move is reached only from the card). With hold, the finger holds the
// card and lifts on the button: a touch keeps its pointer on the card wherever the finger
// goes, so the card sees the lift, at the button's place. Without, the player switches to
// tap-to-show, taps the card, then taps the button.
func (tb *tab) actFromCard(hold bool) {
	tb.t.Helper()
	tb.waitJS(`document.getElementById("secret-card") !== null`, "the card")
	if hold {
		if eval[bool](tb, `document.getElementById("card-toggle").checked`) {
			press(tb, "#card-toggle")
		}
		tb.waitJS(`document.querySelector("#secret-card[data-reveal=hold]") !== null`, "hold-to-see")
		tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
			const c = document.getElementById("secret-card");
			c.scrollIntoView({block: "center"});
			c.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true, pointerType: "touch", isPrimary: true}));
		})()`))
		tb.waitJS(`document.getElementById("card-action") !== null`, "the button on the card's face")
		tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
			const a = document.getElementById("card-action").getBoundingClientRect();
			document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true,
				pointerType: "touch", isPrimary: true, clientX: a.left + a.width / 2, clientY: a.top + a.height / 2}));
		})()`))
		tb.waitJS(`document.getElementById("card-face") === null`, "the card face down again")
		return
	}
	if !eval[bool](tb, `document.getElementById("card-toggle").checked`) {
		press(tb, "#card-toggle")
	}
	tb.waitJS(`document.querySelector("#secret-card[data-reveal=tap]") !== null`, "tap-to-show")
	press(tb, "#secret-card")
	press(tb, "#card-action")
	tb.waitJS(`document.getElementById("card-face") === null`, "the card face down again")
}

// passTo hands the phone of a pass-and-play game to name, through the hand-over screen's
// "someone else" list, as a table does when the one who must act is not next.
func passTo(tb *tab, names []string, name string) {
	tb.t.Helper()
	if tb.text("pass-holder") == name+" has the phone" {
		return
	}
	tb.click("pass-on")
	tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
	press(tb, fmt.Sprintf(".sf-pass-others button[data-pass='%d']", slices.Index(names, name)))
	tb.waitJS(fmt.Sprintf(`(document.getElementById("pass-holder") || {}).textContent === %q`, name+" has the phone"), name+" holding the phone")
}

// peekAll has every player of a pass-and-play game look at their card in turn and returns
// what each saw.
func peekAll(tb *tab, names []string) map[string]string {
	tb.t.Helper()
	faces := map[string]string{}
	for _, name := range names {
		passTo(tb, names, name)
		faces[name] = peekCard(tb)
	}
	return faces
}

// startClockByDealer passes the phone to whoever may start the clock, and starts it.
func startClockByDealer(tb *tab, names []string) {
	tb.t.Helper()
	for _, name := range names {
		passTo(tb, names, name)
		if eval[bool](tb, `document.getElementById("start-clock") !== null`) {
			tb.click("start-clock")
			tb.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null`, "the round to start")
			return
		}
	}
	tb.fatalf("nobody can start the clock")
}

// APP-HID-4 on one phone: in Spyfall 2 both spies (old pals) and in the team game the spy
// nobody picked make their moves from the face of their card, one holding it and one
// tapping, as every spy must now; the hand-over never names a spy nobody knows of.
func TestSpyMovesFromTheCard(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	tb := h.openBrowser("one phone", h.origin, true)
	tb.open(h.origin + "/")
	// Six: Spyfall 2 lets the host pick two spies from six players (SF-SET-3).
	names := []string{"Maya", "Leo", "Nadia", "Omar", "Pia", "Quinn"}
	tb.click("pass-play")
	tb.waitJS(`document.getElementById("pass-names") !== null`, "the pass-and-play setup")
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const f = document.getElementById("pass-names"); f.value = %q; f.dispatchEvent(new Event("input", {bubbles: true})); })()`, strings.Join(names, "\n"))))
	tb.click("pass-start")
	tb.waitJS(`document.getElementById("spyfall-settings") !== null`, "the lobby of the first player")
	setting := func(sel, pressed string) {
		press(tb, sel)
		tb.waitJS(fmt.Sprintf(`document.querySelector(%q) !== null`, pressed), sel)
	}
	setting("#set-edition button[data-value='spyfall2']", "#set-edition button[data-value='spyfall2'][aria-pressed=true]")
	setting("#set-rounds button[data-value='1']", "#set-rounds button[data-value='1'][aria-pressed=true]")
	setting("#set-spies button[data-value='2']", "#set-spies button[data-value='2'][aria-pressed=true]")
	setting("#set-oldpals", "#set-oldpals:checked")
	tb.click("start-game")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="dealt"]') !== null`, "the deal")

	// Spyfall 2: the first spy holds the card and lifts on its button; the second taps.
	faces := peekAll(tb, names)
	var spies []string
	location := ""
	for _, name := range names {
		if strings.HasPrefix(faces[name], "You're the spy.") {
			spies = append(spies, name)
		} else {
			location = faces[name]
		}
	}
	if len(spies) != 2 {
		t.Fatalf("spies %v among %v, want two", spies, faces)
	}
	startClockByDealer(tb, names)
	locID := func() string {
		for _, id := range eval[[]string](tb, `[...document.querySelectorAll("#location-list button")].map(b => b.dataset.location + "|" + b.textContent)`) {
			if l, n, _ := strings.Cut(id, "|"); strings.HasPrefix(location, n) {
				return l
			}
		}
		tb.fatalf("card %q names no location of the list", location)
		return ""
	}
	passTo(tb, names, spies[0])
	tb.actFromCard(true)
	press(tb, fmt.Sprintf("#location-list button[data-location=%q]", locID()))
	press(tb, "#guess-confirm")
	tb.waitJS(`document.getElementById("two-spies") !== null`, "the second spy's turn")
	// The second spy is public now: the hand-over names them.
	tb.click("pass-on")
	tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
	if got := tb.text("pass-to"); got != "Pass the phone to "+spies[1] {
		tb.fatalf("hand-over %q, want the second spy %s", got, spies[1])
	}
	tb.click("pass-ready")
	tb.actFromCard(false)
	press(tb, fmt.Sprintf("#location-list button[data-location=%q]", locID()))
	press(tb, "#guess-confirm")
	tb.waitJS(`document.getElementById("final") !== null`, "the final result")
	if got := tb.text("result-spies"); !strings.Contains(got, spies[0]) || !strings.Contains(got, spies[1]) {
		tb.fatalf("result names spies %q, want %v", got, spies)
	}

	// The team game: both captains stop picking, so the spy stays unknown and names both
	// locations from the card.
	passTo(tb, names, names[0]) // the host's seat takes the table back to the lobby
	press(tb, "#back-to-lobby")
	tb.waitJS(`document.getElementById("spyfall-settings") !== null`, "the lobby again")
	setting("#set-edition button[data-value='timetravel']", "#set-edition button[data-value='timetravel'][aria-pressed=true]")
	setting("#set-team", "#set-team:checked")
	tb.click("start-game")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="team_lead"]') !== null`, "the captains' choice")
	// The second spy chose tap-to-show in the first game: the choice is theirs and stays, as
	// every player's own screen state does while the phone goes round.
	passTo(tb, names, spies[1])
	if !eval[bool](tb, `document.getElementById("card-toggle").checked`) {
		tb.fatalf("%s's tap-to-show was forgotten", spies[1])
	}
	faces = peekAll(tb, names)
	spy := ""
	for _, name := range names {
		if strings.HasPrefix(faces[name], "You're the spy.") {
			spy = name
		}
	}
	if spy == "" {
		t.Fatalf("no spy among %v", faces)
	}
	// The hand-over names a captain while the captains choose and pick.
	for phase := range 3 {
		tb.click("pass-on")
		tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
		tb.click("pass-ready")
		tb.waitJS(`document.getElementById("pass-holder") !== null && (document.querySelector("button[data-captain]") !== null || document.getElementById("stop-picking") !== null || document.querySelector('main.spyfall[data-phase="team_guess"]') !== null)`, "the captain's screen")
		switch {
		case eval[bool](tb, `document.querySelector("button[data-captain]") !== null`):
			press(tb, "button[data-captain]")
			tb.waitJS(`document.querySelector('main.spyfall[data-phase="team_pick"]') !== null`, "the picks")
		case eval[bool](tb, `document.getElementById("stop-picking") !== null`):
			before := tb.text("team-line")
			press(tb, "#stop-picking")
			tb.waitJS(fmt.Sprintf(`(document.getElementById("team-line") || {}).textContent !== %q`, before), "the pick to go to the other captain")
		default:
			tb.fatalf("after hand-over %d the phone went to someone with nothing to do", phase)
		}
		if eval[bool](tb, `document.querySelector('main.spyfall[data-phase="team_guess"]') !== null`) {
			break
		}
	}
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="team_guess"]') !== null`, "the spy's guess")
	// Nobody picked the spy: the hand-over goes round in order, naming nobody in particular.
	holder := strings.TrimSuffix(tb.text("pass-holder"), " has the phone")
	tb.click("pass-on")
	tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
	if next := names[(slices.Index(names, holder)+1)%len(names)]; tb.text("pass-to") != "Pass the phone to "+next {
		tb.fatalf("hand-over %q while the unknown spy names the locations, want the next player, %s", tb.text("pass-to"), next)
	}
	tb.click("pass-ready")
	tb.waitJS(`document.getElementById("pass-holder") !== null`, "the next player holding the phone")
	passTo(tb, names, spy)
	tb.actFromCard(true)
	tb.waitJS(`document.getElementById("location-list") !== null`, "the location list")
	ids := eval[[]string](tb, `[...document.querySelectorAll("#location-list button")].slice(0, 2).map(b => b.dataset.location)`)
	press(tb, fmt.Sprintf("#location-list button[data-location=%q]", ids[0]))
	press(tb, fmt.Sprintf("#location-list button[data-location=%q]", ids[1]))
	press(tb, "#guess-both-confirm")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="round_over"], main.spyfall[data-phase="game_over"]') !== null`, "the team round's result")
}
