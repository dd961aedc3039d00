//go:build race

package game

// raceEnabled: the race detector makes every scripted game about ten times slower.
const raceEnabled = true
