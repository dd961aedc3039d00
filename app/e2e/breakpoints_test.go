//go:build !wasm

package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// widthQuery finds the widths of the style sheets' width media queries.
var widthQuery = regexp.MustCompile(`\((?:min|max)-width:\s*(\d+)px\)`)

// make test checks for sideways scroll at 320 px only (overflowWidths), which holds while no
// width breakpoint falls among the phone widths: a screen is then one fluid layout from 320
// to 430 px. A breakpoint there makes this test fail, so that make test measures both sides
// of it again.
func TestNoWidthBreakpointAmongPhoneWidths(t *testing.T) {
	sheets, err := filepath.Glob(filepath.Join(repoRoot(t), "web", "*.css"))
	if err != nil || len(sheets) == 0 {
		t.Fatalf("no style sheets in web/ (%v)", err)
	}
	for _, sheet := range sheets {
		css, err := os.ReadFile(sheet)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range widthQuery.FindAllSubmatch(css, -1) {
			w, _ := strconv.Atoi(string(m[1]))
			if int64(w) > allPhoneWidths[0] && int64(w) <= allPhoneWidths[len(allPhoneWidths)-1] {
				t.Errorf("%s: %s falls among the phone widths %v: checkOverflow must measure both sides of it in make test", filepath.Base(sheet), m[0], allPhoneWidths)
			}
		}
	}
}
