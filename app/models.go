package app

import (
	"time"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
)

// screen names which page the shell shows.
type screen int

// The screens of issue 2. Game screens come with the games.
const (
	screenHome screen = iota
	screenConnecting
	screenLobby
	screenError
	screenGame // a game in play: the family's own screens
	screenPass // pass-and-play: one device, one player at a time
	screenQR   // no internet: connecting through QR codes (qrplay.go)
)

// homeModel is what the home screen shows: the form's current values and their problems.
type homeModel struct {
	Name      string
	Code      string
	NameError string // shown under the name field, empty when fine
	CodeError string // shown under the code field, empty when fine
	// Notice says why the game this tab hosted did not come back (readHostSave), "" for none.
	Notice i18n.Key
}

// connectingModel is the screen between a button press and the first view from the host.
type connectingModel struct {
	Room string // the room being joined; empty while creating a game
	// Waiting: the player typed the code, and the host has yet to let them in.
	Waiting bool
	// Relay: no direct path opened quickly, and the encrypted relay is being tried too.
	Relay bool
	// Reopening: this tab hosts Room and is getting its saved game back under the same room code.
	Reopening bool
}

// playerRow is one line of the lobby's player list.
type playerRow struct {
	Seat   session.Seat
	Name   string
	Online bool
	Host   bool
	You    bool
	// Spectator: a table screen (a laptop on the TV), which plays no seat.
	Spectator bool
	// Order is the seat's place among all the host's seats, table screens included: where a
	// move (session.KindMove) puts a seat.
	Order int
}

// lobbyModel is everything the lobby shows, built from the host's latest View.
type lobbyModel struct {
	Room        string
	IsHost      bool
	Players     []playerRow // the players, in table order
	Screens     []playerRow // the table screens, which play no seat
	InviteURL   string
	InviteQR    string // inline SVG markup, from qrSVG
	Status      session.Status
	Path        session.Path // how this player reaches the host, once online ("" for the host)
	RenameDraft string
	RenameError string
	Toast       string // the latest notice for this player (a refusal, "link copied"...)
	// Waiting lists who typed the code and waits for the host's answer (the host only).
	Waiting []session.Knock
}

// gameModel is the game part of the latest view from the host, whichever the family.
type gameModel struct {
	View *game.TableView // nil until a game is plugged into the host
	// Skew is the host's clock minus this device's, measured when the view arrived.
	Skew time.Duration
}

// errorModel is a full-page error with a way back.
type errorModel struct {
	// Title and Body (with BodyArgs) are keys of the catalogue, said in the language of the
	// moment: the page follows a language chosen on it.
	Title, Body i18n.Key
	BodyArgs    []any
	// NoServer offers a game through QR codes: the signaling server could not be reached.
	// Hosting: it was this device's own game that could not open, so QR codes come first.
	NoServer, Hosting bool
}

// playersFromView is the players of the host's view as list rows, in table order, with this
// device's own seat marked; screensFromView is its table screens, which play no seat and are
// no player to count, seat or put in a team.
func playersFromView(v *session.View) []playerRow { return rowsFromView(v, false) }

func screensFromView(v *session.View) []playerRow { return rowsFromView(v, true) }

func rowsFromView(v *session.View, spectators bool) []playerRow {
	var rows []playerRow
	for i, p := range v.Players {
		if p.Spectator != spectators {
			continue
		}
		rows = append(rows, playerRow{
			Seat:      p.Seat,
			Name:      p.Name,
			Online:    p.Online,
			Host:      p.Host,
			You:       p.Seat == v.You,
			Spectator: p.Spectator,
			Order:     i,
		})
	}
	return rows
}
