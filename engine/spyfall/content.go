package spyfall

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"safehouse/engine"
)

// Location is one place the non-spies may be, with the roles dealt there. A built-in
// location is its id and its number of roles only: each device names it, and its roles by
// index, from its own language pack (app/i18n), so a view never carries names in several
// languages. A player's own location carries its name and roles as they were typed.
type Location struct {
	ID    string        `json:"id"`
	Name  engine.Text   `json:"name,omitempty"`
	Roles []engine.Text `json:"roles,omitempty"`
	// RoleCount is a built-in location's number of roles (its Roles are not here).
	RoleCount int `json:"role_count,omitempty"`
}

// NumRoles is the number of roles dealt at the location.
func (l Location) NumRoles() int { return max(len(l.Roles), l.RoleCount) }

// Builtin reports whether the location is named by its id (a built-in one), not by a Name.
func (l Location) Builtin() bool { return len(l.Name) == 0 }

// Pack is a set of locations; any packs combine with any edition. A built-in
// pack has no Name: devices name it by its id.
type Pack struct {
	ID        string      `json:"id"`
	Name      engine.Text `json:"name,omitempty"`
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
