package ui

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/engine"
)

// Frame is what a game's screens need from the shell besides the engine's view of this seat:
// the same for every game, filled in by the shell from this tab's session.
type Frame struct {
	Lang i18n.Lang
	// Skew is the host's clock minus this device's clock, from the view's "now".
	Skew time.Duration
	// Host says this tab runs the game: it gets the host's controls (end the game, and the
	// game's own).
	Host bool
	// Names gives the player name of each engine seat, for a game whose view carries none.
	Names map[engine.Seat]string
	// TopBar is the shell's bar (room code, status, leave), for a screen that shows it.
	TopBar goapp.UI
	// Toast is the latest notice for this player (a refusal...).
	Toast string
	// HostAway: the host's device cannot be reached; the actions are held (HeldGroup).
	HostAway bool
	// Act sends one engine action as this seat; the host's own moves (engine.HostOnly) go as
	// the host's.
	Act func(ctx goapp.Context, a engine.Action)
	// EndGame ends the game (host only); BackToLobby returns to the lobby after it.
	EndGame     func(ctx goapp.Context)
	BackToLobby func(ctx goapp.Context)
	// Redraw redraws the game screen after a change made from inside one of its components
	// (the card's own button); nil where the screen redraws anyway.
	Redraw func(ctx goapp.Context)
}

// Setup is what a game's panel in the lobby needs from the shell: the room's settings of
// that game, the players and their team picks, and how to change them. The panel draws it
// and sends through its functions; it knows nothing of the session.
type Setup struct {
	Lang i18n.Lang
	// Host: this tab runs the room; only the host changes settings and starts.
	Host bool
	// Chosen: the room plays this game now (another game's panel may offer to switch).
	Chosen bool
	// Config is this game's config in the room's settings, in the game's own type (a pointer
	// to the game's Config, the room's: copy it before changing it).
	Config any
	// Warnings are legal but unwise choices in the settings, in words for the host.
	Warnings []string
	// Players are the lobby's players in table order; Teams the team picks by seat, in the
	// order picked (a game of teams).
	Players []Player
	Teams   [2][]int
	// Change sends the room's settings with this game chosen and config as its new config.
	Change func(ctx goapp.Context, config any)
	// Back chooses the room's first game again.
	Back func(ctx goapp.Context)
	// Start is the host's Start button with its element id and label, and why the game
	// cannot start yet when it cannot.
	Start func(id, label string) goapp.UI
	// PickTeam puts this player in a team; AssignTeam, Balance and Shuffle are the host's
	// moves of the players between the teams (a game of teams).
	PickTeam   func(ctx goapp.Context, team int)
	AssignTeam func(ctx goapp.Context, seat, team int)
	Balance    func(ctx goapp.Context)
	Shuffle    func(ctx goapp.Context)
}

// Player is one of the lobby's players: the room's seat number (element ids, team picks),
// the name, and whether it is this device's own player.
type Player struct {
	Seat int
	Name string
	You  bool
}

// T is the catalogue's text of key in the frame's language.
func (f Frame) T(key i18n.Key, args ...any) string { return i18n.T(f.Lang, key, args...) }
