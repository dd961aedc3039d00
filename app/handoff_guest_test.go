package app

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/session"
)

// What a guest sees of a handoff and a takeover, in both builds (go test -tags player runs
// these in the player build).

// renderCopy renders a fresh copy of s: a shell is mounted once, and these tests draw one
// shell in several states.
func renderCopy(t *testing.T, s *shell) string {
	t.Helper()
	c := *s
	c.Compo = goapp.Compo{}
	return render(t, &c)
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
// says so, in either build (the player build's press reloads it into the full build:
// carryseat.go), or told why it cannot; another device's ask asks this one to agree; the end
// of it all clears the banner.
func TestGuestOfferedToContinueTheGame_APP_HOST_2(t *testing.T) {
	s := lobbyShell(false, false, true)
	live := &liveSession{}
	s.live = live
	s.lobby.Status = session.StatusReconnecting
	s.applyHandoff(goapp.Context{}, live, session.Update{Takeover: &session.Takeover{Offer: true, Possible: true, Asker: -1}})
	html := renderCopy(t, s)
	if !strings.Contains(html, `id="takeover-ask"`) || !strings.Contains(html, "Continue the game on this phone") {
		t.Fatalf("not offered to continue the game:\n%s", html)
	}
	s.applyHandoff(goapp.Context{}, live, session.Update{Takeover: &session.Takeover{Asker: 2}})
	html = renderCopy(t, s)
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
