//go:build race

package game

// secrecyGames is smaller under the race detector, which makes every game ~10 times slower;
// a plain `go test` plays the full count.
const secrecyGames = 60
