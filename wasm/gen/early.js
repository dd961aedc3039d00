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
  prefetch(startLanguage());

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
  // frame if the parser allows, so the page does not shift under the player.
  const shown = () => {
    parsed.disconnect();
    showInvite();
    showNotes();
  };
  const parsed = new MutationObserver(() => {
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
    // take hands the record to the app once; from then on the app's own handlers act.
    take() {
      if (taken) return null;
      snapshot();
      taken = true;
      return early;
    },
  };
})();
