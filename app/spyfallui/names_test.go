//go:build !wasm

package spyfallui

import (
	"testing"

	"safehouse/app/i18n"
	"safehouse/engine"
)

// Issue 21: one view, every device its own language: a card names a built-in
// location and role by id and index, and each language names them from its own pack.
func TestOneViewEachDeviceItsOwnLanguage(t *testing.T) {
	g := playingGame(t)
	spy, _ := spyAndLocation(g)
	seat := engine.Seat(0)
	if seat == spy {
		seat = 1
	}
	c := g.View(seat).Card
	if c == nil || c.Location == nil || c.Role == nil {
		t.Fatalf("seat %d holds %+v", seat, c)
	}
	readings := map[string]bool{}
	for _, lang := range i18n.Available() {
		loc, role := nameLocation(lang, c.Location.ID, c.Location.Name), cardRole(lang, c)
		if loc != i18n.LocationName(lang, c.Location.ID) || role != i18n.RoleName(lang, c.Location.ID, c.Role.Index) || role == "" {
			t.Errorf("%s: the card reads %q / %q", lang, loc, role)
		}
		readings[loc+"/"+role] = true
	}
	// Languages may share a word ("Hotel"), not all of them.
	if len(i18n.Available()) < 12 || len(readings) < 8 {
		t.Errorf("%d languages read the card in %d ways", len(i18n.Available()), len(readings))
	}
}
