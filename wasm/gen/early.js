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

  // An invite names its room in the URL fragment, which no server sees: show it in the
  // code field, so the room, the name field and Join are there before the app is.
  const showInvite = () => {
    const m = /(?:^#|&)join=([^&]*)/.exec(location.hash);
    const code = document.getElementById("code");
    if (!taken && m && code && !code.value) {
      try {
        code.value = decodeURIComponent(m[1]).toUpperCase();
      } catch (e) {
        // a damaged link: the app explains it when it starts
      }
    }
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

  const keep = (e) => {
    const key = fields[e.target.id];
    if (!taken && key) early[key] = e.target.value;
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
  document.addEventListener("DOMContentLoaded", showInvite);
  window.addEventListener("hashchange", showInvite);

  window.safehouseEarly = {
    // take hands the record to the app once; from then on the app's own handlers act.
    take() {
      if (taken) return null;
      snapshot();
      taken = true;
      return early;
    },
  };
})();
