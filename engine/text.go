package engine

// Text is one piece of content in several languages, keyed by language code: the name of a
// player's own location, role, character or keyword, as typed. Built-in content has no Text:
// it is named by id, and each device names it from its language pack (app/i18n).
type Text map[string]string

// In returns the text in lang, falling back to English, then to any language.
func (t Text) In(lang string) string {
	if s, ok := t[lang]; ok && s != "" {
		return s
	}
	if s, ok := t["en"]; ok && s != "" {
		return s
	}
	for _, s := range t {
		return s
	}
	return ""
}
