//go:build !wasm

package e2e

import (
	"strings"
	"testing"
)

// The host's own locations, the list of locations and a pack that cannot be read, in the
// browser: the Spyfall panel is a component of its own that go-app draws again only when
// its input changes, so each step checks that what the host typed or chose shows at once and
// that the text fields keep their drafts through the redraws the other steps cause.
func TestSpyfallOwnLocationsAndLocationList(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host, _, _ := openHostLobby(t, h, "host")
	host.waitJS(`document.getElementById("spyfall-settings") !== null`, "the Spyfall settings")
	browseText := func() string { return eval[string](host, `document.querySelector("#browse summary").textContent`) }
	locationBoxes := `document.querySelectorAll("#browse input[id^='loc-']")`

	// The list of locations opens with one checkbox per location of the classic pack.
	if got := browseText(); !strings.Contains(got, "Browse the 28 locations · 28 locations in play") {
		t.Fatalf("the closed list reads %q", got)
	}
	press(host, "#browse summary")
	host.waitJS(locationBoxes+`.length === 28`, "28 location checkboxes")

	// Leaving one location out counts down what is in play.
	press(host, "#browse input[id^='loc-']")
	host.waitJS(`document.querySelector("#browse summary").textContent.includes("27 locations in play")`, "27 locations in play")
	if n := eval[int](host, locationBoxes+`.length`); n != 28 {
		t.Errorf("after leaving one out the list shows %d checkboxes, want 28", n)
	}

	// The host's own locations take the place of the packs, and the field keeps what was
	// typed; a pack ticked again plays alongside them.
	own := "Lighthouse: Keeper, Tourist\nSubmarine: Captain, Cook"
	host.typeInto("custom-locations", own)
	press(host, "#custom-use")
	host.waitJS(`document.querySelector("#browse summary").textContent.includes("Browse the 2 locations · 2 locations in play")`, "the own locations in the list")
	host.waitJS(locationBoxes+`.length === 2`, "2 location checkboxes")
	if got := host.value("custom-locations"); got != own {
		t.Errorf("the own locations field reads %q after they were used, want %q", got, own)
	}
	host.waitJS(`document.getElementById("export") !== null`, "the pack to export")
	host.waitJS(`document.getElementById("pack-classic").checked === false`, "the classic pack set aside")
	press(host, "#pack-classic")
	host.waitJS(`document.querySelector("#browse summary").textContent.includes("Browse the 30 locations · 30 locations in play")`, "the classic pack and the own locations")
	host.waitJS(locationBoxes+`.length === 30`, "30 location checkboxes")

	// A pack that cannot be read is refused with a reason, and changes nothing.
	before := browseText()
	host.typeInto("import-pack", "not a pack")
	press(host, "#import")
	host.waitJS(`document.getElementById("settings-problem").textContent.startsWith("That is not a Safehouse location pack")`, "the reason the pack was refused")
	if got := browseText(); got != before {
		t.Errorf("a refused pack changed the list: %q, was %q", got, before)
	}
	if got := host.value("import-pack"); got != "not a pack" {
		t.Errorf("the import field reads %q after the refusal, want the pasted text", got)
	}
	h.elementShots(host, "sf-own-locations", "#spyfall-settings")

	// Closing the list takes its checkboxes out of the page.
	press(host, "#browse summary")
	host.waitJS(locationBoxes+`.length === 0`, "the closed list")
	if got := browseText(); !strings.Contains(got, "30 locations in play") {
		t.Errorf("the closed list reads %q, want 30 locations in play", got)
	}
}
