package i18n

import (
	"fmt"
	"strings"
)

// Lang names a language the app offers, and its pack (packs/<lang>.json): a BCP 47 tag, as
// short as tells the app's packs apart. Most are a primary subtag ("de"); a region or script
// follows where the app offers more than one variety of a language ("es-419", "pt-PT",
// "zh-Hant"). "pt" is Brazilian Portuguese and "zh" Simplified Chinese, as they were before
// varieties existed (their files and the choices players saved keep those names); Tag gives
// every language's full tag, for <html lang>.
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
	tag  string // the full BCP 47 tag where the code says less ("pt" is "pt-BR"); "" = the code
	rtl  bool   // written right to left
}

// languages are the languages the app offers, English first, then in code order, so the
// switch lists them the same way every time. Each has a pack in packs/ (TestPacks checks);
// only English's is in the wasm, the others are fetched when wanted (Load). A package-level
// slice of constant structs is data in the wasm, not code. Adding a language is one line
// here and its pack (README: Adding a language).
var languages = []language{
	{code: "en", name: "English"},
	{code: "ar", name: "العربية", rtl: true},
	{code: "cs", name: "Čeština"},
	{code: "de", name: "Deutsch"},
	{code: "el", name: "Ελληνικά"},
	{code: "es", name: "Español (España)"},
	{code: "es-419", name: "Español (Latinoamérica)"},
	{code: "fa", name: "فارسی", rtl: true},
	{code: "fr", name: "Français"},
	{code: "he", name: "עברית", rtl: true},
	{code: "hi", name: "हिन्दी"},
	{code: "hu", name: "Magyar"},
	{code: "id", name: "Bahasa Indonesia"},
	{code: "it", name: "Italiano"},
	{code: "ja", name: "日本語"},
	{code: "ko", name: "한국어"},
	{code: "nl", name: "Nederlands"},
	{code: "pl", name: "Polski"},
	{code: "pt", name: "Português (Brasil)", tag: "pt-BR"},
	{code: "pt-PT", name: "Português (Portugal)"},
	{code: "ro", name: "Română"},
	{code: "ru", name: "Русский"},
	{code: "sv", name: "Svenska"},
	{code: "tr", name: "Türkçe"},
	{code: "uk", name: "Українська"},
	{code: "vi", name: "Tiếng Việt"},
	{code: "zh", name: "简体中文", tag: "zh-Hans"},
	{code: "zh-Hant", name: "繁體中文"},
}

// Languages lists the languages the app offers, English first.
func Languages() []Lang {
	out := make([]Lang, len(languages))
	for i, l := range languages {
		out[i] = l.code
	}
	return out
}

func find(lang Lang) (language, bool) {
	for _, l := range languages {
		if l.code == lang {
			return l, true
		}
	}
	return language{}, false
}

// Offered reports whether the app offers lang.
func Offered(lang Lang) bool {
	_, ok := find(lang)
	return ok
}

// NativeName is how a language names itself, for the language switch; it needs no pack.
func NativeName(lang Lang) string {
	if l, ok := find(lang); ok {
		return l.name
	}
	return string(lang)
}

// Tag is lang's full BCP 47 tag, for <html lang> and the lang of a text in it: "pt-BR" for
// "pt", "zh-Hans" for "zh", the code itself for the others.
func Tag(lang Lang) string {
	if l, ok := find(lang); ok && l.tag != "" {
		return l.tag
	}
	return string(lang)
}

// RTL reports whether lang is written right to left (Arabic, Hebrew, Persian).
func RTL(lang Lang) bool {
	l, ok := find(lang)
	return ok && l.rtl
}

// Dir is lang's writing direction as HTML's dir attribute says it: "rtl" or "ltr".
func Dir(lang Lang) string {
	if RTL(lang) {
		return "rtl"
	}
	return "ltr"
}

// Parse reads a language as it was stored or chosen: a code the app offers ("pt", "es-419",
// case aside), or a language's full tag ("pt-BR"). Choices saved before varieties existed
// ("pt", "zh", "es") keep their meaning.
func Parse(v string) (Lang, bool) {
	for _, l := range languages {
		if strings.EqualFold(v, string(l.code)) || l.tag != "" && strings.EqualFold(v, l.tag) {
			return l.code, true
		}
	}
	return "", false
}

// Match picks the language for a browser's preferred languages (navigator.languages), most
// preferred first: for the first that the app can serve, its own variety if the app offers it
// ("es-419", "pt-PT", "zh-Hant"), else the variety its region or script belongs to ("es-MX"
// and "es-US" are "es-419", "zh-TW" and "zh-HK" are "zh-Hant", "pt-AO" is "pt-PT"), else the
// language ("pt-PT" is "pt" while no European Portuguese pack exists); English when none
// fits. It does not need the pack to be loaded: the app fetches it (Load). The page's script
// picks the same before the app runs (wasm/gen/langmatch.js; a test holds them together).
func Match(preferred ...string) Lang {
	for _, p := range preferred {
		for _, c := range Candidates(p) {
			if Offered(c) {
				return c
			}
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
//
// String arguments are isolated (bidi.go): in a right-to-left language always, elsewhere when
// they hold right-to-left letters, so a player's name keeps its place in the sentence.
func T(lang Lang, key Key, args ...any) string {
	if len(args) > 0 {
		args = isolateArgs(lang, args)
	}
	text, lang := text(lang, key)
	if lang == "" {
		return text
	}
	text = pickForm(lang, text, args)
	if len(args) == 0 {
		return text
	}
	return fmt.Sprintf(text, args...)
}

// text is key's text in lang, else in English, with the language it is in; else the key
// itself, in no language.
func text(lang Lang, key Key) (string, Lang) {
	if c := catalogOf(lang); c != nil {
		if s, ok := c.ui[key]; ok {
			return s, lang
		}
	}
	if s, ok := english().ui[key]; ok {
		return s, English
	}
	return string(key), ""
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
