//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
)

// The site carries a brotli and a gzip copy of every text file and of the wasm, each
// decoding to its file; images get none; compressed copies in the web/ passed in (a built
// site's web/ used again) never stand for the new build.
func TestGenerateWritesCompressedSiblings(t *testing.T) {
	out := compressedSite(t)
	for _, f := range []string{"web/app.wasm", "web/app-player.wasm", "index.html", "app.js", "app-worker.js", "wasm_exec.js", "app.css", "manifest.webmanifest", "web/config.js"} {
		plain := siteFile(t, out, f)
		for _, suffix := range []string{".br", ".gz"} {
			packed, err := os.ReadFile(filepath.Join(out, f+suffix))
			if err != nil {
				t.Errorf("%s has no %s copy", f, suffix)
				continue
			}
			var r io.Reader = brotli.NewReader(bytes.NewReader(packed))
			if suffix == ".gz" {
				if r, err = gzip.NewReader(bytes.NewReader(packed)); err != nil {
					t.Fatalf("%s%s: %v", f, suffix, err)
				}
			}
			decoded, err := io.ReadAll(r)
			if err != nil || !bytes.Equal(decoded, plain) {
				t.Errorf("%s%s does not decode to %s (%v)", f, suffix, f, err)
			}
			if len(packed) >= len(plain) {
				t.Errorf("%s%s is %d bytes, the file %d", f, suffix, len(packed), len(plain))
			}
		}
	}
	for _, f := range []string{"web/icon-192.png.br", "web/icon-192.png.gz"} {
		if _, err := os.Stat(filepath.Join(out, f)); err == nil {
			t.Errorf("site has %s", f)
		}
	}
}

// -no-compress (for a test that serves the files plainly) writes the same site without the
// compressed copies; by default every compressible file has both.
func TestNoCompressLeavesOutTheCopies(t *testing.T) {
	for _, plain := range []bool{false, true} {
		var out string
		if plain {
			out = generatedSite(t, config{web: fakeWeb(t)})
		} else {
			out = compressedSite(t)
		}
		_, err := os.Stat(filepath.Join(out, "index.html.br"))
		if has := err == nil; has == plain {
			t.Errorf("plain %v: index.html.br there: %v", plain, has)
		}
		if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
			t.Errorf("plain %v: %v", plain, err)
		}
	}
}
