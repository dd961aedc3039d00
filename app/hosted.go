//go:build !player

package app

import (
	"context"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
)

// What a live session hosts, and what the screens ask of it, on the floor below the shell
// (doc.go's layers): left out of the player build (-tags player, wasm/doc.go), whose
// hosted_player.go has none of it.

// hosting is what this tab hosts: a game with a server (host) or with QR codes (qr); neither
// for a guest.
type hosting struct {
	host *session.HostSession
	qr   *session.QRHost
}

// hostingOf is the hosting of a device that became the host (a handoff, a takeover).
func hostingOf(h *session.HostSession) hosting { return hosting{host: h} }

func (h hosting) hosts() bool   { return h.host != nil }
func (h hosting) hostsQR() bool { return h.qr != nil }

// qrOffer has a QR host make the code for the next seat.
func (h hosting) qrOffer(ctx context.Context) (string, error) { return h.qr.Offer(ctx) }

// qrAccept has a QR host take a player's answer.
func (h hosting) qrAccept(code string) error { return h.qr.Accept(code) }

// handOver has the host hand the game to seat (handoff.go).
func (h hosting) handOver(ctx context.Context, seat session.Seat) (session.HandedOver, error) {
	return h.host.HandOver(ctx, seat)
}

// closeHosting ends this tab's hosting, if it hosts.
func (h hosting) closeHosting() {
	if h.host != nil {
		h.host.Close()
	}
	if h.qr != nil {
		h.qr.Close()
	}
}

// checkHosting has a hosting tab check its signaling socket (a phone woken from sleep).
func (h hosting) checkHosting() {
	if h.host != nil {
		h.host.Check()
	}
}

// displaced says the server gave this host's room to another device.
func (h hosting) displaced() bool { return h.host != nil && h.host.Displaced() }

// passHost is pass-and-play's local host, once everyone is seated (onPassStart).
type passHost struct {
	host *session.LocalHost
}

func (p passHost) seated() bool { return p.host != nil }

// openRoom makes the game's table from a saved game, on the game's clock: a device that
// becomes the host (a handoff, a takeover) runs it as a reloaded host tab would.
func openRoom(saved []byte, clock func() time.Time) (session.Table, error) {
	room := game.NewRoom(game.Options{Now: clock})
	if len(saved) > 0 {
		if err := room.UnmarshalBinary(saved); err != nil {
			return nil, err
		}
	}
	return room, nil
}
