package game

import "os"

// secrecyGames is how many games each non-interference test plays twice: 200 in make
// test-long (SAFEHOUSE_LONG), with or without the race detector; in make test 60 in a plain
// run, where the count matters, and 4 under the race detector, which makes each game about
// ten times slower and is here for the concurrency, not the count. Past a few dozen games the
// deals only repeat what earlier games already dealt.
func secrecyGames() int {
	switch {
	case os.Getenv("SAFEHOUSE_LONG") != "":
		return 200
	case raceEnabled:
		return 4
	}
	return 60
}
