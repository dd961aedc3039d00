package app

import (
	"strings"
	"testing"
)

// Issue 17: a host's tab reopening its saved game said "Joining game … Connecting straight
// to the host's device", as if it were a player; a host creating a game read the same hint.
// Each way onto the connecting screen says what this tab is doing.
func TestConnectingSaysWhoIsConnecting(t *testing.T) {
	cases := []struct {
		name      string
		model     connectingModel
		want      []string
		notWanted string
	}{
		{"a player joining", connectingModel{Room: "K7MPQ2"},
			[]string{"Joining game K7MPQ2", "Connecting straight to the host"}, "Reopening"},
		{"a host creating", connectingModel{},
			[]string{"Setting up your game", "Opening a room"}, "Connecting straight"},
		{"a host reopening", connectingModel{Room: "K7MPQ2", Reopening: true},
			[]string{"Reopening your game K7MPQ2", "players reconnect by themselves"}, "Connecting straight"},
	}
	for _, c := range cases {
		s := &shell{mounted: true, screen: screenConnecting, connecting: c.model}
		html := render(t, s)
		for _, w := range c.want {
			if !strings.Contains(html, w) {
				t.Errorf("%s: the screen does not say %q", c.name, w)
			}
		}
		if strings.Contains(html, c.notWanted) || c.model.Reopening && strings.Contains(html, "Joining") {
			t.Errorf("%s: the screen says %q", c.name, c.notWanted)
		}
	}
}
