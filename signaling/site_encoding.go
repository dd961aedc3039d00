package signaling

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// siteEncodings are the precompressed siblings the build writes next to a file
// (app.wasm.br, app.wasm.gz), best first: when the browser accepts both
// equally, the smaller brotli copy wins.
var siteEncodings = []struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// chooseEncoding picks the content coding to answer with, from the request's
// Accept-Encoding and the codings there are siblings for: the one with the
// highest q-value above zero, "" for the plain file. Identity stays acceptable
// unless the header lists it (or "*") with a higher q than every coding on
// offer; a header that refuses everything still gets the plain file, which
// RFC 9110 allows and which every client can read.
func chooseEncoding(accept string, have func(coding string) bool) string {
	if accept == "" {
		return ""
	}
	q := map[string]float64{}
	for _, part := range strings.Split(accept, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "x-gzip" {
			coding = "gzip"
		}
		value := 1.0
		if p := strings.TrimSpace(params); p != "" {
			name, v, ok := strings.Cut(p, "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(name), "q") {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				continue // a malformed entry is ignored, not guessed at
			}
			value = f
		}
		if coding != "" {
			q[coding] = value
		}
	}
	weight := func(coding string) (float64, bool) {
		if v, ok := q[coding]; ok {
			return v, true
		}
		v, ok := q["*"]
		return v, ok
	}
	best, bestQ := "", 0.0
	for _, e := range siteEncodings {
		if v, ok := weight(e.coding); ok && v > bestQ && have(e.coding) {
			best, bestQ = e.coding, v
		}
	}
	if v, ok := q["identity"]; ok && v > bestQ {
		return ""
	}
	return best
}

func encodingSuffix(coding string) string {
	for _, e := range siteEncodings {
		if e.coding == coding {
			return e.suffix
		}
	}
	return ""
}

// hashedName matches file names that carry a content hash (app.3f9a0c1d.wasm,
// chunk-0123abcd.js): such a name never gets other content, so browsers may
// keep the file for a year without asking again.
var hashedName = regexp.MustCompile(`[.-][0-9a-fA-F]{8,64}\.[A-Za-z0-9]+$`)

// etags remembers each served file's strong ETag, a hash of its bytes, until
// the file changes size or modification time. Each representation (plain,
// .br, .gz) is a file of its own and so has its own tag, as caches need.
type etags struct {
	mu   sync.Mutex
	tags map[string]etag
}

type etag struct {
	size    int64
	modTime time.Time
	tag     string
}

func (e *etags) of(name string, info fs.FileInfo, content io.ReadSeeker) (string, error) {
	e.mu.Lock()
	known, ok := e.tags[name]
	e.mu.Unlock()
	if ok && known.size == info.Size() && known.modTime.Equal(info.ModTime()) {
		return known.tag, nil
	}
	sum := sha256.New()
	if _, err := io.Copy(sum, content); err != nil {
		return "", err
	}
	if _, err := content.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	tag := `"` + base64.RawURLEncoding.EncodeToString(sum.Sum(nil)[:18]) + `"`
	e.mu.Lock()
	if e.tags == nil {
		e.tags = map[string]etag{}
	}
	e.tags[name] = etag{size: info.Size(), modTime: info.ModTime(), tag: tag}
	e.mu.Unlock()
	return tag, nil
}
