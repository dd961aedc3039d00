package toygame

import (
	"errors"
	"reflect"
	"testing"

	"safehouse/engine"
)

// The toy reads its saves as the engine doc's first step says every game does: a save comes
// back whole, a newer version is told apart from damage, and damage changes nothing.
func TestSavesReadAsEveryEngineReadsThem(t *testing.T) {
	g, err := New(Config{Max: 10, Seed: 7}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(0, Guess{Turn: 0, Number: 5}, 0); err != nil {
		t.Fatal(err)
	}
	saved, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back Game
	if err := back.UnmarshalBinary(saved); err != nil {
		t.Fatalf("its own save: %v", err)
	}
	if !reflect.DeepEqual(back.s, g.s) {
		t.Errorf("restored %+v, saved %+v", back.s, g.s)
	}

	for _, c := range []struct {
		name  string
		save  string
		newer bool
	}{
		{"a newer version", `{"v":2,"max":10,"number":3}`, true},
		{"no version", `{"max":10,"number":3}`, false},
		{"not JSON", `{"v":1,`, false},
	} {
		kept := back.s
		err := back.UnmarshalBinary([]byte(c.save))
		if err == nil {
			t.Errorf("%s: read", c.name)
		}
		if errors.Is(err, engine.ErrNewerSnapshot) != c.newer {
			t.Errorf("%s: %v, newer %v", c.name, err, c.newer)
		}
		if !reflect.DeepEqual(back.s, kept) {
			t.Errorf("%s: the game changed to %+v", c.name, back.s)
		}
	}
}
