// driver.cjs runs one Firefox (Debian's firefox-esr, over WebDriver BiDi) for the Go browser
// tests (app/e2e/firefox_test.go), which talk to it in JSON lines: a request on stdin, its
// answer on stdout, both with the request's id. Requests are served as they come, so the
// pages of several tests running at once do not wait for one another.
//
// Each page is a browser context of its own ("open", then "close"): its own cookies, storage,
// caches and service workers, as another phone has. One Firefox serves a test package: a
// Firefox process costs about 7 to 10 CPU-seconds to start on this project's machines.
// Console lines and page errors are sent as they come, as {"page": ..., "log": ...}. When stdin
// closes, Firefox is closed and the script ends.
//
// Usage: NODE_PATH=build/firefox/node_modules node driver.cjs FIREFOX PROFILE_DIR [PREFS_JSON]
// PREFS_JSON: more Firefox preferences, e.g. {"media.peerconnection.enabled": false}, for
// the whole browser (a test that needs one starts a Firefox of its own).
'use strict';
const puppeteer = require('puppeteer-core');
const readline = require('node:readline');

const [firefox, profile, prefs] = process.argv.slice(2);

function send(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

async function main() {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefox,
    userDataDir: profile,
    headless: true,
    // Firefox gathers no loopback candidates and hides host addresses behind mDNS names by
    // default: on a machine with only loopback, no data channel would open (FIELD-NOTES).
    extraPrefsFirefox: {
      'media.peerconnection.ice.loopback': true,
      'media.peerconnection.ice.obfuscate_host_addresses': false,
      ...JSON.parse(prefs || '{}'),
    },
  });
  const proc = browser.process();
  send({id: 0, ready: true, pid: proc ? proc.pid : 0, version: await browser.version()});

  const pages = new Map(); // id -> {context, page}
  let lastPage = 0;
  const pageOf = (r) => {
    const p = pages.get(r.page);
    if (!p) throw new Error('no page ' + r.page);
    return p.page;
  };

  const ops = {
    open: async () => {
      // A window of its own, not a tab: a tab behind another is hidden, its timers run once
      // a second and its frames twice. Opened in the background: a window opened in front
      // takes the focus from the others, as no phone at a table can, and the blur hid a
      // tap-to-show card's face between two reads (app/e2e's TestFirefoxPagesStayInView).
      const context = await browser.createBrowserContext();
      const page = await context.newPage({type: 'window', background: true});
      const id = String(++lastPage);
      await page.setViewport({width: 390, height: 844, deviceScaleFactor: 2});
      page.on('console', (m) => send({page: id, log: 'console.' + m.type() + ': ' + m.text()}));
      page.on('pageerror', (e) => send({page: id, log: 'exception: ' + (e && e.message ? e.message : String(e))}));
      pages.set(id, {context, page});
      return id;
    },
    close: async (r) => {
      const p = pages.get(r.page);
      if (!p) return;
      pages.delete(r.page);
      await p.context.close();
    },
    navigate: async (r) => { await pageOf(r).goto(r.url, {waitUntil: 'load'}); },
    eval: async (r) => pageOf(r).evaluate(r.expr),
    // A real mouse click at the element's centre, once scrolled to the middle of the screen
    // as a person would; an error when something else (a sticky footer) covers that point.
    click: async (r) => {
      const page = pageOf(r);
      const at = await page.evaluate((s) => {
        const el = document.querySelector(s);
        if (!el) return {error: 'no element ' + s};
        el.scrollIntoView({block: 'center', inline: 'center'});
        const b = el.getBoundingClientRect(), x = b.left + b.width / 2, y = b.top + b.height / 2;
        const top = document.elementFromPoint(x, y);
        if (!top || !(top === el || el.contains(top))) {
          return {error: s + ' is covered at its centre by ' + (top ? top.outerHTML.slice(0, 120) : 'nothing')};
        }
        return {x, y};
      }, r.selector);
      if (at.error) throw new Error(at.error);
      await page.mouse.click(at.x, at.y);
    },
    // Real key presses replace the field's text, as a person types.
    type: async (r) => {
      const page = pageOf(r);
      await page.evaluate((s) => { const f = document.querySelector(s); f.focus(); f.select(); }, r.selector);
      await page.keyboard.press('Backspace');
      await page.type(r.selector, r.text);
    },
    viewport: async (r) => { await pageOf(r).setViewport({width: r.width, height: r.height, deviceScaleFactor: r.scale}); },
    screenshot: async (r) => { await pageOf(r).screenshot({path: r.path}); },
  };

  const serve = async (r) => {
    const op = ops[r.op];
    if (!op) {
      send({id: r.id, error: 'unknown op ' + r.op});
      return;
    }
    try {
      const value = await op(r);
      send({id: r.id, value: value === undefined ? null : value});
    } catch (e) {
      send({id: r.id, error: String(e && e.message ? e.message : e)});
    }
  };
  const lines = readline.createInterface({input: process.stdin});
  const serving = new Set();
  for await (const line of lines) {
    if (!line.trim()) continue;
    let r;
    try {
      r = JSON.parse(line);
    } catch (e) {
      send({error: 'bad request: ' + e.message});
      continue;
    }
    const s = serve(r).finally(() => serving.delete(s));
    serving.add(s);
  }
  await Promise.allSettled([...serving]);
  await browser.close();
}

main().then(() => process.exit(0), (e) => {
  send({id: 0, fatal: String(e && e.stack ? e.stack : e)});
  process.exit(1);
});
