// Package spyfallui is the Spyfall family's screens: the game screen of every phase (deal,
// round, votes, the spies' guesses, time up, the team variant, results and scores), the
// sheets over it (locations, scores), the host's menu with its passes for a silent phone,
// and the lobby's Spyfall settings panel.
//
// The boundary: it draws a spyfall.View and sends spyfall actions, and knows nothing of the
// session or the shell. What it needs from outside comes in a Frame (the language, the clock
// offset to the host, whether this tab hosts, how to send an action...) built by the shell
// (app/games.go), and UI is what this device remembers of the game that the host does not (the
// card's reveal mode, a pick in progress, private marks on the locations). The shell hands
// each view to UI.Observe as it arrives and draws it with UI.Render. The parts both games
// draw alike (the clock, the held card, the sheet, the held buttons) come from app/ui.
package spyfallui
