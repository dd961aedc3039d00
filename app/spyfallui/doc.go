// Package spyfallui is the Spyfall family's screens: the game screen of every phase (deal,
// round, votes, the spies' guesses, time up, the team variant, results and scores), the
// sheets over it (locations, scores), the host's menu with its passes for a silent phone,
// and the lobby's Spyfall settings panel.
//
// The boundary: it draws a spyfall.View and sends spyfall actions, and imports neither the
// session, the room (app/game) nor the shell. What it needs from outside comes in a ui.Frame
// (the language, the clock offset to the host, whether this tab hosts, how to send an
// action...) or a ui.Setup (the lobby's panel) built by the shell (app/gamescreen.go, app/lobby.go), and UI is
// what this device remembers of the game that the host does not (the card's reveal mode, a
// pick in progress, private marks on the locations, the host's typing in the panel). The
// shell drives it as it drives every game's screens (game.go: See each view as it arrives,
// draw the Screen and the lobby's Settings, Waiting for pass-and-play). The parts both games
// draw alike (the clock, the held card, the sheet, the held buttons) come from app/ui.
package spyfallui
