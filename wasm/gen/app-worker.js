// Safehouse's service worker (go-app's template, made all-or-nothing). The page keeps
// running the version it started with; a new version is announced and starts next time.
const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

// The app comes in two builds (wasm/gen/builds.go): "full", and "player", which an invite
// link loads. The install keeps the build(s) this browser runs; the full build comes later,
// when the player build asks for it (the "safehouse-full-build" message below).
const builds = {/*BUILDS*/};
const buildURLs = Object.values(builds).map((b) => new URL(b.url, self.location).href);
const isBuild = (url) => buildURLs.includes(new URL(url, self.location).href);
const coreFiles = resourcesToCache.filter((url) => !isBuild(url));

// Language packs (lang/<lang>.<hash>.json) are not in the install: a player fetches only
// their own language. Each one fetched is kept in a cache of its own that outlives versions,
// so a language once used works offline; the site generator puts this version's packs here.
const langCacheName = "safehouse-lang";
const langPacks = [/*LANG_PACKS*/];
// A pack's language is its file's code: a BCP 47 tag, "ru" or "es-419" or "zh-Hant".
const packLang = (url) => (/\/lang\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.[0-9a-f]+\.json$/.exec(new URL(url, self.location).pathname) || [])[1];

// usablePack says whether text is lang's pack as the app reads it (i18n.Load; the page's
// early.js checks the same): only such a pack is kept, never a corrupt answer.
const usablePack = (lang, text) => {
  try {
    const p = JSON.parse(text);
    return p !== null && p.lang === lang && p.ui !== null && typeof p.ui === "object" && Object.keys(p.ui).length > 0;
  } catch (error) {
    return false;
  }
};

// packResponse reads a pack's response whole: a copy to keep when usable, else null.
async function packResponse(url, response) {
  const text = await response.text();
  if (!usablePack(packLang(url), text)) {
    return null;
  }
  return new Response(text, { status: 200, headers: { "Content-Type": "application/json" } });
}

// Install fills a fresh cache with every file and the builds in use, or fails: a download
// that breaks off (a flaky network) deletes the partial cache and rejects, so the browser
// discards this worker and the previous one keeps serving its complete cache. "no-cache"
// asks the server about every file, so a new version never mixes in files of an old one,
// yet a file the page has just downloaded (the wasm, on a first visit) comes from the HTTP
// cache after a 304 instead of over the network a second time.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const files = coreFiles.concat(await buildsInUse());
    const cache = await caches.open(cacheName);
    try {
      const responses = await Promise.all(files.map(download));
      await Promise.all(responses.map((response, i) => cache.put(files[i], response)));
    } catch (error) {
      await caches.delete(cacheName);
      throw error;
    }
    await keepLanguages();
    await self.skipWaiting();
  })());
});

// buildsInUse is what the install keeps of the builds: each one an older version kept or this
// browser's HTTP cache holds (the page just ran it: an invitee's first visit holds the player
// build only, and does not download the full one while it joins), else the full build.
async function buildsInUse() {
  const olderCaches = (await caches.keys()).filter((key) => key !== cacheName && key !== langCacheName);
  const inUse = [];
  for (const b of Object.values(builds)) {
    let kept = false;
    for (const key of olderCaches) {
      kept = kept || Boolean(await (await caches.open(key)).match(b.url));
    }
    if (kept || (await inHTTPCache(b.url))) inUse.push(b.url);
  }
  return inUse.length > 0 ? inUse : [builds.full.url];
}

// inHTTPCache says whether the browser's HTTP cache holds url, asking no server.
async function inHTTPCache(url) {
  try {
    const response = await fetch(new Request(url, { cache: "only-if-cached", mode: "same-origin" }));
    if (response.body) await response.body.cancel();
    return response.ok;
  } catch (error) {
    return false; // not cached, or a browser without only-if-cached
  }
}

// The player build asks for the full build once it has joined, and again when its player
// wants something only the full build does (build.js): the answer on the message's port
// reports {percent} as it comes, then {done} once it is in this version's cache, or {failed}.
// One download serves every ask.
let fullDownload = null;
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "safehouse-full-build" || !event.ports[0]) {
    return;
  }
  const port = event.ports[0];
  const listeners = fullDownload ? fullDownload.listeners : new Set();
  listeners.add(port);
  if (!fullDownload) {
    const done = keepFullBuild((percent) => listeners.forEach((p) => p.postMessage({ percent })));
    fullDownload = { listeners, done };
    done.then(() => listeners.forEach((p) => p.postMessage({ done: true })),
      (error) => listeners.forEach((p) => p.postMessage({ failed: String(error) })))
      .finally(() => { fullDownload = null; });
  }
  event.waitUntil(fullDownload.done.catch(() => {}));
});

// keepFullBuild puts the full build into this version's cache, downloading it at low priority
// (the game's own traffic goes first) unless it is there already.
async function keepFullBuild(progress) {
  const cache = await caches.open(cacheName);
  if (await cache.match(builds.full.url)) {
    return;
  }
  const response = await fetch(new Request(builds.full.url, { cache: "no-cache", priority: "low" }));
  if (!response.ok) {
    throw new Error(builds.full.url + ": " + response.status);
  }
  const reader = response.body.getReader();
  const chunks = [];
  let loaded = 0;
  let shown = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    const percent = Math.min(100, Math.floor((loaded * 100) / builds.full.size));
    if (percent !== shown) progress((shown = percent));
  }
  if (loaded !== builds.full.size) {
    throw new Error(builds.full.url + ": " + loaded + " of " + builds.full.size + " bytes");
  }
  await cache.put(builds.full.url, wasmResponse(new Blob(chunks)));
}

// wasmResponse is a build as the cache answers the page with it: WebAssembly's streaming
// compile wants application/wasm.
const wasmResponse = (body) => new Response(body, { status: 200, headers: { "Content-Type": "application/wasm" } });

// keepLanguages downloads this version's pack of every language a previous version kept, so
// an update does not take a language used offline away. A pack that fails to come is left
// to be fetched when next used: the update does not fail for it.
async function keepLanguages() {
  if (!(await caches.has(langCacheName))) {
    return; // no language but English used yet (caches.open would make an empty cache)
  }
  const langCache = await caches.open(langCacheName);
  const kept = new Set((await langCache.keys()).map((r) => packLang(r.url)));
  await Promise.all(langPacks.filter((url) => kept.has(packLang(url))).map(async (url) => {
    try {
      if (await langCache.match(url)) return;
      const pack = await packResponse(url, await download(url));
      if (pack) await langCache.put(url, pack);
    } catch (error) {
      // fetched again when the player next uses the language
    }
  }));
}

// download fetches one file for the cache. A static host may answer the app's page (the
// prefix without its slash) with a redirect; a redirected response cannot answer a
// navigation, so it is stored as a plain copy.
async function download(url) {
  const response = await fetch(new Request(url, { cache: "no-cache" }));
  if (!response.ok) {
    throw new Error(url + ": " + response.status);
  }
  if (!response.redirected) {
    return response;
  }
  return new Response(await response.blob(), { status: 200, headers: response.headers });
}

// Activate runs only after a complete install: only then are older caches dropped. It does
// not claim pages opened before any worker existed: go-app would take that first install for
// an update and announce a new version on the very first visit. The next load is served
// from the cache anyway.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keys = await caches.keys();
    await Promise.all(keys.filter((key) => key !== cacheName && key !== langCacheName).map((key) => caches.delete(key)));
    // Packs of older versions go; this version's stay.
    if (!(await caches.has(langCacheName))) {
      return;
    }
    const langCache = await caches.open(langCacheName);
    const current = new Set(langPacks.map((url) => new URL(url, self.location).href));
    await Promise.all((await langCache.keys()).filter((r) => !current.has(r.url)).map((r) => langCache.delete(r)));
  })());
});

// Cache first, from this version's cache only. A navigation (the app's page, perhaps with a
// query, a trailing slash or an invite fragment) is the app page.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(cacheName);
    if (new URL(event.request.url).pathname.endsWith("/web/config.js")) {
      return configFirstFromNetwork(cache, event.request);
    }
    if (packLang(event.request.url)) {
      return packFromCacheOrNetwork(event.request);
    }
    let cached = await cache.match(event.request);
    if (!cached && event.request.mode === "navigate") {
      const scope = self.registration.scope;
      cached = (await cache.match(scope, { ignoreSearch: true })) ||
        (await cache.match(scope.replace(/\/$/, ""), { ignoreSearch: true }));
    }
    if (!cached && isBuild(event.request.url)) {
      return buildFromNetwork(event, cache);
    }
    return cached || fetch(event.request);
  })());
});

// A build this cache has not got (the player build, on a device that hosted before and now
// opens an invite) is kept as it passes, so it too starts offline next time.
async function buildFromNetwork(event, cache) {
  const response = await fetch(event.request);
  if (response.ok && response.status === 200) {
    const copy = response.clone();
    event.waitUntil(copy.blob().then((body) => cache.put(event.request.url, wasmResponse(body))).catch(() => {}));
  }
  return response;
}

// config.js holds the deployment settings, which a host may edit without a new version:
// fetched fresh when the network is there (and kept), from the cache when not.
async function configFirstFromNetwork(cache, request) {
  try {
    const response = await fetch(request, { cache: "no-cache" });
    if (response.ok) {
      await cache.put(request, response.clone());
      return response;
    }
  } catch (error) {
    // offline: the cached copy below
  }
  return (await cache.match(request)) || fetch(request);
}

// A language pack never changes under its name: from the cache when kept, else from the
// network, kept when it came whole and usable (a corrupt answer goes to the page, which says
// so, and is asked for again next time).
async function packFromCacheOrNetwork(request) {
  const langCache = await caches.open(langCacheName);
  const cached = await langCache.match(request);
  if (cached) {
    return cached;
  }
  const response = await fetch(request);
  if (!response.ok) {
    return response;
  }
  const body = await response.clone().text();
  if (usablePack(packLang(request.url), body)) {
    await langCache.put(request, new Response(body, { status: 200, headers: { "Content-Type": "application/json" } }));
  }
  return response;
}
