// Package i18n is the translation catalog of the Safehouse UI: every string a player reads is
// a Key looked up for the player's language. English is complete and is the fallback; another
// language is added as one more map in catalogs (see english.go for the shape).
//
// A text that shows a count is written in each of its language's CLDR plural forms joined by
// "|" (English one|other, Russian one|few|many|other), with the count as its first argument;
// T and N pick the form (plural.go). Refusals from the host are said by their stable codes
// (refusal.go), never in the host's own words.
package i18n
