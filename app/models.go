package app

import (
	"time"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
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
	// PlaysOnly: the seat's device runs the player build, which cannot take the game.
	PlaysOnly bool
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
			PlaysOnly: p.PlaysOnly,
			Order:     i,
		})
	}
	return rows
}

// handoffModel is what the banner shows.
type handoffModel struct {
	Picking bool   // the host's list of devices to hand the game to is open
	Leave   bool   // the host goes home after handing over, rather than playing on
	Asking  string // the name of the player the host is asking now
	// Ask is the host's question to this guest; Taking once it said yes.
	Ask    *session.HandoffAsk
	Taking bool
	// Takeover news for this guest (takeover.go).
	Offer   *session.Takeover // the offer to continue the game here
	Asked   bool              // a device asks to continue the game: the device of seat Asker
	Asker   int
	Agreed  bool
	Asking2 *session.Takeover // this device's own ask under way
	// MovedOn: the game went on without this device while it hosted; it is back as a seat.
	MovedOn bool
}

// qrStep is where a player is on screenQR.
type qrStep int

const (
	qrChoose     qrStep = iota // host or join
	qrScanOffer                // scan or paste the host's code
	qrMaking                   // making the answer
	qrShowAnswer               // showing the answer until the host scans it
)

// qrModel is this device's state of the QR screens: a player's steps, and the host's code for
// the next seat.
type qrModel struct {
	Step     qrStep
	ComeBack string // the host's name once the player lost its connection and scans again to get its seat back
	Camera   bool   // a camera view is on screen (the player's, or the host's for an answer)
	Paste    string // the pasted code's draft
	Error    string // why the last code was refused, in the player's language
	Answer   string // the player's answer code
	AnswerQR string
	Offer    string // the host's code for the next seat
	OfferQR  string
	Making   bool   // the host is making the next offer
	Large    bool   // the host's code fills the screen (a table screen, a player far away)
	Panel    bool   // the host's code is shown over a game screen
	Guest    bool   // this tab joined by QR: a lost connection means scanning again
	Reloaded bool   // the page reloaded in the middle of the game (qrreturn.go): ComeBack's game waits
	Kept     string // the room and host last kept in storage for a reload (qrreturn.go)
}

// seatMenu is the host's seat menu in the lobby, kept between renders: whether one is open
// and on which row, and the rename drafts typed in them, by session seat.
type seatMenu struct {
	open  bool
	seat  session.Seat
	names map[session.Seat]string
}

// passPlay is a whole game on this one device, handed round the table: a local host with no network,
// one client per player, and the screen showing one player's view at a time behind a
// "pass to NAME" screen.
type passPlay struct {
	passHost // the local host, once everyone is seated (hosting.go; the player build has none)
	seats    []*passSeat
	current  int  // the seat index holding the phone
	handing  bool // the hand-over screen is up
	next     int  // whom the hand-over screen names
	names    string
	problem  string
}

// passSeat is one player of the device, with its own client, its own view and its own
// private state of each game's screens (card toggle, marks, picks), never shown to another
// player.
type passSeat struct {
	name   string
	client *session.Client
	view   *session.View
	games  gameUIs
}

// family is the game of the seat's latest view, if a game is on.
func (ps *passSeat) family() (game.Family, bool) {
	tv := ps.tableView()
	if tv == nil || len(tv.Game) == 0 || ps.games.of(tv.Family) == nil {
		return "", false
	}
	return tv.Family, true
}

// engineSeat is the seat the player plays in the game on (engine.NoSeat: none).
func (ps *passSeat) engineSeat() engine.Seat {
	if tv := ps.tableView(); tv != nil {
		return tv.EngineSeat(ps.client.Seat())
	}
	return engine.NoSeat
}

// tableView is the game part of the seat's latest view, nil before one.
func (ps *passSeat) tableView() *game.TableView {
	if ps.view == nil {
		return nil
	}
	tv, err := game.DecodeView(ps.view.Game)
	if err != nil {
		return nil
	}
	return tv
}

// fullBuildWait is the player build waiting for the full build (fullbuild.go): the share of
// its download that came, in percent.
type fullBuildWait struct {
	percent int
}
