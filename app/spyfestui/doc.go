// Package spyfestui is the Spyfest family's screens: the game screen of every phase (the Spy
// chosen, drawn and kept; describing, stopping and the guess windows; the game's end), the
// scoreboard and the red carpet, the character sheet with the team's marks, the team's hand
// of action cards, and the lobby's Spyfest panel (teams and every setting).
//
// The boundary is the one of app/spyfallui: it draws a spyfest.View and sends spyfest actions,
// and imports neither the session, the room (app/game) nor the shell. What it needs from
// outside comes in a ui.Frame (for the game screen) or a ui.Setup (for the lobby's panel:
// the config, the players and their teams, and functions that change them) that the shell
// fills in (app/gamescreen.go, app/lobby.go). UI is what this device remembers that the host does not (the guess
// being picked, the Spy being proposed, the sheet's search, the custom character being
// typed); the shell drives it as it drives every game's screens (game.go: See each view as it
// arrives, draw the Screen and the lobby's Settings, Waiting for pass-and-play). The parts
// both games draw alike come from app/ui.
package spyfestui
