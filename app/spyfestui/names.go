package spyfestui

import (
	"safehouse/app/i18n"
	"safehouse/engine"
)

// A view names a built-in character or keyword by id, and this device names it from its own
// language pack; a host's own character or keyword comes with the text it was typed with,
// shown as it is.

func nameCharacter(lang i18n.Lang, id string, typed engine.Text) string {
	if len(typed) > 0 {
		return typed.In(string(lang))
	}
	return i18n.CharacterName(lang, id)
}

// nameOverview is a character's overview: the typed one of a host's own character (told by
// its typed name), else the pack's.
func nameOverview(lang i18n.Lang, id string, typed, typedName engine.Text) string {
	if len(typedName) > 0 {
		return typed.In(string(lang))
	}
	return i18n.CharacterOverview(lang, id)
}

func nameKeyword(lang i18n.Lang, id string, typed engine.Text) string {
	if len(typed) > 0 {
		return typed.In(string(lang))
	}
	return i18n.KeywordName(lang, id)
}
