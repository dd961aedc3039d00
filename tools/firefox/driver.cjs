// driver.cjs runs one Firefox (Debian's firefox-esr, over WebDriver BiDi) for a Go browser
// test (app/e2e/firefox_test.go), which talks to it in JSON lines: a request on stdin, its
// answer on stdout, in order. Console lines and page errors are sent as they come, as
// {"log": ...}. When stdin closes, Firefox is closed and the script ends.
//
// Usage: NODE_PATH=build/firefox/node_modules node driver.cjs FIREFOX PROFILE_DIR [PREFS_JSON]
// PREFS_JSON: more Firefox preferences, e.g. {"media.peerconnection.enabled": false}.
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
  const page = (await browser.pages())[0] || (await browser.newPage());
  await page.setViewport({width: 390, height: 844, deviceScaleFactor: 2});
  page.on('console', (m) => send({log: 'console.' + m.type() + ': ' + m.text()}));
  page.on('pageerror', (e) => send({log: 'exception: ' + (e && e.message ? e.message : String(e))}));
  const proc = browser.process();
  send({ready: true, pid: proc ? proc.pid : 0, version: await browser.version()});

  const ops = {
    navigate: async (r) => { await page.goto(r.url, {waitUntil: 'load'}); },
    eval: async (r) => page.evaluate(r.expr),
    // A real mouse click at the element's centre, once scrolled to the middle of the screen
    // as a person would; an error when something else (a sticky footer) covers that point.
    click: async (r) => {
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
      await page.evaluate((s) => { const f = document.querySelector(s); f.focus(); f.select(); }, r.selector);
      await page.keyboard.press('Backspace');
      await page.type(r.selector, r.text);
    },
    viewport: async (r) => { await page.setViewport({width: r.width, height: r.height, deviceScaleFactor: r.scale}); },
    screenshot: async (r) => { await page.screenshot({path: r.path}); },
  };

  const lines = readline.createInterface({input: process.stdin});
  for await (const line of lines) {
    if (!line.trim()) continue;
    let r;
    try {
      r = JSON.parse(line);
    } catch (e) {
      send({error: 'bad request: ' + e.message});
      continue;
    }
    const op = ops[r.op];
    if (!op) {
      send({id: r.id, error: 'unknown op ' + r.op});
      continue;
    }
    try {
      const value = await op(r);
      send({id: r.id, value: value === undefined ? null : value});
    } catch (e) {
      send({id: r.id, error: String(e && e.message ? e.message : e)});
    }
  }
  await browser.close();
}

main().then(() => process.exit(0), (e) => {
  send({fatal: String(e && e.stack ? e.stack : e)});
  process.exit(1);
});
