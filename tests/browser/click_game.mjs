// A whole game played by clicks in the browser, for any title with a board of its own: the seat
// pages (one browser context each) click only what the pages mark as legal targets — elements
// with data-verb / data-arg, a target of several verbs (data-verbs) through the menu it opens, a
// list opener (a Mohicans stack) through the list it opens, and the buttons by the prompt — picked
// with a seeded PRNG, never `undo` while anything else is offered; the confirmations before dice
// rolls are accepted. Nothing is sent through the API: the server is only asked for its version
// (every page must show it before the next click). Then checkEnd: both pages show the server's
// result, no page errors or connection warnings, and the log a page shows is the server's whole
// log (as it followed the game; then reloaded, page by page with "Older lines").
// Used by full_game.test.mjs (Wilderness War) and mohicans_full_game.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { ARTIFACTS, apiJson, shownLog, wholeLog } from './server.mjs';

// mulberry32: a small seeded PRNG, so that a failing game can be played again.
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Opens a page for each seat on its seat link in a browser context of its own; dialogs are
// accepted and counted, page errors and console lines collected in `record`
// ({dialogs, pageErrors, consoleLines}). Resolves with {seat: page} once `mapReady` is drawn.
export async function openPlayerPages(browser, game, seats, mapReady, record, { viewport = { width: 1400, height: 1000 }, timeout = 15000 } = {}) {
  const pages = {};
  for (const seat of seats) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      record.dialogs.push({ seat, message: dialog.message() });
      dialog.accept();
    });
    page.on('pageerror', (e) => record.pageErrors.push(`[${seat}] ${e.message}`));
    page.on('console', (m) => record.consoleLines.push(`[${seat}] ${m.type()}: ${m.text()}`));
    await page.goto(game.links[seat]);
    await page.waitForSelector(mapReady, { timeout });
    pages[seat] = page;
  }
  return pages;
}

// In the page: marks the visible targets matching `targets` (and list openers matching `openers`)
// with data-pick="i" and returns [{verb, arg, menu, opener}]; none while the board is busy or it
// is not the seat's turn. The folded list of all choices is left out (the same actions again).
function markTargets({ targets, openers, attr, requireTurn }) {
  for (const el of document.querySelectorAll(`[${attr}]`)) el.removeAttribute(attr);
  if (requireTurn && (document.querySelector('#board.busy') || !document.querySelector('#turn-panel.your-turn'))) return [];
  // What a player sees: not in a folded box (whose content still has boxes), nor hidden by CSS.
  const usable = (el) => !el.closest('details.all-choices') && !el.disabled && el.checkVisibility({ visibilityProperty: true });
  const found = [...document.querySelectorAll(targets)].filter(usable).map((el) => ({ el, opener: false }));
  if (openers) for (const el of document.querySelectorAll(openers)) if (usable(el) && !el.matches('[data-verb], [data-verbs]')) found.push({ el, opener: true });
  return found.map(({ el, opener }, i) => {
    el.setAttribute(attr, String(i));
    if (opener) return { verb: null, arg: null, menu: false, opener: true };
    return { verb: el.getAttribute('data-verb') ?? el.getAttribute('data-verbs'), arg: el.getAttribute('data-arg'), menu: !el.hasAttribute('data-verb'), opener: false };
  });
}

function pick(random, candidates) {
  const notUndo = candidates.filter((c) => c.verb !== 'undo');
  const pool = notUndo.length ? notUndo : candidates;
  return candidates.indexOf(pool[Math.floor(random() * pool.length)]);
}

// Plays until the first page shows a result (or `maxActions`). `board` names the title's
// selectors: {targets, openers?, opened?, menu, shape?}: the page's targets; the elements that
// open a list of more targets (none: null) and those targets once open; the entries of a target's
// menu of verbs; the part of a target a player clicks where it has one (a space's drawing, not
// the gap between it and its name). Returns {actions, menus, opened, domClicks, domClicked,
// slowClicks, verbs, seconds, capped}. `slowClicks` counts the targets that took a second, longer
// real click (nothing over them, the page still settling); `domClicked` lists the targets a real
// mouse click could not reach (something drawn over them, or not visible), which were then
// clicked through the DOM.
export async function playByClicks({ server, game, pages, random, board, maxActions = Infinity, stepTimeout = 15000, consoleLines = [], name = 'click-game' }) {
  const seats = Object.keys(pages);
  const started = Date.now();
  const stats = { actions: 0, menus: 0, opened: 0, domClicks: 0, domClicked: [], slowClicks: 0, verbs: new Map() };
  let stalled = null;
  let version = '';
  const clickTarget = async (page, target, what) => {
    const shape = board.shape ? target.locator(board.shape) : null;
    const locator = shape && (await shape.count()) > 0 ? shape.first() : target;
    try {
      await locator.click({ timeout: 1500 });
      return;
    } catch (first) {
      // What lies over the target's middle, where the mouse click would have landed.
      const [over, onTop] = await locator.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        const owner = hit?.closest('[data-location], [data-stack], [data-space], [data-verb], [data-naval], button');
        return [owner ? owner.outerHTML.slice(0, owner.outerHTML.indexOf('>') + 1) : hit?.tagName ?? 'nothing', !!hit && el.contains(hit)];
      }).catch(() => ['unknown', false]);
      // Nothing over it: the page was still settling (a busy machine). A player would click again.
      if (onTop) {
        try {
          await locator.click({ timeout: 10000 });
          stats.slowClicks += 1;
          return;
        } catch {}
      }
      const self = await locator.evaluate((el) => el.outerHTML.slice(0, el.outerHTML.indexOf('>') + 1)).catch(() => what);
      const visible = await locator.isVisible().catch(() => false);
      stats.domClicks += 1;
      stats.domClicked.push(`${what} at ${version}: ${self} ${visible ? `under ${over}` : 'not visible'} (${first.message.split('\n')[0]})`);
      await locator.dispatchEvent('click');
    }
  };
  while (stats.actions < maxActions) {
    if ((await pages[seats[0]].locator('#result:not([hidden])').count()) > 0) break;
    // Every page at the server's version, then the one with targets acts.
    version = `v${(await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version}`;
    for (const seat of seats)
      await pages[seat]
        .locator('#version', { hasText: new RegExp(`^${version}$`) })
        .waitFor({ timeout: stepTimeout })
        .catch(async (e) => {
          const state = async (p) => p.evaluate(() => ['#version', '#status', '#notice', '#prompt'].map((q) => `${q}=${document.querySelector(q).textContent}`).join(' '));
          const record = await apiJson(server.origin, 'GET', `/api/games/${game.id}`);
          const states = await Promise.all(seats.map(async (s) => `${s} ${await state(pages[s])}`));
          throw new Error(`${seat} never showed ${version} (server v${record.version}): ${states.join('; ')}; console: ${consoleLines.slice(-10).join(' | ')} (${e.message})`);
        });
    let seat = null;
    let candidates = [];
    for (const s of seats) {
      candidates = await pages[s].evaluate(markTargets, { targets: board.targets, openers: board.openers ?? null, attr: 'data-pick', requireTurn: true });
      if (candidates.length) {
        seat = s;
        break;
      }
    }
    if (!seat) {
      // Between a move and the view that follows it: look again shortly; a page that never offers
      // a target while the server says it is to move fails the test.
      stalled ??= Date.now();
      if (Date.now() - stalled > stepTimeout) {
        const record = await apiJson(server.origin, 'GET', `/api/games/${game.id}`);
        const side = record.active[0];
        const view = side ? await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token: game.seats[side] }) : null;
        await pages[side ?? seats[0]].screenshot({ path: path.join(ARTIFACTS, `${name}-stalled.png`), fullPage: true });
        assert.fail(`no page offers a target at ${version} (server: ${JSON.stringify(record.active)} to move; ${view?.view.prompt}; actions ${JSON.stringify(view?.view.actions)})`);
      }
      await pages[seats[0]].waitForTimeout(50);
      continue;
    }
    stalled = null;
    const page = pages[seat];
    let index = pick(random, candidates);
    let chosen = candidates[index];
    await clickTarget(page, page.locator(`[data-pick="${index}"]`), chosen.opener ? 'a list opener' : `${chosen.verb} ${chosen.arg ?? ''}`);
    // A list opener, then a target of several verbs: each click shows what the next one picks from.
    for (let depth = 0; chosen.opener || chosen.menu; ++depth) {
      assert.ok(depth < 4, `${seat}: a menu in a list in a menu... at ${version}`);
      const sub = chosen.opener ? board.opened : board.menu;
      if (chosen.opener) stats.opened += 1;
      else stats.menus += 1;
      await page.locator(sub).first().waitFor({ timeout: stepTimeout });
      const entries = await page.evaluate(markTargets, { targets: sub, openers: null, attr: `data-pick-${depth}`, requireTurn: false });
      assert.ok(entries.length > 0, `${seat}: what was opened at ${version} offers a target`);
      index = pick(random, entries);
      chosen = entries[index];
      await clickTarget(page, page.locator(`[data-pick-${depth}="${index}"]`), `${chosen.verb} ${chosen.arg ?? ''}`);
    }
    stats.verbs.set(chosen.verb, (stats.verbs.get(chosen.verb) ?? 0) + 1);
    stats.actions += 1;
    // The move is made when the page shows a new version (or a refusal, which fails the test).
    await page
      .waitForFunction((v) => document.querySelector('#version').textContent !== v || !document.querySelector('#notice').hidden, version, { timeout: stepTimeout, polling: 20 })
      .catch((e) => {
        throw new Error(`${seat} ${chosen.verb} ${chosen.arg ?? ''} at ${version}: no new version (${e.message})`);
      });
    const notice = page.locator('#notice:not([hidden])');
    if ((await notice.count()) > 0 && (await notice.getAttribute('class')).includes('error'))
      assert.fail(`${seat} ${chosen.verb} ${chosen.arg ?? ''} at ${version} refused: ${await notice.textContent()}`);
    if (stats.actions % 100 === 0) {
      const s = (Date.now() - started) / 1000;
      console.log(`${stats.actions} actions, ${s.toFixed(0)} s, ${(stats.actions / s).toFixed(1)} actions/s, now ${await page.locator('#version').textContent()}`);
    }
  }
  stats.seconds = (Date.now() - started) / 1000;
  stats.capped = stats.actions >= maxActions;
  console.log(
    `${stats.actions} actions in ${stats.seconds.toFixed(0)} s (${(stats.actions / stats.seconds).toFixed(1)} actions/s); ${stats.menus} through a menu; ${stats.opened} through a list opener; ${stats.domClicks} DOM clicks; ${stats.slowClicks} clicked again`,
  );
  console.log(`verbs: ${[...stats.verbs].map(([v, n]) => `${v} ${n}`).join(', ')}`);
  if (stats.domClicked.length) console.log(`clicked through the DOM:\n  ${stats.domClicked.join('\n  ')}`);
  return stats;
}

// After the play: no page errors nor connection warnings; unless the play was capped, both pages
// show the server's result and have no target left, and the log of the page of `logSeat` (which
// followed the whole game) is the server's whole log, then reloaded, the recent lines and the
// older ones page by page. `mapReady` is the selector of the drawn map. Returns the game record.
export async function checkEnd({ server, game, pages, record, stats, mapReady, logSeat, name = 'click-game', stepTimeout = 15000 }) {
  assert.deepEqual(record.pageErrors, [], 'no page errors');
  // The connection warns of hash mismatches, log gaps and the like: a patch that fails is no error
  // the player sees (a new snapshot repairs it), but it must not happen.
  assert.deepEqual(record.consoleLines.filter((l) => / warning: warpath:/.test(l)), [], 'no connection warnings');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await pages[logSeat].screenshot({ path: path.join(ARTIFACTS, `${name}-${logSeat}.png`), fullPage: true });
  if (stats.capped) {
    console.log(`stopped after the cap of ${stats.actions} actions, before the end`);
    return null;
  }
  // Every page shows the server's result.
  const gameRecord = await apiJson(server.origin, 'GET', `/api/games/${game.id}`);
  assert.equal(gameRecord.status, 'over');
  const headline = gameRecord.result.draw ? 'Draw' : `${gameRecord.result.winner} wins`;
  for (const [seat, page] of Object.entries(pages)) {
    await page.locator('#result:not([hidden])').waitFor({ timeout: stepTimeout });
    assert.match(await page.locator('#result').textContent(), new RegExp(`Game over: ${headline}`));
    assert.equal(await page.locator('#board [data-verb], #board [data-verbs]').count(), 0, `${seat}: no targets after the end`);
  }
  console.log(`result: ${headline} — ${gameRecord.result.summary ?? ''} (v${gameRecord.version})`);

  // The log: the page that followed the whole game holds every line; reloaded, the newest lines
  // the server holds in memory (64 to 100 of a long log), and "Older lines" fetches the pages
  // before them, to the first (read back from the stored moves).
  const log = await wholeLog(server.origin, game.id, game.seats[logSeat]);
  const page = pages[logSeat];
  let shown = await shownLog(page);
  assert.equal(shown.first, 0);
  assert.deepEqual(shown.texts, log.lines.map((l) => l.text), 'the log, line by line as the game went');
  await page.reload();
  await page.waitForSelector(mapReady, { timeout: stepTimeout });
  shown = await shownLog(page);
  assert.deepEqual(shown.texts, log.lines.slice(shown.first).map((l) => l.text), 'the recent log lines');
  const recent = log.lines.length - shown.first;
  assert.ok(log.lines.length > 100 && recent >= 64 && recent <= 100, `the last 64 to 100 of ${log.lines.length} lines (from ${shown.first})`);
  let pagesAsked = 0;
  while (shown.older) {
    const before = shown.first;
    await page.locator('#log-older').click();
    await page.waitForFunction((n) => document.getElementById('log').start - 1 < n, before, { timeout: stepTimeout });
    shown = await shownLog(page);
    pagesAsked += 1;
    assert.ok(pagesAsked < 100, 'the older pages come to an end');
  }
  assert.equal(shown.first, 0);
  assert.deepEqual(shown.texts, log.lines.map((l) => l.text), 'the whole log, page by page');
  console.log(`log: ${log.lines.length} lines, ${pagesAsked} older pages fetched`);
  return gameRecord;
}
