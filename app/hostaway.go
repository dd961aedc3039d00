package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
)

// A guest's game lives on the host's device: while this tab cannot reach it (the host's phone
// asleep, its tab closed, or either network down), nothing a player presses can reach the
// game. Rather than a small "Reconnecting..." while the buttons still look live, the guest
// sees a banner that names the host and says the game waits for that device, and every
// button that needs the host is disabled with the banner as its reason. A press made just
// before the connection dropped is not lost: the session resends it once the host is back.

// hostAway reports whether this tab is a guest that cannot reach the host's device now.
func (s *shell) hostAway() bool {
	return s.live != nil && !s.live.hosts() && !s.live.hostsQR() && s.pass == nil &&
		s.lobby.Status == session.StatusReconnecting &&
		(s.screen == screenLobby || s.screen == screenGame)
}

// hostName is the host's name as the lobby lists it.
func (s *shell) hostName() string {
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
func (s *shell) renderHostAway() goapp.UI {
	region := ui.ElWith("div#host-away.host-away[role=status][aria-live=polite]")
	if !s.hostAway() {
		return region
	}
	name := s.hostName()
	return region.Body(ui.El("div.note.host-away-note",
		ui.ElText("strong#host-away-title", s.t(i18n.HostAwayTitle, name)),
		ui.ElTextWith("p", s.t(i18n.HostAwayBody, name)).ID(ui.HostAwayBody),
	))
}

// keepSeatForReload keeps this tab's seat for a reload while the host is away (carryseat.go),
// and drops it once the host is back. A tab waiting to reload into the full build keeps it
// whatever happens: the reload carries the seat either way.
func (s *shell) keepSeatForReload(ctx goapp.Context, live *liveSession) {
	if !s.hostAway() || live.view == nil || live.invite.Secret == "" {
		if s.seatCarried && s.fullWait == nil && s.lobby.Status == session.StatusOnline {
			ctx.SessionStorage().Del(carriedKey)
			s.seatCarried = false
		}
		return
	}
	seat, err := live.client.Carry()
	if err != nil {
		return
	}
	k := carriedTab{Room: live.invite.Room, Secret: live.invite.Secret, Watch: s.watching, Seat: seat, View: live.view}
	if ctx.SessionStorage().Set(carriedKey, k) == nil {
		s.seatCarried = true
	}
}
