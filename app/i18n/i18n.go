package i18n

import (
	"fmt"
	"strings"
)

// Lang is a BCP 47 primary language subtag, e.g. "en".
type Lang string

// English is the complete catalog every other language falls back to; its pack is inside the
// app (pack.go). Russian is named for the tests that read a second language.
const (
	English Lang = "en"
	Russian Lang = "ru"
)

// Key names one string of the UI. Its texts are in the packs (packs/<lang>.json, "ui").
type Key string

// language is one language the app offers, as the switch names it.
type language struct {
	code Lang
	name string // how the language names itself
}

// languages are the languages the app offers, English first, then in code order, so the
// switch lists them the same way every time. Each has a pack in packs/ (TestPacks checks);
// only English's is in the wasm, the others are fetched when wanted (Load). A package-level
// slice of constant pairs is data in the wasm, not code.
var languages = []language{
	{"en", "English"},
	{"de", "Deutsch"},
	{"es", "Español"},
	{"fr", "Français"},
	{"it", "Italiano"},
	{"ja", "日本語"},
	{"pl", "Polski"},
	{"pt", "Português (Brasil)"},
	{"ru", "Русский"},
	{"tr", "Türkçe"},
	{"uk", "Українська"},
	{"zh", "简体中文"},
}

// Languages lists the languages the app offers, English first.
func Languages() []Lang {
	out := make([]Lang, len(languages))
	for i, l := range languages {
		out[i] = l.code
	}
	return out
}

// Offered reports whether the app offers lang.
func Offered(lang Lang) bool {
	for _, l := range languages {
		if l.code == lang {
			return true
		}
	}
	return false
}

// NativeName is how a language names itself, for the language switch; it needs no pack.
func NativeName(lang Lang) string {
	for _, l := range languages {
		if l.code == lang {
			return l.name
		}
	}
	return string(lang)
}

// Match picks the language for a browser's preferred languages (navigator.languages), most
// preferred first: the first whose primary subtag the app offers ("pt-BR" and "pt-PT" are
// "pt", "zh-CN" and "zh-Hans" are "zh"); English when none fits. It does not need the pack
// to be loaded: the app fetches it (Load).
func Match(preferred ...string) Lang {
	for _, p := range preferred {
		primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(p)), "-")
		primary, _, _ = strings.Cut(primary, "_")
		if primary != "" && Offered(Lang(primary)) {
			return Lang(primary)
		}
	}
	return English
}

// T returns the text of key in lang, with args put in place of the catalog's fmt verbs
// (catalogs use indexed verbs like %[1]s so a translation may reorder them). A text with
// plural forms (see N) is said in the form its first argument, the count, takes in lang. A
// key missing from lang, or a lang whose pack is not loaded, falls back to English; a key
// missing everywhere shows as the key itself, so a gap is visible on screen rather than
// silently blank.
func T(lang Lang, key Key, args ...any) string {
	text, ok := "", false
	if c := catalogOf(lang); c != nil {
		text, ok = c.ui[key]
	}
	if !ok {
		text, ok = english().ui[key]
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
	c := catalogOf(lang)
	if c == nil {
		return false
	}
	_, ok := c.ui[key]
	return ok
}

// Keys lists every key of the English catalog.
func Keys() []Key {
	en := english().ui
	keys := make([]Key, 0, len(en))
	for k := range en {
		keys = append(keys, k)
	}
	return keys
}

// Available lists the offered languages whose packs are loaded, English first: natively,
// every pack in packs/; in the browser, English and the packs fetched so far.
func Available() []Lang {
	var out []Lang
	for _, l := range languages {
		if Loaded(l.code) {
			out = append(out, l.code)
		}
	}
	return out
}
