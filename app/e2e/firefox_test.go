//go:build !wasm

package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// mixedTable is one classic Spyfall round across two browsers, a host page and a player
// page, with a native peer (Leo) as the third player.
type mixedTable struct {
	t      *testing.T
	pages  map[string]browserTab // by player name: the host page as Maya, the player page
	leo    *spyPeer
	player string
}

func (m *mixedTable) seatOf(v *spyfall.View, name string) engine.Seat {
	for _, st := range v.Seats {
		if st.Name == name {
			return st.ID
		}
	}
	m.t.Fatalf("no seat named %s in %+v", name, v.Seats)
	return engine.NoSeat
}

func (m *mixedTable) nameOf(v *spyfall.View, seat engine.Seat) string {
	for _, st := range v.Seats {
		if st.ID == seat {
			return st.Name
		}
	}
	return ""
}

func (m *mixedTable) phase(want spyfall.Phase) *spyfall.View {
	m.t.Helper()
	v := m.leo.waitView("phase "+string(want), func(v *spyfall.View) bool { return v.Phase == want })
	for name, p := range m.pages {
		p.waitJS(fmt.Sprintf(`document.querySelector('main.spyfall[data-phase=%q]') !== null`, want), name+" in phase "+string(want))
	}
	return v
}

// play plays the dealt round to the end with the player page acting through its screen: the
// dealer starts the clock; a player who is not the spy accuses the spy and the others vote
// yes; a player who is the spy names the location from the card. It returns the last view.
func (m *mixedTable) play(atPlaying func()) *spyfall.View {
	m.t.Helper()
	v := m.phase(spyfall.PhaseDealt)
	if dealer := m.nameOf(v, v.Dealer); dealer == "Leo" {
		m.leo.act(spyfall.StartClock{Round: 1})
	} else {
		m.pages[dealer].click("start-clock")
	}
	v = m.phase(spyfall.PhasePlaying)
	atPlaying()

	me := m.pages[m.player]
	loc, leoSpy := "", v.Card != nil && v.Card.Spy
	if !leoSpy {
		loc = v.Card.Location.ID
	}
	// The player's card says whether they are the spy: its face, seen by a tap.
	me.press("#card-toggle")
	me.waitJS(`document.querySelector("#secret-card[data-reveal=tap]") !== null`, "tap-to-show")
	me.press("#secret-card")
	me.waitJS(`document.getElementById("card-face") !== null`, "the card's face")
	if playerSpy := strings.HasPrefix(js[string](me, `document.getElementById("card-face").textContent`), "You're the spy."); playerSpy {
		// The spy names the location from the card's face (every card has a button there).
		m.t.Logf("%s is the spy and names the location", m.player)
		me.press("#card-action")
		// Pressed once the sheet has slid in: a press computed during its slide landed on
		// another location's button (Firefox named passenger_train for movie_studio).
		me.waitJS(`document.querySelector("#location-list button") !== null`, "the location list")
		settleOn(me, "the location list")
		me.press(fmt.Sprintf("#location-list button[data-location=%q]", loc))
		me.press("#guess-confirm")
		v = m.phase(spyfall.PhaseGameOver)
		if r := v.LastRound; r == nil || r.Ending != spyfall.EndSpyGuessed {
			m.t.Fatalf("the round ended %+v, want the spy (%s) naming the location", r, m.player)
		}
		return v
	}
	me.press("#secret-card")
	me.waitJS(`document.getElementById("card-face") === null`, "the card face down again")

	spy := m.seatOf(v, "Leo")
	if !leoSpy {
		spy = m.seatOf(v, "Maya") // neither Leo nor the player
	}
	m.t.Logf("%s accuses %s, the spy", m.player, m.nameOf(v, spy))
	me.click("accuse")
	me.press(fmt.Sprintf("#sf-players button[data-seat='%d']", spy))
	me.waitJS(fmt.Sprintf(`document.querySelector("#sf-players button[data-seat='%d'][aria-pressed=true]") !== null`, spy), "the suspect picked")
	me.click("accuse-confirm")
	v = m.phase(spyfall.PhaseVote)
	if v.Vote == nil || v.Vote.Suspect != spy || v.Vote.Accuser != m.seatOf(v, m.player) {
		m.t.Fatalf("vote %+v, want %s accusing seat %d", v.Vote, m.player, spy)
	}
	for _, voter := range v.Vote.Voters {
		if slices.Contains(v.Vote.Voted, voter) {
			continue
		}
		if name := m.nameOf(v, voter); name == "Leo" {
			m.leo.act(spyfall.Vote{Vote: v.Vote.ID, Yes: true})
		} else {
			m.pages[name].click("vote-yes")
		}
	}
	v = m.phase(spyfall.PhaseGameOver)
	if r := v.LastRound; r == nil || r.Ending != spyfall.EndSpyConvicted {
		m.t.Fatalf("the round ended %+v, want the spy convicted", r)
	}
	return v
}

// A Firefox player joins a Chromium host by its invite link and plays a classic round to
// the end, acting by real clicks and key presses in Firefox.
func TestFirefoxPlayerJoinsChromiumHost(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	ff := h.openFirefox("firefox player", nil)
	host, room, secret := openHostLobby(t, h, "chromium host", keepPeers)
	link := host.value("invite-link")
	if !strings.Contains(link, "#join="+room) {
		host.fatalf("invite link %q does not name room %s", link, room)
	}
	ff.open(link)
	ff.typeInto("name", "Fern")
	ff.click("join")
	ff.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "Fern seated")
	// Over a data channel of Firefox's own, not the server's encrypted relay, which also works.
	ff.waitJS(`document.querySelector("#status.path-direct") !== null`, "a direct data channel to the host")
	// The page joined by itself while the app came (wasm/gen/earlyjoin.js), and Firefox's app
	// went on with that join: the host answered one offer, not a second from the app.
	if n := eval[int](host, `window.__peers.length`); n != 1 {
		host.fatalf("the host answered %d offers from Firefox's page, want 1 (the page's own join, taken by its app)", n)
	}
	leo := joinSpyPeer(t, h, room, secret, "Leo")
	want := `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Fern,Leo"`
	host.waitJS(want, "the table on the host")
	ff.waitJS(want, "the table in Firefox")
	h.ffScreenshot(ff, "ff-lobby-player", "dark")

	press(host, "#set-rounds button[data-value='1']")
	host.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	press(host, "#start-game")
	m := &mixedTable{t: t, leo: leo, player: "Fern",
		pages: map[string]browserTab{"Maya": host, "Fern": ff}}
	m.play(func() { h.ffScreenshot(ff, "ff-playing-player", "dark") })
	ff.waitJS(`document.getElementById("final") !== null`, "the final result in Firefox")
	h.ffScreenshot(ff, "ff-final-player", "dark")
}

// A Chromium player joins a Firefox host by the invite link Firefox shows; Firefox runs the
// game (the engine in its wasm, the peers over its WebRTC) through a classic round.
func TestChromiumPlayerJoinsFirefoxHost(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	ff := h.openFirefox("firefox host", nil)
	ff.open(h.origin + "/")
	ff.typeInto("name", "Maya")
	ff.click("create")
	ff.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby in Firefox")
	// Desktop Firefox has no Web Share: the lobby offers the link to copy, and no share button.
	if !ffEval[bool](ff, `document.getElementById("share") === null && document.getElementById("copy") !== null`) {
		ff.fatalf("the lobby offers a share sheet Firefox does not have, or no way to copy the link")
	}
	link := ffEval[string](ff, `document.getElementById("invite-link").value`)
	room := ff.text("lobby-room")
	_, frag, _ := strings.Cut(link, "#")
	secret := ""
	for _, kv := range strings.Split(frag, "&") {
		if k, v, _ := strings.Cut(kv, "="); k == "k" {
			secret = v
		}
	}
	if room == "" || secret == "" {
		ff.fatalf("the invite link %q names no room or key", link)
	}

	player := h.openBrowser("chromium player", h.origin, true)
	player.open(link)
	player.typeInto("name", "Cleo")
	player.click("join")
	player.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "Cleo seated")
	player.waitJS(`document.querySelector("#status.path-direct") !== null`, "a direct data channel to the Firefox host")
	leo := joinSpyPeer(t, h, room, secret, "Leo")
	want := `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Cleo,Leo"`
	ff.waitJS(want, "the table in Firefox")
	player.waitJS(want, "the table on the player")
	h.ffScreenshot(ff, "ff-lobby-host", "dark")
	h.ffScreenshot(ff, "ff-lobby-host", "light")

	ff.press("#set-rounds button[data-value='1']")
	ff.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	ff.press("#start-game")
	m := &mixedTable{t: t, leo: leo, player: "Cleo",
		pages: map[string]browserTab{"Maya": ff, "Cleo": player}}
	m.play(func() { h.ffScreenshot(ff, "ff-playing-host", "dark") })
	ff.waitJS(`document.getElementById("final") !== null`, "the final result in Firefox")
	h.ffScreenshot(ff, "ff-final-host", "dark")
}

// A Firefox with WebRTC turned off (media.peerconnection.enabled, off in privacy-minded
// builds) has no RTCPeerConnection at all: it joins through the server's encrypted relay and
// says so, where it used to stop on "Couldn't connect".
func TestFirefoxNoWebRTCRelays(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	ff := h.openFirefox("firefox without WebRTC", map[string]any{"media.peerconnection.enabled": false})
	host, _, _ := openHostLobby(t, h, "chromium host")
	ff.open(host.value("invite-link"))
	if ffEval[bool](ff, `typeof RTCPeerConnection !== "undefined"`) {
		ff.fatalf("RTCPeerConnection is still there with media.peerconnection.enabled off")
	}
	ff.typeInto("name", "Fern")
	ff.click("join")
	want := `[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Fern"`
	ff.waitJS(want, "Fern seated")
	host.waitJS(want, "Fern on the host")
	ff.waitJS(`document.querySelector("#status.path-relay") !== null`, "the relay named as the path")
	if got := ff.text("status"); got != "Connected through the server, encrypted" {
		ff.fatalf("the status says %q", got)
	}
}
