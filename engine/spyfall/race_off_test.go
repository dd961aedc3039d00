//go:build !race

package spyfall

const raceDetector = false
