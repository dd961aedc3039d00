// Lighthouse (accessibility, best practices) on Safehouse's home and lobby, against Debian's
// Chromium. Usage: node lighthouse.mjs http://127.0.0.1:PORT/ [min-score]
// The home page is a navigation; the lobby is a snapshot after "Create a game" (it is a state
// of the page, not an address). Exits 1 when a score is under min-score (default 0.95).
import fs from "node:fs";
import puppeteer from "puppeteer-core";
import { startFlow } from "lighthouse";

const url = process.argv[2];
const minScore = Number(process.argv[3] || "0.95");
const chrome = process.env.CHROME_PATH || ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => fs.existsSync(p));
if (!url || !chrome) {
  console.error("usage: node lighthouse.mjs URL [min-score] (and a Chromium: CHROME_PATH)");
  process.exit(2);
}

const browser = await puppeteer.launch({
  executablePath: chrome,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--allow-loopback-in-peer-connection", "--disable-quic"],
});
let failed = false;
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true });
  const config = {
    extends: "lighthouse:default",
    settings: { onlyCategories: ["accessibility", "best-practices"], formFactor: "mobile", screenEmulation: { disabled: true } },
  };
  const flow = await startFlow(page, { config, name: "Safehouse" });

  await flow.navigate(url, { name: "home" });
  await page.waitForSelector(".app.ready #create");
  await page.type("#name", "Maya");
  await page.click("#create");
  await page.waitForSelector("#lobby-room", { timeout: 60000 });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect.getComputedTiming().endTime === Infinity));
  await flow.snapshot({ name: "lobby" });

  const result = await flow.createFlowResult();
  fs.mkdirSync("build/audit", { recursive: true });
  fs.writeFileSync("build/audit/lighthouse.html", await flow.generateReport());
  for (const step of result.steps) {
    for (const id of ["accessibility", "best-practices"]) {
      const cat = step.lhr.categories[id];
      const score = cat ? cat.score : null;
      const ok = score !== null && score >= minScore;
      failed ||= !ok;
      console.log(`${ok ? "ok  " : "FAIL"} ${step.name.padEnd(6)} ${id.padEnd(15)} ${score === null ? "n/a" : Math.round(score * 100)} (target ${Math.round(minScore * 100)})`);
      if (!ok && cat) {
        for (const ref of cat.auditRefs) {
          const audit = step.lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            console.log(`       ${ref.id}: ${audit.title}`);
          }
        }
      }
    }
  }
  console.log("report: build/audit/lighthouse.html");
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
