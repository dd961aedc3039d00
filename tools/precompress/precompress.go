//go:build !wasm

// Package precompress writes the brotli and gzip copies of a static site's files that servers
// send by Accept-Encoding (signaling.SiteHandler, nginx's gzip_static and brotli_static,
// Caddy's precompressed): the site generator (wasm/gen) and the benchmark's baseline site
// (tools/bench) both use it. It keeps the copies it made by content (cache.go), so that a
// fresh clone does not spend half a minute compressing the same wasm again.
package precompress

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// compressible lists the extensions whose files get .br and .gz siblings: text and the wasm.
// Images, fonts and sounds are compressed already. "" is a route's prerendered page.
var compressible = map[string]bool{
	"": true, ".html": true, ".js": true, ".mjs": true, ".css": true, ".wasm": true,
	".webmanifest": true, ".json": true, ".svg": true, ".txt": true,
}

// IsCopy tells the compressed copies apart from the files they stand for.
func IsCopy(name string) bool {
	return strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz")
}

// Dir writes, next to every compressible file under dir, a brotli (quality 11,
// the most a static host gains from) and a gzip (level 9) copy for servers that pick a
// precompressed file by Accept-Encoding (safehouse -site, nginx's gzip_static and
// brotli_static, Caddy's precompressed). A copy that would not be smaller is not written:
// the server then sends the plain file. Two workers: brotli 11 over the 11 MB wasm takes
// about 20 s, and the rest runs beside it. Copies made before for the same bytes come from
// the cache (cache.go).
func Dir(dir string) error {
	cache := cacheDir()
	trim(cache)
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if compressible[strings.ToLower(filepath.Ext(d.Name()))] && !IsCopy(d.Name()) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// The largest first, so the wasm does not start last.
	sizes := map[string]int64{}
	for _, f := range files {
		if info, err := os.Stat(f); err == nil {
			sizes[f] = info.Size()
		}
	}
	slices.SortFunc(files, func(a, b string) int { return cmp.Compare(sizes[b], sizes[a]) })

	work := make(chan string)
	errs := make(chan error, len(files))
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range work {
				if err := compressFile(f, cache); err != nil {
					errs <- fmt.Errorf("compressing %s: %w", f, err)
				}
			}
		}()
	}
	for _, f := range files {
		work <- f
	}
	close(work)
	wg.Wait()
	close(errs)
	return <-errs
}

func compressFile(path, cache string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	key := cacheKey(raw)
	br, gz, ok := cached(cache, key, raw)
	if !ok {
		if br, gz, err = compress(raw); err != nil {
			return err
		}
		keep(cache, key, br, gz)
	}
	for suffix, body := range map[string][]byte{".br": br, ".gz": gz} {
		if len(body) >= len(raw) {
			continue
		}
		if err := os.WriteFile(path+suffix, body, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// compress makes raw's brotli and gzip copies.
func compress(raw []byte) (br, gz []byte, err error) {
	var brBuf bytes.Buffer
	bw := brotli.NewWriterOptions(&brBuf, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	if _, err := bw.Write(raw); err != nil {
		return nil, nil, err
	}
	if err := bw.Close(); err != nil {
		return nil, nil, err
	}
	var gzBuf bytes.Buffer
	gw, err := gzip.NewWriterLevel(&gzBuf, gzip.BestCompression)
	if err != nil {
		return nil, nil, err
	}
	if _, err := gw.Write(raw); err != nil {
		return nil, nil, err
	}
	if err := gw.Close(); err != nil {
		return nil, nil, err
	}
	return brBuf.Bytes(), gzBuf.Bytes(), nil
}
