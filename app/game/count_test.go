package game

import "os"

// secrecyGames is how many games a non-interference test plays twice: 200 in make test-long
// (SAFEHOUSE_LONG), with or without the race detector; in make test 60 in a plain run, where
// the count matters, and underRace under the race detector, which makes each game about ten
// times slower and is here for the concurrency, not the count. Past a few dozen games the
// deals only repeat what earlier games dealt.
func secrecyGames(underRace int) int {
	switch {
	case os.Getenv("SAFEHOUSE_LONG") != "":
		return 200
	case raceEnabled:
		return underRace
	}
	return 60
}
