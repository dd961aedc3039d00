//go:build !wasm

package app

import (
	"strings"
	"testing"

	"safehouse/app/i18n"
)

// Issue 34: the prerendered page in each language: every text of the home and invited
// screens has its translation in the table (none is left in English but names and the
// brand), and the table holds nothing the page does not show.
func TestPrerenderedTextsCoverThePage(t *testing.T) {
	var english []pageText
	for _, s := range []*shell{homeShell(i18n.English), inviteShell(i18n.English)} {
		page, err := prerender(s)
		if err != nil {
			t.Fatal(err)
		}
		texts, err := pageTexts(page)
		if err != nil {
			t.Fatal(err)
		}
		english = append(english, texts...)
	}
	if len(english) < 20 {
		t.Fatalf("the prerendered page has %d texts: %v", len(english), english)
	}
	same := map[string]bool{"Safehouse": true, InviteRoomMark: true}
	for _, l := range i18n.Languages() {
		same[i18n.NativeName(l)] = true
	}
	for _, lang := range i18n.Languages() {
		if lang == i18n.English {
			continue
		}
		table, err := PrerenderedTexts(lang)
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		seen := map[string]bool{}
		for _, e := range english {
			seen[e.text] = true
			if _, ok := table[e.text]; !ok && !same[e.text] && !strings.Contains(e.text, "@ROOM@") {
				t.Errorf("%s: no translation of %q (%s)", lang, e.text, e.where)
			}
		}
		for en := range table {
			if !seen[en] {
				t.Errorf("%s: the table translates %q, which the page does not show", lang, en)
			}
		}
	}
}

// go-app writes attribute values as Go strings: read back, they are the texts the app
// shows (a Persian ZWNJ, quotes).
func TestPageTextsReadGoAppsAttributes(t *testing.T) {
	got, err := pageTexts(`<div><input placeholder="a\u200cb \"c\"" maxlength="4" checked><p>x &amp; y</p></div>`)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].text != "a\u200cb \"c\"" || got[0].where != "input placeholder" || got[1].text != "x & y" {
		t.Errorf("pageTexts = %q", got)
	}
}
