// Standing orders end to end (docs/PROTOCOL.md "Standing orders"): #14 Foul Weather opens
// a response window for the British before each French force moves while the card is unaccounted
// for (cards.md #14). The British player, on a phone (390 x 844, touch), finds the "pass for this
// move / action phase / season" answers in the prompt's drawer, in words (no raw ids, no window
// kind's id), and taps "Pass for this season". Then the French page plays on by clicks: each
// French force that moves goes through without the British page answering: the French page gets
// its next choice at once, the game record holds a British move right after the French one that
// opened the window (the server's pass), and the British page sends no action. Once the season is over (played over HTTP), the
// window asks the British again. Then the standing order: the British tick "Foul Weather" in the
// orders panel while the window is open; it is passed at once, and so is the next one; once the
// order is cleared, the window asks again. Screenshots of each step.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, apiJson, clickAction, launchBrowser, startServerWithGame, waitForPages } from './server.mjs';

const SEED = 7;
const TIMEOUT = 15000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const PASS_LABELS = ['Pass for this move', 'Pass for this action phase', 'Pass for this season'];

let server;
let browser;
let game;
const pages = {};
const britishActions = []; // the action frames the British page sends over its WebSocket

before(async () => {
  ({ server, game } = await startServerWithGame(SEED));
  browser = await launchBrowser();
  for (const [seat, options] of [
    ['british', PHONE],
    ['french', { viewport: { width: 1280, height: 900 } }],
  ]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.on('dialog', (dialog) => dialog.accept());
    page.on('pageerror', (e) => console.error(`[${seat}] page error: ${e.message}`));
    if (seat === 'british')
      page.on('websocket', (ws) =>
        ws.on('framesent', ({ payload }) => {
          try {
            const message = JSON.parse(String(payload));
            if (message.type === 'action') britishActions.push(message);
          } catch {
            // not JSON: not an action
          }
        }),
      );
    await page.goto(game.links[seat]);
    await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
    pages[seat] = page;
  }
  await waitForPages(pages, 0, TIMEOUT);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function status() {
  return apiJson(server.origin, 'GET', `/api/games/${game.id}`);
}

async function seatView(seat) {
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token: game.seats[seat] })).view;
}

async function britishOrders() {
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}/orders`, { token: game.seats.british })).orders;
}

async function record() {
  return apiJson(server.origin, 'GET', `/api/games/${game.id}/record`);
}

async function screenshot(seat, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await pages[seat].screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

// Waits until the server's game is past `version` (a click's move arrives a moment later).
async function movedPast(version) {
  const until = Date.now() + TIMEOUT;
  for (;;) {
    const s = await status();
    if (s.version > version) return s;
    if (Date.now() > until) throw new Error(`the game stayed at v${version}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function settle() {
  const s = await status();
  await waitForPages(pages, s.version, TIMEOUT);
  return s;
}

// A French click on its page: a target (verb, arg) or a word button.
async function frenchClick(verb, arg) {
  const { version } = await settle();
  if (arg === undefined) await pages.french.locator(`#actions button[data-verb="${verb}"]`).first().click();
  else await clickAction(pages.french, verb, arg, TIMEOUT);
  return movedPast(version);
}

// The French activate a force by clicks: the first card to activate (unless a card already
// activates, as #4 Campaign does for a second force), the first commander, done.
// Returns the game's status once the move has gone as far as it goes without the French.
async function frenchForceMoves() {
  let view = await seatView('french');
  if (view.actions.activate) {
    await frenchClick('activate', view.actions.activate[0]);
    view = await seatView('french');
  }
  const commander = view.actions.commander[0];
  await frenchClick('commander', commander);
  const before = (await status()).version;
  await frenchClick('done');
  await new Promise((resolve) => setTimeout(resolve, 300)); // room for a pass the server makes
  return { before, after: await settle(), commander };
}

// One move of the lazy players over HTTP: pass, done or roll when offered, else the first
// target (no demolition); no force ever moves, so no window opens.
async function lazyMove() {
  const s = await status();
  const seat = s.active[0];
  const { actions } = await seatView(seat);
  let verb;
  let arg;
  if (actions.pass === true) verb = 'pass';
  else if (actions.done === true) verb = 'done';
  else if (actions.roll === true) verb = 'roll';
  else [verb, [arg]] = Object.entries(actions).find(([v, a]) => Array.isArray(a) && a.length && v !== 'undo' && v !== 'demolish');
  await apiJson(server.origin, 'POST', `/api/games/${game.id}/actions`, { token: game.seats[seat], body: { version: s.version, verb, arg } });
}

// The British page in the window: the prompt says what it is in words and the three "pass for"
// answers are on the screen below it, one tap away.
async function assertWindowOffered(when) {
  const page = pages.british;
  await page.evaluate(() => window.scrollTo(0, 0));
  const drawer = page.locator('#turn-panel');
  const prompt = await page.locator('#prompt').textContent();
  assert.match(prompt, /Foul Weather/, `${when}: the prompt names the card`);
  const buttons = page.locator('#actions .pass-scopes button[data-scope]');
  assert.deepEqual(await buttons.allTextContents(), PASS_LABELS, `${when}: the pass-for answers`);
  for (const box of await buttons.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
    const onScreen = box.top >= 0 && box.bottom <= 844 && box.left >= 0 && box.right <= 390 && box.height >= 32;
    assert.ok(onScreen, `${when}: a pass-for answer on the screen: ${JSON.stringify(box)}`);
  }
  assert.doesNotMatch(await drawer.textContent(), /foul_weather|action_phase|\b[a-z]+_[a-z_]+\b/, `${when}: no raw ids in the drawer`);
}

test('a season pass lets the French moves through at once; the next season asks again; so does a cleared order', async () => {
  // The French activate Rigaud's force at Ticonderoga: the window opens for the British.
  await frenchClick('activate', 4);
  await frenchClick('commander', 'fr_rigaud');
  await frenchClick('done');
  let s = await settle();
  assert.deepEqual(s.active, ['british']);
  assert.equal((await seatView('british')).window?.kind, 'foul_weather');
  await assertWindowOffered('the first window');
  const kinds = await pages.british.locator('#orders-kinds label').allTextContents();
  assert.ok(kinds.some((k) => /Foul Weather/.test(k)), `the orders panel names Foul Weather: ${kinds}`);
  for (const k of kinds) assert.doesNotMatch(k, /_/, `a kind of window in words: ${k}`);
  await screenshot('british', 'standing-orders-window-british');

  // One tap: pass for this season.
  const windowVersion = s.version;
  await pages.british.locator('#actions button[data-scope="season"]').tap();
  s = await movedPast(windowVersion);
  s = await settle();
  assert.deepEqual(s.active, ['french'], 'the window passed');
  assert.deepEqual((await britishOrders()).passing, ['season']);
  await pages.british.locator('#orders-passing', { hasText: 'Passing every window for this season' }).waitFor({ timeout: TIMEOUT });
  assert.equal(await pages.british.locator('#actions .pass-scopes button').count(), 0);
  await screenshot('british', 'standing-orders-passing-british');
  assert.equal(britishActions.length, 0, 'the pass for the season is no action of the page');

  // Rigaud stops; the British action phase (HTTP); then two French forces move, each at once.
  await frenchClick('stop');
  let checked = 0;
  for (let phase = 0; phase < 6 && checked < 2; ++phase) {
    while ((await status()).active[0] !== 'french') await lazyMove();
    await settle();
    if (!(await seatView('french')).actions.commander && !(await seatView('french')).actions.activate) break;
    const { before, after, commander } = await frenchForceMoves();
    const moves = (await record()).moves;
    // The record's moves are numbered from 1 (seq n makes version n); while the game is on it
    // names the role of each move, not its verb. `done` made version before + 1, with the window
    // open; the next move is the British one the server made.
    const windowPass = moves.find((m) => m.seq === before + 2);
    if (windowPass && windowPass.role === 'british') {
      // The window opened at before + 1 and the server passed it for the British at once.
      if (windowPass.verb !== undefined && windowPass.verb !== null) assert.equal(windowPass.verb, 'pass', `the server's pass for ${commander}'s force`);
      assert.deepEqual(after.active, ['french'], 'the French go on at once');
      assert.equal(after.version, before + 2);
      assert.match(await pages.french.locator('#prompt').textContent(), /^Move from/, 'the French page has its next choice');
      assert.equal(await pages.british.locator('#actions .pass-scopes button').count(), 0, 'the British page shows no decision');
      checked += 1;
      await screenshot('french', `standing-orders-french-moves-${checked}`);
    }
    if ((await status()).active[0] === 'french' && (await seatView('french')).actions.stop) await frenchClick('stop');
  }
  assert.equal(checked, 2, 'two French forces moved through the window without the British');
  assert.equal(britishActions.length, 0, 'the British page sent no action');

  // The season ends (both sides play their cards lazily over HTTP); the pass runs out with it.
  for (let i = 0; i < 120 && (await britishOrders()).passing.length > 0; ++i) await lazyMove();
  assert.deepEqual((await britishOrders()).passing, [], 'the season pass ran out');
  while ((await status()).active[0] !== 'french') await lazyMove();
  await settle();
  await frenchForceMoves();
  s = await settle();
  assert.deepEqual(s.active, ['british'], 'the next season the window asks again');
  await assertWindowOffered('the next season');
  await screenshot('british', 'standing-orders-next-season-british');

  // The standing order: ticking Foul Weather while its window is open passes it at once…
  const foul = pages.british.locator('#orders-kinds input[data-kind="foul_weather"]');
  await foul.tap();
  s = await movedPast(s.version);
  s = await settle();
  assert.deepEqual(s.active, ['french'], 'the order passed the open window');
  assert.deepEqual((await britishOrders()).auto_pass, ['foul_weather']);
  // …and the next one.
  if ((await seatView('french')).actions.stop) await frenchClick('stop');
  while ((await status()).active[0] !== 'french') await lazyMove();
  await settle();
  let force = await frenchForceMoves();
  assert.deepEqual(force.after.active, ['french'], 'the order passed the next window');
  assert.equal((await record()).moves.find((m) => m.seq === force.before + 2)?.role, 'british');
  // Cleared, the window asks again.
  await foul.tap();
  for (let i = 0; i < 50 && (await britishOrders()).auto_pass.length > 0; ++i) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.deepEqual((await britishOrders()).auto_pass, []);
  if ((await seatView('french')).actions.stop) await frenchClick('stop');
  while ((await status()).active[0] !== 'french') await lazyMove();
  await settle();
  force = await frenchForceMoves();
  assert.deepEqual(force.after.active, ['british'], 'with the order cleared the window asks again');
  await assertWindowOffered('after the order was cleared');
  await screenshot('british', 'standing-orders-cleared-british');
  assert.equal(britishActions.length, 0, 'the British page answered no window itself');

  // A pass for the season stopped early from the orders panel: the next window asks again.
  await pages.british.locator('#actions button[data-scope="season"]').tap();
  s = await movedPast(force.after.version);
  s = await settle();
  assert.deepEqual((await britishOrders()).passing, ['season']);
  await pages.british.locator('#stop-passing').tap();
  for (let i = 0; i < 50 && (await britishOrders()).passing.length > 0; ++i) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.deepEqual((await britishOrders()).passing, [], 'the pass was stopped');
  await pages.british.locator('#orders-passing').waitFor({ state: 'hidden', timeout: TIMEOUT });
  if ((await seatView('french')).actions.stop) await frenchClick('stop');
  while ((await status()).active[0] !== 'french') await lazyMove();
  await settle();
  force = await frenchForceMoves();
  assert.deepEqual(force.after.active, ['british'], 'once the pass is stopped the window asks again');
  await assertWindowOffered('after the pass was stopped');
});
