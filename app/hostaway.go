package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
)

// A guest's game lives on the host's device: while this tab cannot reach it (the host's phone
// asleep, its tab closed, or either network down), nothing a player presses can reach the
// game. Rather than a small "Reconnecting..." while the buttons still look live, the guest
// sees a banner that names the host and says the game waits for that device, and every
// button that needs the host is disabled with the banner as its reason. A press made just
// before the connection dropped is not lost: the session resends it once the host is back.

// hostAwayBody is the banner sentence each held button points to (aria-describedby).
const hostAwayBody = "host-away-body"

// hostAway reports whether this tab is a guest that cannot reach the host's device now.
func (s *Shell) hostAway() bool {
	return s.live != nil && s.live.host == nil && s.pass == nil &&
		s.lobby.Status == session.StatusReconnecting &&
		(s.screen == ScreenLobby || s.screen == ScreenGame)
}

// hostName is the host's name as the lobby lists it.
func (s *Shell) hostName() string {
	for _, p := range s.lobby.Players {
		if p.Host && p.Name != "" {
			return p.Name
		}
	}
	return s.t(i18n.HostAwayUnnamed)
}

// renderHostAway is the banner over the lobby or the game. Its live region is always there,
// empty while the host is reachable, so a screen reader hears the banner when it appears and
// go-app never moves the screen below it to another place in the tree.
func (s *Shell) renderHostAway() goapp.UI {
	region := elWith("div#host-away.host-away[role=status][aria-live=polite]")
	if !s.hostAway() {
		return region
	}
	name := s.hostName()
	return region.Body(el("div.note.host-away-note",
		elText("strong#host-away-title", s.t(i18n.HostAwayTitle, name)),
		elTextWith("p", s.t(i18n.HostAwayBody, name)).ID(hostAwayBody),
	))
}

// heldGroup wraps the buttons that need the host: while the host's device is away they sit
// in a disabled fieldset (every button inside is disabled, and points to the banner for the
// reason). Either way the wrapper lays out as if it were not there (display: contents), so
// nothing moves when the host goes or comes back.
func heldGroup(away bool, children ...goapp.UI) goapp.UI {
	if !away {
		return elWith("div.held-group", children...)
	}
	return elWith("fieldset.held-group[disabled]", children...).Aria("describedby", hostAwayBody)
}
