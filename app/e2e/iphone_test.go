//go:build !wasm

package e2e

// What is known about iPhones, checked on every screen a WebKit test photographs (and, where
// Chromium can show it, in Chromium): issue 33.

// iPhoneChecks lists, as sentences, what on the page would trouble an iPhone:
//   - a field (input, select, textarea) whose text is under 16 px: iOS zooms the page into it
//     on focus, and the player has to pinch back out;
//   - a control smaller than 44 by 44 px, the least Apple's guidelines allow a finger (a link
//     inside a sentence excepted, as WCAG 2.5.8 excepts it; a checkbox or radio button counts
//     with its label, which takes the tap too);
//   - a style that shows or reveals something on :hover only (a phone has no hover: what only
//     a pointer resting on it reveals is never seen).
const iPhoneChecks = `(() => {
	const out = [];
	const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
		(typeof e.className === "string" && e.className.trim() ? "." + e.className.trim().split(/\s+/).join(".") : "");
	const shown = e => {
		const r = e.getBoundingClientRect(), s = getComputedStyle(e);
		return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && !e.closest("[hidden], [inert], [aria-hidden=true]");
	};
	const fields = "input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=range]):not([type=color]), select, textarea";
	for (const f of document.querySelectorAll(fields)) {
		if (!shown(f)) continue;
		const px = parseFloat(getComputedStyle(f).fontSize);
		if (px < 16) out.push(name(f) + ": text of " + px + " px zooms the page on focus (16 px at least)");
	}
	const controls = "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [tabindex]:not([tabindex='-1'])";
	for (const c of document.querySelectorAll(controls)) {
		if (!shown(c) || c.matches(":disabled")) continue;
		let box = c.getBoundingClientRect();
		if (c.matches("input[type=checkbox], input[type=radio]")) {
			const label = c.closest("label") || (c.id && document.querySelector("label[for='" + c.id + "']"));
			if (label) box = label.getBoundingClientRect();
		}
		if (c.matches("a") && getComputedStyle(c).display === "inline") {
			const parent = c.parentElement;
			if (parent && (parent.textContent || "").trim().length > (c.textContent || "").trim().length) continue;
		}
		const w = Math.round(box.width), hgt = Math.round(box.height);
		if (w < 44 || hgt < 44) out.push(name(c) + ": " + w + " by " + hgt + " px, under a finger's 44 by 44");
	}
	const reveals = /(^|;)\s*(display|visibility|opacity|content|max-height|height|clip|clip-path)\s*:/;
	const walk = (rules, where) => {
		for (const r of rules) {
			if (r.cssRules && !r.selectorText) { walk(r.cssRules, where); continue; }
			if (!r.selectorText || !r.selectorText.includes(":hover")) continue;
			if (reveals.test(r.style.cssText)) out.push(where + ": " + r.selectorText + " { " + r.style.cssText + " } shows something on hover only");
		}
	};
	for (const s of document.styleSheets) {
		let rules;
		try { rules = s.cssRules; } catch (e) { continue; }
		walk(rules, (s.href || "inline").replace(location.origin, ""));
	}
	return [...new Set(out)];
})()`

// checkIPhone fails the test for each of iPhoneChecks' findings on the screen.
func checkIPhone(p browserTab, browser, screen string) {
	p.test().Helper()
	for _, f := range js[[]string](p, iPhoneChecks) {
		p.test().Errorf("%s (%s), on an iPhone: %s", screen, browser, f)
	}
}
