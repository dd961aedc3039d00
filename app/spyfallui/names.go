package spyfallui

import (
	"safehouse/app/i18n"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// A view names a built-in location, role or pack by id (a role by its index), and this device
// names it from its own language pack; a host's own location comes with the names it was
// typed with, shown as they are.

func nameLocation(lang i18n.Lang, id string, typed engine.Text) string {
	if len(typed) > 0 {
		return typed.In(string(lang))
	}
	return i18n.LocationName(lang, id)
}

// nameRole names role index of a location ("" for none).
func nameRole(lang i18n.Lang, location string, index int, typed engine.Text) string {
	if len(typed) > 0 {
		return typed.In(string(lang))
	}
	return i18n.RoleName(lang, location, index)
}

func namePack(lang i18n.Lang, id string, typed engine.Text) string {
	if len(typed) > 0 {
		return typed.In(string(lang))
	}
	return i18n.PackName(lang, id)
}

// cardRole names the role on a card ("" when roles are hidden or the location has none).
func cardRole(lang i18n.Lang, c *spyfall.CardView) string {
	if c.Role == nil || c.Location == nil {
		return ""
	}
	return nameRole(lang, c.Location.ID, c.Role.Index, c.Role.Name)
}
