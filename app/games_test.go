package app

import (
	"reflect"
	"regexp"
	"strconv"
	"testing"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine/spyfall"
)

// panelMarkup is the Spyfall panel in the shell's rendered HTML ("" when it is not shown).
func panelMarkup(t *testing.T, s *shell) string {
	t.Helper()
	return regexp.MustCompile(`(?s)<section [^>]*id="spyfall-settings".*?</section>`).FindString(render(t, s))
}

// The Spyfall panel is drawn again only when its input changes, so every change of what it
// shows must change its input; otherwise the lobby would keep showing old settings.
func TestSpyfallPanelInputFollowsWhatItShows(t *testing.T) {
	hostOnly(t)
	settings := func(change func(c *spyfall.Config)) func(s *shell) {
		return func(s *shell) {
			c := spyfall.DefaultConfig()
			change(&c)
			s.game.View.Settings = game.DefaultSettings().With(game.Spyfall, &c)
		}
	}
	changes := []struct {
		what   string
		change func(s *shell)
	}{
		{"edition", settings(func(c *spyfall.Config) { c.Edition = spyfall.TimeTravel })},
		{"packs", settings(func(c *spyfall.Config) { c.Packs = []string{string(spyfall.Classic), string(spyfall.Spyfall2)} })},
		{"rounds", settings(func(c *spyfall.Config) { c.Rounds = 5 })},
		{"a player more (the automatic round length)", func(s *shell) {
			for i := 3; i < 8; i++ {
				s.lobby.Players = append(s.lobby.Players, playerRow{Seat: session.Seat(i), Name: "P" + strconv.Itoa(i), Online: true})
			}
		}},
		{"warnings", func(s *shell) { s.game.View.Warnings = []string{"Too few locations"} }},
		{"language", func(s *shell) { s.lang = i18n.Lang("ru") }},
		{"own locations draft", func(s *shell) { s.sfDraft().Custom = "Lighthouse: Keeper" }},
		{"import draft", func(s *shell) { s.sfDraft().Imported = "{}" }},
		{"problem", func(s *shell) { s.sfDraft().Problem = "That pack has no locations" }},
		{"location list opened", func(s *shell) { s.sfDraft().Browsing = true }},
		{"guest's summary", func(s *shell) { s.game.View.Host = false }},
		{"game started", func(s *shell) { s.game.View.Started = true }},
	}
	for _, c := range changes {
		t.Run(c.what, func(t *testing.T) {
			// go-app mounts a shell once: the states before and after are two shells.
			newShell := func() *shell {
				s := lobbyShell(true, false, true)
				s.game.View = &game.TableView{Family: game.Spyfall, Settings: game.DefaultSettings(), Host: true}
				return s
			}
			old, changed := newShell(), newShell()
			c.change(changed)
			before, after := panelMarkup(t, old), panelMarkup(t, changed)
			if before == after {
				t.Fatalf("the change did not show on the panel: %s", after)
			}
			if reflect.DeepEqual(old.spyfallPanelInput(), changed.spyfallPanelInput()) {
				t.Errorf("the panel shows something new but its input is the same, so go-app would not redraw it")
			}
		})
	}
}

// A rename in the lobby leaves the panel's input as it was, so go-app skips the panel.
func TestRenameLeavesTheSpyfallPanel(t *testing.T) {
	s := lobbyShell(true, false, true)
	s.game.View = &game.TableView{Family: game.Spyfall, Settings: game.DefaultSettings(), Host: true}
	before := s.spyfallPanelInput()
	s.lobby.Players[2].Name = "Nadia K"
	s.lobby.Players[2].Online = true
	if !reflect.DeepEqual(before, s.spyfallPanelInput()) {
		t.Error("a rename changed the Spyfall panel's input: the panel is redrawn for nothing")
	}
}
