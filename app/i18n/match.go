package i18n

import "strings"

// Variety names the regions and script of one variety of a language that has a pack of its
// own: a browser asking for the language in one of those regions, or in that script, is
// given the variety's pack (when the app offers it). The regions are CLDR's: the locales
// whose parent is es-419 or pt-PT, and those written in Traditional or Simplified Chinese.
type Variety struct {
	Language string `json:"language"` // the primary subtag, "es"
	Script   string `json:"script"`   // the script that decides, "Hant"; "" when none
	Regions  string `json:"regions"`  // region subtags, space-separated
	Code     Lang   `json:"code"`     // the pack, "es-419"
}

// varieties are the varieties Candidates knows. A constant table: data in the wasm.
var varieties = []Variety{
	{"es", "", "419 AR BO BR BZ CL CO CR CU DO EC GT HN JP MX NI PA PE PR PY SV US UY VE", "es-419"},
	{"pt", "", "AO CH CV FR GQ GW LU MO MZ PT ST TL", "pt-PT"},
	{"zh", "Hant", "HK MO TW", "zh-Hant"},
	{"zh", "Hans", "CN MY SG", "zh"},
}

// Varieties lists the varieties Candidates knows, for the page's script (wasm/gen), which
// picks the start language the same way before the app runs.
func Varieties() []Variety { return varieties }

// deprecated are primary subtags some browsers still send, with today's.
var deprecated = []struct{ old, now string }{{"iw", "he"}, {"in", "id"}, {"ji", "yi"}}

// Candidates lists the codes that could serve one of a browser's preferred languages, best
// first: its language and region or script as they are ("es-419", "pt-PT", "zh-Hant"), the
// variety its region or script belongs to ("es-MX" is "es-419", "zh-TW" is "zh-Hant",
// "zh-Hans-TW" is "zh"), then the language alone ("es"). Case and "_" for "-" aside; a
// tag that is no language ("", "*") gives none.
func Candidates(preferred string) []Lang {
	parts := strings.FieldsFunc(strings.TrimSpace(preferred), func(r rune) bool { return r == '-' || r == '_' })
	if len(parts) == 0 || len(parts[0]) < 2 || len(parts[0]) > 3 || !all(parts[0], isLetter) {
		return nil
	}
	primary := strings.ToLower(parts[0])
	for _, d := range deprecated {
		if primary == d.old {
			primary = d.now
		}
	}
	script, region := "", ""
	for _, p := range parts[1:] {
		switch {
		case len(p) == 4 && all(p, isLetter) && script == "" && region == "":
			script = strings.ToUpper(p[:1]) + strings.ToLower(p[1:])
		case (len(p) == 2 && all(p, isLetter) || len(p) == 3 && all(p, isDigit)) && region == "":
			region = strings.ToUpper(p)
		}
	}
	var out []Lang
	add := func(code string) {
		for _, c := range out {
			if string(c) == code {
				return
			}
		}
		out = append(out, Lang(code))
	}
	if region != "" {
		add(primary + "-" + region)
	}
	if script != "" {
		add(primary + "-" + script)
	}
	for _, v := range varieties {
		if v.Language != primary {
			continue
		}
		// A script says more than a region: "zh-Hans-TW" is written in Simplified characters.
		if script != "" && v.Script == script || script == "" && region != "" && hasWord(v.Regions, region) {
			add(string(v.Code))
			break
		}
	}
	add(primary)
	return out
}

func all(s string, is func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !is(s[i]) {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// hasWord reports whether the space-separated list holds w.
func hasWord(list, w string) bool {
	for _, x := range strings.Fields(list) {
		if x == w {
			return true
		}
	}
	return false
}
