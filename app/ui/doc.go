// Package ui is the small kit every Safehouse screen is built from, whichever game or shell
// screen draws it: the El, ElText and ElVoid selector helpers (el.go), the round clock and
// the alert it buzzes (clock.go), the held secret card (card.go), the sheet that slides up
// over a screen (sheet.go), and the few parts that both games' screens and the shell's share
// (held.go: the buttons held while the host is away, the toast line, a field's error, the
// scope that keys a button by the action it sends), and what the shell hands every game's
// screens (frame.go: the game screen's Frame, the lobby panel's Setup).
//
// The boundary: what is here knows go-app, the browser and the engine's contract (seats,
// actions), and nothing of a game's rules, of the session or of the shell. The game screens (app/spyfallui, app/spyfestui) and the
// shell (app) import it; it imports neither, so when both games do the same thing on screen
// the code for it lives here once.
package ui
