//go:build !wasm

package precompress

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// Text gets copies that decode to it; images and files too small to gain get none, so the
// server sends them plain.
func TestDir(t *testing.T) {
	t.Setenv(CacheEnv, t.TempDir())
	dir := t.TempDir()
	text := strings.Repeat("<p>safehouse</p>\n", 200)
	files := map[string]string{"index.html": text, "lobby": text, "web/icon.png": text, "web/a.js": "x"}
	for name, body := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := Dir(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "lobby"} {
		packed, err := os.ReadFile(filepath.Join(dir, name+".br"))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(packed)))
		if err != nil || string(got) != text {
			t.Errorf("%s.br does not decode to %s (%v)", name, name, err)
		}
		if _, err := os.Stat(filepath.Join(dir, name+".gz")); err != nil {
			t.Errorf("%s has no gzip copy", name)
		}
	}
	for _, name := range []string{"web/icon.png.br", "web/icon.png.gz", "web/a.js.br", "web/a.js.gz"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s written", name)
		}
	}
}
