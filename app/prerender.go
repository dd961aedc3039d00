//go:build !wasm

package app

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// InviteRoomMark stands for the room in PrerenderedInvite's text; the page's script puts the
// invite link's room in its place.
const InviteRoomMark = "@ROOM@"

// PrerenderedInvite is the invited screen (a name field and Join, for the room of the link)
// as HTML, for the site generator to put into the page: the page's script shows it in place
// of the home screen when the address carries an invite, so a first visit by invite link
// looks as it will once the app runs, and nothing moves when it does. Only the site
// generator calls it: it stays out of the wasm.
func PrerenderedInvite() (string, error) { return prerender(inviteShell(i18n.English)) }

func homeShell(lang i18n.Lang) *shell { return &shell{lang: lang} }
func inviteShell(lang i18n.Lang) *shell {
	return &shell{lang: lang, pendingInvite: &invite{Room: InviteRoomMark}}
}

func prerender(s *shell) (string, error) {
	e := goapp.NewTestEngine()
	if err := e.Load(s); err != nil {
		return "", err
	}
	e.ConsumeAll()
	return goapp.HTMLString(s), nil
}

// PrerenderedTexts pairs every text of the prerendered page (the home screen with its
// settings strip, and the invited screen) as English says it with the same text in lang:
// the page's script puts lang's on the page before its first frame, so a player whose
// language is not English sees the page in it from the start, and nothing changes when the
// app runs (wasm/gen writes one table a language). Texts the same in both are left out. Only
// the site generator calls it.
func PrerenderedTexts(lang i18n.Lang) (map[string]string, error) {
	pairs := map[string]string{}
	for _, screen := range []func(i18n.Lang) *shell{homeShell, inviteShell} {
		en, err := prerender(screen(i18n.English))
		if err != nil {
			return nil, err
		}
		tr, err := prerender(screen(lang))
		if err != nil {
			return nil, err
		}
		a, err := pageTexts(en)
		if err != nil {
			return nil, err
		}
		b, err := pageTexts(tr)
		if err != nil {
			return nil, err
		}
		if len(a) != len(b) {
			return nil, fmt.Errorf("the page has %d texts in English and %d in %s: its shape changes with the language", len(a), len(b), lang)
		}
		for i := range a {
			if a[i].where != b[i].where {
				return nil, fmt.Errorf("text %d is in %s in English, in %s in %s", i, a[i].where, b[i].where, lang)
			}
			if a[i].text == b[i].text {
				continue
			}
			if old, ok := pairs[a[i].text]; ok && old != b[i].text {
				return nil, fmt.Errorf("%q is %q in one place and %q in another in %s", a[i].text, old, b[i].text, lang)
			}
			pairs[a[i].text] = b[i].text
		}
	}
	return pairs, nil
}

// pageText is one text of a page: a text node or a translatable attribute, and where it is
// (the element, and the attribute).
type pageText struct{ where, text string }

// translatedAttrs are the attributes whose values a player reads or hears.
var translatedAttrs = []string{"placeholder", "aria-label", "title", "alt", "data-wait"}

// pageTexts lists the texts of go-app's HTML (HTMLString), in order. go-app writes attribute
// values with strconv.Quote (so a Persian zero-width non-joiner is "\u200c" in the HTML) and
// text with html.EscapeString; both are read back here.
func pageTexts(page string) ([]pageText, error) {
	var out []pageText
	for page != "" {
		lt := strings.IndexByte(page, '<')
		if lt < 0 {
			lt = len(page)
		}
		if t := strings.TrimSpace(html.UnescapeString(page[:lt])); t != "" {
			out = append(out, pageText{"text", t})
		}
		page = page[lt:]
		if page == "" {
			break
		}
		tag, attrs, rest, err := readTag(page)
		if err != nil {
			return nil, err
		}
		page = rest
		for _, a := range translatedAttrs {
			if v, ok := attrs[a]; ok && strings.TrimSpace(v) != "" {
				out = append(out, pageText{tag + " " + a, v})
			}
		}
	}
	return out, nil
}

// readTag reads the tag at the start of page ("<tag a=\"v\" b>" or "</tag>"): its name, its
// attributes, and what follows it.
func readTag(page string) (tag string, attrs map[string]string, rest string, err error) {
	s := page[1:]
	end := strings.IndexAny(s, " >")
	if end < 0 {
		return "", nil, "", fmt.Errorf("a tag without an end: %.40q", page)
	}
	tag, s = s[:end], s[end:]
	attrs = map[string]string{}
	for {
		s = strings.TrimLeft(s, " ")
		if s == "" {
			return "", nil, "", fmt.Errorf("<%s without an end", tag)
		}
		if s[0] == '>' {
			return tag, attrs, s[1:], nil
		}
		n := strings.IndexAny(s, "= >")
		if n < 0 {
			return "", nil, "", fmt.Errorf("<%s: an attribute without an end", tag)
		}
		name := s[:n]
		s = s[n:]
		if s[0] != '=' {
			attrs[name] = ""
			continue
		}
		q, err := strconv.QuotedPrefix(s[1:])
		if err != nil {
			return "", nil, "", fmt.Errorf("<%s %s=: %w", tag, name, err)
		}
		if attrs[name], err = strconv.Unquote(q); err != nil {
			return "", nil, "", err
		}
		s = s[1+len(q):]
	}
}
