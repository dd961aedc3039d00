package app

import (
	"context"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/session"
	"safehouse/wire"
)

// While the host's device is away, a guest's tab keeps its seat in sessionStorage
// (session.Client.Carry): the seat's token, its share of the sealed game and the newest sealed
// copy, which only the host could give a reloaded page again, with the last view so the
// reloaded page shows the table at once. A reload then goes on as the same seat
// (session.JoinCarried): it can still take the game over, or help another device take it.
// That is also how a player-build phone takes the game over: it cannot host, so its press of
// "Continue the game on this phone" reloads it into the full build (continueToTakeover),
// which asks the table as soon as the offer is there again. The key is this tab's only, and
// it is gone once the host is back or the player leaves.

// resumeCarriedSeat goes on as the seat the page before this one carried (read once): the
// table as it was last seen, the host away, the connection trying again. Anything that does
// not fit leaves the page to start as it would have.
func (s *shell) resumeCarriedSeat(ctx goapp.Context) {
	var k carriedTab
	err := ctx.SessionStorage().Get(carriedKey, &k)
	if err != nil || k.View == nil || k.Room == "" {
		return
	}
	ctx.SessionStorage().Del(carriedKey)
	if inv, found, _ := parseInvite(goapp.Window().URL().EscapedFragment()); found && inv.Room != k.Room {
		return // this tab was sent to another game's link: that game it is
	}
	name, err := wire.CleanName(s.home.Name)
	if err != nil {
		return
	}
	s.watching = k.Watch
	inv := invite{Room: k.Room, Secret: k.Secret}
	c, err := session.JoinCarried(s.guestOptions(ctx, name, inv), inv.Room, inv.Secret, k.Seat)
	if err != nil {
		return
	}
	keepInvite(inv)
	_, cancel := context.WithCancel(context.Background())
	s.start(ctx, &liveSession{client: c, invite: inv, cancel: cancel, view: k.View})
	s.takeView(k.View)
	s.lobby.Status = session.StatusReconnecting
	s.keepSeatForReload(ctx, s.live)
}

// carryOnTakingOver: this tab reloaded into the full build to take the game over, its seat
// carried: it asks the table once the offer is there again (applyTakeover).
func (s *shell) carryOnTakingOver() {
	s.askWhenOffered = s.live != nil && s.hostAway()
}
