package ui

import (
	"encoding/json"
	"testing"
)

type testView struct{ Round int }

// A game's screens keep their latest view through ReadView: nil with no game running, a new
// view for each message, and the latest one kept when a message does not decode.
func TestReadViewKeepsTheLatestView(t *testing.T) {
	var latest *testView
	if err := ReadView(json.RawMessage(`{"Round":2}`), &latest); err != nil || latest == nil || latest.Round != 2 {
		t.Fatalf("a view: %+v, %v", latest, err)
	}
	first := latest
	if err := ReadView(json.RawMessage(`{"Round":3}`), &latest); err != nil || latest.Round != 3 || first.Round != 2 {
		t.Fatalf("the next view: %+v (the first now %+v), %v; want a new view, the first unchanged", latest, first, err)
	}
	if err := ReadView(json.RawMessage(`{"Round":"four"}`), &latest); err == nil || latest.Round != 3 {
		t.Fatalf("a view that does not decode: %+v, %v; want an error and round 3 kept", latest, err)
	}
	if err := ReadView(nil, &latest); err != nil || latest != nil {
		t.Fatalf("no game running: %+v, %v; want nil", latest, err)
	}
}
