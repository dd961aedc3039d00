//go:build race

package session

// raceEnabled scales the chaos loops down under the race detector, which slows them tenfold.
const raceEnabled = true
