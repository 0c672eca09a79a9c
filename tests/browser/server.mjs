// Starts the real warpath binary for a browser test: `warpath serve` on a free port (--port 0,
// the port read from its "warpath listening on" line), a fresh database in a temporary
// directory, and the web client from the source tree. stop() ends it and removes the directory.
// `args` adds serve flags: an array, or a function of the temporary directory returning one (to
// put a folder there, such as --mail-dir's).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before } from 'node:test';
import { fileURLToPath } from 'node:url';

// Where the tests find the build and the browser: CMake passes them in the environment; the
// defaults suit a build in build/web.
const here = path.dirname(fileURLToPath(import.meta.url));
export const BINARY = process.env.WARPATH_BINARY ?? path.resolve(here, '../../build/web/server/app/warpath');
export const WEB_ROOT = process.env.WARPATH_WEB_ROOT ?? path.resolve(here, '../../server/web');
export const ARTIFACTS = process.env.WARPATH_BROWSER_ARTIFACTS ?? path.resolve(here, '../../build/browser-artifacts');
export const CHROMIUM = process.env.WARPATH_CHROMIUM ?? '/usr/bin/chromium';

const READY = /^warpath listening on (http:\/\/[^/\s]+)\/?/;

export async function startServer({ binary, webRoot, timeoutMs = 20000, args = [] }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warpath-browser-'));
  const extra = typeof args === 'function' ? args(dir) : args;
  const logPath = path.join(dir, 'server.log');
  const log = fs.openSync(logPath, 'w');
  const child = spawn(
    binary,
    ['serve', '--port', '0', '--bind', '127.0.0.1', '--db', path.join(dir, 'warpath.db'), '--web', webRoot, '--no-demo', '--threads', '2', ...extra],
    { stdio: ['ignore', 'pipe', log] },
  );
  const logTail = () => {
    try {
      return fs.readFileSync(logPath, 'utf8').slice(-3000);
    } catch {
      return '';
    }
  };
  const origin = await new Promise((resolve, reject) => {
    let pending = '';
    const timer = setTimeout(() => reject(new Error(`warpath did not announce its port in ${timeoutMs} ms:\n${logTail()}`)), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`warpath exited (${code ?? signal}) before announcing its port:\n${logTail()}`));
    });
    child.stdout.on('data', (chunk) => {
      pending += chunk.toString();
      for (const line of pending.split('\n')) {
        const m = READY.exec(line.trim());
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      }
    });
  });
  child.removeAllListeners('exit');
  child.stdout.resume(); // keep draining so that the server never blocks on a full pipe

  return {
    origin,
    dir,
    logTail,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
        await exited;
        clearTimeout(timer);
      }
      fs.closeSync(log);
      if (!process.env.WARPATH_KEEP_TEST_DIR) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// A JSON request to the server; throws on a status other than 2xx with the body.
export async function apiJson(origin, method, target, { body, token } = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(origin + target, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${target} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

// A seat's whole game log over HTTP (GET /api/games/{id}/log, a page of 500 lines at a time from
// the end): {version, lines}. Starts again if the game moves on meanwhile.
export async function wholeLog(origin, gameId, token) {
  for (;;) {
    let page = await apiJson(origin, 'GET', `/api/games/${gameId}/log?limit=500`, { token });
    const { version, log_size: size } = page;
    let lines = page.lines;
    while (page.from > 0 && page.version === version) {
      page = await apiJson(origin, 'GET', `/api/games/${gameId}/log?before=${page.from}&limit=500`, { token });
      lines = page.lines.concat(lines);
    }
    if (page.version !== version) continue;
    if (lines.length !== size) throw new Error(`the log at v${version} has ${size} lines, the pages ${lines.length}`);
    return { version, lines };
  }
}

// What a game page's log panel shows, once its lines have come: the number of its first line (from
// 0), each line's text, and whether it offers older lines.
export async function shownLog(page, timeout = 15000) {
  await page.waitForFunction(() => !document.querySelector('#log li.muted')?.textContent.startsWith('Loading'), null, { timeout });
  return page.locator('#log').evaluate((list) => ({
    first: list.start - 1,
    // The game's lines only: not the group headings nor the struck lines an undo took back.
    texts: [...list.querySelectorAll('li:not(.muted):not(.log-group):not(.undone)')].map((li) => li.textContent),
    older: !document.getElementById('log-older').hidden,
  }));
}

// The server with one Annus Mirabilis game of the given seed: where the game tests start.
export async function startServerWithGame(seed) {
  if (!fs.existsSync(BINARY)) throw new Error(`no warpath binary at ${BINARY}`);
  const server = await startServer({ binary: BINARY, webRoot: WEB_ROOT });
  const game = await apiJson(server.origin, 'POST', '/api/games', {
    body: { title: 'wilderness-war', scenario: 'annus_mirabilis', seed },
  });
  return { server, game };
}

// Registers a test file's hooks: before its tests, a server (with the Annus Mirabilis game of
// `seed`, unless it is null) and a browser, handed to `ready` as {server, game?, browser, data?}
// (and awaited); after them, both gone. With `titleData`, `data` is Wilderness War's title data
// (/api/titles/wilderness-war/data). With `closePagesAfterEach`, each test's pages are closed once
// it is over, passed or not (the server takes only a few connections per address).
export function browserTestHooks(seed, ready, { closePagesAfterEach = false, titleData = false } = {}) {
  const fixture = {};
  before(async () => {
    if (!fs.existsSync(BINARY)) throw new Error(`no warpath binary at ${BINARY}`);
    Object.assign(fixture, seed === null ? { server: await startServer({ binary: BINARY, webRoot: WEB_ROOT }) } : await startServerWithGame(seed));
    fixture.browser = await launchBrowser();
    if (titleData) fixture.data = await apiJson(fixture.server.origin, 'GET', '/api/titles/wilderness-war/data');
    await ready(fixture);
  });
  if (closePagesAfterEach)
    afterEach(async () => {
      for (const context of fixture.browser.contexts()) await context.close();
    });
  after(async () => {
    await fixture.browser?.close();
    await fixture.server?.stop();
  });
}

// Debian's Chromium, headless, driven by playwright-core.
export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

// Waits until every page ({seat: page}) shows `version` and has finished drawing it.
export async function waitForPages(pages, version, timeout) {
  for (const [seat, page] of Object.entries(pages)) {
    await page
      .locator('#version', { hasText: new RegExp(`^v${version}$`) })
      .waitFor({ timeout })
      .catch((e) => {
        throw new Error(`the ${seat} page never showed v${version}: ${e.message}`);
      });
    await page.locator('#board:not(.busy)').waitFor({ timeout });
  }
}

// Clicks an action on a Wilderness War game page: the board's target, a menu entry of a target of
// several verbs, a piece hidden in a pile through its stack panel (opened by the pile's count
// badge), or the button in the folded list of all choices.
export async function clickAction(page, verb, arg, timeout = 15000) {
  const select = `[data-verb="${verb}"][data-arg="${arg}"]`;
  const direct = page.locator(`#board ${select}`);
  if ((await direct.count()) > 0) return direct.first().click();
  const opener = page.locator(`#board [data-verbs~="${verb}"][data-arg="${arg}"]`);
  if ((await opener.count()) > 0) {
    await opener.first().click();
    const entry = page.locator(`#board .ww-menu ${select}`);
    await entry.first().waitFor({ timeout });
    return entry.first().click();
  }
  const pile = page.locator(`#board .ww-cell:has([data-pieces~="${arg}"]) .ww-pile-count`);
  if ((await pile.count()) > 0) {
    await pile.first().click();
    const entry = page.locator(`#board .ww-stack-panel ${select}`);
    await entry.first().waitFor({ timeout });
    return entry.first().click();
  }
  const folded = page.locator('#actions details.all-choices:not([open]) summary');
  if ((await folded.count()) > 0) await folded.click();
  return page.locator(`#actions ${select}`).first().click();
}

// Opens a Wilderness War page for each of `seats` on its seat link, each in a browser context of
// its own (its own storage, as another person's browser): dialogs are confirmed and page errors
// reported. Resolves with {seat: page} once every map is drawn.
export async function openSeatPages(browser, game, seats, { viewport = { width: 1280, height: 1000 }, timeout = 15000 } = {}) {
  const pages = {};
  for (const seat of seats) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.on('dialog', (dialog) => dialog.accept());
    page.on('pageerror', (e) => console.error(`[${seat}] page error: ${e.message}`));
    await page.goto(game.links[seat]);
    await page.waitForSelector('#board .ww-map [data-space]', { timeout });
    pages[seat] = page;
  }
  return pages;
}

// Waits until the game is past version `before` (a click's move committed), then a moment for any
// automatic follow-up; returns the version then.
export async function waitForMove(origin, game, before, timeout = 15000) {
  const until = Date.now() + timeout;
  const version = async () => (await apiJson(origin, 'GET', `/api/games/${game.id}`)).version;
  while ((await version()) <= before) {
    if (Date.now() > until) throw new Error(`no move after v${before} in ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  return version();
}

