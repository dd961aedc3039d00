//go:build !wasm

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// spyPeer is a native player of a Spyfall game: it keeps its latest engine view.
type spyPeer struct {
	t      *testing.T
	name   string
	client *session.Client
	mu     sync.Mutex
	view   *spyfall.View
	notes  []string
	// state and players are the latest session view's: its state number and the table.
	state   uint64
	players []session.Player
}

func joinSpyPeer(t *testing.T, h *harness, room, secret, name string) *spyPeer {
	t.Helper()
	p := &spyPeer{t: t, name: name}
	p.client = joinListening(t, h.signal, room, secret, name, p.update)
	return p
}

// update keeps what one session update says about the game.
func (p *spyPeer) update(u session.Update) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if u.View != nil {
		p.state, p.players = u.View.State, u.View.Players
		if tv, err := game.DecodeView(u.View.Game); err == nil && tv != nil {
			p.view = game.EngineView[spyfall.View](tv)
		}
	}
	if u.Notice != "" {
		p.notes = append(p.notes, u.Notice)
	}
}

func (p *spyPeer) latest() *spyfall.View {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.view
}

// waitView waits until the peer's view satisfies ok and returns it.
func (p *spyPeer) waitView(what string, ok func(v *spyfall.View) bool) *spyfall.View {
	p.t.Helper()
	var got *spyfall.View
	eventually(p.t, p.name+": "+what, func() (string, bool) {
		got = p.latest()
		if got == nil {
			return "no game view", false
		}
		return fmt.Sprintf("phase %s round %d", got.Phase, got.Round), ok(got)
	})
	return got
}

func (p *spyPeer) act(a spyfall.Action) {
	p.t.Helper()
	in, err := game.Action(a)
	if err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
	if err := p.client.Send(in); err != nil {
		p.t.Fatalf("%s sends %s: %v", p.name, a.Kind(), err)
	}
}

// sfTable is one Spyfall game played by a host tab and native peers.
type sfTable struct {
	t     *testing.T
	h     *harness
	host  *tab
	peers []*spyPeer
}

func (s *sfTable) phase(want spyfall.Phase, round int) {
	s.t.Helper()
	for _, p := range s.peers {
		p.waitView(fmt.Sprintf("phase %s of round %d", want, round), func(v *spyfall.View) bool {
			return v.Phase == want && v.Round == round
		})
	}
	s.host.waitJS(fmt.Sprintf(`document.querySelector('main.spyfall[data-phase=%q]') !== null`, want), "the host tab in phase "+string(want))
}

func (s *sfTable) noteCounts() []int {
	var n []int
	for _, p := range s.peers {
		p.mu.Lock()
		n = append(n, len(p.notes))
		p.mu.Unlock()
	}
	return n
}

// hostSeat is the host tab's engine seat: the one no native peer holds.
func (s *sfTable) hostSeat() engine.Seat {
	v := s.peers[0].latest()
	for _, st := range v.Seats {
		held := false
		for _, p := range s.peers {
			held = held || p.latest().Seat == st.ID
		}
		if !held && !st.Removed {
			return st.ID
		}
	}
	s.t.Fatal("no seat left for the host tab")
	return engine.NoSeat
}

func (s *sfTable) peer(seat engine.Seat) *spyPeer {
	for _, p := range s.peers {
		if p.latest().Seat == seat {
			return p
		}
	}
	return nil
}

// spies are the seats holding a spy card this round: the peers know their own, the host
// tab is the spy when no peer is.
func (s *sfTable) spy() engine.Seat {
	for _, p := range s.peers {
		if c := p.latest().Card; c != nil && c.Spy {
			return p.latest().Seat
		}
	}
	return s.hostSeat()
}

func (s *sfTable) location() string {
	for _, p := range s.peers {
		if c := p.latest().Card; c != nil && c.Location != nil {
			return c.Location.ID
		}
	}
	s.t.Fatal("no peer holds a location card")
	return ""
}

// startClock has the round's dealer start the clock, by button when the dealer is the host tab.
func (s *sfTable) startClock(round int) {
	s.t.Helper()
	s.phase(spyfall.PhaseDealt, round)
	dealer := s.peers[0].latest().Dealer
	if p := s.peer(dealer); p != nil {
		p.act(spyfall.StartClock{Round: round})
	} else {
		s.host.click("start-clock")
	}
	s.phase(spyfall.PhasePlaying, round)
}

// accuse has accuser accuse suspect (through the UI when the accuser is the host tab) and
// every voter vote yes or no (the host tab by its buttons). It returns the vote's ID.
func (s *sfTable) accuse(round int, accuser, suspect engine.Seat, yes bool, shot string) {
	s.t.Helper()
	vibesBefore := eval[int](s.host, `(window.__vibes || []).length`)
	if p := s.peer(accuser); p != nil {
		p.act(spyfall.Accuse{Round: round, Suspect: suspect})
	} else {
		s.host.click("accuse")
		press(s.host, fmt.Sprintf("#sf-players button[data-seat='%d']", suspect))
		s.host.waitJS(fmt.Sprintf(`document.querySelector("#sf-players button[data-seat='%d'][aria-pressed=true]") !== null`, suspect), "the suspect picked")
		if shot != "" {
			s.h.screenshots(s.host, shot+"-pick")
		}
		s.host.click("accuse-confirm")
	}
	s.phase(spyfall.PhaseVote, round)
	v := s.peers[0].latest()
	if v.Vote == nil || v.Vote.Suspect != suspect || v.Vote.Accuser != accuser {
		s.t.Fatalf("vote %+v, want %d accusing %d", v.Vote, accuser, suspect)
	}
	if s.host.text("vote-head") == "" {
		s.host.fatalf("the host tab shows no vote prompt")
	}
	if suspect == s.hostSeat() {
		s.host.waitJS(`document.getElementById("you-accused") !== null`, "the accused sees it")
	}
	if shot != "" {
		s.h.screenshots(s.host, shot)
	}
	me := s.hostSeat()
	if slices.Contains(v.Vote.Voters, me) && !slices.Contains(v.Vote.Voted, me) {
		// Asked to vote, the host's phone buzzes (navigator.vibrate is recorded, see recordVibrations).
		s.host.waitJS(fmt.Sprintf(`(window.__vibes || []).length > %d`, vibesBefore), "a buzz for the vote")
	}
	id := v.Vote.ID
	for _, voter := range v.Vote.Voters {
		if slices.Contains(v.Vote.Voted, voter) {
			continue // the accuser's ballot is cast by the accusation itself
		}
		if p := s.peer(voter); p != nil {
			p.act(spyfall.Vote{Vote: id, Yes: yes})
			continue
		}
		if yes {
			s.host.click("vote-yes")
		} else {
			s.host.click("vote-no")
		}
	}
}

// sameScores checks that every score the host tab shows equals the engine's, as a peer sees it.
func (s *sfTable) sameScores(where string) {
	s.t.Helper()
	v := s.peers[0].latest()
	want := map[string]int{}
	for _, st := range v.Seats {
		want[fmt.Sprint(int(st.ID))] = st.Points
	}
	got := eval[map[string]int](s.host, `Object.fromEntries([...document.querySelectorAll("`+where+` tbody tr")].map(r => [r.dataset.seat, Number(r.querySelector(".total").textContent)]))`)
	if len(got) != len(want) {
		s.host.fatalf("%s shows %d score rows %v, want %v", where, len(got), got, want)
	}
	for k, w := range want {
		if got[k] != w {
			s.host.fatalf("%s shows seat %s with %d points, the engine %d (%v vs %v)", where, k, got[k], w, got, want)
		}
	}
	chips := eval[map[string]int](s.host, `Object.fromEntries([...document.querySelectorAll("#sf-players [data-seat]")].map(c => [c.dataset.seat, Number(c.querySelector(".sf-points").textContent)]))`)
	for k, c := range chips {
		if c != want[k] {
			s.host.fatalf("chip of seat %s shows %d points, the engine %d", k, c, want[k])
		}
	}
}

// A classic game of 2 rounds: a host tab and two native peers, with a failed accusation, a
// passed accusation and a spy naming the location; every screen photographed, and the
// scores the host tab shows equal to the engine's after every round.
func TestSpyfallClassicGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	host, room, secret := openHostLobby(t, h, "host tab")
	recordVibrations(host)
	s := &sfTable{t: t, h: h, host: host}
	for _, name := range []string{"Leo", "Nadia"} {
		s.peers = append(s.peers, joinSpyPeer(t, h, room, secret, name))
	}
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 3`, "three players")

	// The host renames Nadia from the menu on her row, then moves her to the top.
	nadia := `document.querySelector("#players .seat-menu[data-seat='2']")`
	host.waitJS(nadia+" !== null", "the host's menu on Nadia's row")
	press(host, "#players .seat-menu[data-seat='2'] .seat-menu-open")
	host.typeInto("seat-name-2", "Nadja")
	press(host, "#players .seat-menu[data-seat='2'] .seat-rename")
	host.waitJS(`[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Leo,Nadja"`, "the rename everywhere")
	press(host, "#players .seat-menu[data-seat='2'] .seat-menu-open")
	press(host, "#players .seat-menu[data-seat='2'] .seat-up")
	host.waitJS(`[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Nadja,Leo"`, "Nadja moved up")
	press(host, "#players .seat-menu[data-seat='1'] .seat-menu-open")
	h.elementShots(host, "sf-lobby-host-menu", "#players")
	press(host, "#players .seat-menu[data-seat='1'] .seat-menu-close")

	// Settings: two rounds of classic Spyfall.
	host.waitJS(`document.getElementById("spyfall-settings") !== null`, "the Spyfall settings")
	press(host, "#set-rounds button[data-value='2']")
	host.waitJS(`document.getElementById("settings-summary").textContent.includes("2 rounds")`, "two rounds chosen")
	h.screenshots(host, "sf-settings-lobby")
	h.elementShots(host, "sf-settings", "#spyfall-settings")
	host.click("start-game")

	// Round 1 is dealt as the game starts.
	s.phase(spyfall.PhaseDealt, 1)
	if eval[bool](host, `document.getElementById("card-face") !== null`) {
		host.fatalf("the card shows its face before it is held")
	}
	h.screenshots(host, "sf-dealt")
	host.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`))
	host.waitJS(`document.getElementById("card-face") !== null`, "the card held open")
	h.screenshots(host, "sf-card-held")
	host.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true}))`))
	host.waitJS(`document.getElementById("card-face") === null`, "the card face down again")

	s.startClock(1)
	h.screenshots(host, "sf-playing")
	spy, me := s.spy(), s.hostSeat()
	var innocents []engine.Seat
	for _, st := range s.peers[0].latest().Seats {
		if st.ID != spy {
			innocents = append(innocents, st.ID)
		}
	}
	// A failed accusation: an innocent peer accuses the other innocent; the vote says no.
	first := innocents[0]
	if s.peer(first) == nil {
		first = innocents[1]
	}
	other := innocents[0]
	if other == first {
		other = innocents[1]
	}
	s.accuse(1, first, other, false, "sf-vote")
	s.phase(spyfall.PhasePlaying, 1)
	host.waitJS(`document.getElementById("last-vote") !== null`, "the failed vote's result")
	h.screenshots(host, "sf-vote-failed")
	if lv := s.peers[0].latest().LastVote; lv == nil || lv.Passed {
		t.Fatalf("last vote %+v, want a failed one", lv)
	}
	// The one who accused cannot accuse again this round.
	if p := s.peer(first); slices.Contains(p.latest().Can, "accuse") {
		t.Fatalf("%s may accuse twice in a round", p.name)
	}
	// A passed accusation: the other innocent accuses the spy (by the UI when it is the host tab).
	s.accuse(1, other, spy, true, map[bool]string{true: "sf-accuse", false: ""}[other == me])
	s.phase(spyfall.PhaseRoundOver, 1)
	r := s.peers[0].latest().LastRound
	if r == nil || r.Ending != spyfall.EndSpyConvicted {
		t.Fatalf("round 1 ended %+v, want the spy convicted", r)
	}
	host.waitJS(`document.getElementById("round-result") !== null`, "the round result")
	s.sameScores("#round-result")
	h.screenshots(host, "sf-round-result")

	// Round 2: the spy reveals themselves and names the location.
	host.click("deal")
	s.startClock(2)
	spy, loc := s.spy(), s.location()
	notes := s.noteCounts()
	host.click("open-locations")
	host.waitJS(`document.getElementById("locations-sheet") !== null`, "the location sheet")
	host.do(chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("#location-list button")].slice(0, 3).forEach(b => b.click())`))
	host.waitJS(`document.querySelectorAll("#location-list .marked").length === 3`, "three private marks")
	h.screenshots(host, "sf-locations")
	if after := s.noteCounts(); !slices.Equal(after, notes) {
		t.Fatalf("private marks sent the peers notices: %v before, %v after", notes, after)
	}
	press(host, "#locations-sheet .sheet-close")
	if p := s.peer(spy); p != nil {
		p.act(spyfall.Guess{Round: 2, Location: loc})
	} else {
		t.Logf("the host's tab, the spy, names the location from its card")
		host.actFromCard(true)
		press(host, fmt.Sprintf("#location-list button[data-location=%q]", loc))
		h.screenshots(host, "sf-spy-guess")
		press(host, "#guess-confirm")
	}
	s.phase(spyfall.PhaseGameOver, 2)
	if r := s.peers[0].latest().LastRound; r == nil || r.Ending != spyfall.EndSpyGuessed {
		t.Fatalf("round 2 ended %+v, want the spy naming the location", r)
	}
	host.waitJS(`document.getElementById("final") !== null`, "the final result")
	s.sameScores("#final")
	// The final scoreboard already holds the last round's gains: the scores are shown once.
	if n := eval[int](host, `document.querySelectorAll("main .sf-points-table").length`); n != 1 {
		host.fatalf("the game-over screen shows %d score tables, want 1", n)
	}
	h.screenshots(host, "sf-final")
	host.click("open-scores")
	host.waitJS(`document.getElementById("scores-sheet") !== null`, "the score sheet")
	s.sameScores("#scores-sheet")
	h.screenshots(host, "sf-scores")
}

// press clicks the element a CSS selector finds, once it is there.
func press(tb *tab, selector string) {
	tb.t.Helper()
	q := fmt.Sprintf("document.querySelector(%q)", selector)
	tb.waitJS(q+" !== null && !"+q+".disabled", selector)
	tb.do(chromedp.Evaluate[chromedp.Void](q + ".click()"))
}

// openSpyTable opens a host tab, seats native peers and applies the lobby settings by
// clicking the given settings controls (CSS selectors, in order), then starts the game.
func openSpyTable(t *testing.T, h *harness, label string, peers []string, settings []string, shot string) *sfTable {
	t.Helper()
	host, room, secret := openHostLobby(t, h, label)
	s := &sfTable{t: t, h: h, host: host}
	for _, name := range peers {
		s.peers = append(s.peers, joinSpyPeer(t, h, room, secret, name))
	}
	host.waitJS(fmt.Sprintf(`document.querySelectorAll("#players .player-name").length === %d`, len(peers)+1), "every player seated")
	host.waitJS(`document.getElementById("spyfall-settings") !== null`, "the Spyfall settings")
	for _, sel := range settings {
		before := host.text("settings-summary") + fmt.Sprint(eval[bool](host, fmt.Sprintf(`(document.querySelector(%q) || {}).checked === true`, sel)))
		press(host, sel)
		host.waitJS(fmt.Sprintf(`(document.getElementById("settings-summary").textContent + ((document.querySelector(%q) || {}).checked === true)) !== %q || document.querySelector(%q + "[aria-pressed=true]") !== null`, sel, before, sel), "the setting "+sel+" to take")
	}
	if shot != "" {
		h.screenshots(host, shot+"-lobby")
		h.elementShots(host, shot, "#spyfall-settings")
	}
	press(host, "#start-game")
	return s
}

// peersWithCard lists the seats of peers whose card is a spy card.
func (s *sfTable) spySeats() []engine.Seat {
	var spies []engine.Seat
	for _, p := range s.peers {
		if c := p.latest().Card; c != nil && c.Spy {
			spies = append(spies, p.latest().Seat)
		}
	}
	return spies
}

// A Spyfall 2 round with two spies (SF-SPY-3): one spy names a location, the other spy is
// asked for theirs on the screens, then the result shows both spies.
func TestSpyfallVariants(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)

	t.Run("two spies", func(t *testing.T) {
		s := openSpyTable(t, h, "host tab (Spyfall 2)", []string{"Leo", "Nadia", "Omar", "Pia", "Quinn"},
			[]string{"#set-edition button[data-value='spyfall2']", "#set-rounds button[data-value='1']", "#set-spies button[data-value='2']"}, "sf2-settings")
		s.startClock(1)
		spies := s.spySeats()
		if len(spies) == 1 {
			spies = append(spies, s.hostSeat())
		}
		if len(spies) != 2 {
			t.Fatalf("spies %v, want two", spies)
		}
		first, second := spies[0], spies[1]
		s.peer(first).act(spyfall.Guess{Round: 1, Location: s.location()})
		s.phase(spyfall.PhaseSpyGuess, 1)
		s.host.waitJS(`document.getElementById("two-spies") !== null`, "the two-spy screen")
		if p := s.peer(second); p != nil {
			h.screenshots(s.host, "sf2-second-spy-wait")
			p.act(spyfall.Guess{Round: 1, Location: s.location()})
		} else {
			h.screenshots(s.host, "sf2-second-spy")
			t.Logf("the host's tab, the second spy, names a location from its card")
			s.host.actFromCard(false)
			press(s.host, fmt.Sprintf("#location-list button[data-location=%q]", s.location()))
			press(s.host, "#guess-confirm")
		}
		s.phase(spyfall.PhaseGameOver, 1)
		r := s.peers[0].latest().LastRound
		if r == nil || len(r.Spies) != 2 || len(r.Guesses) != 2 {
			t.Fatalf("round result %+v, want two spies and two guesses", r)
		}
		s.host.waitJS(`document.getElementById("final") !== null`, "the final result")
		s.sameScores("#final")
		h.screenshots(s.host, "sf2-final")
	})

	// SF-2P-4 with two and three players: the hidden table card, a proposal to reveal it from
	// the host's screen, and every other player agreeing.
	tableCardRounds := []struct {
		name    string
		peers   []string
		variant spyfall.Variant
		shot    string
	}{
		{"two players", []string{"Leo"}, spyfall.TwoPlayer, "sf2p"},
		{"three players", []string{"Leo", "Nadia"}, spyfall.ThreePlayer, "sf3p"},
	}
	for _, tc := range tableCardRounds {
		t.Run(tc.name, func(t *testing.T) {
			s := openSpyTable(t, h, "host tab ("+tc.name+")", tc.peers,
				[]string{"#set-edition button[data-value='timetravel']", "#set-rounds button[data-value='1']"}, "")
			s.startClock(1)
			if v := s.peers[0].latest(); !v.TableCard || v.Variant != tc.variant {
				t.Fatalf("variant %s, table card %v: want the %s table card", v.Variant, v.TableCard, tc.variant)
			}
			s.host.waitJS(`document.getElementById("table-card") !== null`, "the table card note")
			h.screenshots(s.host, tc.shot+"-playing")
			s.host.click("reveal-table")
			s.phase(spyfall.PhaseVote, 1)
			v := s.peers[0].latest()
			if v.Vote == nil || v.Vote.Kind != spyfall.VoteTable {
				t.Fatalf("vote %+v, want the table vote", v.Vote)
			}
			for _, p := range s.peers {
				p.act(spyfall.Vote{Vote: v.Vote.ID, Yes: true})
			}
			s.phase(spyfall.PhaseGameOver, 1)
			if r := s.peers[0].latest().LastRound; r == nil || r.Table == nil {
				t.Fatalf("round result %+v, want the table card revealed", r)
			}
			s.host.waitJS(`document.getElementById("final") !== null`, "the final result")
			s.sameScores("#final")
			h.screenshots(s.host, tc.shot+"-final")
		})
	}

	t.Run("team", func(t *testing.T) {
		s := openSpyTable(t, h, "host tab (team)", []string{"Leo", "Nadia", "Omar", "Pia"},
			[]string{"#set-edition button[data-value='timetravel']", "#set-team"}, "sfteam-settings")
		s.phase(spyfall.PhaseTeamLead, 1)
		v := s.peers[0].latest()
		captains := v.Team.Captains
		h.screenshots(s.host, "sfteam-lead")
		if p := s.peer(captains[0]); p != nil {
			p.act(spyfall.Lead{Round: 1, Captain: captains[0]})
		} else {
			press(s.host, fmt.Sprintf("button[data-captain='%d']", captains[0]))
		}
		s.phase(spyfall.PhaseTeamPick, 1)
		spy := s.spy()
		v = s.peers[0].latest()
		turn := v.Team.Turn
		h.screenshots(s.host, "sfteam-pick")
		if p := s.peer(turn); p != nil {
			p.act(spyfall.Pick{Round: 1, Turn: v.Team.PickNo, Agent: spy})
		} else {
			press(s.host, fmt.Sprintf("#sf-players button[data-seat='%d']", spy))
		}
		s.phase(spyfall.PhaseTeamGuess, 1)
		s.host.waitJS(`document.getElementById("spy-picked") !== null`, "the picked spy shown")
		var locs [2]string
		for i, c := range captains {
			if p := s.peer(c); p != nil {
				locs[i] = p.latest().Card.Location.ID
			} else {
				locs[i] = s.location()
			}
		}
		if p := s.peer(spy); p != nil {
			h.screenshots(s.host, "sfteam-guess-wait")
			p.act(spyfall.GuessBoth{Round: 1, Locations: locs})
		} else {
			t.Logf("the host's tab, the team spy, names both locations from its card")
			s.host.actFromCard(true)
			press(s.host, fmt.Sprintf("#location-list button[data-location=%q]", locs[0]))
			press(s.host, fmt.Sprintf("#location-list button[data-location=%q]", locs[1]))
			h.screenshots(s.host, "sfteam-guess")
			press(s.host, "#guess-both-confirm")
		}
		s.phase(spyfall.PhaseRoundOver, 1)
		s.host.waitJS(`document.getElementById("round-result") !== null`, "the team round's result")
		s.sameScores("#round-result")
		h.screenshots(s.host, "sfteam-result")
		// The host ends the game from the host menu.
		s.host.click("host-menu")
		s.host.click("end-game")
		s.phase(spyfall.PhaseGameOver, 1)
		s.host.waitJS(`document.getElementById("final") !== null`, "the final result")
		s.sameScores("#final")
	})
}

// elementShots photographs one element (e.g. a panel taller than the screen) at both sizes
// in both colour schemes, to <shotDir>/<name>-<vp>-<scheme>.png.
func (h *harness) elementShots(tb *tab, name, selector string) {
	h.t.Helper()
	for _, vp := range []viewport{phone, desktop} {
		for _, scheme := range []string{"dark", "light"} {
			opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(vp.scale)}
			if vp.mobile {
				opts = append(opts, chromedp.EmulateMobile)
			}
			tb.do(chromedp.EmulateViewport(vp.width, vp.height, opts...), emulateScheme(scheme), chromedp.Sleep(400*time.Millisecond)) // colours ease over 200 ms
			tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).scrollIntoView()`, selector)))
			png, err := chromedp.Run(tb.ctx, chromedp.Screenshot(chromedp.CSS(selector)))
			if err != nil {
				tb.fatalf("screenshot of %s: %v", selector, err)
			}
			if err := os.WriteFile(filepath.Join(h.shotDir, fmt.Sprintf("%s-%s-%s.png", name, vp.name, scheme)), png, 0o644); err != nil {
				h.t.Fatal(err)
			}
		}
	}
	h.screenshot(tb, name+"-reset", phone, "dark") // back to the phone in the dark scheme
	os.Remove(filepath.Join(h.shotDir, name+"-reset-phone-dark.png"))
}

// peekCard holds the card of whoever has the phone and returns its face's text.
func peekCard(tb *tab) string {
	tb.t.Helper()
	// A player who chose tap-to-show keeps that choice (in pass-and-play, each player's own).
	if eval[bool](tb, `(document.getElementById("card-toggle") || {}).checked === true`) {
		press(tb, "#card-toggle")
		tb.waitJS(`document.querySelector("#secret-card[data-reveal=hold]") !== null`, "hold-to-see")
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`))
	tb.waitJS(`document.getElementById("card-face") !== null`, "the card held open")
	face := tb.text("card-face")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true}))`))
	tb.waitJS(`document.getElementById("card-face") === null`, "the card face down again")
	return face
}

// Pass-and-play (APP-PASS-1): one tab running a local host (no room code, no peers), three
// players passing the phone: each sees only their own card, with a "pass to NAME" screen
// between them, then the spy names the location.
func TestSpyfallPassAndPlay(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	tb := h.openBrowser("one phone", h.origin, true)
	tb.open(h.origin + "/")
	tb.click("pass-play")
	tb.waitJS(`document.getElementById("pass-names") !== null`, "the pass-and-play setup")
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const f = document.getElementById("pass-names"); f.value = "Maya\nLeo\nNadia"; f.dispatchEvent(new Event("input", {bubbles: true})); })()`))
	h.screenshots(tb, "sfpass-setup")
	tb.click("pass-start")
	tb.waitJS(`document.getElementById("spyfall-settings") !== null`, "the lobby of the first player")
	press(tb, "#set-rounds button[data-value='1']")
	tb.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	tb.click("start-game")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="dealt"]') !== null`, "the deal")

	// Everyone looks at their card in turn; the hand-over screen hides the last one's.
	faces := map[string]string{}
	names := []string{"Maya", "Leo", "Nadia"}
	for i, name := range names {
		tb.waitJS(fmt.Sprintf(`(document.getElementById("pass-holder") || {}).textContent === %q`, name+" has the phone"), name+" holding the phone")
		faces[name] = peekCard(tb)
		tb.click("pass-on")
		tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
		if eval[bool](tb, `document.getElementById("secret-card") !== null`) {
			tb.fatalf("the hand-over screen shows a card")
		}
		next := names[(i+1)%len(names)]
		if got := tb.text("pass-to"); got != "Pass the phone to "+next {
			tb.fatalf("hand-over %q, want %s next", got, next)
		}
		if i == 0 {
			h.screenshots(tb, "sfpass-handover")
		}
		tb.click("pass-ready")
	}
	spy, location := "", ""
	for name, face := range faces {
		if face == "You're the spy.Listen, blend in, and work out where everyone is." {
			spy = name
		} else {
			location = face
		}
	}
	if spy == "" {
		t.Fatalf("no spy among the cards %v", faces)
	}
	// The dealer starts the clock: pass the phone to them (any player may take it).
	dealerStarts := func() bool { return eval[bool](tb, `document.getElementById("start-clock") !== null`) }
	for i := 0; !dealerStarts(); i++ {
		if i == len(names) {
			tb.fatalf("nobody can start the clock")
		}
		holder := tb.text("pass-holder")
		tb.click("pass-on")
		tb.click("pass-ready")
		tb.waitJS(fmt.Sprintf(`document.getElementById("pass-holder") !== null && document.getElementById("pass-holder").textContent !== %q`, holder), "the next player holding the phone")
	}
	tb.click("start-clock")
	tb.waitJS(`document.querySelector('main.spyfall[data-phase="playing"]') !== null`, "the round to start")
	// The spy takes the phone and names the location.
	tb.click("pass-on")
	tb.waitJS(`document.getElementById("pass-to") !== null`, "the hand-over screen")
	idx := slices.Index(names, spy)
	press(tb, fmt.Sprintf(".sf-pass-others button[data-pass='%d']", idx))
	tb.waitJS(fmt.Sprintf(`document.getElementById("pass-holder").textContent === %q`, spy+" has the phone"), "the spy holding the phone")
	tb.actFromCard(false)
	tb.waitJS(`document.getElementById("location-list") !== null`, "the location list")
	var locID string
	for _, id := range eval[[]string](tb, `[...document.querySelectorAll("#location-list button")].map(b => b.dataset.location + "|" + b.textContent)`) {
		if l, n, _ := strings.Cut(id, "|"); strings.HasPrefix(location, n) {
			locID = l
		}
	}
	if locID == "" {
		t.Fatalf("card %q names no location of the list", location)
	}
	press(tb, fmt.Sprintf("#location-list button[data-location=%q]", locID))
	press(tb, "#guess-confirm")
	tb.waitJS(`document.getElementById("final") !== null`, "the final result")
	if got := tb.text("result-spies"); got != spy {
		tb.fatalf("result names spy %q, want %s", got, spy)
	}
	h.screenshots(tb, "sfpass-final")
}

// recordVibrations replaces navigator.vibrate with a recorder (window.__vibes).
func recordVibrations(tb *tab) {
	tb.do(chromedp.Evaluate[chromedp.Void](`navigator.vibrate = (p) => { (window.__vibes = window.__vibes || []).push(p); return true; }`))
}
