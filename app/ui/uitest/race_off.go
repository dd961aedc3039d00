//go:build !race

package uitest

const RaceEnabled = false
