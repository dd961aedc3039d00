package i18n

import (
	"fmt"
	"slices"
	"strings"
)

// Lang is a BCP 47 primary language subtag, e.g. "en".
type Lang string

// English is the complete catalog every other language falls back to.
const English Lang = "en"

// Key names one string of the UI. Its value in English is in english.go.
type Key string

// catalogs holds one map per language. A missing key in a language falls back to English.
var catalogs = map[Lang]map[Key]string{
	English: english,
}

// Languages lists the languages that have a catalog, English first, then the others in
// code order, so a language switch lists them the same way every time.
func Languages() []Lang {
	var others []Lang
	for l := range catalogs {
		if l != English {
			others = append(others, l)
		}
	}
	slices.Sort(others)
	return append([]Lang{English}, others...)
}

// NativeName is how a language names itself, for the language switch.
func NativeName(l Lang) string {
	switch l {
	case English:
		return "English"
	case Russian:
		return "Русский"
	}
	return string(l)
}

// Match picks the best catalog for a browser's preferred languages (navigator.languages),
// e.g. ["ru-RU", "en"] gives "ru" once a Russian catalog exists; English when none fits.
func Match(preferred ...string) Lang {
	for _, p := range preferred {
		primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(p)), "-")
		if _, ok := catalogs[Lang(primary)]; ok && primary != "" {
			return Lang(primary)
		}
	}
	return English
}

// T returns the text of key in lang, with args put in place of the catalog's fmt verbs
// (catalogs use indexed verbs like %[1]s so a translation may reorder them). A text with
// plural forms (see N) is said in the form its first argument, the count, takes in lang. A key missing
// from lang falls back to English; a key missing everywhere shows as the key itself, so a
// gap is visible on screen rather than silently blank.
func T(lang Lang, key Key, args ...any) string {
	text, ok := catalogs[lang][key]
	if !ok {
		text, ok = english[key]
		lang = English
	}
	if !ok {
		return string(key)
	}
	text = pickForm(lang, text, args)
	if len(args) == 0 {
		return text
	}
	return fmt.Sprintf(text, args...)
}

// Has reports whether lang has its own text for key (no fallback).
func Has(lang Lang, key Key) bool {
	_, ok := catalogs[lang][key]
	return ok
}

// Keys lists every key of the English catalog.
func Keys() []Key {
	keys := make([]Key, 0, len(english))
	for k := range english {
		keys = append(keys, k)
	}
	return keys
}
