//go:build !player

package app

import (
	"fmt"
	"strings"
	"testing"

	"safehouse/app/i18n"
	"safehouse/app/session"
)

// hostShell is lobbyShell seen from the host's own seat, hosting.
func hostShell() *shell {
	s := lobbyShell(true, false, true)
	s.lobby.Players = playersFromView(&session.View{Room: "K7MPQ2", You: 0, Players: []session.Player{
		{Seat: 0, Name: "Maya", Online: true, Host: true},
		{Seat: 1, Name: "Leo", Online: true},
		{Seat: 2, Name: "Nadia", Online: false},
		{Seat: 3, Name: "TV", Online: true, Spectator: true},
		{Seat: 4, Name: "Fern", Online: true, PlaysOnly: true},
	}})
	s.lobby.Screens = screensFromView(&session.View{You: 0, Players: []session.Player{{Seat: 3, Name: "TV", Online: true, Spectator: true}}})
	s.live = &liveSession{hosting: hosting{host: &session.HostSession{}}}
	return s
}

// APP-HOST-1: the host's banner offers to hand the game over, and lists the present devices
// only (a table screen too), never the host's own, one that is away, nor one running the player
// build, which cannot host.
func TestHostOffersToHandTheGameToPresentDevices_APP_HOST_1(t *testing.T) {
	s := hostShell()
	if html := renderCopy(t, s); !strings.Contains(html, `id="handoff-open"`) {
		t.Fatalf("no way to hand the game over:\n%s", html)
	}
	s.handoff.Picking = true
	html := renderCopy(t, s)
	for id, want := range map[string]bool{"handoff-to-1": true, "handoff-to-3": true, "handoff-to-2": false, "handoff-to-0": false, "handoff-to-4": false} {
		if got := strings.Contains(html, `id="`+id+`"`); got != want {
			t.Errorf("%s listed %v, want %v", id, got, want)
		}
	}
	if !strings.Contains(html, "TV (table screen)") || !strings.Contains(html, `id="handoff-leave"`) {
		t.Errorf("the list does not say which is a table screen, or has no way to leave afterwards:\n%s", html)
	}
	s.handoff.Picking, s.handoff.Asking = false, "Leo"
	if html := renderCopy(t, s); !strings.Contains(html, "Asking Leo to take the game") || strings.Contains(html, `id="handoff-open"`) {
		t.Errorf("while asking, the banner should say so and offer nothing else:\n%s", html)
	}
	// With no server there is no handoff: the lobby says why.
	s = hostShell()
	s.live = &liveSession{hosting: hosting{qr: &session.QRHost{}}}
	if html := renderCopy(t, s); strings.Contains(html, `id="handoff-open"`) || !strings.Contains(html, `id="handoff-qr-note"`) {
		t.Errorf("a game without a server offers a handoff, or does not say it cannot:\n%s", html)
	}
}

// APP-HOST-2: an old host back after the game moved on is told so in its seat.
func TestOldHostToldTheGameMovedOn_APP_HOST_2(t *testing.T) {
	s := lobbyShell(false, false, true)
	s.live = &liveSession{}
	s.handoff.MovedOn = true
	if html := renderCopy(t, s); !strings.Contains(html, "The game went on without this phone") || !strings.Contains(html, `id="handoff-moved-ok"`) {
		t.Errorf("the returning host is not told the game moved on:\n%s", html)
	}
}

// APP-HOST-1, bad input: a handoff to a phone that is no longer at the table (it left before
// the host's press reached it, or while it was asked) says so, rather than that its player
// said no; a no and a failed move each say theirs.
func TestHandoffRefusalSaysWhy_APP_HOST_1(t *testing.T) {
	for err, want := range map[error]string{
		fmt.Errorf("%w (seat 3)", session.ErrHandoffSeat):                              "Leo isn't at the table any more. The game stays on this phone.",
		fmt.Errorf("%w: it left the table while it was asked", session.ErrHandoffSeat): "Leo isn't at the table any more. The game stays on this phone.",
		session.ErrHandoffDeclined:                                                     "Leo didn't take the game. It stays on this phone.",
		fmt.Errorf("%w: timeout", session.ErrHandoffFailed):                            "The game couldn't move to Leo's phone. It stays on this phone.",
	} {
		if got := i18n.T(i18n.English, handoffRefusal(err), "Leo"); got != want {
			t.Errorf("%v: the host is told %q, want %q", err, got, want)
		}
	}
}
