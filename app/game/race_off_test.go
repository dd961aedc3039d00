//go:build !race

package game

// secrecyGames is how many games each non-interference test plays twice.
const secrecyGames = 200
