//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// nodeOrSkip is node's path; the test is skipped, loudly, without it.
func nodeOrSkip(t *testing.T) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIPPED: no node on PATH to run the page's and the worker's scripts (make deps installs it)")
	}
	return node
}

// runNode runs script in Node.js and decodes the JSON it prints into out.
func runNode(t *testing.T, script string, out any) {
	t.Helper()
	cmd := exec.Command(nodeOrSkip(t), "-")
	cmd.Stdin = strings.NewReader(script)
	raw, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("node: %v\n%s", err, ee.Stderr)
		}
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("node printed %q: %v", raw, err)
	}
}

// The page tells app.js which build to fetch: the site carries both builds' addresses (under
// its prefix) and plain sizes, which the loader's progress divides by (a compressed
// response's Content-Length is the compressed size); go-app's own app.wasm fetch and length
// are gone from app.js, and no preload of app.wasm is written into the head. build.js, which
// starts the chosen build's download, comes first in the head, before anything an inline
// script would wait for; the config's say on the choice comes after config.js.
func TestLoaderFetchesTheChosenBuild(t *testing.T) {
	for _, prefix := range []string{"", "/games/safehouse/"} {
		web := fakeWeb(t)
		out := generatedSite(t, config{web: web, prefix: prefix})
		page := string(siteFile(t, out, "index.html"))
		m := regexp.MustCompile(`window\.safehouseBuilds = (\{[^;]*\});`).FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("prefix %q: the page has no table of builds", prefix)
		}
		var table map[string]build
		if err := json.Unmarshal([]byte(m[1]), &table); err != nil {
			t.Fatal(err)
		}
		for kind, name := range buildFiles {
			info, err := os.Stat(filepath.Join(web, name))
			if err != nil {
				t.Fatal(err)
			}
			want := build{URL: strings.TrimSuffix(prefix, "/") + "/web/" + name, Size: info.Size()}
			if table[kind] != want {
				t.Errorf("prefix %q: build %s is %+v, want %+v", prefix, kind, table[kind], want)
			}
		}
		js := string(siteFile(t, out, "app.js"))
		for _, want := range []string{"fetchWithProgress(window.safehouseBuild.url, showProgress)", "const goappWasmContentLength = String(window.safehouseBuild.size);"} {
			if !strings.Contains(js, want) {
				t.Errorf("prefix %q: app.js lacks %s", prefix, want)
			}
		}
		if strings.Contains(js, "app.wasm") {
			t.Errorf("prefix %q: app.js still names app.wasm", prefix)
		}
		head, _, _ := strings.Cut(page, "</head>")
		if strings.Contains(head, `rel="preload"`) {
			t.Errorf("prefix %q: the head preloads a build before the page has chosen one", prefix)
		}
		// An inline script waits for the style sheets and the scripts above it, and the
		// download (build.js) must not: it comes before them all.
		choice := strings.Index(head, "<script>window.safehouseBuilds = ")
		config := strings.Index(head, `src="`+strings.TrimSuffix(prefix, "/")+`/web/config.js"`)
		for _, later := range []string{`rel="stylesheet"`, `<script`, `<link`} {
			if at := strings.Index(head, later); choice < 0 || at < choice {
				t.Errorf("prefix %q: the head has %s at %d, before build.js (at %d)", prefix, later, at, choice)
			}
		}
		if apply := strings.Index(head, applyTheConfig); config < 0 || apply < config {
			t.Errorf("prefix %q: the config's choice (at %d) is not made after config.js (at %d)", prefix, apply, config)
		}
	}
}

// An invite link loads the player build unless config.js sets inviteBuild "full"; home, a tab
// that hosts a game (its save in localStorage), a tab switching to the full build (a
// continuation in sessionStorage) and a browser whose worker keeps the full build already (a
// mark in localStorage) load the full build. The room is read as early.js and the app read
// it: a fragment that names no room the app accepts loads the full build, which explains the
// link. build.js runs in Node.js with the page's globals stubbed. It starts the download of
// its choice before config.js has run; the config's inviteBuild "full" then stops the player
// build's download and starts the full build's. The loader's fetch of the chosen build takes
// that download; a crawler's page and ?wasm=false download nothing, as go-app's loader.
func TestInviteLinksLoadThePlayerBuild(t *testing.T) {
	type page struct {
		Hash      string `json:"hash"`
		Hosting   bool   `json:"hosting"`
		Switching bool   `json:"switching"`
		Kept      bool   `json:"kept"`
		Invites   string `json:"invites"`
		Agent     string `json:"agent"`
		Search    string `json:"search"`
		Want      string `json:"-"`
	}
	const link = "#join=ABCDEF&k=0123456789abcdefghijkl"
	const phone = "Mozilla/5.0 (Linux; Android 14) Mobile"
	cases := []page{
		{"", false, false, false, "", phone, "", fullBuild},
		{link, false, false, false, "", phone, "", playerBuild},
		{link, false, false, false, "player", phone, "", playerBuild},
		{"#join=ABCDEF", false, false, false, "", phone, "", playerBuild},
		{"#join=abc-def", false, false, false, "", phone, "", playerBuild},
		{"#join=abc+def", false, false, false, "", phone, "", playerBuild},
		{"#k=0123456789abcdefghijkl&join=QRS234", false, false, false, "", phone, "", playerBuild},
		{link, true, false, false, "", phone, "", fullBuild},
		{link, false, true, false, "", phone, "", fullBuild},
		{link, false, false, true, "", phone, "", fullBuild},
		{link, false, false, true, "player", phone, "", fullBuild},
		{"#join=ABCDE", false, false, false, "", phone, "", fullBuild},
		{"#join=ABCDE1", false, false, false, "", phone, "", fullBuild},
		{"#join=ABCDEFG", false, false, false, "", phone, "", fullBuild},
		{"#join=%ZZ", false, false, false, "", phone, "", fullBuild},
		{"#xjoin=ABCDEF", false, false, false, "", phone, "", fullBuild},
		{"#theme=dark", false, false, false, "", phone, "", fullBuild},
		{link, false, false, false, "full", phone, "", fullBuild},
		{"", false, false, false, "full", phone, "", fullBuild},
		{link, false, false, false, "", "Mozilla/5.0 (compatible; Googlebot/2.1)", "", playerBuild},
		{link, false, false, false, "", phone, "?wasm=false", playerBuild},
	}
	builds := `{"full":{"url":"/sub/web/app.wasm","size":100},"player":{"url":"/sub/web/app-player.wasm","size":80}}`
	input, _ := json.Marshal(cases)
	script := `const out = ` + string(input) + `.map((c) => {
  const window = {
    safehouseBuilds: ` + builds + `,
    localStorage: { getItem: (k) => ((c.hosting && k === "safehouse.host") || (c.kept && k === "safehouse.full-kept") ? "1" : null) },
    sessionStorage: { getItem: (k) => (c.switching && k === "safehouse.continue" ? "{\"do\":\"create\"}" : null) },
  };
  const fetches = [];
  const fetch = (url, init) => {
    const f = { url, stopped: false, before: window.safehouseConfig === undefined };
    if (init && init.signal) init.signal.addEventListener("abort", () => { f.stopped = true; });
    fetches.push(f);
    return Object.assign(Promise.resolve(f), { made: f });
  };
  // config.js runs between build.js and the script after it (main.go, builds.go).
  const whole = new Function("window", "location", "navigator", "fetch", "config", ` + jsString(buildChoice) + ` + "\nwindow.safehouseConfig = config;\n" + ` + jsString(applyTheConfig) + `);
  whole(window, { hash: c.hash, search: c.search }, { userAgent: c.agent }, fetch, { inviteBuild: c.invites });
  const b = window.safehouseBuild;
  const made = fetches.length;
  const loaders = b.fetch(b.url);
  const again = b.fetch(b.url); // a response is read once: a second fetch is a new download
  return { kind: b.kind, url: b.url, size: b.size, fetches: fetches.slice(0, made),
    taken: made > 0 && fetches.length === made + 1 && loaders.made === fetches[made - 1] && again.made === fetches[made] };
});
console.log(JSON.stringify(out));`
	var got []struct {
		Kind, URL string
		Size      int
		Fetches   []struct {
			URL     string
			Stopped bool
			Before  bool
		}
		Taken bool
	}
	runNode(t, script, &got)
	wantURL := map[string]string{fullBuild: "/sub/web/app.wasm", playerBuild: "/sub/web/app-player.wasm"}
	wantSize := map[string]int{fullBuild: 100, playerBuild: 80}
	for i, c := range cases {
		g := got[i]
		what := fmt.Sprintf("%q (hosting %v, switching %v, full kept %v, inviteBuild %q, %q%s)", c.Hash, c.Hosting, c.Switching, c.Kept, c.Invites, c.Agent, c.Search)
		if g.Kind != c.Want || g.URL != wantURL[c.Want] || g.Size != wantSize[c.Want] {
			t.Errorf("%s: build %s at %s (%d bytes), want %s", what, g.Kind, g.URL, g.Size, c.Want)
		}
		if c.Agent != phone || c.Search != "" {
			if len(g.Fetches) != 0 {
				t.Errorf("%s: downloaded %+v, want nothing, as go-app's loader", what, g.Fetches)
			}
			continue
		}
		if len(g.Fetches) == 0 || !g.Fetches[0].Before {
			t.Errorf("%s: downloads %+v: none started before config.js ran", what, g.Fetches)
			continue
		}
		last := g.Fetches[len(g.Fetches)-1]
		if last.URL != wantURL[c.Want] || last.Stopped || !g.Taken {
			t.Errorf("%s: downloads %+v, the loader's taken %v: want the last one of %s, going on, taken by the loader", what, g.Fetches, g.Taken, wantURL[c.Want])
		}
		for _, f := range g.Fetches[:len(g.Fetches)-1] {
			if !f.Stopped {
				t.Errorf("%s: downloads %+v: %s was not stopped once the config chose another build", what, g.Fetches, f.URL)
			}
		}
		if c.Invites == "full" && c.Hash == link && len(g.Fetches) != 2 {
			t.Errorf("%s: downloads %+v, want the player build's stopped, then the full build's", what, g.Fetches)
		}
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// workerHarness runs the site's service worker in Node.js against stubs of the browser's
// caches and network (the HTTP cache holds what scenario.httpCache names; older versions'
// caches hold scenario.older), installs it, and prints what its cache holds and what it
// downloaded. With scenario.askFull it then posts the player build's ask for the full build
// and prints the answers; with scenario.get it then fetches those addresses through it.
const workerHarness = `
const origin = "https://site.test";
const abs = (u) => new URL(typeof u === "string" ? u : u.url, origin + "/").href;
class Request {
  constructor(url, init) { this.url = abs(url); Object.assign(this, init || {}); }
}
const stores = new Map();
const store = (name) => {
  if (!stores.has(name)) stores.set(name, new Map());
  const m = stores.get(name);
  return {
    match: async (r) => (m.has(abs(r)) ? m.get(abs(r)).clone() : undefined),
    put: async (r, response) => { m.set(abs(r), new Response(await response.arrayBuffer(), { status: response.status, headers: response.headers })); },
    keys: async () => [...m.keys()].map((url) => ({ url })),
    delete: async (r) => m.delete(abs(r)),
  };
};
const caches = {
  open: async (name) => store(name),
  has: async (name) => stores.has(name),
  keys: async () => [...stores.keys()],
  delete: async (name) => stores.delete(name),
};
for (const [name, urls] of Object.entries(scenario.older)) {
  stores.set(name, new Map(urls.map((u) => [abs(u), new Response(files[new URL(abs(u)).pathname] || "x")])));
}
const network = [];
const fetch = async (r) => {
  const url = abs(r);
  const path = new URL(url).pathname;
  if (r.cache === "only-if-cached") {
    if (scenario.httpCache.includes(path)) return new Response(files[path] || "x");
    throw new TypeError("not in the HTTP cache");
  }
  network.push({ path, priority: r.priority || "" });
  return new Response(files[path] || "x", { status: 200, headers: { "Content-Type": path.endsWith(".wasm") ? "application/wasm" : "text/plain" } });
};
const handlers = {};
const self = {
  location: new URL(origin + "/app-worker.js"),
  registration: { scope: origin + "/" },
  addEventListener: (type, f) => { handlers[type] = f; },
  skipWaiting: async () => {},
};
const dispatch = async (type, event) => {
  const waits = [];
  event.waitUntil = (p) => waits.push(p);
  event.respondWith = (p) => waits.push(p.then((r) => { event.response = r; }));
  handlers[type](event);
  for (let i = 0; i < waits.length; i++) await waits[i]; // waits added meanwhile too
  return event;
};
(async () => {
  new Function("self", "caches", "fetch", "Request", "console", worker)(self, caches, fetch, Request, console);
  await dispatch("install", {});
  const result = { installed: [], network: network.slice(), answers: [], served: [] };
  const cacheName = [...stores.keys()].find((k) => k.startsWith("app-") && !(k in scenario.older));
  const kept = async () => (await (await caches.open(cacheName)).keys()).map((r) => new URL(r.url).pathname).sort();
  result.installed = await kept();
  network.length = 0;
  if (scenario.askFull) {
    const answers = [];
    const done = new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = ({ data }) => { answers.push(data); if (data.done || data.failed) { channel.port1.close(); resolve(); } };
      dispatch("message", { data: { type: "safehouse-full-build" }, ports: [channel.port2] });
    });
    await done;
    result.answers = answers;
  }
  for (const path of scenario.get) {
    const event = await dispatch("fetch", { request: { url: abs(path), method: "GET", mode: "cors" } });
    result.served.push((await event.response.arrayBuffer()).byteLength);
  }
  result.network = network;
  result.after = await kept();
  console.log(JSON.stringify(result));
})();
`

type workerScenario struct {
	HTTPCache []string            `json:"httpCache"` // paths the browser's HTTP cache holds
	Older     map[string][]string `json:"older"`     // an older version's cache name -> its files
	AskFull   bool                `json:"askFull"`   // the player build asks for the full build
	Get       []string            `json:"get"`       // then fetched through the worker
}

type workerResult struct {
	Installed, After []string
	Network          []struct{ Path, Priority string }
	Answers          []struct {
		Percent *int
		Done    bool
		Failed  string
	}
	Served []int
}

// runWorker runs the site at out's service worker through one scenario.
func runWorker(t *testing.T, out string, sc workerScenario) workerResult {
	t.Helper()
	files := map[string]string{}
	for _, name := range buildFiles {
		files["/web/"+name] = string(siteFile(t, out, "web", name))
	}
	if sc.Older == nil {
		sc.Older = map[string][]string{}
	}
	if sc.Get == nil {
		sc.Get = []string{}
	}
	fj, _ := json.Marshal(files)
	sj, _ := json.Marshal(sc)
	script := "const worker = " + jsString(string(siteFile(t, out, "app-worker.js"))) + ";\nconst files = " + string(fj) +
		";\nconst scenario = " + string(sj) + ";\n" + workerHarness
	var r workerResult
	runNode(t, script, &r)
	return r
}

// The worker's install keeps every file of the site but the builds, and of those the ones this
// browser runs: an invitee's first visit (the player build in the HTTP cache, as the page just
// ran it) installs without the full build, so the join does not share the line with it;
// a first visit from home, or a server whose wasm the HTTP cache did not keep, installs the
// full build; an update keeps every build the older version had. Then the player build's ask
// brings the full build at low priority, reporting progress and done, and a build not in the
// cache is kept as it passes through the worker.
func TestServiceWorkerKeepsTheBuildsInUse(t *testing.T) {
	out := generatedSite(t, config{web: fakeWeb(t)})
	worker := string(siteFile(t, out, "app-worker.js"))
	m := regexp.MustCompile(`const resourcesToCache = (\[[^;]*\]);`).FindStringSubmatch(worker)
	if m == nil {
		t.Fatal("app-worker.js has no resourcesToCache")
	}
	var all []string
	if err := json.Unmarshal([]byte(m[1]), &all); err != nil {
		t.Fatal(err)
	}
	core := slices.DeleteFunc(slices.Clone(all), func(u string) bool { return strings.HasSuffix(u, ".wasm") })
	with := func(builds ...string) []string {
		return slices.Sorted(slices.Values(append(slices.Clone(core), builds...)))
	}
	const full, player = "/web/app.wasm", "/web/app-player.wasm"

	invitee := runWorker(t, out, workerScenario{HTTPCache: []string{player, "/app.js"}, AskFull: true, Get: []string{full, player}})
	if !slices.Equal(invitee.Installed, with(player)) {
		t.Errorf("an invitee's first visit installs %v, want the site with the player build only: %v", invitee.Installed, with(player))
	}
	if n := len(invitee.Answers); n < 2 || !invitee.Answers[n-1].Done || invitee.Answers[n-2].Percent == nil || *invitee.Answers[n-2].Percent != 100 {
		t.Errorf("the ask for the full build was answered %+v, want progress up to 100 and done", invitee.Answers)
	}
	if len(invitee.Network) != 1 || invitee.Network[0].Path != full || invitee.Network[0].Priority != "low" {
		t.Errorf("after the ask the worker downloaded %+v, want the full build once, at low priority", invitee.Network)
	}
	if !slices.Equal(invitee.After, with(full, player)) {
		t.Errorf("after the ask the cache holds %v, want both builds", invitee.After)
	}
	fullSize, playerSize := len(siteFile(t, out, "web", "app.wasm")), len(siteFile(t, out, "web", "app-player.wasm"))
	if !slices.Equal(invitee.Served, []int{fullSize, playerSize}) {
		t.Errorf("the worker served the builds as %v bytes, want %v", invitee.Served, []int{fullSize, playerSize})
	}

	for _, http := range [][]string{{full}, nil} {
		host := runWorker(t, out, workerScenario{HTTPCache: http, Get: []string{player}})
		if !slices.Equal(host.Installed, with(full)) {
			t.Errorf("HTTP cache %v: the install keeps %v, want the site with the full build: %v", http, host.Installed, with(full))
		}
		if len(host.Network) != 1 || host.Network[0].Path != player || !slices.Equal(host.After, with(full, player)) {
			t.Errorf("HTTP cache %v: the player build fetched through the worker went to the network as %+v and left the cache with %v, want it kept",
				http, host.Network, host.After)
		}
	}

	update := runWorker(t, out, workerScenario{Older: map[string][]string{"app-older": {full, player, "/app.js"}}})
	if !slices.Equal(update.Installed, with(full, player)) {
		t.Errorf("an update from a version with both builds installs %v, want both", update.Installed)
	}
	if len(update.Network) != 0 {
		t.Errorf("a worker with nothing asked downloaded %+v", update.Network)
	}
}

// A page under the service worker whose build the worker keeps hands that response to the
// compiler as it is; any other start streams the download through the loader's counting
// stream, for the progress label. The page asks the cache the worker answers from: the
// worker's cache name is "app-" and the version, which the page knows as GOAPP_VERSION.
func TestKeptBuildSkipsTheProgressStream(t *testing.T) {
	out := generatedSite(t, config{web: fakeWeb(t)})
	js := string(siteFile(t, out, "app.js"))
	if strings.Count(js, fetchTheKeptBuild) != 1 {
		t.Fatal("app.js streams a kept build through the progress stream")
	}
	if strings.Contains(js, goappFetchTheBuild) {
		t.Error("app.js fetches the build itself, not taking the download the page started (build.js)")
	}
	if strings.Index(js, fetchTheKeptBuild) > strings.Index(js, "new ReadableStream(") {
		t.Error("the kept build's check comes after the progress stream is made")
	}
	version := regexp.MustCompile(`"GOAPP_VERSION":"([0-9a-f]+)"`).FindStringSubmatch(js)
	worker := regexp.MustCompile(`const cacheName = "app-" \+ "([0-9a-f]+)";`).FindStringSubmatch(string(siteFile(t, out, "app-worker.js")))
	if version == nil || worker == nil || version[1] != worker[1] {
		t.Errorf("the page's version %v and the worker's cache %v do not name one cache", version, worker)
	}
}

// An invite link's page opens the signaling socket the app's join then takes
// (earlysocket.js): to the address the app dials (app/invite.go signalURL, then
// app/session roomURL), with the invite's room in the query, once go-app's settings are read;
// no page without an invite opens one; and a socket the app has not taken is closed after a
// while, well before the server would give up on its silence.
func TestInvitePageOpensTheSignalingSocket(t *testing.T) {
	type page struct {
		Hash       string `json:"hash"`
		Href       string `json:"href"`
		Configured string `json:"configured"`
		Baked      string `json:"baked"`
		Prefix     string `json:"prefix"`
		Want       string `json:"-"`
	}
	const invite = "#join=abc-def&k=0123456789abcdefghijkl"
	cases := []page{
		{invite, "http://192.168.1.5:8080/", "", "", "/", "ws://192.168.1.5:8080/signal?room=ABCDEF"},
		{invite, "https://party.example.org/", "", "", "/", "wss://party.example.org/signal?room=ABCDEF"},
		{invite, "https://example.org/games/index.html", "", "", "", "wss://example.org/games/signal?room=ABCDEF"},
		{invite, "https://example.org/x/", "", "", "/safehouse/", "wss://example.org/safehouse/signal?room=ABCDEF"},
		{invite, "https://example.org/", "", "wss://baked.example.org/signal", "/", "wss://baked.example.org/signal?room=ABCDEF"},
		{invite, "https://example.org/", " wss://signal.example.org/signal ", "wss://baked.example.org/signal", "/", "wss://signal.example.org/signal?room=ABCDEF"},
		{"#join=QRS234", "http://localhost:8080/", "", "", "/", "ws://localhost:8080/signal?room=QRS234"},
		{"", "http://localhost:8080/", "", "", "/", ""},
		{"#join=ABCDE", "http://localhost:8080/", "", "", "/", ""},
		{"#theme=dark", "http://localhost:8080/", "", "", "/", ""},
		{invite, "https://example.org/", "not a url", "", "/", ""},
	}
	input, _ := json.Marshal(cases)
	script := `const run = new Function("window", "location", "document", "WebSocket", "goappEnv", "setTimeout", "navigator", "fetch", ` + jsString(buildChoice+applyTheConfig+earlySocket) + `);
const out = ` + string(input) + `.map((c) => {
  const window = { safehouseConfig: { signalURL: c.configured }, safehouseBuilds: {"full": {"url": "/web/app.wasm", "size": 1}, "player": {"url": "/web/app-player.wasm", "size": 1}},
    localStorage: { getItem: () => null }, sessionStorage: { getItem: () => null } };
  const u = new URL(c.href);
  const location = { hash: c.hash, href: c.href, protocol: u.protocol, host: u.host, pathname: u.pathname };
  const sockets = [];
  class WebSocket {
    constructor(url) { this.url = new URL(url).href; this.closed = false; this.listeners = {}; sockets.push(this); }
    addEventListener(type, fn) { (this.listeners[type] = this.listeners[type] || []).push(fn); }
    close() { this.closed = true; }
  }
  const timers = [];
  const ready = [];
  const document = { readyState: "loading", addEventListener: (type, fn) => ready.push(fn), createElement: () => ({}), head: { appendChild: () => {} } };
  run(window, location, document, WebSocket, { SIGNAL_URL: c.baked, GOAPP_ROOT_PREFIX: c.prefix }, (fn, ms) => timers.push({ fn, ms }),
    { userAgent: "Mozilla/5.0" }, () => Promise.resolve({}));
  const before = sockets.length;
  ready.forEach((fn) => fn());
  const early = window.safehouseEarlySocket;
  const message = () => { if (early) early.socket.listeners.message.forEach((fn) => fn({ data: "{\"t\":\"x\"}" })); };
  message();
  timers.forEach((t) => { if (t.ms >= 20000 && t.ms <= 29000) t.fn(); });
  return { before, urls: sockets.map((s) => s.url), queued: early ? early.queue.length : 0,
    closed: sockets.map((s) => s.closed), left: window.safehouseEarlySocket !== undefined, timers: timers.map((t) => t.ms) };
});
console.log(JSON.stringify(out));`
	var got []struct {
		Before int
		URLs   []string
		Queued int
		Closed []bool
		Left   bool
		Timers []int
	}
	runNode(t, script, &got)
	for i, c := range cases {
		g := got[i]
		if c.Want == "" {
			if len(g.URLs) != 0 {
				t.Errorf("%q at %s: opened %v, want no socket", c.Hash, c.Href, g.URLs)
			}
			continue
		}
		if g.Before != 0 || len(g.URLs) != 1 || g.URLs[0] != c.Want {
			t.Errorf("%q at %s (config %q, baked %q, prefix %q): opened %v (%d before the page's scripts ran), want %s once they had",
				c.Hash, c.Href, c.Configured, c.Baked, c.Prefix, g.URLs, g.Before, c.Want)
			continue
		}
		if g.Queued != 1 {
			t.Errorf("%q: %d of the server's messages kept for the app, want 1", c.Hash, g.Queued)
		}
		if len(g.Timers) != 1 || !g.Closed[0] || g.Left {
			t.Errorf("%q: timers %v; closed %v, still offered %v: a socket nobody took must be closed and withdrawn", c.Hash, g.Timers, g.Closed, g.Left)
		}
	}
}
