package i18n

import "fmt"

// Register adds entries to lang's catalog, so each screen keeps its strings in its own file
// (e.g. spyfall.go) and registers them from an init function:
//
//	func init() { Register(English, spyfallEnglish) }
//
// Entries are a list, not a map: a package-level list of constant pairs is data in the wasm,
// while a map literal is code (for a small map, code per entry), so a catalogue costs its
// text and little else.
//
// A key registered twice for the same language is a programming error and panics at start,
// rather than one screen silently overwriting another's text.
func Register(lang Lang, entries Entries) {
	catalog, ok := catalogs[lang]
	if !ok {
		catalog = map[Key]string{}
		catalogs[lang] = catalog
	}
	for _, e := range entries {
		k, text := e.Key, e.Text
		if _, dup := catalog[k]; dup {
			panic(fmt.Sprintf("i18n: key %q registered twice for %s", k, lang))
		}
		catalog[k] = text
	}
}

// Entry is one text of a catalogue.
type Entry struct {
	Key  Key
	Text string
}

// Entries is a part of a catalogue, as registered by one screen's file.
type Entries []Entry
