package game

import "os"

// secrecyGames is how many games each non-interference test plays twice: 200 in a plain
// run, 10 under the race detector (which makes each game about ten times slower and is here
// for the concurrency, not the count) unless SAFEHOUSE_LONG asks for the full 200.
func secrecyGames() int {
	if raceEnabled && os.Getenv("SAFEHOUSE_LONG") == "" {
		return 10
	}
	return 200
}
