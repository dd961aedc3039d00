//go:build !wasm

package main

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app"
	"safehouse/app/i18n"
	"safehouse/tools/precompress"
)

func main() {
	out := flag.String("out", "build/site", "directory to write the site into (replaced)")
	web := flag.String("web", "web", "the project's web/ directory (icons, styles, app.wasm)")
	signalURL := flag.String("signal-url", "", "signaling WebSocket URL baked into the site; empty = same origin (ws(s)://<page host>/<prefix>/signal)")
	iceServers := flag.String("ice-servers", "", "comma-separated STUN/TURN URLs baked into the site; empty on a LAN")
	prefix := flag.String("prefix", "", "path the site is served under, e.g. /games/safehouse; empty = the domain root")
	plain := flag.Bool("no-compress", false, "leave out the .br and .gz copies (a test that serves the files plainly; brotli 11 of the wasm takes 15 s)")
	flag.Parse()
	if err := generate(config{out: *out, web: *web, signalURL: *signalURL, iceServers: *iceServers, prefix: *prefix, plain: *plain}); err != nil {
		log.Fatalf("gen: %v", err)
	}
	fmt.Printf("site written to %s\n", *out)
}

type config struct {
	out, web, signalURL, iceServers, prefix string
	plain                                   bool // no precompressed copies
}

func generate(c config) error {
	sizes, err := buildSizes(c.web)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(c.out); err != nil {
		return err
	}

	files, err := webFiles(c.web)
	if err != nil {
		return err
	}
	files = append(files, "/web/"+siteSheet)
	app.Routes()
	invited, err := app.PrerenderedInvite()
	if err != nil {
		return fmt.Errorf("prerendering the invited screen: %w", err)
	}
	if p := strings.TrimSuffix(c.prefix, "/"); p != "" {
		// The page's own resources go under the prefix, as go-app puts those of the page.
		invited = strings.ReplaceAll(invited, `="/web/`, `="`+p+`/web/`)
	}
	packs, err := packURLs(c.prefix)
	if err != nil {
		return err
	}
	pages, err := langPages(c.prefix)
	if err != nil {
		return err
	}
	langs, err := langTable(pages)
	if err != nil {
		return err
	}
	h := handler(c, versionMark, sizes, packs, langs)
	h.CacheableResources = files
	// The invited screen waits in the page for early.js, which shows it for an invite link.
	h.RawHeaders = append(h.RawHeaders, `<template id="invited-page">`+invited+`</template>`)
	if err := goapp.GenerateStaticWebsite(c.out, h); err != nil {
		return fmt.Errorf("generating the site: %w", err)
	}
	if err := copyDir(c.web, filepath.Join(c.out, "web")); err != nil {
		return err
	}
	if err := writeSiteSheet(c.web, filepath.Join(c.out, "web")); err != nil {
		return err
	}
	if err := fixManifest(filepath.Join(c.out, "manifest.webmanifest"), c.prefix); err != nil {
		return err
	}
	if err := dropFalseBooleans(filepath.Join(c.out, "index.html")); err != nil {
		return err
	}
	if err := registerWorkerAfterWasm(filepath.Join(c.out, "app.js")); err != nil {
		return err
	}
	if err := startInTheLanguage(filepath.Join(c.out, "app.js")); err != nil {
		return err
	}
	if err := startTheDownloadFirst(filepath.Join(c.out, "index.html"), h, sizes); err != nil {
		return err
	}
	if err := loadTheChosenBuild(filepath.Join(c.out, "app.js"), h, sizes); err != nil {
		return err
	}
	if err := fetchTheKeptBuildDirectly(filepath.Join(c.out, "app.js")); err != nil {
		return err
	}
	if err := writeLangPages(c.out, c.prefix, pages); err != nil {
		return err
	}
	if err := tellWorkerThePacks(filepath.Join(c.out, "app-worker.js"), c.prefix); err != nil {
		return err
	}
	if err := tellWorkerTheBuilds(filepath.Join(c.out, "app-worker.js"), h, sizes); err != nil {
		return err
	}
	if err := writeConfig(c); err != nil {
		return err
	}
	if err := writePacks(c.out); err != nil {
		return err
	}
	version, err := siteVersion(c.out)
	if err != nil {
		return err
	}
	if err := stampVersion(c.out, version); err != nil {
		return err
	}
	if c.plain {
		return nil
	}
	return precompress.Dir(c.out)
}

// fixManifest scopes the installed app to the site's own folder (go-app writes scope "/",
// which under a subpath claims the whole domain and differs from the worker's scope), starts
// it at the folder with its slash, and spells out the icons' default purpose ("any"), which
// go-app leaves empty.
func fixManifest(path, prefix string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	root := strings.TrimSuffix(prefix, "/") + "/"
	m["scope"], m["start_url"], m["id"] = root, root, root
	if icons, ok := m["icons"].([]any); ok {
		for _, icon := range icons {
			if i, ok := icon.(map[string]any); ok && i["purpose"] == "" {
				i["purpose"] = "any"
			}
		}
	}
	out, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}

// booleanFalse matches a boolean attribute go-app wrote as ="false" into the prerendered page:
// HTML reads any value of it as true (the home screen's "Join as a table screen" box showed
// ticked until the app ran).
var booleanFalse = regexp.MustCompile(` (checked|disabled|selected|hidden|readonly|required|multiple|open)="false"`)

// dropFalseBooleans removes the boolean attributes go-app wrote as false from the page.
func dropFalseBooleans(path string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return os.WriteFile(path, booleanFalse.ReplaceAll(raw, nil), 0o644)
}

// goappStart is how go-app's loader starts: the service worker first, beside the wasm.
const goappStart = "goappInitServiceWorker();\ngoappWatchForUpdate();\ngoappWatchForInstallable();\ngoappInitWebAssembly();\n"

// goappStartAfterPaint fetches and compiles the wasm at once, and runs it once the page has
// painted its first content and drawn the frame after it (or after a second, for a tab in the
// background, which paints nothing); then the service worker. The app's first render
// replaces the prerendered screen with nodes of the same size, which the browser then does
// not count as a larger paint; a render that came before the first paint was the page's
// largest paint itself, and Lighthouse, which replays the load at slow-4G speed, put it after
// the wasm's download: the invite link scored about 66 instead of about 95 whenever its wasm,
// from localhost, beat the first paint (waiting for one frame did not always order them). Only
// the run waits: compiling meanwhile saved a cached reload about 30 ms. A browser without paint
// timing waits for one frame.
const goappStartAfterPaint = `goappWatchForUpdate();
goappWatchForInstallable();
window.safehousePainted = new Promise((painted) => {
  const afterFrame = () => requestAnimationFrame(() => setTimeout(painted));
  const paintTiming = window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).includes("paint");
  if (paintTiming) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      afterFrame();
    }).observe({ type: "paint", buffered: true });
  } else {
    afterFrame();
  }
  setTimeout(painted, 1000);
});
goappInitWebAssembly().finally(goappInitServiceWorker);
`

// goappRun is the line of go-app's loader that runs the wasm; the site's rewrites put their
// waits before it (runAfterPaint here, the language's in startInTheLanguage).
const goappRun = "    go.run(wasm.instance);\n"

// runAfterPaint is the wait for the first paint (goappStartAfterPaint) put before the run,
// on a start that downloads the wasm. A build the worker keeps (fetchTheKeptBuild) runs at
// once: such a start has no download to replay, and the paint observer's word comes late
// (its callback is a task of low priority), so the wait held a cached reload's run back a
// median of 6 ms after the wasm was ready, and up to 21 ms (tools/bench -only startup).
const runAfterPaint = "    if (!(window.safehouseBuild && window.safehouseBuild.kept)) await window.safehousePainted;\n"

// registerWorkerAfterWasm makes the loader register the service worker once the wasm runs,
// not beside it: a worker installing on a first visit downloads every file of the site,
// the wasm included, and on a slow phone connection that second download shared the line
// with the one the player is waiting for. Registered afterwards, the worker finds the files
// in the HTTP cache (its install revalidates them: a 304 each).
func registerWorkerAfterWasm(path string) error {
	return rewriteLoader(path, "registerWorkerAfterWasm",
		[2]string{goappStart, goappStartAfterPaint},
		[2]string{goappRun, runAfterPaint + goappRun})
}

// rewriteLoader replaces, in the file go-app wrote at path (its loader, app.js, or the
// page), the first text of each pair by its second. Each first text must be there exactly
// once, else nothing is written and the error names the site's rewrite (step) to check
// against the new go-app.
func rewriteLoader(path, step string, replacements ...[2]string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	js := string(raw)
	for _, r := range replacements {
		if strings.Count(js, r[0]) != 1 {
			return fmt.Errorf("%s: go-app's output no longer has %q: check %s against the new go-app", path, r[0], step)
		}
	}
	for _, r := range replacements {
		js = strings.Replace(js, r[0], r[1], 1)
	}
	return os.WriteFile(path, []byte(js), 0o644)
}

// writeConfig writes web/config.js, the deployment settings a static host may edit without
// a rebuild (read by app/config.go).
func writeConfig(c config) error {
	values, err := json.Marshal(map[string]string{"signalURL": c.signalURL, "iceServers": c.iceServers})
	if err != nil {
		return err
	}
	body := "// Safehouse deployment settings: edit and redeploy this file to change them without a rebuild.\n" +
		"// signalURL: the signaling WebSocket, e.g. \"wss://signal.example.org/signal\"; empty = <this site>/signal.\n" +
		"// iceServers: comma-separated STUN/TURN URLs; empty on a LAN.\n" +
		"// Also possible: \"takeoverAfter\": \"30\" (seconds before a host's game may be taken over; 90 when unset),\n" +
		"// \"inviteBuild\": \"full\" (invite links load the full build, not the smaller player build).\n" +
		"window.safehouseConfig = " + string(values) + ";\n"
	if err := os.MkdirAll(filepath.Join(c.out, "web"), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(c.out, "web", "config.js"), []byte(body), 0o644)
}

// serviceWorker replaces go-app's default worker, whose install does not wait for its cache
// to fill: after a broken download it would still take over and drop the complete old cache.
//
//go:embed app-worker.js
var serviceWorker string

// earlyScript keeps what the player does on the prerendered page until the app runs
// (app/early.go reads it). It is inline: a separate file would leave a moment in which a
// press on Join submits the page's form and reloads it.
//
//go:embed early.js
var earlyScript string

// langMatch is how the page's script reads the browser's languages (window.safehouseCandidates,
// the twin of i18n.Candidates), before early.js, which uses it.
//
//go:embed langmatch.js
var langMatch string

// buildChoice picks the build of the app the page loads, the player build for an invite link
// (builds.go), and starts its download.
//
//go:embed build.js
var buildChoice string

// earlySocket opens an invitee's signaling socket while the wasm downloads, for the app's
// join to take (app/session/earlysocket_js.go). It runs after build.js, whose reading of the
// invite it uses.
//
//go:embed earlysocket.js
var earlySocket string

// earlyJoin goes on, on that socket, to join and open the WebRTC connection while the wasm
// downloads, for the app's join to take as it stands (app/session/earlyjoin_js.go). It runs
// before earlySocket, which calls it.
//
//go:embed earlyjoin.js
var earlyJoin string

func handler(c config, version string, sizes map[string]int64, packs, langs string) *goapp.Handler {
	varieties, err := json.Marshal(i18n.Varieties())
	if err != nil {
		panic(err) // a table of strings always marshals
	}
	en := func(k i18n.Key) string { return i18n.T(i18n.English, k) }
	h := &goapp.Handler{
		Name:        en(i18n.AppName),
		ShortName:   en(i18n.AppName),
		Title:       en(i18n.AppName),
		Description: en(i18n.AppTagline),
		Lang:        string(i18n.English),
		Icon: goapp.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			SVG:      "/web/icon.svg",
			Maskable: "/web/icon-maskable-512.png",
		},
		BackgroundColor: "#10151f",
		ThemeColor:      "#10151f",
		LoadingLabel:    en(i18n.LoadingText),
		Scripts:         []string{"/web/config.js"},
		Styles:          []string{"/web/" + siteSheet},
		RawHeaders: []string{
			`<meta name="color-scheme" content="dark light">`,
			// iOS before 16.4 does not read the manifest: these make "Add to Home Screen"
			// open the app full screen, under its own name; the default status bar keeps the
			// page below it (the icon is go-app's apple-touch-icon, Icon.Maskable).
			`<meta name="apple-mobile-web-app-capable" content="yes">`,
			`<meta name="apple-mobile-web-app-title" content="` + en(i18n.AppName) + `">`,
			`<meta name="apple-mobile-web-app-status-bar-style" content="default">`,
			"<script>window.safehousePacks = " + packs + ";\nwindow.safehouseLangs = " + langs + ";\nwindow.safehouseVarieties = " + string(varieties) + ";\n" + langMatch + earlyScript + "</script>",
		},
		Env: map[string]string{
			"SIGNAL_URL":  c.signalURL,
			"ICE_SERVERS": c.iceServers,
		},
		ServiceWorkerTemplate: serviceWorker,
		Version:               version,
		WasmContentLength:     strconv.FormatInt(sizes[fullBuild], 10),
	}
	if p := strings.TrimSuffix(c.prefix, "/"); p != "" {
		h.Resources = goapp.PrefixedLocation(p)
	}
	// build.js runs first in the head (startTheDownloadFirst); here, after config.js, the
	// site's settings may change its choice, and an invite's page opens its socket and joins.
	h.RawHeaders = append(h.RawHeaders, "<script>"+applyTheConfig+earlyJoin+earlySocket+"</script>")
	return h
}

// webFiles lists every file of web/ the site ships, as the page asks for it ("/web/icon.svg"),
// for the service worker to cache: a screen's image that is not cached (the home logo, the
// error page's mark) would be missing on an offline start with an empty HTTP cache.
func webFiles(web string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(web, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !shipped(d.Name()) {
			return err
		}
		rel, err := filepath.Rel(web, path)
		files = append(files, "/web/"+filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", web, err)
	}
	return files, nil
}

// source reports whether a file of web/ is one the site is made from: not the icon render
// script, and not compressed copies (in a site's web/ passed back in as -web), which the build
// writes afresh.
func source(name string) bool { return !strings.HasSuffix(name, ".sh") && !precompress.IsCopy(name) }

// shipped reports whether a file of web/ belongs on the site as it is: every source but the
// style sheets, which the build writes as the site's one sheet (styles.go).
func shipped(name string) bool {
	return source(name) && name != siteSheet && !slices.Contains(sheetParts, name)
}

func copyDir(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !shipped(d.Name()) {
			return nil
		}
		return copyFile(path, target)
	})
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// packDir is where the site keeps the language packs (app/i18n/packs), one file each.
const packDir = "lang"

// packFile is a language pack as the site serves it: English is inside the wasm, every
// other language is a file named by its content's hash (lang/ru.1a2b3c4d5e.json), so a
// browser or the service worker may keep it for good: a changed pack is a new name.
type packFile struct {
	lang i18n.Lang
	name string
	data []byte
}

func packFiles() []packFile {
	var out []packFile
	for _, lang := range i18n.Languages() {
		data, ok := i18n.PackFiles()[lang]
		if !ok || lang == i18n.English {
			continue
		}
		sum := sha256.Sum256(data)
		out = append(out, packFile{lang, string(lang) + "." + hex.EncodeToString(sum[:])[:10] + ".json", data})
	}
	return out
}

// packURLs is the page's map from language to pack address (window.safehousePacks, read by
// wasm/gen/early.js, which fetches a pack for the app), as JSON.
func packURLs(prefix string) (string, error) {
	urls := map[i18n.Lang]string{}
	for _, f := range packFiles() {
		urls[f.lang] = strings.TrimSuffix(prefix, "/") + "/" + packDir + "/" + f.name
	}
	b, err := json.Marshal(urls)
	return string(b), err
}

// writePacks writes the language packs into the site (precompress then adds their .br and
// .gz copies, as for every text file).
func writePacks(out string) error {
	dir := filepath.Join(out, packDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range packFiles() {
		if err := os.WriteFile(filepath.Join(dir, f.name), f.data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// tellWorkerThePacks writes this version's pack addresses into the service worker, which
// keeps the packs of the languages a player used across versions (wasm/gen/app-worker.js).
func tellWorkerThePacks(path, prefix string) error {
	urls := []string{}
	for _, f := range packFiles() {
		urls = append(urls, strings.TrimSuffix(prefix, "/")+"/"+packDir+"/"+f.name)
	}
	list, err := json.Marshal(urls)
	if err != nil {
		return err
	}
	return fillMark(path, "[/*LANG_PACKS*/]", string(list))
}

// fillMark puts value in place of the one mark the generated file at path holds for it.
func fillMark(path, mark, value string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if strings.Count(string(raw), mark) != 1 {
		return fmt.Errorf("%s: no %s to fill in", path, mark)
	}
	return os.WriteFile(path, []byte(strings.Replace(string(raw), mark, value, 1)), 0o644)
}
