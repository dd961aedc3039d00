//go:build !wasm

package main

import (
	"encoding/json"
	"os/exec"
	"slices"
	"testing"

	"safehouse/app/i18n"
)

// The page's script and the app choose the same language at start (issue 34): the page's
// window.safehouseCandidates (langmatch.js, run in Node.js) and i18n.Candidates read every tag
// of the list the same way. Skipped, loudly, without node.
func TestPageMatchesLanguagesAsTheAppDoes(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIPPED: no node on PATH to run the page's language matcher (make deps installs it)")
	}
	tags := []string{"", " ", "*", "x-klingon", "e", "en", "EN-us", "en_GB", "es", "es-ES", "es-419", "es-MX", "es_ar",
		"es-US", "es-JP", "pt", "pt-BR", "pt-PT", "pt-AO", "pt-mz", "zh", "zh-CN", "zh-TW", "zh-HK", "zh-MO", "zh-SG",
		"zh-Hans", "zh-Hant", "zh-hant-tw", "zh-Hans-TW", "zh-Hant-CN", "zh-cmn-Hans-CN", "iw", "iw-IL", "in-ID", "ji",
		"ar-EG", "fa-IR", "he", "sr-Latn-RS", "de-CH-1996", "en-US-u-ca-gregory", "nl_BE", "ko-KR", "vi", "hi-IN",
		"ro-MD", "cs-CZ", "sv-FI", "el", "hu", "id", "tr-TR", "123", "es-419-x-private", "pt--PT", "-pt"}
	varieties, _ := json.Marshal(i18n.Varieties())
	input, _ := json.Marshal(tags)
	script := "const window = {};\n" + langMatch + "\nconsole.log(JSON.stringify(" + string(input) +
		".map(t => window.safehouseCandidates(t, " + string(varieties) + "))));"
	raw, err := exec.Command(node, "-e", script).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var page [][]i18n.Lang
	if err := json.Unmarshal(raw, &page); err != nil || len(page) != len(tags) {
		t.Fatalf("node answered %q: %v", raw, err)
	}
	for i, tag := range tags {
		app := i18n.Candidates(tag)
		if !slices.Equal(app, page[i]) && !(len(app) == 0 && len(page[i]) == 0) {
			t.Errorf("%q: the page reads %q, the app %q", tag, page[i], app)
		}
	}
}
