//go:build !wasm

package precompress

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/andybalholm/brotli"
)

// The copies are kept by content: brotli 11 over the 11 MB wasm takes 20 to 30 s of one
// core, and an unchanged tree builds the same wasm bytes in every clone (the build is
// -trimpath), so a fresh clone's make test or make run need not compress it again. A file's
// copies are found by the SHA-256 of its bytes and of what makes them (settings), as Go's
// build cache finds a package's compiled code.
//
// CacheEnv names the cache's directory; "off" keeps none. By default it is
// safehouse/precompress under the user's cache directory (os.UserCacheDir), and none when
// there is no such directory. Copies unused for cacheKeep are removed, at most once a day.
const CacheEnv = "SAFEHOUSE_PRECOMPRESS_CACHE"

const cacheKeep = 14 * 24 * time.Hour

// settings is what a cached copy was made with: another compressor version or setting
// makes other copies, under other keys.
var settings = func() string {
	s := "brotli quality 11 lgwin 24, gzip level 9"
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == "github.com/andybalholm/brotli" {
				s += ", " + d.Path + "@" + d.Version
			}
		}
	}
	return s
}()

// cacheDir is the cache's directory, or "" for none.
func cacheDir() string {
	switch dir := os.Getenv(CacheEnv); dir {
	case "off":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "safehouse", "precompress")
	default:
		return dir
	}
}

func cacheKey(raw []byte) string {
	h := sha256.New()
	h.Write([]byte(settings))
	h.Write([]byte{0})
	h.Write(raw)
	return hex.EncodeToString(h.Sum(nil))
}

// cached gives the brotli and gzip copies of raw (whose key is key), when dir holds both and
// both decode to raw: a damaged or foreign file in the cache is never shipped (decoding the
// wasm's copies takes a fraction of a second, against 20 s to make them).
func cached(dir, key string, raw []byte) (br, gz []byte, ok bool) {
	if dir == "" {
		return nil, nil, false
	}
	base := filepath.Join(dir, key[:2], key)
	br, err1 := os.ReadFile(base + ".br")
	gz, err2 := os.ReadFile(base + ".gz")
	if err1 != nil || err2 != nil || !decodesTo(brotli.NewReader(bytes.NewReader(br)), raw) {
		return nil, nil, false
	}
	if zr, err := gzip.NewReader(bytes.NewReader(gz)); err != nil || !decodesTo(zr, raw) {
		return nil, nil, false
	}
	now := time.Now()
	_ = os.Chtimes(base+".br", now, now) // used: kept another cacheKeep
	_ = os.Chtimes(base+".gz", now, now)
	return br, gz, true
}

func decodesTo(r io.Reader, raw []byte) bool {
	got, err := io.ReadAll(io.LimitReader(r, int64(len(raw))+1))
	return err == nil && bytes.Equal(got, raw)
}

// keep stores a file's copies under key. Each is written to a temporary file and renamed
// into place, so that a build reading the cache at the same moment never sees half a copy.
// A cache that cannot be written costs only the time to compress again.
func keep(dir, key string, br, gz []byte) {
	if dir == "" {
		return
	}
	sub := filepath.Join(dir, key[:2])
	if os.MkdirAll(sub, 0o755) != nil {
		return
	}
	for suffix, body := range map[string][]byte{".br": br, ".gz": gz} {
		tmp, err := os.CreateTemp(sub, key+suffix+".*.tmp")
		if err != nil {
			return
		}
		_, err = tmp.Write(body)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), filepath.Join(sub, key+suffix))
		}
		if err != nil {
			_ = os.Remove(tmp.Name())
			return
		}
	}
}

// trim removes the copies unused for cacheKeep (and temporary files left by a build that
// died), at most once a day: a stamp file's time says when it last ran.
func trim(dir string) {
	if dir == "" {
		return
	}
	stamp := filepath.Join(dir, "trimmed")
	if info, err := os.Stat(stamp); err == nil && time.Since(info.ModTime()) < 24*time.Hour {
		return
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return
	}
	if os.MkdirAll(dir, 0o755) != nil || os.WriteFile(stamp, nil, 0o644) != nil {
		return
	}
	old := time.Now().Add(-cacheKeep)
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == stamp {
			return nil
		}
		if info, err := d.Info(); err == nil && info.ModTime().Before(old) {
			_ = os.Remove(path)
		}
		return nil
	})
}
