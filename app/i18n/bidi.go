package i18n

import "strings"

// Text of one direction inside a sentence of the other keeps its place only when it is
// isolated: an Arabic name in an English sentence, or "Maya!" in a Hebrew one, would
// otherwise pull the punctuation and words around it into its own direction. T isolates its
// string arguments (players' names, location names, a room code) with Unicode's first-strong
// isolate (U+2068 ... U+2069), which takes the direction of the text it holds; Isolate does
// the same for text put together without T.

const (
	fsi = "\u2068" // FIRST STRONG ISOLATE
	pdi = "\u2069" // POP DIRECTIONAL ISOLATE
)

// Isolate returns s isolated for a sentence in lang: always in a right-to-left language,
// and in the others when s holds right-to-left letters (a Latin name in a Latin sentence
// needs nothing, so most texts are left exactly as they are).
func Isolate(lang Lang, s string) string {
	if s == "" || !RTL(lang) && !hasRTL(s) || isolated(s) {
		return s
	}
	return fsi + s + pdi
}

// isolated reports whether s is one isolate from end to end ("\u2068Maya\u2069", a list of one
// name already isolated), which needs no second one; "\u2068a\u2069, \u2068b\u2069" is two.
func isolated(s string) bool {
	if !strings.HasPrefix(s, fsi) || !strings.HasSuffix(s, pdi) {
		return false
	}
	depth := 0
	for i, r := range s {
		switch r {
		case '\u2066', '\u2067', '\u2068':
			depth++
		case '\u2069':
			depth--
			if depth == 0 && i+len(pdi) != len(s) {
				return false
			}
		}
	}
	return depth == 0
}

// hasRTL reports whether s holds a letter of a right-to-left script: Hebrew, Arabic, Syriac,
// Thaana, N'Ko and their presentation forms, and the right-to-left blocks of the
// supplementary planes.
func hasRTL(s string) bool {
	for _, r := range s {
		switch {
		case r < 0x0590:
		case r <= 0x08FF, r >= 0xFB1D && r <= 0xFDFF, r >= 0xFE70 && r <= 0xFEFF,
			r >= 0x10800 && r <= 0x10FFF, r >= 0x1E800 && r <= 0x1EFFF:
			return true
		}
	}
	return false
}

// isolateArgs isolates the string arguments of a text in lang (Isolate); it copies args only
// when it changes one.
func isolateArgs(lang Lang, args []any) []any {
	copied := false
	for i, a := range args {
		s, ok := a.(string)
		if !ok {
			continue
		}
		if iso := Isolate(lang, s); iso != s {
			if !copied {
				args, copied = append([]any(nil), args...), true
			}
			args[i] = iso
		}
	}
	return args
}

// List joins items as lang writes a list: "Maya, Leo, Nadia" in English, "マヤ、レオ" in
// Japanese, "مايا، ليو" in Arabic (the pack's app.list joins two), each item isolated as T
// isolates its arguments.
func List(lang Lang, items ...string) string {
	pair, _ := text(lang, ListPair)
	out := ""
	for i, it := range items {
		if i == 0 {
			out = Isolate(lang, it)
			continue
		}
		out = fillPair(pair, out, Isolate(lang, it))
	}
	return out
}

// fillPair puts first and second in place of pair's %[1]s and %[2]s, as
// strings.NewReplacer("%[1]s", first, "%[2]s", second).Replace(pair) would: the Replacer
// costs the app about 5 KB after brotli, and List is its only use.
func fillPair(pair, first, second string) string {
	var b strings.Builder
	for {
		i := strings.Index(pair, "%[")
		if i < 0 || len(pair) < i+5 {
			b.WriteString(pair)
			return b.String()
		}
		b.WriteString(pair[:i])
		switch pair[i : i+5] {
		case "%[1]s":
			b.WriteString(first)
		case "%[2]s":
			b.WriteString(second)
		default:
			b.WriteString(pair[i : i+2])
			pair = pair[i+2:]
			continue
		}
		pair = pair[i+5:]
	}
}
