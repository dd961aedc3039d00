//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The site carries two builds of the app from one source (wasm/doc.go): the full build, and the
// player build an invite link loads (issue 35). The page's build.js picks one before the wasm's
// download starts; the service worker keeps the one the page ran and, once a player build has
// joined, fetches the full build in the background (app-worker.js).
const (
	fullBuild   = "full"
	playerBuild = "player"
)

// buildFiles names each build's file in web/ (make wasm writes both).
var buildFiles = map[string]string{fullBuild: "app.wasm", playerBuild: "app-player.wasm"}

// buildSizes reads each build's size, which the page's loader shows progress against.
func buildSizes(web string) (map[string]int64, error) {
	sizes := map[string]int64{}
	for kind, name := range buildFiles {
		info, err := os.Stat(filepath.Join(web, name))
		if err != nil {
			return nil, fmt.Errorf("%s missing: build both builds first (make wasm): %w", filepath.Join(web, name), err)
		}
		sizes[kind] = info.Size()
	}
	return sizes, nil
}

// buildURL is the address the page fetches a build at, under the site's prefix.
func buildURL(h *goapp.Handler, kind string) string {
	url := "/web/" + buildFiles[kind]
	if h.Resources != nil {
		url = h.Resources.Resolve(url)
	}
	return url
}

// build is a build as the page and the worker know it.
type build struct {
	URL  string `json:"url"`
	Size int64  `json:"size"`
}

// buildTable is window.safehouseBuilds and the worker's builds: each build's address and size,
// as JSON.
func buildTable(h *goapp.Handler, sizes map[string]int64) string {
	table := map[string]build{}
	for kind := range buildFiles {
		table[kind] = build{URL: buildURL(h, kind), Size: sizes[kind]}
	}
	out, err := json.Marshal(table)
	if err != nil {
		panic(err) // strings and numbers always marshal
	}
	return string(out)
}

// loadTheChosenBuild makes go-app's loader fetch the build the page chose (build.js), with
// that build's size for its progress, instead of always app.wasm.
func loadTheChosenBuild(path string, h *goapp.Handler, sizes map[string]int64) error {
	return rewriteLoader(path, "loadTheChosenBuild",
		[2]string{`fetchWithProgress("` + buildURL(h, fullBuild) + `", showProgress)`, `fetchWithProgress(window.safehouseBuild.url, showProgress)`},
		[2]string{fmt.Sprintf(`const goappWasmContentLength = "%d";`, sizes[fullBuild]), `const goappWasmContentLength = String(window.safehouseBuild.size);`})
}

// goappHeadStart is how go-app's page begins its head: build.js goes right after it.
const goappHeadStart = "<head>\n    <meta charset=\"UTF-8\">\n"

// startTheDownloadFirst puts the table of builds and build.js first in the page's head, so
// that the wasm's download starts as the head is read: an inline script after go-app's style
// sheets and config.js would wait for them.
func startTheDownloadFirst(path string, h *goapp.Handler, sizes map[string]int64) error {
	script := "    <script>window.safehouseBuilds = " + buildTable(h, sizes) + ";\n" + buildChoice + "</script>\n"
	return rewriteLoader(path, "startTheDownloadFirst", [2]string{goappHeadStart, goappHeadStart + script})
}

// applyTheConfig runs after config.js: the site may want the full build on invites.
const applyTheConfig = "if (window.safehouseBuild) window.safehouseBuild.applyConfig(window.safehouseConfig);\n"

// goappFetchTheBuild is the line of go-app's loader that fetches the wasm it then streams to
// the compiler through a stream of its own, to count the bytes for the progress label.
const goappFetchTheBuild = "  const response = await fetch(url);\n"

// fetchTheKeptBuildDirectly hands the compiler the wasm as the service worker serves it when
// the worker's cache keeps it, without the loader's counting stream: a cached start has no
// download to show, and passing its 10 MB through JavaScript chunk by chunk cost the start
// (tools/bench `-only startup`: a cached reload took 1.58x and 1.59x the baseline's with the
// stream, 1.46x-1.54x in four runs without it). Kept means the page runs under the worker and the build is in the worker's
// cache (app-worker.js: "app-" and the version), which the worker answers from; the check runs
// beside the fetch, so it costs no wait.
// window.safehouseBuild.kept says which way the page went (app/e2e checks it).
const fetchTheKeptBuild = `  const kept = window.caches && navigator.serviceWorker && navigator.serviceWorker.controller
    ? caches.open("app-" + goappEnv.GOAPP_VERSION).then((c) => c.match(url)).then(Boolean, () => false)
    : Promise.resolve(false);
  const response = await (window.safehouseBuild ? window.safehouseBuild.fetch(url) : fetch(url));
  if (window.safehouseBuild) window.safehouseBuild.kept = await kept;
  if (window.safehouseBuild && window.safehouseBuild.kept) return response;
`

func fetchTheKeptBuildDirectly(path string) error {
	return rewriteLoader(path, "fetchTheKeptBuildDirectly", [2]string{goappFetchTheBuild, fetchTheKeptBuild})
}

// tellWorkerTheBuilds writes the builds into the service worker, which installs with the one
// the page ran and fetches the full build when the player build asks (app-worker.js).
func tellWorkerTheBuilds(path string, h *goapp.Handler, sizes map[string]int64) error {
	return fillMark(path, "{/*BUILDS*/}", buildTable(h, sizes))
}
