package app

import (
	"fmt"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
)

// renderCopy renders a fresh copy of s: a shell is mounted once, and these tests draw one
// shell in several states.
func renderCopy(t *testing.T, s *shell) string {
	t.Helper()
	c := *s
	c.Compo = goapp.Compo{}
	return render(t, &c)
}

// hostShell is lobbyShell seen from the host's own seat, hosting.
func hostShell() *shell {
	s := lobbyShell(true, false, true)
	s.lobby.Players = playersFromView(&session.View{Room: "K7MPQ2", You: 0, Players: []session.Player{
		{Seat: 0, Name: "Maya", Online: true, Host: true},
		{Seat: 1, Name: "Leo", Online: true},
		{Seat: 2, Name: "Nadia", Online: false},
		{Seat: 3, Name: "TV", Online: true, Spectator: true},
	}})
	s.lobby.Screens = screensFromView(&session.View{You: 0, Players: []session.Player{{Seat: 3, Name: "TV", Online: true, Spectator: true}}})
	s.live = &liveSession{hosting: hosting{host: &session.HostSession{}}}
	return s
}

// APP-HOST-1: the host's banner offers to hand the game over, and lists the present devices
// only (a table screen too), never the host's own nor one that is away.
func TestHostOffersToHandTheGameToPresentDevices_APP_HOST_1(t *testing.T) {
	s := hostShell()
	if html := renderCopy(t, s); !strings.Contains(html, `id="handoff-open"`) {
		t.Fatalf("no way to hand the game over:\n%s", html)
	}
	s.handoff.Picking = true
	html := renderCopy(t, s)
	for id, want := range map[string]bool{"handoff-to-1": true, "handoff-to-3": true, "handoff-to-2": false, "handoff-to-0": false} {
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

// APP-HOST-1: the asked guest sees the host's question with its two answers; it goes once the
// host calls it off.
func TestGuestIsAskedToTakeTheGame_APP_HOST_1(t *testing.T) {
	s := lobbyShell(false, false, true)
	live := &liveSession{}
	s.live = live
	s.applyHandoff(goapp.Context{}, live, session.Update{HandOff: &session.HandoffAsk{ID: "q"}})
	html := renderCopy(t, s)
	if !strings.Contains(html, `id="handoff-accept"`) || !strings.Contains(html, `id="handoff-decline"`) || !strings.Contains(html, "Maya wants to move the game to this phone") {
		t.Fatalf("no question from the host:\n%s", html)
	}
	s.applyHandoff(goapp.Context{}, live, session.Update{Code: session.NoticeHandoffCancelled})
	if html := renderCopy(t, s); strings.Contains(html, `id="handoff-accept"`) {
		t.Error("the question stays after the host called it off")
	}
}

// APP-HOST-2: a guest whose host is away is offered to continue the game once the session
// says so, or told why it cannot; another device's ask asks this one to agree; the end of it
// all clears the banner.
func TestGuestOfferedToContinueTheGame_APP_HOST_2(t *testing.T) {
	s := lobbyShell(false, false, true)
	live := &liveSession{}
	s.live = live
	s.lobby.Status = session.StatusReconnecting
	s.applyHandoff(goapp.Context{}, live, session.Update{Takeover: &session.Takeover{Offer: true, Possible: true, Asker: -1}})
	if html := renderCopy(t, s); !strings.Contains(html, `id="takeover-ask"`) || !strings.Contains(html, "Continue the game on this phone") {
		t.Fatalf("no offer to continue:\n%s", html)
	}
	s.applyHandoff(goapp.Context{}, live, session.Update{Takeover: &session.Takeover{Asker: 2}})
	html := renderCopy(t, s)
	if !strings.Contains(html, "Nadia asks to continue the game on their phone") || !strings.Contains(html, `id="takeover-agree"`) {
		t.Fatalf("another device's ask is not shown:\n%s", html)
	}
	s.applyHandoff(goapp.Context{}, live, session.Update{Takeover: &session.Takeover{Ended: true, Asker: -1}})
	if html := renderCopy(t, s); strings.Contains(html, "takeover-") {
		t.Errorf("the banner stays after the takeover ended:\n%s", html)
	}
	s.applyHandoff(goapp.Context{}, live, session.Update{Takeover: &session.Takeover{Offer: true, Why: session.TakeoverNeedsHandoff, Asker: -1}})
	if html := renderCopy(t, s); !strings.Contains(html, `id="takeover-impossible"`) || strings.Contains(html, `id="takeover-ask"`) {
		t.Errorf("a device that cannot continue the game is not told why:\n%s", html)
	}
	// The host there again: nothing of it shows.
	s.lobby.Status = session.StatusOnline
	if html := renderCopy(t, s); strings.Contains(html, "takeover-") {
		t.Errorf("a takeover shows while the host is there:\n%s", html)
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
