//go:build !wasm

package e2e

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/andybalholm/brotli"

	"safehouse/signaling"
)

// Every static file the built site ships is served compressed to a browser that accepts it,
// and decodes to exactly the bytes a client without compression gets: both builds of the
// wasm as brotli and as gzip, the page, the loader and the styles.
func TestBuiltSiteServedCompressed(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(signaling.SiteHandler(findSite(t)))
	t.Cleanup(srv.Close)
	// The client must not ask for gzip on its own, nor decode behind the test's back.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	t.Cleanup(client.CloseIdleConnections)
	fetch := func(path, accept string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequest("GET", srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", path, resp.StatusCode)
		}
		return resp, body
	}
	for _, path := range []string{"/web/app.wasm", "/web/app-player.wasm", "/", "/app.js", "/wasm_exec.js", "/web/site.css"} {
		plainResp, plain := fetch(path, "")
		if enc := plainResp.Header.Get("Content-Encoding"); enc != "" {
			t.Fatalf("%s without Accept-Encoding came as %q", path, enc)
		}
		for _, coding := range []string{"br", "gzip"} {
			resp, body := fetch(path, coding)
			if enc := resp.Header.Get("Content-Encoding"); enc != coding {
				t.Fatalf("%s with Accept-Encoding %s came as %q", path, coding, enc)
			}
			if resp.Header.Get("Content-Type") != plainResp.Header.Get("Content-Type") || resp.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("%s as %s: Content-Type %q (plain %q), Vary %q", path, coding,
					resp.Header.Get("Content-Type"), plainResp.Header.Get("Content-Type"), resp.Header.Get("Vary"))
			}
			var r io.Reader = brotli.NewReader(bytes.NewReader(body))
			if coding == "gzip" {
				z, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatalf("%s as gzip: %v", path, err)
				}
				r = z
			}
			decoded, err := io.ReadAll(r)
			if err != nil {
				t.Fatalf("%s as %s: %v", path, coding, err)
			}
			if !bytes.Equal(decoded, plain) {
				t.Fatalf("%s as %s decodes to %d bytes that differ from the plain %d", path, coding, len(decoded), len(plain))
			}
			if len(body)*2 > len(plain) {
				t.Errorf("%s as %s: %d bytes for %d plain: not really compressed", path, coding, len(body), len(plain))
			}
			t.Logf("%s: %d bytes plain, %d as %s", path, len(plain), len(body), coding)
		}
	}
	if resp, _ := fetch("/web/app.wasm", "br"); resp.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("app.wasm as brotli: Content-Type %q", resp.Header.Get("Content-Type"))
	}
}
