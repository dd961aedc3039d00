//go:build !js

package signaling

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":           "<!doctype html><title>Safehouse</title>",
		"app.js":               "// loader",
		"app-worker.js":        "// worker",
		"manifest.webmanifest": `{"name":"Safehouse"}`,
		"app.css":              "body{}",
		"wasm_exec.js":         "// go",
		"web/app.wasm":         "\x00asm\x01\x00\x00\x00",
		"web/icon.png":         "\x89PNG",
		"web/sounds/ding.ogg":  "OggS",
		".env":                 "SECRET=1",
		"web/.hidden":          "no",
		"web/styles/main.css":  "main{}",
		"join":                 "<!doctype html><title>Join</title>", // a route's prerendered page
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

func TestSiteHandler(t *testing.T) {
	h := SiteHandler(writeSite(t))
	tests := []struct {
		method, path string
		status       int
		contentType  string
		cache        string
		body         string // prefix of the body, when the status is 200
	}{
		{"GET", "/", 200, "text/html; charset=utf-8", "no-cache", "<!doctype html>"},
		{"GET", "/index.html", 200, "text/html; charset=utf-8", "no-cache", "<!doctype html>"},
		{"GET", "/web/app.wasm", 200, "application/wasm", "no-cache", "\x00asm"},
		{"GET", "/manifest.webmanifest", 200, "application/manifest+json", "no-cache", `{"name"`},
		{"GET", "/app.js", 200, "text/javascript; charset=utf-8", "no-cache", "// loader"},
		{"GET", "/app-worker.js", 200, "text/javascript; charset=utf-8", "no-cache", "// worker"},
		{"GET", "/web/icon.png", 200, "image/png", "no-cache", "\x89PNG"},
		{"GET", "/web/sounds/ding.ogg", 200, "audio/ogg", "no-cache", "OggS"},
		{"HEAD", "/web/styles/main.css", 200, "text/css; charset=utf-8", "no-cache", ""},
		// A route go-app prerendered is its own page...
		{"GET", "/join", 200, "text/html; charset=utf-8", "no-cache", "<!doctype html><title>Join"},
		// ...other paths without an extension fall back to index.html...
		{"GET", "/lobby", 200, "text/html; charset=utf-8", "no-cache", "<!doctype html>"},
		{"GET", "/game/room/xyz", 200, "text/html; charset=utf-8", "no-cache", "<!doctype html>"},
		// ...and so do directories, which are never listed.
		{"GET", "/web/", 200, "text/html; charset=utf-8", "no-cache", "<!doctype html>"},
		{"GET", "/web/sounds", 200, "text/html; charset=utf-8", "no-cache", "<!doctype html>"},
		// Missing files with an extension are missing.
		{"GET", "/web/missing.wasm", 404, "", "", ""},
		{"GET", "/favicon.ico", 404, "", "", ""},
		// Dotfiles and escapes stay hidden.
		{"GET", "/.env", 404, "", "", ""},
		{"GET", "/web/.hidden", 404, "", "", ""},
		// Paths cannot climb out of the site: these become /etc/passwd inside
		// it, which does not exist and has no extension, so the app answers.
		{"GET", "/../../etc/passwd", 200, "text/html; charset=utf-8", "no-cache", "<!doctype html>"},
		{"GET", "/web/%2e%2e/%2e%2e/etc/passwd", 200, "text/html; charset=utf-8", "no-cache", "<!doctype html>"},
		{"GET", "/../../etc/hostname.txt", 404, "", "", ""},
		{"POST", "/", 405, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, "http://safehouse.test"+tt.path, nil)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			resp := w.Result()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			if tt.status != 200 {
				return
			}
			if got := resp.Header.Get("Content-Type"); got != tt.contentType {
				t.Errorf("Content-Type %q, want %q", got, tt.contentType)
			}
			if got := resp.Header.Get("Cache-Control"); got != tt.cache {
				t.Errorf("Cache-Control %q, want %q", got, tt.cache)
			}
			if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options %q", got)
			}
			if !strings.HasPrefix(string(body), tt.body) {
				t.Errorf("body %q, want it to start with %q", body, tt.body)
			}
		})
	}
}

// Revalidation works: a second load of an unchanged index.html costs a 304.
func TestSiteHandlerRevalidates(t *testing.T) {
	h := SiteHandler(writeSite(t))
	first := httptest.NewRecorder()
	h.ServeHTTP(first, httptest.NewRequest("GET", "/", nil))
	modified := first.Result().Header.Get("Last-Modified")
	if modified == "" {
		t.Fatal("no Last-Modified header")
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("If-Modified-Since", modified)
	second := httptest.NewRecorder()
	h.ServeHTTP(second, r)
	if second.Code != http.StatusNotModified {
		t.Fatalf("status %d, want 304", second.Code)
	}
}

func TestSiteHandlerWithoutIndex(t *testing.T) {
	h := SiteHandler(t.TempDir())
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/lobby", nil))
	if w.Code != http.StatusNotFound {
		t.Fatalf("status %d for an empty site, want 404", w.Code)
	}
}
