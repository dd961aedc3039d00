package signaling

import (
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"time"
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

// SiteHandler serves the static site in dir (go-app's generated site plus
// app.wasm): the right content types, index.html for "/" and for unknown
// paths without an extension (the app's routes), 404 for other unknown files,
// no directory listings and no dotfiles. Files without an extension are the
// pages go-app prerendered for its routes and are served as HTML.
//
// A file with a precompressed sibling (app.wasm.br, app.wasm.gz, written by
// the build) is answered with the sibling when the browser accepts its coding,
// with the plain file's type and "Vary: Accept-Encoding"; a Range request always
// gets the plain file, whose byte offsets are the ones a client can mean.
// Every representation has its own strong ETag. Files whose names carry a
// content hash may be cached for a year; every other file keeps its name from
// one version to the next and is revalidated on each load ("no-cache"), or an
// update would never arrive.
//
// A client that stops reading is let go: every write must go through within
// a stall timeout (30 s), so a download nobody reads does not hold a
// connection and a goroutine for ever.
func SiteHandler(dir string) http.Handler {
	return &siteHandler{files: os.DirFS(dir), stall: siteStallTimeout}
}

// siteStallTimeout bounds one write of a site file to a client: a phone on a
// slow link still moves some bytes every few seconds; one that moves none for
// this long is gone, or not reading on purpose.
const siteStallTimeout = 30 * time.Second

type siteHandler struct {
	files fs.FS
	etags etags
	stall time.Duration
}

func (h *siteHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	pw := &progressWriter{ResponseWriter: w, rc: http.NewResponseController(w), stall: h.stall}
	defer pw.finish()
	h.serve(pw, r)
}

// progressWriter gives each write its own deadline, the stall timeout from
// when it starts.
type progressWriter struct {
	http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

func (w *progressWriter) Write(b []byte) (int, error) {
	_ = w.rc.SetWriteDeadline(time.Now().Add(w.stall)) // not every writer has deadlines (tests' recorders)
	return w.ResponseWriter.Write(b)
}

func (w *progressWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish sends what the server still buffers within the stall timeout, then
// clears the deadline: the connection may serve a WebSocket or another
// request next, which set their own.
func (w *progressWriter) finish() {
	_ = w.rc.SetWriteDeadline(time.Now().Add(w.stall))
	_ = w.rc.Flush()
	_ = w.rc.SetWriteDeadline(time.Time{})
}

func (h *siteHandler) serve(w http.ResponseWriter, r *http.Request) {
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
	f, info, ok := h.open(name)
	if !ok {
		return false
	}
	defer f.Close()
	served, servedInfo, coding := f, info, ""
	if r.Header.Get("Range") == "" {
		coding = chooseEncoding(r.Header.Get("Accept-Encoding"), func(coding string) bool {
			info, err := fs.Stat(h.files, name+encodingSuffix(coding))
			return err == nil && info.Mode().IsRegular()
		})
	}
	if coding != "" {
		sib, sibInfo, ok := h.open(name + encodingSuffix(coding))
		if !ok { // removed between the two looks: the plain file is always right
			coding = ""
		} else {
			defer sib.Close()
			served, servedInfo = sib, sibInfo
		}
	}
	content, ok := served.(io.ReadSeeker)
	if !ok {
		return false
	}
	tag, err := h.etags.of(name+encodingSuffix(coding), servedInfo, content)
	if err != nil {
		http.Error(w, "cannot read "+name, http.StatusInternalServerError)
		return true
	}
	header := w.Header()
	header.Set("Content-Type", contentType(name))
	header.Set("X-Content-Type-Options", "nosniff")
	header.Add("Vary", "Accept-Encoding")
	header.Set("ETag", tag)
	if coding != "" {
		header.Set("Content-Encoding", coding)
	}
	if hashedName.MatchString(path.Base(name)) {
		header.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		header.Set("Cache-Control", "no-cache")
	}
	if rng := r.Header.Get("Range"); rng != "" && coding == "" && abusiveRange(rng, servedInfo.Size()) {
		header.Set("Content-Range", "bytes */"+strconv.FormatInt(servedInfo.Size(), 10))
		http.Error(w, "too many or overlapping ranges", http.StatusRequestedRangeNotSatisfiable)
		return true
	}
	if coding != "" {
		// ServeContent leaves out Content-Length when a Content-Encoding is set;
		// the sibling's size is known, and with it a browser shows real progress.
		w = &lengthOnOK{ResponseWriter: w, length: servedInfo.Size()}
	}
	http.ServeContent(w, r, name, servedInfo.ModTime(), content)
	return true
}

// lengthOnOK adds Content-Length to a full (200) answer only: a 304 or 412 has no body.
type lengthOnOK struct {
	http.ResponseWriter
	length int64
}

func (w *lengthOnOK) WriteHeader(code int) {
	if code == http.StatusOK {
		w.Header().Set("Content-Length", strconv.FormatInt(w.length, 10))
	}
	w.ResponseWriter.WriteHeader(code)
}

// open opens name if it is a regular file.
func (h *siteHandler) open(name string) (fs.File, fs.FileInfo, bool) {
	f, err := h.files.Open(name)
	if err != nil {
		return nil, nil, false
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, false
	}
	return f, info, true
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
