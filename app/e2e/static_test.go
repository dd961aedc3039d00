//go:build !wasm

package e2e

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"safehouse/signaling"
)

// The site as `make static` builds it for a subpath, served by a plain static file server
// (no Safehouse code) under /games/safehouse/, with the signaling server on another port
// named in the site's config.js (edited after the build, as a host would). A game created
// there gets a room from that server and a native player joins it.
func TestStaticSiteUnderASubpath(t *testing.T) {
	t.Parallel()
	chrome := findChrome(t)
	site := findSite(t)

	sig := signaling.New(signaling.Config{
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		OriginPatterns: []string{"127.0.0.1:*"},
	})
	mux := http.NewServeMux()
	mux.Handle("/signal", sig)
	sigServer := httptest.NewServer(mux)
	t.Cleanup(func() { sig.Close(); sigServer.Close() })
	signalURL := "ws" + strings.TrimPrefix(sigServer.URL, "http") + "/signal"

	const prefix = "/games/safehouse"
	dist := filepath.Join(t.TempDir(), "dist")
	// Served plainly (http.FileServer), so without the compressed copies, which take 15 s.
	gen := exec.Command("go", "run", "./wasm/gen", "-web", filepath.Join(site, "web"), "-out", dist, "-prefix", prefix, "-no-compress")
	gen.Dir = repoRoot(t)
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("generating the static site: %v\n%s", err, out)
	}
	config := `window.safehouseConfig = {"signalURL": "` + signalURL + `", "iceServers": ""};` + "\n"
	if err := os.WriteFile(filepath.Join(dist, "web", "config.js"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	static := httptest.NewServer(http.StripPrefix(prefix, http.FileServer(http.Dir(dist))))
	t.Cleanup(static.Close)
	if static.URL == sigServer.URL {
		t.Fatal("the site and the signaling server share a port")
	}

	h := &harness{t: t, chrome: chrome, server: static, origin: static.URL, signal: signalURL}
	host := h.openBrowser("static host", static.URL, true)
	host.open(static.URL + prefix + "/")
	for _, res := range eval[[]string](host, `performance.getEntriesByType("resource").map(e => new URL(e.name).pathname)`) {
		if strings.HasSuffix(res, ".wasm") || strings.HasSuffix(res, ".css") {
			if !strings.HasPrefix(res, prefix+"/") {
				host.fatalf("the page loaded %s from outside %s", res, prefix)
			}
		}
	}
	host.typeInto("name", "Maya")
	host.click("create")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	room := host.text("lobby-room")
	link := host.value("invite-link")
	u, err := url.Parse(link)
	if err != nil {
		t.Fatalf("invite link %q: %v", link, err)
	}
	if !strings.HasPrefix(u.Path, prefix+"/") {
		t.Fatalf("invite link %q leaves the subpath %s", link, prefix)
	}
	frag, _ := url.ParseQuery(u.Fragment)
	native := joinNative(t, signalURL, room, frag.Get("k"), "Leo")
	deadline := time.Now().Add(waitLimit)
	for !slices.Equal(native.playerNames(), []string{"Maya", "Leo"}) {
		if time.Now().After(deadline) {
			t.Fatalf("the native player sees %v, want Maya and Leo", native.playerNames())
		}
		time.Sleep(50 * time.Millisecond)
	}
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "the native player in the host's lobby")
}
