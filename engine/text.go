package engine

// Languages the built-in content and the UI must fully cover.
var Languages = []string{"en", "ru"}

// Text is one piece of content in several languages, keyed by language code.
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
