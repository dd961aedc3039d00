//go:build !js

package signaling

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// wasmBody is compressible enough that its siblings differ from it in size.
var wasmBody = "\x00asm\x01\x00\x00\x00" + strings.Repeat("safehouse code section ", 400)

func brotliOf(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	w := brotli.NewWriterLevel(&b, 11)
	w.Write([]byte(s))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func gzipOf(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func decode(t *testing.T, coding string, body []byte) string {
	t.Helper()
	var r io.Reader
	switch coding {
	case "":
		return string(body)
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "gzip":
		z, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("gzip: %v", err)
		}
		r = z
	default:
		t.Fatalf("unexpected Content-Encoding %q", coding)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s: %v", coding, err)
	}
	return string(out)
}

// writeCompressedSite is a site as the build writes it: app.wasm with both siblings,
// index.html with a gzip one only, and a file
// whose name carries a content hash.
func writeCompressedSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":                 "<!doctype html><title>Safehouse</title>",
		"index.html.gz":              gzipOf(t, "<!doctype html><title>Safehouse</title>"),
		"web/app.wasm":               wasmBody,
		"web/app.wasm.br":            brotliOf(t, wasmBody),
		"web/app.wasm.gz":            gzipOf(t, wasmBody),
		"web/icon.png":               "\x89PNG",
		"web/app.3f9a0c1d7e.js":      "// hashed",
		"web/app.3f9a0c1d7e.js.br":   brotliOf(t, "// hashed"),
		"web/styles/main.css":        "main{}",
		"web/styles/main.css.br.bak": "not a sibling",
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestSiteHandlerEncodings(t *testing.T) {
	h := SiteHandler(writeCompressedSite(t))
	tests := []struct {
		name, method, path, accept, rangeHdr string
		status                               int
		coding                               string // the Content-Encoding wanted
		body                                 string // the decoded body wanted (GET, 200 or 206)
		cache                                string
	}{
		{"no Accept-Encoding", "GET", "/web/app.wasm", "", "", 200, "", wasmBody, "no-cache"},
		{"brotli", "GET", "/web/app.wasm", "br", "", 200, "br", wasmBody, "no-cache"},
		{"Chromium's header", "GET", "/web/app.wasm", "gzip, deflate, br, zstd", "", 200, "br", wasmBody, "no-cache"},
		{"gzip only", "GET", "/web/app.wasm", "gzip", "", 200, "gzip", wasmBody, "no-cache"},
		{"x-gzip", "GET", "/web/app.wasm", "x-gzip", "", 200, "gzip", wasmBody, "no-cache"},
		{"case does not matter", "GET", "/web/app.wasm", "BR", "", 200, "br", wasmBody, "no-cache"},
		{"q prefers gzip", "GET", "/web/app.wasm", "br;q=0.5, gzip", "", 200, "gzip", wasmBody, "no-cache"},
		{"q refuses brotli", "GET", "/web/app.wasm", "br;q=0, gzip;q=0.1", "", 200, "gzip", wasmBody, "no-cache"},
		{"q refuses both", "GET", "/web/app.wasm", "br;q=0, gzip;q=0", "", 200, "", wasmBody, "no-cache"},
		{"identity preferred", "GET", "/web/app.wasm", "identity;q=1, br;q=0.5", "", 200, "", wasmBody, "no-cache"},
		{"wildcard", "GET", "/web/app.wasm", "*", "", 200, "br", wasmBody, "no-cache"},
		{"wildcard refused but br named", "GET", "/web/app.wasm", "*;q=0, br", "", 200, "br", wasmBody, "no-cache"},
		{"unknown encoding", "GET", "/web/app.wasm", "zstd, compress", "", 200, "", wasmBody, "no-cache"},
		{"malformed q", "GET", "/web/app.wasm", "br;q=abc", "", 200, "", wasmBody, "no-cache"},
		{"q out of range", "GET", "/web/app.wasm", "br;q=2", "", 200, "", wasmBody, "no-cache"},
		{"garbage header", "GET", "/web/app.wasm", ";;,,=;q", "", 200, "", wasmBody, "no-cache"},
		{"missing sibling", "GET", "/web/icon.png", "br, gzip", "", 200, "", "\x89PNG", "no-cache"},
		{"only the other sibling", "GET", "/", "br", "", 200, "", "<!doctype html><title>Safehouse</title>", "no-cache"},
		{"the page's gzip sibling", "GET", "/", "br, gzip", "", 200, "gzip", "<!doctype html><title>Safehouse</title>", "no-cache"},
		{"a route's page", "GET", "/lobby", "gzip", "", 200, "gzip", "<!doctype html><title>Safehouse</title>", "no-cache"},
		{"not a sibling", "GET", "/web/styles/main.css", "br", "", 200, "", "main{}", "no-cache"},
		{"hashed name", "GET", "/web/app.3f9a0c1d7e.js", "br", "", 200, "br", "// hashed", "public, max-age=31536000, immutable"},
		{"range gets the plain file", "GET", "/web/app.wasm", "br", "bytes=0-3", 206, "", "\x00asm", ""},
		{"range past the end", "GET", "/web/app.wasm", "br", "bytes=999999-", 416, "", "", ""},
		{"HEAD", "HEAD", "/web/app.wasm", "br", "", 200, "br", "", "no-cache"},
		{"dot-dot in the path", "GET", "/web/../web/app.wasm", "br", "", 200, "br", wasmBody, "no-cache"},
		{"dot-dot out of the site", "GET", "/../../web/app.wasm.br/../app.wasm", "gzip", "", 200, "gzip", wasmBody, "no-cache"},
		{"missing file", "GET", "/web/missing.wasm", "br", "", 404, "", "", ""},
		{"a sibling of a missing file", "GET", "/web/nothing.js", "br", "", 404, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, "http://safehouse.test"+tt.path, nil)
			if tt.accept != "" {
				r.Header.Set("Accept-Encoding", tt.accept)
			}
			if tt.rangeHdr != "" {
				r.Header.Set("Range", tt.rangeHdr)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			resp := w.Result()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d (%q)", resp.StatusCode, tt.status, body)
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.coding {
				t.Fatalf("Content-Encoding %q, want %q", got, tt.coding)
			}
			if tt.status >= 300 {
				return
			}
			if got := resp.Header.Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Vary %q", got)
			}
			if tt.cache != "" && resp.Header.Get("Cache-Control") != tt.cache {
				t.Errorf("Cache-Control %q, want %q", resp.Header.Get("Cache-Control"), tt.cache)
			}
			if strings.HasSuffix(tt.path, ".wasm") && resp.Header.Get("Content-Type") != "application/wasm" {
				t.Errorf("Content-Type %q", resp.Header.Get("Content-Type"))
			}
			if resp.Header.Get("ETag") == "" {
				t.Error("no ETag")
			}
			if tt.method == "HEAD" {
				if len(body) != 0 {
					t.Errorf("HEAD answered with %d bytes", len(body))
				}
				if resp.Header.Get("Content-Length") != strconv.Itoa(len(brotliOf(t, wasmBody))) {
					t.Errorf("HEAD Content-Length %q, want the brotli sibling's size", resp.Header.Get("Content-Length"))
				}
				return
			}
			if got := decode(t, tt.coding, body); got != tt.body {
				t.Errorf("decoded body %.40q, want %.40q", got, tt.body)
			}
		})
	}
}

// Each representation has its own ETag, and revalidating one never answers 304 for another:
// a cache holding the plain file must not be told its copy is the brotli one.
func TestSiteHandlerETagPerEncoding(t *testing.T) {
	h := SiteHandler(writeCompressedSite(t))
	get := func(accept, ifNoneMatch string) *http.Response {
		r := httptest.NewRequest("GET", "/web/app.wasm", nil)
		if accept != "" {
			r.Header.Set("Accept-Encoding", accept)
		}
		if ifNoneMatch != "" {
			r.Header.Set("If-None-Match", ifNoneMatch)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Result()
	}
	plain, br, gz := get("", "").Header.Get("ETag"), get("br", "").Header.Get("ETag"), get("gzip", "").Header.Get("ETag")
	if plain == "" || plain == br || plain == gz || br == gz {
		t.Fatalf("ETags plain %s, br %s, gzip %s: want three different ones", plain, br, gz)
	}
	if resp := get("br", br); resp.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating the brotli copy: %d, want 304", resp.StatusCode)
	}
	if resp := get("br", plain); resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "br" {
		t.Errorf("a plain copy revalidated with Accept-Encoding br: %d %q, want 200 br", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	if resp := get("", plain); resp.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating the plain copy: %d, want 304", resp.StatusCode)
	}
}
