package signaling

import (
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strings"
)

// siteTypes are the content types that matter for the app and that the
// system's MIME table may lack or get wrong: without application/wasm the
// go-app loader hangs silently.
var siteTypes = map[string]string{
	".wasm":        "application/wasm",
	".webmanifest": "application/manifest+json",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".json":        "application/json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
	".woff2":       "font/woff2",
	".mp3":         "audio/mpeg",
	".ogg":         "audio/ogg",
	".wav":         "audio/wav",
}

// alwaysRevalidated are the files whose names never change across versions,
// so a cached copy must be checked on every load or an update never arrives.
var alwaysRevalidated = map[string]bool{
	"index.html":           true,
	"app.js":               true,
	"app-worker.js":        true,
	"manifest.webmanifest": true,
	"manifest.json":        true,
	"wasm_exec.js":         true,
	"app.css":              true,
	"app.wasm":             true,
}

// SiteHandler serves the static site in dir (go-app's generated site plus
// app.wasm): the right content types, index.html for "/" and for unknown
// paths without an extension (the app's routes), 404 for other unknown files,
// no directory listings and no dotfiles. Files without an extension are the
// pages go-app prerendered for its routes and are served as HTML. Files whose
// names stay the same from one version to the next are served with
// "Cache-Control: no-cache"; the rest may be cached for an hour.
func SiteHandler(dir string) http.Handler {
	return &siteHandler{files: os.DirFS(dir)}
}

type siteHandler struct {
	files fs.FS
}

func (h *siteHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	if h.serveFile(w, r, name) {
		return
	}
	if path.Ext(name) == "" && h.serveFile(w, r, "index.html") {
		return
	}
	http.NotFound(w, r)
}

// serveFile serves name if it is a regular, visible file, and says whether it did.
func (h *siteHandler) serveFile(w http.ResponseWriter, r *http.Request, name string) bool {
	if !fs.ValidPath(name) || hasDotSegment(name) {
		return false
	}
	f, err := h.files.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return false
	}
	content, ok := f.(io.ReadSeeker)
	if !ok {
		return false
	}
	header := w.Header()
	header.Set("Content-Type", contentType(name))
	header.Set("X-Content-Type-Options", "nosniff")
	if alwaysRevalidated[path.Base(name)] || path.Ext(name) == "" {
		header.Set("Cache-Control", "no-cache")
	} else {
		header.Set("Cache-Control", "public, max-age=3600")
	}
	http.ServeContent(w, r, name, info.ModTime(), content)
	return true
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if ext == "" {
		// go-app's static generator writes each route's page to a file named
		// after the route, without an extension ("/lobby" -> "lobby").
		return siteTypes[".html"]
	}
	if t, ok := siteTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

func hasDotSegment(name string) bool {
	for _, seg := range strings.Split(name, "/") {
		if strings.HasPrefix(seg, ".") {
			return true
		}
	}
	return false
}
