//go:build !wasm

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"

	"safehouse/app"
	"safehouse/app/i18n"
	"safehouse/tools/precompress"
)

// generatedSite writes a site with c into a fresh folder (c.out) and returns that folder,
// without the compressed copies (compressedSite makes them): brotli at its best over every
// language pack took seconds a site, and most tests read only the plain files.
func generatedSite(t *testing.T, c config) string {
	t.Helper()
	c.plain = true
	return writeSite(t, c)
}

// compressedSite is the one site of the package's tests with the .br and .gz copies a
// deployed site has, made on first use (brotli at its best over every language pack is
// the package's most costly step): its web/ is fakeWeb's with a wasm worth compressing and
// a stale compressed copy of it (compressedWeb).
func compressedSite(t *testing.T) string {
	t.Helper()
	compressed.once.Do(func() {
		compressed.dir, compressed.err = os.MkdirTemp("", "gen-compressed")
		if compressed.err != nil {
			return
		}
		web := filepath.Join(compressed.dir, "web")
		if compressed.err = compressedWeb(web); compressed.err == nil {
			compressed.err = generate(config{web: web, out: filepath.Join(compressed.dir, "site")})
		}
	})
	if compressed.err != nil {
		t.Fatal(compressed.err)
	}
	return filepath.Join(compressed.dir, "site")
}

var compressed struct {
	once sync.Once
	dir  string
	err  error
}

// compressedWasm is the stand-in app.wasm of compressedSite: long enough for its copies to be
// smaller than it.
var compressedWasm = "\x00asm\x01\x00\x00\x00" + strings.Repeat("function body ", 2000)

// compressedWeb writes fakeWeb's files to dir, with compressedWasm as app.wasm and an older
// build's app.wasm.br beside it, which the site must not take for the new build's.
func compressedWeb(dir string) error {
	if err := writeFakeWeb(dir); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "app.wasm"), []byte(compressedWasm), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "app-player.wasm"), []byte(compressedWasm[:len(compressedWasm)/2]), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "app.wasm.br"), []byte("an older build's copy"), 0o644)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if compressed.dir != "" {
		_ = os.RemoveAll(compressed.dir)
	}
	os.Exit(code)
}

// writeSite writes a site with c, as c says, into a fresh folder (c.out) and returns it.
func writeSite(t *testing.T, c config) string {
	t.Helper()
	c.out = filepath.Join(t.TempDir(), "site")
	if err := generate(c); err != nil {
		t.Fatal(err)
	}
	return c.out
}

// siteFile is a file of the site written to out (path elements joined).
func siteFile(t *testing.T, out string, path ...string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(append([]string{out}, path...)...))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fakeWeb is a web/ directory with a stand-in app.wasm: the generator copies it, it never
// runs it.
func fakeWeb(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := writeFakeWeb(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// hasElement reports whether page has a tag element with at least the attributes want.
// go-app writes an element's attributes in map order, so the same site can say rel before
// href in one build and after it in the next; only the parsed attributes are stable.
func hasElement(page, tag string, want map[string]string) bool {
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return false
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if tok.Data != tag {
				continue
			}
			matched := 0
			for _, a := range tok.Attr {
				if v, ok := want[a.Key]; ok && v == a.Val {
					matched++
				}
			}
			if matched == len(want) {
				return true
			}
		}
	}
}

func writeFakeWeb(dir string) error {
	files := map[string]string{
		"app.wasm":              "\x00asm\x01\x00\x00\x00",
		"app-player.wasm":       "\x00asm\x01\x00\x00\x00\x00",
		"styles.css":            "body{}",
		"spyfall.css":           ".spyfall{}",
		"spyfest.css":           ".spyfest{}\n",
		"settings.css":          ".settings{}",
		"spectator.css":         ".spectator{}",
		"icon.svg":              "<svg/>",
		"icon-maskable.svg":     "<svg/>",
		"not-found.svg":         "<svg/>",
		"icon-192.png":          "png",
		"icon-512.png":          "png",
		"icon-maskable-512.png": "png",
		"render-icons.sh":       "#!/bin/sh",
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func TestGenerateWritesACompleteSite(t *testing.T) {
	web := fakeWeb(t)
	out := filepath.Join(t.TempDir(), "site")
	// A stale file from an earlier build must not survive.
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "stale.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err := generate(config{out: out, web: web, signalURL: "wss://signal.example.org/signal", iceServers: "stun:stun.example.org"})
	if err != nil {
		t.Fatal(err)
	}

	for _, f := range []string{"index.html", "app.js", "app-worker.js", "app.css", "manifest.webmanifest",
		"wasm_exec.js", "web/app.wasm", "web/app-player.wasm", "web/site.css", "web/icon-192.png", "web/icon-maskable-512.png"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("site lacks %s", f)
		}
	}
	for _, f := range []string{"stale.txt", "web/render-icons.sh", "web/styles.css", "web/spyfall.css"} {
		if _, err := os.Stat(filepath.Join(out, f)); err == nil {
			t.Errorf("site has %s, which does not belong there", f)
		}
	}

	var manifest struct {
		Name       string `json:"name"`
		Background string `json:"background_color"`
		Icons      []struct {
			Src     string `json:"src"`
			Purpose string `json:"purpose"`
		} `json:"icons"`
	}
	raw := siteFile(t, out, "manifest.webmanifest")
	if err := json.Unmarshal(raw, &manifest); err != nil {
		t.Fatalf("manifest: %v", err)
	}
	if manifest.Name != "Safehouse" || manifest.Background != "#10151f" {
		t.Errorf("manifest name %q, background %q", manifest.Name, manifest.Background)
	}
	maskable := 0
	for _, icon := range manifest.Icons {
		if !strings.HasPrefix(icon.Src, "/web/") {
			t.Errorf("icon %q is not one of the project's own files", icon.Src)
		}
		if icon.Purpose == "maskable" {
			maskable++
		}
	}
	if maskable != 1 || len(manifest.Icons) < 3 {
		t.Errorf("manifest icons %+v: want the project's icons with one maskable", manifest.Icons)
	}

	// An iPhone's home screen reads these, not the manifest, before iOS 16.4.
	index := string(siteFile(t, out, "index.html"))
	if !hasElement(index, "link", map[string]string{"rel": "apple-touch-icon", "href": "/web/icon-maskable-512.png"}) {
		t.Error(`index.html lacks <link rel="apple-touch-icon" href="/web/icon-maskable-512.png">`)
	}
	for _, want := range []string{`<meta name="apple-mobile-web-app-capable" content="yes">`,
		`<meta name="apple-mobile-web-app-title" content="Safehouse">`,
		`<meta name="apple-mobile-web-app-status-bar-style" content="default">`,
		`viewport-fit=cover`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}

	appJS := siteFile(t, out, "app.js")
	env := regexp.MustCompile(`goappEnv = (\{[^;]*\});`).FindSubmatch(appJS)
	if env == nil {
		t.Fatal("app.js has no goappEnv")
	}
	var vars map[string]string
	if err := json.Unmarshal(env[1], &vars); err != nil {
		t.Fatalf("goappEnv: %v", err)
	}
	if vars["SIGNAL_URL"] != "wss://signal.example.org/signal" || vars["ICE_SERVERS"] != "stun:stun.example.org" {
		t.Errorf("env %v does not carry the build-time settings", vars)
	}
	if len(vars["GOAPP_VERSION"]) != 16 {
		t.Errorf("version %q, want the 16-digit content hash", vars["GOAPP_VERSION"])
	}
}

// The version follows the site: the same inputs give the same version (no update prompt on
// every build, though go-app writes the page's attributes in a new order each time), a
// changed file of web/ a new one, a file the site does not ship the same one, and a change
// in what the generator writes from the same web/ (here a baked setting; as much the page's
// and the loader's rewrites) a new one. The version is the loader's and the worker's cache's.
func TestVersionFollowsTheSite(t *testing.T) {
	web := fakeWeb(t)
	version := func(c config) string {
		t.Helper()
		c.web = web
		out := generatedSite(t, c)
		js := string(siteFile(t, out, "app.js"))
		v := regexp.MustCompile(`"GOAPP_VERSION":"([0-9a-f]{16})"`).FindStringSubmatch(js)
		worker := regexp.MustCompile(`const cacheName = "app-" \+ "([0-9a-f]{16})";`).FindStringSubmatch(string(siteFile(t, out, "app-worker.js")))
		if v == nil || worker == nil || v[1] != worker[1] {
			t.Fatalf("the loader's version %v and the worker's cache %v are not one 16-digit hash", v, worker)
		}
		err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if raw, err := os.ReadFile(path); err != nil || bytes.Contains(raw, []byte(versionMark)) {
				return fmt.Errorf("%s still holds the version's mark (%v)", path, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return v[1]
	}
	v1 := version(config{})
	for range 2 {
		if v := version(config{}); v != v1 {
			t.Fatalf("same inputs, versions %s and %s", v1, v)
		}
	}
	if v := version(config{signalURL: "wss://signal.example.org/signal"}); v == v1 {
		t.Error("the site bakes in another signaling server, same version")
	}
	if err := os.WriteFile(filepath.Join(web, "styles.css"), []byte("body{color:red}"), 0o644); err != nil {
		t.Fatal(err)
	}
	v3 := version(config{})
	if v3 == v1 {
		t.Fatal("changed styles.css, same version")
	}
	if err := os.WriteFile(filepath.Join(web, "render-icons.sh"), []byte("changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	if v4 := version(config{}); v4 != v3 {
		t.Error("a file that is not shipped changed the version")
	}
}

// A page's attributes in another order are the same page to the version; anything else is not.
func TestCanonicalPageSortsOnlyAttributes(t *testing.T) {
	a := canonicalHTML([]byte(`<p id="x" class="y">t</p><script>if (a < b) x = "<i class=z>";</script>`))
	b := canonicalHTML([]byte(`<p class="y" id="x">t</p><script>if (a < b) x = "<i class=z>";</script>`))
	if !bytes.Equal(a, b) {
		t.Errorf("attributes in another order read %s and %s", a, b)
	}
	for _, other := range []string{
		`<p id="x" class="z">t</p><script>if (a < b) x = "<i class=z>";</script>`,
		`<p id="x" class="y">u</p><script>if (a < b) x = "<i class=z>";</script>`,
		`<p id="x" class="y">t</p><script>if (a < b) x = "<i class=y>";</script>`,
		`<p id="x" class="y" hidden>t</p><script>if (a < b) x = "<i class=z>";</script>`,
	} {
		if bytes.Equal(canonicalHTML([]byte(other)), a) {
			t.Errorf("%s reads as the page it differs from", other)
		}
	}
}

func TestGenerateWithoutWasmSaysWhatToDo(t *testing.T) {
	for _, name := range buildFiles {
		web := fakeWeb(t)
		os.Remove(filepath.Join(web, name))
		err := generate(config{out: filepath.Join(t.TempDir(), "site"), web: web})
		if err == nil || !strings.Contains(err.Error(), "make wasm") || !strings.Contains(err.Error(), name) {
			t.Errorf("without %s: err = %v, want one that says to build the wasm first", name, err)
		}
	}
}

// A site for a subpath points every resource and go-app's root prefix there, so the app's
// same-origin signaling address becomes <prefix>/signal.
func TestGenerateUnderASubpath(t *testing.T) {
	out := generatedSite(t, config{web: fakeWeb(t), prefix: "/games/safehouse/"})
	index := siteFile(t, out, "index.html")
	for _, want := range []string{`href="/games/safehouse/web/site.css"`, `href="/games/safehouse/manifest.webmanifest"`} {
		if !strings.Contains(string(index), want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if strings.Contains(string(index), `="/web/`) {
		t.Error("index.html names a resource outside the prefix (the invited screen's icon?)")
	}
	appJS := siteFile(t, out, "app.js")
	if !strings.Contains(string(appJS), `"GOAPP_ROOT_PREFIX":"/games/safehouse"`) {
		t.Error("app.js does not carry the root prefix")
	}
}

// The worker installs all or nothing (waitUntil on a cache that is deleted when a download
// fails) and caches every file the app needs, under the site's prefix.
func TestServiceWorkerInstallsAllOrNothing(t *testing.T) {
	for _, prefix := range []string{"", "/games/safehouse"} {
		out := generatedSite(t, config{web: fakeWeb(t), prefix: prefix})
		worker := siteFile(t, out, "app-worker.js")
		js := string(worker)
		for _, want := range []string{"event.waitUntil(", "await caches.delete(cacheName);", "throw error;", `cache: "no-cache"`, "response.redirected",
			`"` + prefix + `/web/app.wasm"`, `"` + prefix + `/web/app-player.wasm"`, `"` + prefix + `/web/site.css"`, `"` + prefix + `/app.js"`, `"` + prefix + `/wasm_exec.js"`,
			`"` + prefix + `/manifest.webmanifest"`, `"` + prefix + `/web/icon-maskable-512.png"`} {
			if !strings.Contains(js, want) {
				t.Errorf("prefix %q: app-worker.js lacks %s", prefix, want)
			}
		}
		if strings.Contains(js, "{{") {
			t.Errorf("prefix %q: app-worker.js has an unfilled template field", prefix)
		}
	}
}

// config.js carries the build's deployment settings as JSON the page reads, and the page
// loads it before the app.
func TestConfigFileCarriesDeploymentSettings(t *testing.T) {
	out := generatedSite(t, config{web: fakeWeb(t), prefix: "/sub", signalURL: `wss://s.example.org/signal?a="b"`, iceServers: "stun:s.example.org"})
	body := siteFile(t, out, "web", "config.js")
	m := regexp.MustCompile(`window\.safehouseConfig = (\{.*\});`).FindSubmatch(body)
	if m == nil {
		t.Fatalf("config.js sets no window.safehouseConfig:\n%s", body)
	}
	var cfg map[string]string
	if err := json.Unmarshal(m[1], &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg["signalURL"] != `wss://s.example.org/signal?a="b"` || cfg["iceServers"] != "stun:s.example.org" || len(cfg) != 2 {
		t.Errorf("config.js holds %v", cfg)
	}
	index := siteFile(t, out, "index.html")
	if !strings.Contains(string(index), `src="/sub/web/config.js"`) {
		t.Error("index.html does not load /sub/web/config.js")
	}
}

// The manifest scopes the app to its folder, root or subpath, and names every icon's purpose.
func TestManifestScopedToTheSite(t *testing.T) {
	for _, tt := range []struct{ prefix, root string }{{"", "/"}, {"/games/safehouse/", "/games/safehouse/"}, {"/games/safehouse", "/games/safehouse/"}} {
		out := generatedSite(t, config{web: fakeWeb(t), prefix: tt.prefix})
		raw := siteFile(t, out, "manifest.webmanifest")
		var m struct {
			Scope    string `json:"scope"`
			StartURL string `json:"start_url"`
			ID       string `json:"id"`
			Icons    []struct {
				Src     string `json:"src"`
				Purpose string `json:"purpose"`
			} `json:"icons"`
		}
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		if m.Scope != tt.root || m.StartURL != tt.root || m.ID != tt.root {
			t.Errorf("prefix %q: scope %q, start_url %q, id %q; want %q", tt.prefix, m.Scope, m.StartURL, m.ID, tt.root)
		}
		maskable := 0
		for _, i := range m.Icons {
			if i.Purpose != "any" && i.Purpose != "maskable" {
				t.Errorf("prefix %q: icon %s has purpose %q", tt.prefix, i.Src, i.Purpose)
			}
			if i.Purpose == "maskable" {
				maskable++
			}
			if !strings.HasPrefix(i.Src, tt.root+"web/") {
				t.Errorf("prefix %q: icon %s outside the site", tt.prefix, i.Src)
			}
		}
		if len(m.Icons) < 3 || maskable != 1 {
			t.Errorf("prefix %q: %d icons, %d maskable", tt.prefix, len(m.Icons), maskable)
		}
	}
}

// Every file of web/ the site ships is in the service worker's cache list, under the site's
// prefix: a screen's image missing from it (the home logo, the error page's mark) breaks on
// an offline start with an empty HTTP cache.
func TestServiceWorkerCachesEveryWebFile(t *testing.T) {
	for _, prefix := range []string{"", "/games/safehouse"} {
		out := generatedSite(t, config{web: fakeWeb(t), prefix: prefix})
		worker := siteFile(t, out, "app-worker.js")
		m := regexp.MustCompile(`const resourcesToCache = (\[[^;]*\]);`).FindSubmatch(worker)
		if m == nil {
			t.Fatal("app-worker.js has no resourcesToCache")
		}
		var cached []string
		if err := json.Unmarshal(m[1], &cached); err != nil {
			t.Fatalf("resourcesToCache: %v", err)
		}
		entries, err := os.ReadDir(filepath.Join(out, "web"))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if precompress.IsCopy(e.Name()) {
				continue // a compressed copy is served for its plain file's address
			}
			if want := prefix + "/web/" + e.Name(); !slices.Contains(cached, want) {
				t.Errorf("prefix %q: %s is not cached (the worker caches %v)", prefix, want, cached)
			}
		}
	}
}

// The loader registers the service worker once the wasm has started, not beside it, so a
// first visit does not download the site (the wasm included) twice at once; and it starts
// a downloaded wasm once the page's first content is painted (goappStartAfterPaint), a
// wasm the worker keeps at once.
func TestWorkerRegisteredAfterTheWasmStarts(t *testing.T) {
	out := generatedSite(t, config{web: fakeWeb(t)})
	js := string(siteFile(t, out, "app.js"))
	if strings.Contains(js, "goappInitServiceWorker();") || !strings.Contains(js, "goappInitWebAssembly().finally(goappInitServiceWorker);\n") {
		t.Fatal("app.js still registers the service worker beside the wasm download")
	}
	if !strings.Contains(js, `observe({ type: "paint", buffered: true })`) || !strings.Contains(js, `"first-contentful-paint"`) ||
		!strings.Contains(js, runAfterPaint) || strings.Index(js, runAfterPaint) > strings.Index(js, "go.run(wasm.instance)") {
		t.Error("app.js runs the wasm without waiting for the page's first contentful paint")
	}
	if !strings.Contains(js, "if (!(window.safehouseBuild && window.safehouseBuild.kept)) await window.safehousePainted;") {
		t.Error("app.js holds a build the worker keeps back for the paint observer")
	}
}

// The page keeps a press and what is typed before the wasm runs: the early script is inline
// in its head (a file of its own would leave a moment in which Join reloads the page).
func TestPageCarriesTheEarlyScriptInline(t *testing.T) {
	out := generatedSite(t, config{web: fakeWeb(t)})
	page := siteFile(t, out, "index.html")
	html := string(page)
	head, _, _ := strings.Cut(html, "</head>")
	if !strings.Contains(head, earlyScript+"</script>") || !strings.Contains(earlyScript, "window.safehouseEarly") {
		t.Fatal("the page's head lacks the inline early script")
	}
	if !strings.Contains(html, `data-wait="Getting ready…"`) {
		t.Error("the prerendered buttons lack their getting-ready label")
	}
	// The invited screen waits in the head for an invite link, its room a mark to fill in.
	_, tpl, ok := strings.Cut(head, `<template id="invited-page">`)
	tpl, _, _ = strings.Cut(tpl, "</template>")
	if !ok || !strings.Contains(tpl, `id="invited-title"`) || !strings.Contains(tpl, `id="name"`) || !strings.Contains(tpl, "Game "+app.InviteRoomMark+" is waiting") {
		t.Errorf("the page lacks the invited screen for early.js: %.300q", tpl)
	}
}

// Issue 21: every language but English is a file of the site, named by its content's hash
// and with the compressed copies every text file has; the page tells early.js where each
// is (prefix included), and the service worker knows this version's packs. English is not a
// file: it is inside the wasm.
func TestSiteServesLanguagePacks(t *testing.T) {
	for _, prefix := range []string{"", "/games/safehouse"} {
		out := compressedSite(t)
		if prefix != "" {
			out = generatedSite(t, config{web: fakeWeb(t), prefix: prefix})
		}
		page := siteFile(t, out, "index.html")
		m := regexp.MustCompile(`window\.safehousePacks = (\{[^;]*\});`).FindSubmatch(page)
		if m == nil {
			t.Fatalf("prefix %q: the page does not name the packs", prefix)
		}
		var urls map[i18n.Lang]string
		if err := json.Unmarshal(m[1], &urls); err != nil {
			t.Fatal(err)
		}
		worker := siteFile(t, out, "app-worker.js")
		if _, ok := urls[i18n.English]; ok {
			t.Errorf("prefix %q: English is a pack file; it is inside the wasm", prefix)
		}
		want := 0
		for lang, data := range i18n.PackFiles() {
			if lang == i18n.English {
				continue
			}
			want++
			url, ok := urls[lang]
			if !ok || !regexp.MustCompile(`^`+prefix+`/lang/`+string(lang)+`\.[0-9a-f]{10}\.json$`).MatchString(url) {
				t.Errorf("prefix %q: %s's pack is at %q", prefix, lang, url)
				continue
			}
			file := filepath.Join(out, strings.TrimPrefix(url, prefix))
			got, err := os.ReadFile(file)
			if err != nil || string(got) != string(data) {
				t.Errorf("prefix %q: %s is not %s's pack (%v)", prefix, file, lang, err)
			}
			for _, copy := range []string{".br", ".gz"} {
				if prefix != "" {
					break // the prefix's site is a plain one: its packs' copies are the same
				}
				if _, err := os.Stat(file + copy); err != nil {
					t.Errorf("prefix %q: no %s copy of %s", prefix, copy, url)
				}
			}
			if !strings.Contains(string(worker), `"`+url+`"`) {
				t.Errorf("prefix %q: the service worker does not know %s", prefix, url)
			}
		}
		if len(urls) != want || want == 0 {
			t.Errorf("prefix %q: the page names %d packs, packs/ has %d besides English", prefix, len(urls), want)
		}
		if strings.Contains(string(worker), "/*LANG_PACKS*/") {
			t.Errorf("prefix %q: the worker's pack list is not filled in", prefix)
		}
		// The worker reads a pack's language from its name (packLang) to keep it for offline
		// use: every code, regional ones too (issue 34: "es-419" was not read, so such a pack
		// was never kept).
		re := regexp.MustCompile(`const packLang = \(url\) => \(/(.+)/\.exec`).FindSubmatch(worker)
		if re == nil {
			t.Fatalf("prefix %q: no packLang in the worker", prefix)
		}
		packLang := regexp.MustCompile(strings.ReplaceAll(string(re[1]), `\/`, `/`))
		for _, lang := range append(i18n.Languages(), "es-419", "zh-Hant", "pt-PT") {
			url := prefix + "/lang/" + string(lang) + ".0123456789.json"
			if m := packLang.FindStringSubmatch(url); m == nil || m[1] != string(lang) {
				t.Errorf("prefix %q: the worker reads %s as the pack of %q", prefix, url, m)
			}
		}
	}
}

// The prerendered page has no boolean attribute written as "false", which HTML reads as true:
// go-app wrote checked="false" on the home screen's table-screen box, which showed ticked
// until the app ran (seen in issue 34's photographs of the prerendered page).
func TestPageHasNoFalseBooleans(t *testing.T) {
	out := generatedSite(t, config{web: fakeWeb(t), plain: true})
	if m := booleanFalse.FindAll(siteFile(t, out, "index.html"), -1); len(m) > 0 {
		t.Errorf("the page holds %q", m)
	}
	if !strings.Contains(string(siteFile(t, out, "index.html")), `id="watch"`) {
		t.Error("the page has no table-screen box to check")
	}
}

// Issue 34: the page in every language from its first frame: the page's table of languages
// gives each its full tag and direction, and for each but English a script of the page's
// texts and a manifest, both files of the site (prefix included); the script hands the page
// that language's texts and loading label; the manifest names the app in the language;
// go-app's loader reads its label from the page and runs the wasm once the pack is there.
func TestSiteHasThePageInEveryLanguage(t *testing.T) {
	for _, prefix := range []string{"", "/games/safehouse"} {
		out := generatedSite(t, config{web: fakeWeb(t), prefix: prefix, plain: true})
		page := siteFile(t, out, "index.html")
		m := regexp.MustCompile(`window\.safehouseLangs = (\{[^;]*\});`).FindSubmatch(page)
		if m == nil {
			t.Fatalf("prefix %q: the page has no table of languages", prefix)
		}
		var table map[i18n.Lang]struct{ Tag, Dir, Page, Manifest string }
		if err := json.Unmarshal(m[1], &table); err != nil {
			t.Fatal(err)
		}
		for _, lang := range i18n.Languages() {
			e, ok := table[lang]
			if !ok || e.Tag != i18n.Tag(lang) || e.Dir != i18n.Dir(lang) {
				t.Errorf("prefix %q: %s is %+v in the page's table", prefix, lang, e)
				continue
			}
			if lang == i18n.English {
				if e.Page != "" || e.Manifest != "" {
					t.Errorf("prefix %q: English has page texts or a manifest of its own: %+v", prefix, e)
				}
				continue
			}
			if !strings.HasPrefix(e.Page, prefix+"/lang/"+string(lang)+".page.") || !strings.HasPrefix(e.Manifest, prefix+"/lang/"+string(lang)+".") {
				t.Errorf("prefix %q: %s's files are %q and %q", prefix, lang, e.Page, e.Manifest)
				continue
			}
			script := string(siteFile(t, out, strings.TrimPrefix(e.Page, prefix)))
			body, ok := strings.CutPrefix(script, "safehouseEarly.texts(")
			body, ok2 := strings.CutSuffix(body, ");\n")
			var texts struct {
				Lang    i18n.Lang
				Texts   map[string]string
				Loading string
			}
			if !ok || !ok2 || json.Unmarshal([]byte(body), &texts) != nil {
				t.Errorf("prefix %q: %s's page script is %.80q", prefix, lang, script)
				continue
			}
			if create := i18n.T(i18n.English, i18n.HomeCreate); texts.Lang != lang || texts.Texts[create] != i18n.T(lang, i18n.HomeCreate) || texts.Loading != i18n.T(lang, i18n.LoadingText) {
				t.Errorf("prefix %q: %s's page texts are for %s, say %q for %q and load with %q", prefix, lang, texts.Lang, texts.Texts[create], create, texts.Loading)
			}
			var manifest map[string]any
			if err := json.Unmarshal(siteFile(t, out, strings.TrimPrefix(e.Manifest, prefix)), &manifest); err != nil {
				t.Errorf("prefix %q: %s's manifest: %v", prefix, lang, err)
				continue
			}
			if manifest["lang"] != i18n.Tag(lang) || manifest["dir"] != i18n.Dir(lang) || manifest["description"] != i18n.T(lang, i18n.AppTagline) || manifest["scope"] != prefix+"/" {
				t.Errorf("prefix %q: %s's manifest says %v", prefix, lang, manifest)
			}
		}
		appJS := string(siteFile(t, out, "app.js"))
		for _, want := range []string{"window.safehouseEarly.loadingLabel()", "await window.safehouseEarly.ready();\n    go.run(wasm.instance);"} {
			if !strings.Contains(appJS, want) {
				t.Errorf("prefix %q: app.js lacks %q", prefix, want)
			}
		}
	}
}
