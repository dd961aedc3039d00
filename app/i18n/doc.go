// Package i18n is the translation catalog of the Safehouse UI and the names of the built-in
// content: every string a player reads is a Key looked up for the player's language, and every
// location, role, character and keyword is named by its id (LocationName, CharacterName...).
//
// A language is named by its code, a BCP 47 tag ("de", "es-419", "zh-Hant"; Tag gives the full
// tag, Dir its direction), and Match picks one for a browser's preferred languages.
//
// Each language is one file, packs/<lang>.json (the README's "Adding a language" says what a
// pack holds). English is complete, is the fallback, and is the only pack inside the wasm
// (embedded as data); the site serves the others as files (wasm/gen), and the app fetches the
// player's language and hands it to Load. Native builds (tests, the site generator) have every
// pack loaded from the start (packs_native.go).
//
// A text that shows a count is written in each of its language's CLDR plural forms joined by
// "|" (English one|other, Russian one|few|many|other, Arabic zero|one|two|few|many|other,
// Japanese other only), with the count as
// its first argument; T and N pick the form (plural.go). Refusals from the host are said by
// their stable codes (refusal.go), never in the host's own words.
package i18n
