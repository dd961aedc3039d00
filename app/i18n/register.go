package i18n

import "fmt"

// Register adds entries to lang's catalog, so each screen keeps its strings in its own file
// (e.g. spyfall.go) and registers them from an init function:
//
//	func init() { Register(English, spyfallEnglish) }
//
// A key registered twice for the same language is a programming error and panics at start,
// rather than one screen silently overwriting another's text.
func Register(lang Lang, entries map[Key]string) {
	catalog, ok := catalogs[lang]
	if !ok {
		catalog = map[Key]string{}
		catalogs[lang] = catalog
	}
	for k, text := range entries {
		if _, dup := catalog[k]; dup {
			panic(fmt.Sprintf("i18n: key %q registered twice for %s", k, lang))
		}
		catalog[k] = text
	}
}
