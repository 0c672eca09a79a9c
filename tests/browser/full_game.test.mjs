// A whole game of Wilderness War played to its end in the browser: the French and the British
// seat pages (two browser contexts) play Annus Mirabilis by clicking only what the pages mark as
// legal targets — map spaces, pieces, cards, menu entries, the choices by the prompt and the word
// buttons — picked with a seeded PRNG (never `undo` while anything else is offered; the
// confirmations before dice rolls are accepted), until both pages show the result. Nothing is
// sent through the API: the server is only asked for its version (both pages must show it before
// the next click) and, at the end, whether the pages show its result and the server's whole log
// (the French page once as it followed the game, then reloaded, page by page with "Older lines").
//
// A game is ~500-1000 actions; WARPATH_FULL_GAME_MAX_ACTIONS caps them (default: none, the game
// ends). Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, apiJson, launchBrowser, shownLog, startServerWithGame, wholeLog } from './server.mjs';

const SEED = Number(process.env.WARPATH_FULL_GAME_SEED ?? 11);
const MAX_ACTIONS = Number(process.env.WARPATH_FULL_GAME_MAX_ACTIONS ?? 0) || Infinity;
const STEP_TIMEOUT = 15000;

// mulberry32: a small seeded PRNG, so that a failing game can be played again.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let server;
let browser;
let game;
const pages = {};
const dialogs = [];
const pageErrors = [];
const consoleLines = [];

before(async () => {
  ({ server, game } = await startServerWithGame(SEED));
  browser = await launchBrowser();
  for (const seat of ['french', 'british']) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push({ seat, message: dialog.message() });
      dialog.accept();
    });
    page.on('pageerror', (e) => pageErrors.push(`[${seat}] ${e.message}`));
    page.on('console', (m) => consoleLines.push(`[${seat}] ${m.type()}: ${m.text()}`));
    await page.goto(game.links[seat]);
    await page.waitForSelector('#board .ww-map [data-space]', { timeout: STEP_TIMEOUT });
    pages[seat] = page;
  }
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

// Marks the page's visible legal targets with data-pick="i" and returns [{verb, arg, menu}]:
// board targets (a menu opener has data-verbs instead of data-verb), the choices by the prompt and
// the word buttons; not the folded list of all choices (the same actions again).
function markTargets() {
  for (const el of document.querySelectorAll('[data-pick]')) el.removeAttribute('data-pick');
  if (document.querySelector('#board.busy') || !document.querySelector('#turn-panel.your-turn')) return [];
  const els = [...document.querySelectorAll('#board [data-verb], #board [data-verbs], #actions [data-verb]')].filter(
    (el) => !el.closest('details.all-choices') && !el.disabled && el.getClientRects().length > 0,
  );
  return els.map((el, i) => {
    el.setAttribute('data-pick', String(i));
    return { verb: el.getAttribute('data-verb') ?? el.getAttribute('data-verbs'), arg: el.getAttribute('data-arg'), menu: !el.hasAttribute('data-verb') };
  });
}

function pick(random, candidates) {
  const notUndo = candidates.filter((c) => c.verb !== 'undo');
  const pool = notUndo.length ? notUndo : candidates;
  const chosen = pool[Math.floor(random() * pool.length)];
  return candidates.indexOf(chosen);
}

// A real mouse click where the element can take one; a DOM click when something is drawn over it
// (a counter over a small space), counted.
let domClicks = 0;
async function clickTarget(locator) {
  try {
    await locator.click({ timeout: 1500 });
  } catch {
    domClicks += 1;
    await locator.dispatchEvent('click');
  }
}

async function versionOf(page) {
  return page.locator('#version').textContent();
}

test('French and British play Annus Mirabilis to its end by clicking the pages\' targets', { timeout: 55 * 60 * 1000 }, async () => {
  const random = prng(SEED);
  const started = Date.now();
  let actions = 0;
  let menus = 0;
  const verbs = new Map();
  let stalled = null;
  while (actions < MAX_ACTIONS) {
    if ((await pages.french.locator('#result:not([hidden])').count()) > 0) break;
    // Both pages at the server's version, then the one with targets acts.
    const version = `v${(await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version}`;
    for (const seat of ['french', 'british'])
      await pages[seat]
        .locator('#version', { hasText: new RegExp(`^${version}$`) })
        .waitFor({ timeout: STEP_TIMEOUT })
        .catch(async (e) => {
          const state = async (p) => p.evaluate(() => ['#version', '#status', '#notice', '#prompt'].map((q) => `${q}=${document.querySelector(q).textContent}`).join(' '));
          const record = await apiJson(server.origin, 'GET', `/api/games/${game.id}`);
          throw new Error(`${seat} never showed ${version} (server v${record.version}): french ${await state(pages.french)}; british ${await state(pages.british)}; console: ${consoleLines.slice(-10).join(' | ')} (${e.message})`);
        });
    let seat = null;
    let candidates = [];
    for (const s of ['french', 'british']) {
      candidates = await pages[s].evaluate(markTargets);
      if (candidates.length) {
        seat = s;
        break;
      }
    }
    if (!seat) {
      // Between a move and the view that follows it: look again shortly; a page that never offers
      // a target while the server says it is to move fails the test.
      stalled ??= Date.now();
      if (Date.now() - stalled > STEP_TIMEOUT) {
        const record = await apiJson(server.origin, 'GET', `/api/games/${game.id}`);
        const side = record.active[0];
        const view = side ? await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token: game.seats[side] }) : null;
        await pages[side ?? 'french'].screenshot({ path: path.join(ARTIFACTS, 'full-game-stalled.png'), fullPage: true });
        assert.fail(`no page offers a target at ${version} (server: ${JSON.stringify(record.active)} to move; ${view?.view.prompt}; actions ${JSON.stringify(view?.view.actions)})`);
      }
      await pages.french.waitForTimeout(50);
      continue;
    }
    stalled = null;
    const page = pages[seat];
    let index = pick(random, candidates);
    let chosen = candidates[index];
    await clickTarget(page.locator(`[data-pick="${index}"]`));
    if (chosen.menu) {
      // A target of several verbs: its menu, whose entries are the targets.
      menus += 1;
      await page.locator('#board .ww-menu .ww-menu-item').first().waitFor({ timeout: STEP_TIMEOUT });
      const entries = await page.locator('#board .ww-menu .ww-menu-item').evaluateAll((els) =>
        els.map((el, i) => {
          el.setAttribute('data-pick-menu', String(i));
          return { verb: el.getAttribute('data-verb'), arg: el.getAttribute('data-arg') };
        }),
      );
      index = pick(random, entries);
      chosen = entries[index];
      await clickTarget(page.locator(`[data-pick-menu="${index}"]`));
    }
    verbs.set(chosen.verb, (verbs.get(chosen.verb) ?? 0) + 1);
    actions += 1;
    // The move is made when the page shows a new version (or a refusal, which fails the test).
    await page
      .waitForFunction(
        (v) => document.querySelector('#version').textContent !== v || !document.querySelector('#notice').hidden,
        version,
        { timeout: STEP_TIMEOUT, polling: 20 },
      )
      .catch((e) => {
        throw new Error(`${seat} ${chosen.verb} ${chosen.arg ?? ''} at ${version}: no new version (${e.message})`);
      });
    const notice = page.locator('#notice:not([hidden])');
    if ((await notice.count()) > 0 && (await notice.getAttribute('class')).includes('error'))
      assert.fail(`${seat} ${chosen.verb} ${chosen.arg ?? ''} at ${version} refused: ${await notice.textContent()}`);
    if (actions % 100 === 0)
      console.log(`${actions} actions, ${((Date.now() - started) / 1000).toFixed(0)} s, ${(actions / ((Date.now() - started) / 1000)).toFixed(1)} actions/s, now ${await versionOf(page)}`);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${actions} actions in ${seconds.toFixed(0)} s (${(actions / seconds).toFixed(1)} actions/s); ${menus} through a menu; ${domClicks} DOM clicks; ${dialogs.length} confirmations`,
  );
  console.log(`verbs: ${[...verbs].map(([v, n]) => `${v} ${n}`).join(', ')}`);
  assert.deepEqual(pageErrors, [], 'no page errors');
  // The connection warns of hash mismatches, log gaps and the like: a patch that fails is no error
  // the player sees (a new snapshot repairs it), but it must not happen.
  assert.deepEqual(consoleLines.filter((l) => / warning: warpath:/.test(l)), [], 'no connection warnings');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await pages.french.screenshot({ path: path.join(ARTIFACTS, 'full-game-french.png'), fullPage: true });
  if (actions >= MAX_ACTIONS) {
    console.log(`stopped after the cap of ${MAX_ACTIONS} actions, before the end`);
    return;
  }
  // Both pages show the server's result.
  const record = await apiJson(server.origin, 'GET', `/api/games/${game.id}`);
  assert.equal(record.status, 'over');
  const headline = record.result.draw ? 'Draw' : `${record.result.winner} wins`;
  for (const seat of ['french', 'british']) {
    await pages[seat].locator('#result:not([hidden])').waitFor({ timeout: STEP_TIMEOUT });
    assert.match(await pages[seat].locator('#result').textContent(), new RegExp(`Game over: ${headline}`));
    assert.equal(await pages[seat].locator('#board [data-verb]').count(), 0, `${seat}: no targets after the end`);
  }
  console.log(`result: ${headline} — ${record.result.summary ?? ''} (v${record.version})`);

  // The log: the page that followed the whole game holds every line; reloaded, the newest lines
  // the server holds in memory (64 to 100 of a long log), and "Older lines" fetches the pages
  // before them, to the first (read back from the stored moves).
  const log = await wholeLog(server.origin, game.id, game.seats.french);
  const page = pages.french;
  let shown = await shownLog(page);
  assert.equal(shown.first, 0);
  assert.deepEqual(shown.texts, log.lines.map((l) => l.text), 'the log, line by line as the game went');
  await page.reload();
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: STEP_TIMEOUT });
  shown = await shownLog(page);
  assert.deepEqual(shown.texts, log.lines.slice(shown.first).map((l) => l.text), 'the recent log lines');
  const recent = log.lines.length - shown.first;
  assert.ok(log.lines.length > 100 && recent >= 64 && recent <= 100, `the last 64 to 100 of ${log.lines.length} lines (from ${shown.first})`);
  let pagesAsked = 0;
  while (shown.older) {
    const before = shown.first;
    await page.locator('#log-older').click();
    await page.waitForFunction((n) => document.getElementById('log').start - 1 < n, before, { timeout: STEP_TIMEOUT });
    shown = await shownLog(page);
    pagesAsked += 1;
    assert.ok(pagesAsked < 100, 'the older pages come to an end');
  }
  assert.equal(shown.first, 0);
  assert.deepEqual(shown.texts, log.lines.map((l) => l.text), 'the whole log, page by page');
  console.log(`log: ${log.lines.length} lines, ${pagesAsked} older pages fetched`);
});
