//go:build !player

package app

import (
	"strings"
	"testing"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui/uitest"
	"safehouse/engine/spyfall"
)

// hostLobby is the host's lobby shell over a real room with these players and intents
// applied, in lang: its view (and what it says about starting) is the room's own.
func hostLobby(t *testing.T, lang i18n.Lang, names []string, setup ...session.Intent) *shell {
	t.Helper()
	room := game.NewRoom(game.Options{})
	var players []session.Player
	for i, n := range names {
		players = append(players, session.Player{Seat: session.Seat(i), Name: n, Online: true, Host: i == 0})
	}
	room.SetRoster(players)
	for _, in := range setup {
		if err := room.Apply(0, in.Game); err != nil {
			t.Fatalf("%s: %v", in.Game, err)
		}
	}
	tv, err := game.DecodeView(room.View(0))
	if err != nil {
		t.Fatal(err)
	}
	s := lobbyShell(true, false, true)
	s.lang = lang
	s.lobby.Players = playersFromView(&session.View{Players: players})
	s.game.View = tv
	return s
}

// Issue 17: every lobby's Start button is disabled, with the reason in the host's language,
// whenever the room (asking the engines) says the game cannot start: a classic game of 2,
// Spyfest teams of one. With a table that can play it is enabled and says nothing.
func TestStartButtonsSayWhyTheyWait(t *testing.T) {
	fest := game.DefaultSettings().With(game.Spyfest, nil)
	classic := game.DefaultSettings().With(game.Spyfall, &spyfall.Config{Edition: spyfall.Classic})
	four := []string{"Maya", "Leo", "Nadia", "Omar"}
	cases := []struct {
		name   string
		lang   i18n.Lang
		names  []string
		setup  []session.Intent
		button string
		why    string // "" when the game can start
	}{
		{"classic with 2", i18n.English, four[:2], []session.Intent{game.SetSettings(classic)}, "start-game", "This edition plays with 3 to 8 players."},
		{"classic with 2, Russian", i18n.Russian, four[:2], []session.Intent{game.SetSettings(classic)}, "start-game", "В этом издании играют от 3 до 8 игроков."},
		{"classic with 3", i18n.English, four[:3], []session.Intent{game.SetSettings(classic)}, "start-game", ""},
		{"Spyfest, a team of one", i18n.English, four[:3], []session.Intent{game.SetSettings(fest),
			game.AssignTeam(0, 0), game.AssignTeam(1, 0), game.AssignTeam(2, 1)}, "fest-start", "Each team needs at least two players."},
		{"Spyfest, a player without a team", i18n.Russian, four, []session.Intent{game.SetSettings(fest),
			game.AssignTeam(0, 0), game.AssignTeam(1, 0), game.AssignTeam(2, 1)}, "fest-start", "До начала игры каждому игроку нужна команда."},
		{"Spyfest, two teams of two", i18n.English, four, []session.Intent{game.SetSettings(fest),
			game.AssignTeam(0, 0), game.AssignTeam(1, 0), game.AssignTeam(2, 1), game.AssignTeam(3, 1)}, "fest-start", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			html := render(t, hostLobby(t, c.lang, c.names, c.setup...))
			button := uitest.Tag(html, c.button)
			if button == "" {
				t.Fatalf("no %s button", c.button)
			}
			disabled := strings.Contains(button, "disabled") && !strings.Contains(button, `disabled="false"`)
			why := uitest.Tag(html, c.button+"-why")
			switch {
			case c.why == "" && (disabled || why != ""):
				t.Fatalf("the game can start, but the button is %q and says %q", button, why)
			case c.why != "" && !disabled:
				t.Fatalf("the game cannot start, but the button is enabled: %q", button)
			case c.why != "" && !strings.Contains(html, ">"+c.why+"<"):
				t.Fatalf("the reason %q is not shown", c.why)
			case c.why != "" && !strings.Contains(button, `aria-describedby="`+c.button+`-why"`):
				t.Fatalf("the button does not point to its reason: %q", button)
			}
		})
	}
}
