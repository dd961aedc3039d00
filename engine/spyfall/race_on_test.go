//go:build race

package spyfall

// raceDetector is on: the property tests play fewer games (see
// gamesPerVariant), since the detector slows them 5 to 10 times.
const raceDetector = true
