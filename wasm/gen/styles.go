//go:build !wasm

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// sheetParts are web/'s style sheets, in the order they cascade. The site ships them as one
// sheet (siteSheet): every sheet the page's head names holds its first paint back, is one
// more request on a first visit (ahead of the wasm, in a browser's six connections to the
// site under a phone's latency), and one more fetch through the service worker on a cached
// reload. Measured under the bench's slow 4G, the invite's name field took typing about 60 ms
// sooner with one sheet than with five.
var sheetParts = []string{"styles.css", "spyfall.css", "spyfest.css", "settings.css", "spectator.css"}

// siteSheet is the one style sheet the site ships, under web/.
const siteSheet = "site.css"

// writeSiteSheet writes siteSheet into the site's web/ (out), made of web/'s sheets in their
// order, each under a comment naming it; or, from a site's web/ passed back in as -web, which
// has the one sheet and none of its parts, that sheet as it is.
func writeSiteSheet(web, out string) error {
	if built, err := os.ReadFile(filepath.Join(web, siteSheet)); err == nil && !anyPart(web) {
		return os.WriteFile(filepath.Join(out, siteSheet), built, 0o644)
	}
	var sheet bytes.Buffer
	for _, name := range sheetParts {
		part, err := os.ReadFile(filepath.Join(web, name))
		if err != nil {
			return fmt.Errorf("the site's style sheet: %w", err)
		}
		fmt.Fprintf(&sheet, "/* web/%s */\n", name)
		sheet.Write(part)
		if !bytes.HasSuffix(part, []byte("\n")) {
			sheet.WriteByte('\n')
		}
	}
	return os.WriteFile(filepath.Join(out, siteSheet), sheet.Bytes(), 0o644)
}

// anyPart reports whether web/ has any of the sheets siteSheet is made of.
func anyPart(web string) bool {
	for _, name := range sheetParts {
		if _, err := os.Stat(filepath.Join(web, name)); err == nil {
			return true
		}
	}
	return false
}
