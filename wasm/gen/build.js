// Which build of the app this page runs (issue 35). An invite link loads the player build
// (web/app-player.wasm: the same source built with -tags player, without what only a host
// runs, wasm/doc.go), unless the site's config.js sets inviteBuild to "full" (app/config.go);
// every other start loads the full build (web/app.wasm): home, an installed app, a tab that
// hosts a game (its save is in localStorage, app/storage.go), a tab that is switching to the
// full build to carry on with something the player build cannot do (a continuation waits in
// sessionStorage, app/fullbuild.go), and any page of a browser whose service worker keeps
// the full build already (a mark in localStorage): it costs nothing more to load there, and
// only the full build can take a game over. The site generator writes window.safehouseBuilds
// ({full: {url, size}, player: {url, size}}).
//
// The wasm is most of a first visit's bytes, so its download starts here, at the top of
// <head>: an inline script after the style sheets and config.js would wait for both (on
// slow 4G its request went out at 440 ms instead of 170 ms, and the wasm ran 130 ms later:
// tools/bench `-only firstvisit`). config.js has not run yet, so the choice is made without
// it; once it has run, the page calls window.safehouseBuild.applyConfig, and when the site
// asks for the full build on invites, the player build's download stops and the full
// build's starts. app.js takes the download through window.safehouseBuild.fetch
// (wasm/gen/builds.go).
(() => {
  const hostSaveKey = "safehouse.host"; // app/storage.go
  const continueKey = "safehouse.continue"; // app/fullbuild.go
  const fullKeptKey = "safehouse.full-kept"; // set below once the worker keeps the full build

  // invitedRoom is the room code an invite at this fragment names, as early.js and the app
  // read it, or "" when the fragment names none (earlysocket.js uses it too).
  window.safehouseInvitedRoom = (hash) => {
    const m = /(?:^#|&)join=([^&]*)/.exec(hash);
    if (!m) return "";
    let room;
    try {
      room = decodeURIComponent(m[1].replace(/\+/g, " ")).toUpperCase().replace(/[\s-]/g, "");
    } catch (e) {
      return "";
    }
    return /^[A-HJ-NP-Z2-9]{6}$/.test(room) ? room : "";
  };

  // buildFor is the build a page at this fragment loads: "player" for an invite that names a
  // room, unless the site turned that off, this browser hosts a game or keeps the full build,
  // or the tab is switching to the full build.
  window.safehouseBuildFor = (hash, hosting, switching, kept, invites) => {
    if (invites === "full" || hosting || switching || kept) return "full";
    return window.safehouseInvitedRoom(hash) ? "player" : "full";
  };

  const stored = (storage, key) => {
    try {
      return Boolean(window[storage].getItem(key));
    } catch (e) {
      return false; // storage refused (a private window's setting): nothing saved in it
    }
  };

  const builds = window.safehouseBuilds;
  if (!builds) return; // a page not made by the site generator (a test's)
  const hosting = stored("localStorage", hostSaveKey);
  const switching = stored("sessionStorage", continueKey);
  const fullKept = stored("localStorage", fullKeptKey);
  const kindFor = (invites) => window.safehouseBuildFor(location.hash, hosting, switching, fullKept, invites);
  let kind = kindFor(undefined);
  const worker = () => ("serviceWorker" in navigator ? navigator.serviceWorker : null);

  // askForFull has the service worker keep the full build in its cache (app-worker.js),
  // calling progress(percent) as it comes. It resolves true once the build is kept (and marks
  // it, so that the next page of this browser loads the full build), false when no worker
  // runs this page's site (the full build then comes with the next load); it rejects when the
  // download fails.
  const askForFull = async (progress) => {
    const sw = worker();
    if (!sw || !(await sw.getRegistration())) return false;
    const registration = await sw.ready;
    await new Promise((resolve, reject) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = ({ data }) => {
        if (data.failed) reject(new Error(data.failed));
        else if (data.done) resolve();
        else if (progress) progress(data.percent);
      };
      registration.active.postMessage({ type: "safehouse-full-build" }, [channel.port2]);
    });
    try {
      localStorage.setItem(fullKeptKey, "1");
    } catch (e) {
      // storage refused: the next invite loads the player build again, and asks again
    }
    return true;
  };

  // go-app's loader fetches no wasm for a crawler or with ?wasm=false (goappCanLoadWebAssembly
  // in app.js); nor does this page.
  const loadsWasm = !/bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent) &&
    new URLSearchParams(location.search).get("wasm") !== "false";
  let download = null; // {url, response, stop}
  const startDownload = (url) => {
    if (!loadsWasm) return;
    const controller = new AbortController();
    const response = fetch(url, { signal: controller.signal });
    response.catch(() => {}); // the loader reports a failed download; a stopped one is no failure
    download = { url, response, stop: () => controller.abort() };
  };

  window.safehouseBuild = {
    kind,
    url: builds[kind].url,
    size: builds[kind].size,
    // fetch is the loader's fetch of the build: the download this page started, once (a
    // response is read once), else a new one.
    fetch: (url) => {
      const started = download && download.url === url ? download.response : null;
      download = null;
      return started || fetch(url);
    },
    // applyConfig makes the choice again with the site's settings (config.js's inviteBuild).
    applyConfig: (config) => {
      const want = kindFor((config || {}).inviteBuild);
      if (want === kind) return;
      if (download) download.stop();
      download = null;
      kind = want;
      Object.assign(window.safehouseBuild, { kind, url: builds[kind].url, size: builds[kind].size });
      startDownload(builds[kind].url);
    },
    // keepFull fetches the full build in the background (the player build asks once its join
    // is done), so that Create, pass-and-play, offline and taking a game over work from the
    // next load; kept() is called once the worker has it.
    keepFull: (kept) => {
      if (kind !== "player") return;
      askForFull(null).then((ok) => {
        if (ok && kept) kept();
      }, () => {}); // asked again at the next need
    },
    // reloadIntoFull reloads the tab, which then runs the full build the worker keeps.
    reloadIntoFull: () => location.reload(),
    // switchToFull runs the full build in this tab with continuation (JSON, app/switch.go) to
    // carry out: it waits for the worker to have the build, calling progress(percent), and
    // reloads; failed(message) when the download fails, and the page stays as it is.
    switchToFull: (continuation, progress, failed) => {
      askForFull(progress).then(() => {
        try {
          sessionStorage.setItem(continueKey, continuation);
        } catch (e) {
          // without sessionStorage the tab reloads into the full build at home
        }
        location.reload();
      }, (error) => failed(String(error)));
    },
  };
  startDownload(window.safehouseBuild.url);
})();
