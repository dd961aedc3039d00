// Package spyfestui is the Spyfest family's screens: the game screen of every phase (the Spy
// chosen, drawn and kept; describing, stopping and the guess windows; the game's end), the
// scoreboard and the red carpet, the character sheet with the team's marks, the team's hand
// of action cards, and the lobby's Spyfest panel (teams and every setting).
//
// The boundary is the one of app/spyfallui: it draws a spyfest.View and sends spyfest actions,
// and knows nothing of the session or the shell. What it needs from outside comes in a Frame
// (for the game screen) or a Setup (for the lobby's panel) that the shell fills in
// (app/games.go); UI is what this device remembers that the host does not (the guess being
// picked, the Spy being proposed, the sheet's search). The shell hands each view to
// UI.Observe as it arrives and draws it with UI.Render. The parts both games draw alike come
// from app/ui.
package spyfestui
