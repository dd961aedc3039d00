// The codes that could serve one of the browser's preferred languages, best first, as the app
// reads them (i18n.Candidates, app/i18n/match.go; wasm/gen's TestPageMatchesLanguagesAsTheAppDoes
// holds the two together): the language with its region or script as they are ("es-419",
// "zh-Hant"), the variety its region or script belongs to ("es-MX" is "es-419", "zh-TW" is
// "zh-Hant"), then the language alone. varieties is i18n.Varieties(), written into the page.
window.safehouseCandidates = (preferred, varieties) => {
  const parts = String(preferred || "").trim().split(/[-_]+/).filter((p) => p !== "");
  if (parts.length === 0 || !/^[A-Za-z]{2,3}$/.test(parts[0])) return [];
  let primary = parts[0].toLowerCase();
  primary = { iw: "he", in: "id", ji: "yi" }[primary] || primary;
  let script = "", region = "";
  for (const p of parts.slice(1)) {
    if (/^[A-Za-z]{4}$/.test(p) && script === "" && region === "") {
      script = p[0].toUpperCase() + p.slice(1).toLowerCase();
    } else if (/^([A-Za-z]{2}|[0-9]{3})$/.test(p) && region === "") {
      region = p.toUpperCase();
    }
  }
  const out = [];
  const add = (code) => {
    if (!out.includes(code)) out.push(code);
  };
  if (region !== "") add(primary + "-" + region);
  if (script !== "") add(primary + "-" + script);
  for (const v of varieties || []) {
    if (v.language !== primary) continue;
    if (script !== "" ? v.script === script : region !== "" && v.regions.split(" ").includes(region)) {
      add(v.code);
      break;
    }
  }
  add(primary);
  return out;
};
