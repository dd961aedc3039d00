package app

import (
	"safehouse/app/i18n"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// Content names (issue 21): a view names built-in content by id (a role by its index), and
// this device names it from its own language pack; a player's own location, role, character
// or keyword comes with the name it was typed with, shown as it is.

// named is text as typed when there is one, else the pack's name for the built-in id.
func named(lang i18n.Lang, typed engine.Text, builtin func() string) string {
	if len(typed) > 0 {
		return typed.In(string(lang))
	}
	return builtin()
}

// nameLocation names a Spyfall location.
func nameLocation(lang i18n.Lang, id string, typed engine.Text) string {
	return named(lang, typed, func() string { return i18n.LocationName(lang, id) })
}

// nameRole names role index of a location ("" for none).
func nameRole(lang i18n.Lang, location string, index int, typed engine.Text) string {
	return named(lang, typed, func() string { return i18n.RoleName(lang, location, index) })
}

// namePack names a Spyfall pack of locations.
func namePack(lang i18n.Lang, id string, typed engine.Text) string {
	return named(lang, typed, func() string { return i18n.PackName(lang, id) })
}

// nameCharacter and nameOverview name a Spyfest character.
func nameCharacter(lang i18n.Lang, id string, typed engine.Text) string {
	return named(lang, typed, func() string { return i18n.CharacterName(lang, id) })
}

func nameOverview(lang i18n.Lang, id string, typed, typedName engine.Text) string {
	if len(typedName) > 0 {
		return typed.In(string(lang))
	}
	return i18n.CharacterOverview(lang, id)
}

// nameKeyword names a Spyfest keyword.
func nameKeyword(lang i18n.Lang, id string, typed engine.Text) string {
	return named(lang, typed, func() string { return i18n.KeywordName(lang, id) })
}

// cardRole names the role on a card ("" when roles are hidden or the location has none).
func cardRole(lang i18n.Lang, c *spyfall.CardView) string {
	if c.Role == nil || c.Location == nil {
		return ""
	}
	return nameRole(lang, c.Location.ID, c.Role.Index, c.Role.Name)
}
