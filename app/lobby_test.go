package app

import (
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine/spyfall"
)

// rowMarkup is the list item of seat in the shell's rendered HTML.
func rowMarkup(t *testing.T, s *shell, seat string) string {
	t.Helper()
	html := render(t, s)
	row := regexp.MustCompile(`(?s)<li [^>]*data-seat="` + seat + `"[^>]*>.*?</li>`).FindString(html)
	if row == "" {
		t.Fatalf("no row for seat %s in %s", seat, html)
	}
	return row
}

// rowFields is what go-app compares to decide whether a lobbyRow is drawn again.
func rowFields(r *lobbyRow) lobbyRow {
	return lobbyRow{Row: r.Row, Lang: r.Lang, Menu: r.Menu, MenuOpen: r.MenuOpen, NameDraft: r.NameDraft, Last: r.Last,
		Up: r.Up, Down: r.Down}
}

// A lobby row is drawn again only when its fields change, so every change of what a row
// shows must change its fields; otherwise the host's screen would keep showing the old row.
func TestLobbyRowFieldsFollowWhatItShows(t *testing.T) {
	hostOnly(t)
	openMenu := func(s *shell) { s.seatMenu.open, s.seatMenu.seat = true, 2 }
	changes := []struct {
		what          string
		setup, change func(s *shell) // setup makes both states, change only the second
	}{
		{"name", nil, func(s *shell) { s.lobby.Players[2].Name = "Nadia K" }},
		{"presence", nil, func(s *shell) { s.lobby.Players[2].Online = true }},
		{"host badge", nil, func(s *shell) { s.lobby.Players[2].Host = true }},
		{"language", nil, func(s *shell) { s.lang = i18n.Lang("ru") }},
		{"menu opened", nil, openMenu},
		{"rename draft", openMenu, func(s *shell) { s.seatMenu.names = map[session.Seat]string{2: "Nad"} }},
		// the open menu's "down" button shows the row's place
		{"no longer last", openMenu, func(s *shell) {
			s.lobby.Players = append(s.lobby.Players, playerRow{Seat: 3, Name: "Omar", Online: true})
		}},
		{"moved up", openMenu, func(s *shell) {
			p := s.lobby.Players
			p[1], p[2] = p[2], p[1]
		}},
		{"pass-and-play", nil, func(s *shell) { s.pass = &passPlay{} }},
	}
	for _, c := range changes {
		t.Run(c.what, func(t *testing.T) {
			// go-app mounts a shell once: the states before and after are two shells.
			newShell := func() *shell {
				s := lobbyShell(true, false, true)
				s.lobby.Players[0].You, s.lobby.Players[1].You = true, false // the host's own row is first
				if c.setup != nil {
					c.setup(s)
				}
				return s
			}
			fields := func(s *shell) lobbyRow {
				for i, p := range s.lobby.Players {
					if p.Seat == 2 {
						return rowFields(s.lobbyRow(i))
					}
				}
				t.Fatal("seat 2 left the list")
				return lobbyRow{}
			}
			old, changed := newShell(), newShell()
			c.change(changed)
			before, after := rowMarkup(t, old, "2"), rowMarkup(t, changed, "2")
			if before == after {
				t.Fatalf("the change did not show on the row: %s", after)
			}
			if reflect.DeepEqual(fields(old), fields(changed)) {
				t.Errorf("the row shows something new but its fields are the same, so go-app would not redraw it:\nbefore %s\nafter  %s", before, after)
			}
		})
	}
}

// The host's list of locations (one checkbox each) is drawn while it is open, and only then:
// closed, it cost a redraw of dozens of checkboxes on every update of the lobby.
func TestLocationListDrawnWhileOpen(t *testing.T) {
	hostOnly(t)
	classic, _ := spyfall.BuiltinPack(string(spyfall.Classic))
	for _, open := range []bool{false, true} {
		s := lobbyShell(true, false, true)
		s.game.View = &game.TableView{Family: game.Spyfall, Settings: game.DefaultSettings(), Host: true}
		s.sfDraft().Browsing = open
		html := render(t, s)
		want := 0
		if open {
			want = len(classic.Locations)
		}
		if n := strings.Count(html, `id="loc-`); n != want || want == 0 && open {
			t.Errorf("list open %v: %d location checkboxes, want %d", open, n, want)
		}
		if n := strings.Count(html, `id="browse"`); n != 1 {
			t.Errorf("list open %v: %d location lists, want 1", open, n)
		}
		tag := regexp.MustCompile(`<details[^>]*id="browse"[^>]*>`).FindString(html)
		if got := regexp.MustCompile(`\sopen(\s|>|=)`).MatchString(tag); got != open {
			t.Errorf("list open %v: the details element is open %v", open, got)
		}
	}
}

// A table screen is listed apart from the players: it is not counted, has no place in the
// table order (the host's menu renames or removes it, and moves nothing), and the settings
// count only the players.
func TestTableScreensListedApart(t *testing.T) {
	hostOnly(t)
	view := &session.View{Room: "K7MPQ2", You: 0, Players: []session.Player{
		{Seat: 0, Name: "Maya", Online: true, Host: true},
		{Seat: 1, Name: "Leo", Online: true},
		{Seat: 2, Name: "Living room TV", Online: true, Spectator: true},
		{Seat: 3, Name: "Nadia", Online: true},
	}}
	newShell := func() *shell { // go-app mounts a shell once: each rendering has its own
		s := lobbyShell(true, false, true)
		s.lobby.Players, s.lobby.Screens = playersFromView(view), screensFromView(view)
		s.game.View = &game.TableView{Family: game.Spyfall, Settings: game.DefaultSettings(), Host: true}
		return s
	}
	s := newShell()
	html := render(t, s)
	players := regexp.MustCompile(`(?s)<ul [^>]*id="players".*?</ul>`).FindString(html)
	screens := regexp.MustCompile(`(?s)<ul [^>]*id="table-screens".*?</ul>`).FindString(html)
	if n := strings.Count(players, "<li "); n != 3 || strings.Contains(players, "Living room TV") {
		t.Errorf("the players list has %d rows or the table screen: %s", n, players)
	}
	if !strings.Contains(html, "Players (3)") || !strings.Contains(html, "Table screens (1)") {
		t.Errorf("the headings do not count players and screens apart")
	}
	if !strings.Contains(screens, "Living room TV") {
		t.Errorf("the table screens list: %s", screens)
	}
	open := newShell()
	open.seatMenu.open, open.seatMenu.seat = true, 2
	menu := regexp.MustCompile(`(?s)<ul [^>]*id="table-screens".*?</ul>`).FindString(render(t, open))
	for class, want := range map[string]bool{"seat-rename": true, "seat-kick": true, "seat-up": false, "seat-down": false} {
		if got := strings.Contains(menu, class); got != want {
			t.Errorf("the host's menu on the table screen has %s: %v, want %v", class, got, want)
		}
	}
	if got := s.spyfallPanelInput().Players; got != 3 {
		t.Errorf("the settings count %d players, want 3", got)
	}
}

// The host's up and down move a player past the next player, whatever table screens sit
// between them among the host's seats; and a row is drawn again when where they lead changes
// (its handlers are bound to it), here when a table screen between two players leaves.
func TestMovesPassTableScreens(t *testing.T) {
	roster := func(players ...session.Player) *shell {
		view := &session.View{Room: "K7MPQ2", You: 0, Players: players}
		s := lobbyShell(true, false, true)
		s.lobby.Players, s.lobby.Screens = playersFromView(view), screensFromView(view)
		return s
	}
	host := session.Player{Seat: 0, Name: "Maya", Host: true}
	leo, tv, nadia := session.Player{Seat: 1, Name: "Leo"}, session.Player{Seat: 2, Name: "TV", Spectator: true}, session.Player{Seat: 3, Name: "Nadia"}
	with := roster(host, leo, tv, nadia)
	if up, down := with.moveTargets(1); up != 0 || down != 3 {
		t.Errorf("Leo moves up to %d and down to %d, want 0 (the host's place) and 3 (past Nadia, behind the screen)", up, down)
	}
	if up, _ := with.moveTargets(2); up != 1 {
		t.Errorf("Nadia moves up to %d, want 1 (Leo's place)", up)
	}
	without := roster(host, leo, nadia)
	if _, down := without.moveTargets(1); down != 2 {
		t.Errorf("with the screen gone Leo moves down to %d, want 2", down)
	}
	if reflect.DeepEqual(rowFields(with.lobbyRow(1)), rowFields(without.lobbyRow(1))) {
		t.Error("Leo's row keeps its fields when where it moves changed: go-app would keep its old handlers")
	}
}

// The host's seat stays first, so the row under it offers no way up.
func TestNoMoveAboveTheHost(t *testing.T) {
	hostOnly(t)
	for seat, disabled := range map[string]bool{"1": true, "2": false} {
		s := lobbyShell(true, false, true)
		s.lobby.Players[0].You, s.lobby.Players[1].You = true, false // the host's own row is first
		n, _ := strconv.Atoi(seat)
		s.seatMenu.open, s.seatMenu.seat = true, session.Seat(n)
		up := regexp.MustCompile(`<button [^>]*class="[^"]*seat-up[^"]*"[^>]*>`).FindString(rowMarkup(t, s, seat))
		if up == "" {
			t.Fatalf("seat %s: no up button in its open menu", seat)
		}
		// go-app writes a false boolean attribute as ="false", and a true one bare.
		if got := strings.Contains(up, "disabled") && !strings.Contains(up, `disabled="false"`); got != disabled {
			t.Errorf("seat %s: up disabled %v, want %v: %s", seat, got, disabled, up)
		}
	}
}

// On one phone passed around every seat is filled from the start: its lobby never says it
// waits for players to join, while a networked lobby still does.
func TestPassLobbyWaitsForNobody(t *testing.T) {
	waiting := i18n.T(i18n.English, i18n.LobbyWaiting)
	s := lobbyShell(true, false, true)
	if html := render(t, s); !strings.Contains(html, waiting) {
		t.Errorf("the networked lobby lacks %q", waiting)
	}
	s = lobbyShell(true, false, true)
	s.pass = &passPlay{}
	html := render(t, s)
	if strings.Contains(html, waiting) || !strings.Contains(html, i18n.T(i18n.English, i18n.PassLobbyReady)) {
		t.Errorf("the pass-and-play lobby says %q rather than %q", waiting, i18n.T(i18n.English, i18n.PassLobbyReady))
	}
}

// Leaving a pass-and-play game ends it: the next game this tab hosts is a networked lobby
// again (it waits for players to join), not the one phone's.
func TestLeavingPassAndPlayEndsIt(t *testing.T) {
	waiting := i18n.T(i18n.English, i18n.LobbyWaiting)
	s := lobbyShell(true, false, true)
	s.pass = &passPlay{}
	s.closeLive()
	s.goHome()
	s.screen = screenLobby
	if html := render(t, s); !strings.Contains(html, waiting) {
		t.Errorf("after leaving pass-and-play, a new lobby lacks %q: still the one phone's", waiting)
	}
}

// The README names the one-phone mode by the words of the home screen's button, so a reader
// finds the button it describes.
func TestReadmeNamesThePassButton(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	button := i18n.T(i18n.English, i18n.SFPassEntry)
	if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), "**"+button+"**") {
		t.Errorf("README.md does not name the home screen's button %q", button)
	}
}

// APP-LOBBY-1: the host gets a menu (rename, move, remove) on every other player's row; a
// guest gets none.
func TestLobbySeatMenus(t *testing.T) {
	hostOnly(t)
	cases := []struct {
		host  bool
		menus int
	}{
		{true, 2},
		{false, 0},
	}
	for _, c := range cases {
		s := lobbyShell(c.host, false, true)
		s.lobby.Players[1].You = false
		s.lobby.Players[0].You = c.host // the host's own row has no menu
		html := render(t, s)
		if n := strings.Count(html, `class="seat-menu"`); n != c.menus {
			t.Errorf("host=%v: %d seat menus, want %d", c.host, n, c.menus)
		}
		if n := strings.Count(html, `seat-menu-open`); n != c.menus {
			t.Errorf("host=%v: %d menu buttons, want %d", c.host, n, c.menus)
		}
	}
}
