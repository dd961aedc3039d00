//go:build !wasm

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The site ships web/'s style sheets as one, in their cascade order, and every page names
// that one alone (besides go-app's own app.css); so does the worker's list of what to keep.
func TestSiteShipsOneStyleSheet(t *testing.T) {
	out := generatedSite(t, config{web: fakeWeb(t)})
	want := "/* web/styles.css */\nbody{}\n/* web/spyfall.css */\n.spyfall{}\n/* web/spyfest.css */\n.spyfest{}\n" +
		"/* web/settings.css */\n.settings{}\n/* web/spectator.css */\n.spectator{}\n"
	if got := string(siteFile(t, out, "web", "site.css")); got != want {
		t.Errorf("web/site.css =\n%s\nwant\n%s", got, want)
	}
	sheets := regexp.MustCompile(`<link[^>]*rel="stylesheet"[^>]*>`)
	pages, err := filepath.Glob(filepath.Join(out, "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	more, err := filepath.Glob(filepath.Join(out, "*", "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range append(pages, more...) {
		html := string(siteFile(t, page))
		var names []string
		for _, link := range sheets.FindAllString(html, -1) {
			names = append(names, regexp.MustCompile(`href="[^"]*"`).FindString(link))
		}
		if strings.Join(names, " ") != `href="/app.css" href="/web/site.css"` {
			t.Errorf("%s names the style sheets %q, want app.css and web/site.css", page, names)
		}
	}
	worker := string(siteFile(t, out, "app-worker.js"))
	if !strings.Contains(worker, `"/web/site.css"`) || strings.Contains(worker, `"/web/styles.css"`) {
		t.Error("the worker does not keep web/site.css alone of the style sheets")
	}
}

// A sheet missing from web/ fails the build; a site.css in web/ beside the parts is written
// afresh from them; and a site's own web/ passed back in as -web (the one sheet, no parts, as
// TestStaticSiteUnderASubpath builds a site for a subpath) keeps its sheet.
func TestSiteSheetIsMadeFromWebsParts(t *testing.T) {
	web := fakeWeb(t)
	if err := os.WriteFile(filepath.Join(web, "site.css"), []byte(".stale{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := generatedSite(t, config{web: web})
	if strings.Contains(string(siteFile(t, out, "web", "site.css")), ".stale") {
		t.Error("web/site.css kept the old sheet")
	}
	again := generatedSite(t, config{web: filepath.Join(out, "web")})
	if got, want := siteFile(t, again, "web", "site.css"), siteFile(t, out, "web", "site.css"); string(got) != string(want) {
		t.Errorf("a site's web/ passed back in: web/site.css =\n%s\nwant\n%s", got, want)
	}
	if err := os.Remove(filepath.Join(web, "settings.css")); err != nil {
		t.Fatal(err)
	}
	err := generate(config{out: filepath.Join(t.TempDir(), "site"), web: web, plain: true})
	if err == nil || !strings.Contains(err.Error(), "settings.css") {
		t.Errorf("without web/settings.css: err = %v, want one that names it", err)
	}
}
