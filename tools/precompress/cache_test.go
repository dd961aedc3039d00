//go:build !wasm

package precompress

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// builtSite writes one page with body to a new site directory, makes its copies (Dir) and
// returns the page's path.
func builtSite(t *testing.T, body string) string {
	t.Helper()
	page := filepath.Join(t.TempDir(), "index.html")
	if err := os.WriteFile(page, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Dir(filepath.Dir(page)); err != nil {
		t.Fatal(err)
	}
	return page
}

// plant replaces the cache entry's copy with suffix by body.
func plant(t *testing.T, entry, suffix string, body []byte) {
	t.Helper()
	if err := os.WriteFile(entry+suffix, body, 0o644); err != nil {
		t.Fatal(err)
	}
}

func decodeBrotli(t *testing.T, path string) string {
	t.Helper()
	packed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(packed)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return string(got)
}

// A second site with the same bytes takes its copies from the cache (here, copies planted
// there that Dir would not make itself, to tell them apart); the cache's copies are checked
// before they ship, so a damaged entry is made again and replaced; "off" keeps none.
func TestCopiesComeFromTheCacheOnlyWhenTheyDecode(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(CacheEnv, cache)
	text := strings.Repeat("<p>the same page in every clone</p>\n", 300)
	builtSite(t, text)
	key := cacheKey([]byte(text))
	entry := filepath.Join(cache, key[:2], key)
	for _, suffix := range []string{".br", ".gz"} {
		if _, err := os.Stat(entry + suffix); err != nil {
			t.Fatalf("the cache holds no %s copy after a build: %v", suffix, err)
		}
	}

	// Planted: a brotli copy of the same bytes at quality 1, which Dir never makes.
	var quick bytes.Buffer
	bw := brotli.NewWriterLevel(&quick, 1)
	bw.Write([]byte(text))
	bw.Close()
	plant(t, entry, ".br", quick.Bytes())
	second := builtSite(t, text)
	if got, _ := os.ReadFile(second + ".br"); !bytes.Equal(got, quick.Bytes()) {
		t.Fatal("a site with the same bytes did not take its copy from the cache")
	}

	// Damaged: a copy that decodes to something else is not shipped, and is replaced.
	var other bytes.Buffer
	zw := gzip.NewWriter(&other)
	zw.Write([]byte("not the page"))
	zw.Close()
	plant(t, entry, ".gz", other.Bytes())
	third := builtSite(t, text)
	packed, _ := os.ReadFile(third + ".gz")
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil || !decodesTo(zr, []byte(text)) {
		t.Fatalf("a damaged cache entry was shipped (%v)", err)
	}
	if got := decodeBrotli(t, third+".br"); got != text {
		t.Fatal("the brotli copy beside a damaged entry does not decode to the page")
	}
	if kept, _ := os.ReadFile(entry + ".gz"); bytes.Equal(kept, other.Bytes()) {
		t.Error("the damaged entry is still in the cache")
	}

	t.Setenv(CacheEnv, "off")
	if cacheDir() != "" {
		t.Fatalf("%s=off still names a cache: %q", CacheEnv, cacheDir())
	}
	fourth := builtSite(t, strings.Repeat("<p>kept nowhere</p>\n", 300))
	if got := decodeBrotli(t, fourth+".br"); !strings.Contains(got, "kept nowhere") {
		t.Fatal("without a cache the copy is not made")
	}
}

// Copies unused for two weeks leave the cache; used ones and the day's stamp stay.
func TestTrimRemovesCopiesUnusedForTwoWeeks(t *testing.T) {
	cache := t.TempDir()
	old, fresh := filepath.Join(cache, "ab", "old.br"), filepath.Join(cache, "cd", "fresh.br")
	for _, f := range []string{old, fresh} {
		os.MkdirAll(filepath.Dir(f), 0o755)
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-cacheKeep - time.Hour)
	if err := os.Chtimes(old, long, long); err != nil {
		t.Fatal(err)
	}
	trim(cache)
	if _, err := os.Stat(old); err == nil {
		t.Error("a copy unused for two weeks is still there")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a fresh copy went: %v", err)
	}
	// Within the day, trim does not walk the cache again.
	if err := os.WriteFile(old, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(old, long, long)
	trim(cache)
	if _, err := os.Stat(old); err != nil {
		t.Error("trim walked the cache twice in a day")
	}
}
