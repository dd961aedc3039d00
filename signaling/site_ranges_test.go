//go:build !js

package signaling

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A Range request for thousands of tiny parts of the wasm, or for the same
// bytes over and over, is refused whole instead of answered part by part; the
// ranges real clients ask for are served as before.
func TestSiteRefusesRangeAmplification(t *testing.T) {
	dir := t.TempDir()
	const size = 1 << 20
	if err := os.WriteFile(filepath.Join(dir, "app.wasm"), []byte(strings.Repeat("w", size)), 0o644); err != nil {
		t.Fatal(err)
	}
	h := SiteHandler(dir)
	var many strings.Builder
	many.WriteString("bytes=")
	for i := range 64000 {
		if i > 0 {
			many.WriteByte(',')
		}
		fmt.Fprintf(&many, "%d-%d", i*16, i*16)
	}
	for _, tc := range []struct {
		what, ranges string
		status       int
		maxBody      int
	}{
		{"64,000 ranges", many.String(), http.StatusRequestedRangeNotSatisfiable, 100},
		{"five ranges", "bytes=0-0,10-10,20-20,30-30,40-40", http.StatusRequestedRangeNotSatisfiable, 100},
		{"the same bytes twice", "bytes=0-99,50-149", http.StatusRequestedRangeNotSatisfiable, 100},
		{"a suffix over a range", "bytes=0-99,-" + fmt.Sprint(size), http.StatusRequestedRangeNotSatisfiable, 100},
		{"one range", "bytes=100-199", http.StatusPartialContent, 100},
		{"an open range", "bytes=" + fmt.Sprint(size-10) + "-", http.StatusPartialContent, 10},
		{"four disjoint ranges", "bytes=0-9,100-109,200-209,-10", http.StatusPartialContent, 2000},
	} {
		req := httptest.NewRequest("GET", "/app.wasm", nil)
		req.Header.Set("Range", tc.ranges)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tc.status || rec.Body.Len() > tc.maxBody {
			t.Errorf("%s: status %d with %d bytes, want %d with at most %d", tc.what, rec.Code, rec.Body.Len(), tc.status, tc.maxBody)
		}
		if tc.status == http.StatusRequestedRangeNotSatisfiable && rec.Header().Get("Content-Range") != fmt.Sprintf("bytes */%d", size) {
			t.Errorf("%s: Content-Range %q", tc.what, rec.Header().Get("Content-Range"))
		}
	}
}

// A client that asks for the wasm and never reads it is let go once a write
// has stalled for the stall timeout; the handler does not wait for ever.
func TestSiteLetsGoOfAClientThatStopsReading(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "app.wasm"), make([]byte, 8<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	site := SiteHandler(dir).(*siteHandler)
	site.stall = 200 * time.Millisecond
	done := make(chan struct{}, 1)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		site.ServeHTTP(w, r)
		done <- struct{}{}
	}))
	defer hs.Close()
	conn, err := net.Dial("tcp", hs.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.(*net.TCPConn).SetReadBuffer(4096)
	if _, err := conn.Write([]byte("GET /app.wasm HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(waitLimit):
		t.Fatal("the handler still writes to a client that has read nothing")
	}
}
