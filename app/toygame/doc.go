// Package toygame is a game for tests only, the smallest a room can host: guess the number.
// The game draws a number from 1 to Max; the seats guess in turn, each guess answered
// higher or lower for everyone, and the first right guess wins. Nothing but tests imports it.
//
// It is the proof that a game beside the app's own is a registration: the rules (game.go,
// the engine contract), the room's side (rules.go, game.Rules and game.Play) and the screens
// (screens.go, what the shell asks of a game's screens) are all here, and a test registers
// the whole game with one line (app/toygame_test.go).
package toygame
