// Package i18n is the translation catalog of the Safehouse UI: every string a player reads is
// a Key looked up for the player's language. English is complete and is the fallback; another
// language is added as one more map in catalogs (see english.go for the shape).
package i18n
