package app

import (
	"encoding/json"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/spyfallui"
	"safehouse/app/spyfestui"
	"safehouse/app/ui"
	"safehouse/engine"
)

// The games the shell knows, each game's screens registered once. The shell's side of the
// games (gameview.go: each view handed to the game's screens, their intents sent;
// gamescreen.go: the frame they draw in; lobby.go: their panels) knows each game only through
// its registration here.

// gameUI is one device's screens of one game: what the device remembers of the game that the
// host does not, and the screens it draws from the latest view of its seat. The shell holds
// one per game (in pass-and-play, one per game and player of the device).
type gameUI interface {
	// See takes the engine's view of this seat as it arrives (nil: no game running).
	See(view json.RawMessage) error
	// Screen is the game screen of this seat: a player's, or the table screen's (the
	// public view).
	Screen(f ui.Frame) goapp.UI
	// Settings is the game's panel in the lobby (its settings and its teams, or a way to
	// choose it), and what it puts at the bottom of the lobby (its Start button).
	Settings(s ui.Setup) (panel, footer goapp.UI)
	// StartWhy words why the room cannot start the game when the refusal's code alone says
	// too little (the table's size: the edition's range), or "".
	StartWhy(config any, lang i18n.Lang, code string) string
	// Waiting lists the engine seats the game waits on, from what every seat may know: in
	// pass-and-play the phone goes to one of them.
	Waiting() []engine.Seat
	// PutDown closes what this player opened over the screen, as the phone changes hands.
	PutDown()
}

// gameScreens are the screens of each game the rooms play (game.Families), registered once.
var gameScreens = map[game.Family]func() gameUI{
	game.Spyfall: func() gameUI { return new(spyfallui.UI) },
	game.Spyfest: func() gameUI { return new(spyfestui.UI) },
}

// registerGame adds a game beside the app's own with its one line: its rules to every room
// made from then on, its screens to the shell. Call it at init.
func registerGame(rules game.Rules, screens func() gameUI) {
	game.Register(rules)
	gameScreens[rules.Family()] = screens
}

// gameUIs is one device's screens of every game, made as each is first needed.
type gameUIs map[game.Family]gameUI

func (g *gameUIs) of(f game.Family) gameUI {
	if u, ok := (*g)[f]; ok {
		return u
	}
	screens, ok := gameScreens[f]
	if !ok {
		return nil
	}
	if *g == nil {
		*g = gameUIs{}
	}
	u := screens()
	(*g)[f] = u
	return u
}
