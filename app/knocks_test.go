//go:build !player

package app

import (
	"regexp"
	"strings"
	"testing"

	"safehouse/app/i18n"
	"safehouse/app/session"
)

// The host sees who waits to be let in above the lobby and above a game, with a labelled
// Let in and Turn away for each; a guest, or the host on another screen, sees no banner.
func TestHostSeesWaitingPlayers(t *testing.T) {
	waiting := []session.Knock{{ID: 3, Name: "Leo"}, {ID: 5, Name: ""}, {ID: 7, Name: "TV", Spectator: true}}
	for _, tc := range []struct {
		name   string
		host   bool
		screen screen
		want   int
	}{
		{"host in the lobby", true, screenLobby, 3},
		{"host in a game", true, screenGame, 3},
		{"host on the error page", true, screenError, 0},
		{"guest in the lobby", false, screenLobby, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := lobbyShell(tc.host, false, true)
			s.screen = tc.screen
			s.lobby.Waiting = waiting
			s.live = &liveSession{}
			if tc.host {
				s.live.host = &session.HostSession{}
			}
			html := render(t, s)
			if got := strings.Count(html, `class="knock card"`); got != tc.want {
				t.Fatalf("%d waiting players shown, want %d", got, tc.want)
			}
			if !strings.Contains(html, `id="knocks"`) || !strings.Contains(html, `aria-live="polite"`) {
				t.Error("no polite live region for the banner")
			}
			if tc.want == 0 {
				return
			}
			for _, sub := range []string{
				"Leo wants to join", "Someone wants to join", "TV wants to join as a table screen",
				`id="knock-admit-3"`, `aria-label="Let in Leo"`, `id="knock-away-5"`, `aria-label="Turn away Someone"`,
				`>Let in<`, `>Turn away<`,
			} {
				if !strings.Contains(html, sub) {
					t.Errorf("the banner lacks %q", sub)
				}
			}
		})
	}
}

// A player who typed the code and waits for the host is told so, with the room and a way out.
func TestWaitingScreen(t *testing.T) {
	s := &shell{mounted: true, screen: screenConnecting, connecting: connectingModel{Room: "K7MPQ2", Waiting: true}}
	html := render(t, s)
	for _, sub := range []string{"Waiting for the host to let you in", `<strong class="room-code">K7MPQ2</strong>`, `id="cancel"`, `role="status"`} {
		if !strings.Contains(html, sub) {
			t.Errorf("the waiting screen lacks %q", sub)
		}
	}
	if strings.Contains(html, `class="spinner"`) {
		t.Error("the waiting screen still shows the connecting spinner")
	}
}

// The banner's buttons are named by what they show, then whom they are about (WCAG 2.5.3,
// axe's label-content-name-mismatch): in every language the accessible name contains the
// visible text, so a voice command that says "Let in" finds the button.
func TestKnockButtonsNamedByTheirText(t *testing.T) {
	for _, lang := range i18n.Available() {
		t.Run(string(lang), func(t *testing.T) {
			s := lobbyShell(true, false, true)
			s.lang = lang
			s.lobby.Waiting = []session.Knock{{ID: 3, Name: "Leo"}}
			s.live = &liveSession{hosting: hosting{host: &session.HostSession{}}}
			html := render(t, s)
			for _, id := range []string{"knock-admit-3", "knock-away-3"} {
				m := regexp.MustCompile(`<button [^>]*id="` + id + `"[^>]*>([^<]*)<`).FindStringSubmatch(html)
				label := regexp.MustCompile(`aria-label="([^"]*)"`).FindStringSubmatch(m[0])
				if m == nil || label == nil {
					t.Fatalf("no button %s with a label in %s", id, html)
				}
				// Compared regardless of case, as axe-core does ("Leo reinlassen" names "Reinlassen").
				if !strings.Contains(strings.ToLower(label[1]), strings.ToLower(m[1])) || !strings.Contains(label[1], "Leo") {
					t.Errorf("%s shows %q but is named %q", id, m[1], label[1])
				}
			}
		})
	}
}
