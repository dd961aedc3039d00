package spyfall

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"safehouse/engine"
)

// Location is one place the non-spies may be, with the roles dealt there.
type Location struct {
	ID    string        `json:"id"`
	Name  engine.Text   `json:"name"`
	Roles []engine.Text `json:"roles"`
}

// Pack is a named set of locations; any packs combine with any edition (SF-ED-1).
type Pack struct {
	ID        string      `json:"id"`
	Name      engine.Text `json:"name"`
	Locations []Location  `json:"locations"`
}

//go:embed locations.json
var locationsJSON []byte

// builtinPacks are read on first use, not at start-up: decoding them costs tens of
// milliseconds in the browser, and the app's first screen needs none of them.
var builtinPacks = sync.OnceValue(func() []Pack { return mustLoadPacks(locationsJSON) })

func mustLoadPacks(b []byte) []Pack {
	var doc struct {
		Packs []Pack `json:"packs"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		panic(fmt.Sprintf("spyfall: embedded locations.json: %v", err))
	}
	return doc.Packs
}

// BuiltinPacks returns the built-in packs: classic, spyfall2, timetravel.
// The slice is a copy; the locations inside must be treated as read-only.
func BuiltinPacks() []Pack { return append([]Pack(nil), builtinPacks()...) }

// BuiltinPack returns the built-in pack with that ID.
func BuiltinPack(id string) (Pack, bool) {
	for _, p := range builtinPacks() {
		if p.ID == id {
			return p, true
		}
	}
	return Pack{}, false
}
