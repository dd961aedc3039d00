//go:build player

package app

import (
	"context"
	"time"

	"safehouse/app/session"
)

// The player build (-tags player, wasm/doc.go) is the app of a device that joins games and
// never hosts one: hosted.go, hosting.go and resume.go are left out, and with them the host's
// side of the session, the game room and the engines' rules, which nothing here reaches.
// hosting_player.go says so where the screens offer to host; a handoff or a takeover offered
// to this device is refused by the session (session.ErrPlayerBuild) and the game stays where
// it was.

// hosting is empty in the player build: a live session here is never a host's, so there is
// no hosting to close, check or lose, and what the screens ask of a host only is refused.
type hosting struct{}

// hostingOf is never called in the player build: the session refuses to host, so no update
// carries a host.
func hostingOf(*session.HostSession) hosting { return hosting{} }

func (hosting) hosts() bool   { return false }
func (hosting) hostsQR() bool { return false }

func (hosting) qrOffer(context.Context) (string, error) { return "", session.ErrPlayerBuild }

func (hosting) qrAccept(string) error { return session.ErrPlayerBuild }

func (hosting) handOver(context.Context, session.Seat) (session.HandedOver, error) {
	return session.HandedOver{}, session.ErrPlayerBuild
}

func (hosting) closeHosting() {}

func (hosting) checkHosting() {}

func (hosting) displaced() bool { return false }

// passHost is empty in the player build: pass-and-play never gets past naming the players.
type passHost struct{}

func (passHost) seated() bool { return false }

// openRoom is nil in the player build: the session then opens no table (and refuses to host).
var openRoom func(saved []byte, clock func() time.Time) (session.Table, error)
