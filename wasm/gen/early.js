// Safehouse's first seconds. The prerendered page is on screen long before the app's wasm
// runs (seconds on a phone's first visit): this keeps what the player does meanwhile -- the
// name and code typed, the language and theme chosen, a press on Join or Create -- for the
// app to carry out as it starts (app/early.go); the pressed button says calmly that the app
// is getting ready. It runs inline in <head>, before the body exists, so no press slips by.
(() => {
  const early = { name: null, code: null, lang: null, theme: null, press: null };
  const fields = { name: "name", code: "code", "pref-lang": "lang", "pref-theme": "theme" };
  let taken = false;

  // Values set before this script could listen (autofill, a restored form) count too.
  const snapshot = () => {
    for (const [id, key] of Object.entries(fields)) {
      const f = document.getElementById(id);
      if (!f || early[key] !== null) continue;
      const initial = f.options ? [...f.options].find((o) => o.defaultSelected) : null;
      if (f.value !== (f.options ? (initial ? initial.value : f.value) : f.defaultValue)) {
        early[key] = f.value;
      }
    }
  };

  // An invite names its room in the URL fragment, which no server sees. The page carries
  // the invited screen (a name field and Join) with a mark for the room: shown in place of
  // home, it is what the app will show, so nothing moves when the app starts. A room that is
  // not one the app accepts leaves home as it is: the app explains the link when it runs.
  const showInvite = () => {
    const m = /(?:^#|&)join=([^&]*)/.exec(location.hash);
    const page = document.getElementById("invited-page");
    const home = document.querySelector("body > .app");
    if (taken || !m || !page || !home || document.getElementById("invited-title")) return;
    let room;
    try {
      room = decodeURIComponent(m[1]).toUpperCase().replace(/[\s-]/g, "");
    } catch (e) {
      return;
    }
    if (!/^[A-HJ-NP-Z2-9]{6}$/.test(room)) return;
    const screen = page.content.cloneNode(true);
    const text = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
    while (text.nextNode()) text.currentNode.data = text.currentNode.data.replaceAll("@ROOM@", room);
    home.replaceWith(screen);
  };

  const hold = (what, button) => {
    if (early.press) return;
    early.press = what;
    snapshot();
    if (button) {
      button.setAttribute("aria-busy", "true");
      button.classList.add("waiting");
      if (button.dataset.wait) button.textContent = button.dataset.wait;
    }
  };

  // Language packs (issue 21): English is inside the app; every other language is a file of
  // the site (window.safehousePacks, written by the site generator: language -> address).
  // The pack of the language the app will start in -- the one remembered, else the browser's
  // -- is fetched now, beside the wasm, so it is there when the app runs. The app asks for a
  // pack through pack(): a download under way or done before the app asked is shared, and
  // forgotten once the app has it, so asking again (after a pack the app could not read)
  // asks the network again.
  const packs = window.safehousePacks || {};
  const fetching = {};
  const langCache = "safehouse-lang"; // the service worker's cache of packs (app-worker.js)
  // usable says whether text is lang's pack as the app reads it (i18n.Load): JSON naming
  // lang, with texts. A corrupt answer is never kept.
  const usable = (lang, text) => {
    try {
      const p = JSON.parse(text);
      return p !== null && p.lang === lang && p.ui !== null && typeof p.ui === "object" && Object.keys(p.ui).length > 0;
    } catch (e) {
      return false;
    }
  };
  const arrived = {}; // lang -> a pack that came whole, for the app's first frame (packText)
  const download = async (lang) => {
    const r = await fetch(packs[lang]);
    if (!r.ok) throw new Error(packs[lang] + ": " + r.status);
    const text = await r.text();
    if (!usable(lang, text)) {
      // Perhaps a corrupt copy kept before: dropped, so the next try asks the network.
      if (window.caches) await caches.open(langCache).then((c) => c.delete(packs[lang])).catch(() => {});
      throw new Error(packs[lang] + ": not a usable language pack");
    }
    // Kept for offline use in the worker's cache: on a first visit the worker is not in
    // charge yet, so the page keeps it itself.
    if (window.caches) {
      const copy = new Response(text, { headers: { "Content-Type": "application/json" } });
      await caches.open(langCache).then((c) => c.put(packs[lang], copy)).catch(() => {});
    }
    arrived[lang] = text;
    return text;
  };
  const get = (lang) => {
    if (!fetching[lang]) {
      const p = download(lang);
      fetching[lang] = p;
      p.catch(() => {
        if (fetching[lang] === p) delete fetching[lang];
      });
    }
    return fetching[lang];
  };
  const pack = (lang) => {
    if (!Object.prototype.hasOwnProperty.call(packs, lang)) {
      return Promise.reject(new Error("no language pack for " + lang));
    }
    const p = get(lang);
    p.then(() => {
      if (fetching[lang] === p) delete fetching[lang];
    }, () => {});
    return p;
  };
  // startLanguage is the app's choice at start (app/settings.go, i18n.Match): the remembered
  // language if the app offers it, else the first of the browser's the app can serve, in its
  // own variety where there is a pack for it ("es-MX" is "es-419", "zh-TW" is "zh-Hant"), else
  // in the language ("pt-PT" is "pt" without a pack of its own), else English.
  const offered = (l) => l === "en" || Object.prototype.hasOwnProperty.call(packs, l);
  const startLanguage = () => {
    try {
      const kept = JSON.parse(localStorage.getItem("safehouse.lang"));
      if (typeof kept === "string" && offered(kept)) return kept;
    } catch (e) {
      // nothing remembered, or storage unavailable
    }
    for (const l of navigator.languages || [navigator.language || ""]) {
      for (const c of window.safehouseCandidates(l, window.safehouseVarieties)) {
        if (offered(c)) return c;
      }
    }
    return "en";
  };
  const prefetch = (lang) => {
    if (offered(lang) && lang !== "en") get(lang).catch(() => {}); // the app says so if it still fails
  };
  const start = startLanguage();
  prefetch(start);

  // The page in the player's language from its first frame (issue 34; wasm/gen/langpage.go):
  // <html lang> and dir now, before the body is parsed; the page's texts in the language from
  // the copy kept on an earlier visit, else from the language's page script, which the parser
  // waits for (a small file, on a first visit only); they are put on the page as soon as it
  // is parsed (translatePage), before it is drawn.
  const langs = window.safehouseLangs || {};
  const own = (o, k) => o !== null && typeof o === "object" && Object.prototype.hasOwnProperty.call(o, k);
  const pageKey = "safehouse.page";
  let pageTexts = null; // {lang, texts: {English: translation}, loading}
  if (own(langs, start)) {
    document.documentElement.lang = langs[start].tag;
    document.documentElement.dir = langs[start].dir;
  }
  if (start !== "en" && own(langs, start)) {
    const entry = langs[start];
    const manifest = document.querySelector('link[rel="manifest"]');
    if (manifest && entry.manifest) manifest.href = entry.manifest;
    let kept = null;
    try {
      kept = JSON.parse(localStorage.getItem(pageKey));
    } catch (e) {
      // none kept, or storage unavailable
    }
    if (own(kept, "texts") && kept.texts && kept.texts.lang === start) pageTexts = kept.texts; // an older version's until this one's comes
    if (!(own(kept, "page") && kept.page === entry.page && pageTexts) && entry.page && document.readyState === "loading") {
      document.write('<script src="' + entry.page + '"><\/script>');
    }
  }
  // texts is what a language's page script calls with the page's texts: kept for the next visit.
  const texts = (data) => {
    if (!own(data, "lang") || data.lang !== start || !own(langs, start)) return;
    pageTexts = data;
    try {
      localStorage.setItem(pageKey, JSON.stringify({ page: langs[start].page, texts: data }));
    } catch (e) {
      // not kept: the next visit loads the script again
    }
  };
  const translatable = ["placeholder", "aria-label", "title", "alt", "data-wait"];
  const speaks = () => pageTexts !== null && pageTexts.lang === start;
  const translateText = (n) => {
    const s = n.data.trim();
    if (s && own(pageTexts.texts, s)) n.data = n.data.replace(s, pageTexts.texts[s]);
  };
  const translateAttrs = (e) => {
    for (const a of translatable) {
      const v = e.getAttribute(a);
      if (v && own(pageTexts.texts, v)) e.setAttribute(a, pageTexts.texts[v]);
    }
  };
  // translate puts the language's texts in node and everything in it.
  const translate = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return translateText(node);
    if (node.nodeType === Node.ELEMENT_NODE) translateAttrs(node);
    const walk = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) translateText(n);
    for (const e of node.querySelectorAll(translatable.map((a) => "[" + a + "]").join(", "))) translateAttrs(e);
  };
  let translated = false;
  const translatePage = () => {
    if (translated || !speaks()) return;
    translated = true;
    translate(document.body);
    const invited = document.getElementById("invited-page");
    if (invited) translate(invited.content);
    const description = document.querySelector('meta[name="description"]');
    if (description && own(pageTexts.texts, description.content)) description.content = pageTexts.texts[description.content];
    const label = document.getElementById("app-wasm-loader-label");
    if (label && pageTexts.loading) label.textContent = pageTexts.loading.replace("{progress}", "0");
    // The switch shows the language, as its initial choice: not a choice the player made.
    const option = document.querySelector('#pref-lang option[value="' + start + '"]');
    if (option) for (const o of option.parentElement.options) o.defaultSelected = o === option;
  };

  const keep = (e) => {
    const key = fields[e.target.id];
    if (!taken && key) early[key] = e.target.value;
    if (!taken && key === "lang") prefetch(e.target.value);
  };
  document.addEventListener("input", keep, true);
  document.addEventListener("change", keep, true);
  document.addEventListener("click", (e) => {
    const b = !taken && e.target.closest ? e.target.closest("#create") : null;
    if (b) {
      e.preventDefault();
      hold("create", b);
    }
  }, true);
  // The prerendered form has no action: submitted now, it would reload the page.
  document.addEventListener("submit", (e) => {
    if (taken) return;
    e.preventDefault();
    if (e.target.id === "join-form") hold("join", document.getElementById("join"));
  }, true);
  // The notes about this browser (a plain-http page, no network) are in the page, hidden:
  // the server could not know; the app will show the ones that apply from its first frame.
  const applies = { insecure: !window.isSecureContext, offline: navigator.onLine === false };
  const showNotes = () => {
    for (const n of document.querySelectorAll("[data-show-if]")) {
      if (applies[n.dataset.showIf]) n.hidden = false;
    }
  };

  // Swapped as soon as home is parsed (the loader follows it in the body), before the first
  // frame if the parser allows, so the page does not shift under the player. The texts are
  // put in as the parser adds each part: the browser may draw the page before it has all of
  // it, and must never draw it in English first.
  const shown = () => {
    parsed.disconnect();
    translatePage();
    showInvite();
    showNotes();
  };
  // A note is shown in the same turn the parser adds it, as the texts are translated, and an
  // invite's screen takes home's place in the turn home is whole (something follows it; the
  // invited screen's template comes before home): waiting for the loader let a loaded phone
  // draw home first, without the note or in place of the invited screen, then change it
  // under the player (TestBrowserNotesFromTheFirstFrame).
  const parsed = new MutationObserver((records) => {
    if (speaks()) {
      for (const r of records) for (const n of r.addedNodes) translate(n);
    }
    showNotes();
    const home = document.querySelector("body > .app");
    if (home && home.nextSibling) showInvite();
    if (document.getElementById("app-wasm-loader")) shown();
  });
  parsed.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", shown);
  window.addEventListener("hashchange", () => {
    showInvite();
    showNotes();
  });

  window.safehouseEarly = {
    // pack fetches a language's pack as text (a rejected promise when it cannot be had).
    pack,
    // packText is a language's pack if it has come already, else null: the app reads the
    // start language's at once, for its first frame.
    packText: (lang) => (own(arrived, lang) ? arrived[lang] : null),
    // ready settles once the start language's pack has come or failed (three seconds at
    // most): app.js runs the wasm then (wasm/gen/langpage.go).
    ready: () => (start === "en" || !offered(start) ? Promise.resolve() :
      Promise.race([get(start).catch(() => {}), new Promise((r) => setTimeout(r, 3000))])),
    // texts takes a language's page texts (its page script calls it); loadingLabel is the
    // loader's label in the player's language (app.js reads it), or null.
    texts,
    loadingLabel: () => (pageTexts && pageTexts.lang === start && pageTexts.loading) || null,
    // take hands the record to the app once; from then on the app's own handlers act.
    take() {
      if (taken) return null;
      snapshot();
      taken = true;
      return early;
    },
  };
})();
