// Safehouse's service worker (go-app's template, made all-or-nothing). The page keeps
// running the version it started with; a new version is announced and starts next time.
const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

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

// Install fills a fresh cache with every file or fails: a download that breaks off (a flaky
// network) deletes the partial cache and rejects, so the browser discards this worker and
// the previous one keeps serving its complete cache. "no-cache" asks the server about every
// file, so a new version never mixes in files of an old one, yet a file the page has just
// downloaded (the wasm, on a first visit) comes from the HTTP cache after a 304 instead of
// over the network a second time.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    try {
      const responses = await Promise.all(resourcesToCache.map(download));
      await Promise.all(responses.map((response, i) => cache.put(resourcesToCache[i], response)));
    } catch (error) {
      await caches.delete(cacheName);
      throw error;
    }
    await keepLanguages();
    await self.skipWaiting();
  })());
});

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
    return cached || fetch(event.request);
  })());
});

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
