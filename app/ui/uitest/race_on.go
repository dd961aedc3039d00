//go:build race

package uitest

// RaceEnabled: the race detector makes every rendered screen several times slower, so the
// random-game screen tests play fewer games under it (make test runs the full count without).
const RaceEnabled = true
