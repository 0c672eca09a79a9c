// The web client in a real browser (Debian's Chromium driven by playwright-core): the French and
// the British play the opening of Annus Mirabilis against each other from their seat links while
// a third browser context spectates. The French play a card to activate a force and move it into
// a British space, which makes a battle; the British play a card to build a stockade. Every step
// is a click on a target the page marks with data-verb / data-arg; each context checks what it
// sees (prompt, highlighted spaces, its own hand and no other, the last lines of the game log) and
// keeps a screenshot; a reload restores the same view. The seed is fixed, so the game is the same
// every run.
//
// Environment: WARPATH_BINARY (the built warpath), WARPATH_WEB_ROOT (server/web),
// WARPATH_BROWSER_ARTIFACTS (where screenshots go), WARPATH_CHROMIUM (default /usr/bin/chromium).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, apiJson, launchBrowser, shownLog, startServerWithGame, waitForPages, wholeLog } from './server.mjs';

const SEED = 7;
const STEP_TIMEOUT = 15000;

// What the French and the British mean to do, in order; every other decision (responses,
// interceptions, losses...) takes the page's default: pass, done, roll, or its first target.
const PLAN = [
  { seat: 'french', verb: 'activate', arg: 4, note: 'play #4 Campaign to activate' },
  { seat: 'french', verb: 'commander', arg: 'fr_rigaud', note: 'Rigaud commands the force at Ticonderoga' },
  { seat: 'french', verb: 'piece', arg: 'fr_reg_languedoc' },
  { seat: 'french', verb: 'piece', arg: 'fr_reg_royal_roussillon' },
  { seat: 'french', verb: 'done', key: 'd', note: 'the force is complete (keyboard shortcut)' },
  { seat: 'french', verb: 'space', arg: 'hudson_carry_north', note: 'move into the British space: battle' },
  { seat: 'british', verb: 'stockades', arg: 9, note: 'play #9 to build stockades' },
  { seat: 'british', verb: 'space', arg: 'deerfield', note: 'a stockade at Deerfield' },
];

let server;
let browser;
let game;
let spaceIds = new Set();
let titleData = null;
const pages = {};
const dialogs = [];
const warnings = []; // the pages' "warpath: ..." console warnings (hash mismatches, log gaps...)

async function openSeat(seat) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    dialogs.push({ seat, message: dialog.message() });
    dialog.accept();
  });
  page.on('pageerror', (e) => console.error(`[${seat}] page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().startsWith('warpath:')) warnings.push(`[${seat}] ${m.text()}`);
  });
  await page.goto(game.links[seat]);
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: STEP_TIMEOUT });
  return page;
}

async function gameVersion() {
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version;
}

async function seatView(seat) {
  const token = game.seats[seat];
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token })).view;
}

// Waits until every page shows the game's current version, and so the same moment. The game may
// move on by itself after a move (a standing order passes the British response windows of a
// French move: one or two versions more, within a few ms, 150 ms under the sanitizers), and a
// page that went past the version read would never show it: so wait for each page to reach it,
// and read it again a moment later until the game stands still.
async function settle() {
  let version = await gameVersion();
  for (let attempt = 0; attempt < 20; ++attempt) {
    for (const [seat, page] of Object.entries(pages)) {
      await page
        .waitForFunction((v) => Number(document.getElementById('version')?.textContent.slice(1)) >= v, version, { timeout: STEP_TIMEOUT })
        .catch((e) => {
          throw new Error(`the ${seat} page never reached v${version}: ${e.message}`);
        });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = await gameVersion();
    if (now === version) break;
    version = now;
  }
  await waitForPages(pages, version, STEP_TIMEOUT);
  return version;
}

function targetSelector(verb, arg) {
  return arg === undefined || arg === null ? `[data-verb="${verb}"]:not([data-arg])` : `[data-verb="${verb}"][data-arg="${arg}"]`;
}

// The page's default for a decision the plan does not make.
async function defaultTarget(page) {
  for (const verb of ['pass', 'done', 'roll']) {
    const button = page.locator(`#actions button[data-verb="${verb}"]`);
    if ((await button.count()) > 0) return { locator: button.first(), verb };
  }
  const first = page.locator('#board [data-verb]').first();
  if ((await first.count()) > 0) return { locator: first, verb: await first.getAttribute('data-verb') };
  return null;
}

// The space ids among a view's action arguments: what the map must highlight.
// (Demolition, 5.46, is never a map target: a labelled choice apart, see protect.test.mjs.)
function legalSpaces(view) {
  const args = Object.entries(view.actions)
    .filter(([verb, entry]) => verb !== 'demolish' && Array.isArray(entry))
    .flatMap(([, entry]) => entry);
  return [...new Set(args.filter((a) => spaceIds.has(a)))].sort();
}

async function handCards(page) {
  return page.locator('.ww-hand .ww-card').evaluateAll((cards) => cards.map((c) => Number(c.dataset.card)));
}

async function highlightedSpaces(page) {
  return page.locator('#board .ww-space.target').evaluateAll((els) => els.map((e) => e.dataset.space).sort());
}

// What a seat's page shows of the game, for comparing before and after a reload.
async function pageState(page) {
  return {
    version: await page.locator('#version').textContent(),
    prompt: await page.locator('#prompt').textContent(),
    hand: await handCards(page),
    targets: await page.locator('#board [data-verb]').evaluateAll((els) => els.map((e) => `${e.dataset.verb}:${e.dataset.arg}`)),
    markers: await page.locator('#board [data-marker]').count(),
    counters: await page.locator('#board .ww-counter').count(),
    status: await page.locator('.ww-status').textContent(),
    log: await shownLog(page),
  };
}

async function screenshot(seat, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await pages[seat].evaluate(() => window.scrollTo(0, 0)); // the sticky top bar stays on top
  await pages[seat].screenshot({ path: file, fullPage: true });
  return file;
}

// The map spaces' counters of a view's compact `pieces` (4 × location + 2 × inside + reduced, by
// the title data's `pieces` and `locations`), decoded here apart from the page: ["space piece", ...].
function spaceCounters(view) {
  const out = [];
  view.pieces.forEach((code, i) => {
    const at = titleData.locations[Math.floor(code / 4)];
    if (spaceIds.has(at)) out.push(`${at} ${titleData.pieces[i].id}`);
  });
  return out.sort();
}

async function drawnCounters(page) {
  const counters = await page
    .locator('#board [data-stack] .ww-counter')
    .evaluateAll((els) => els.map((e) => `${e.closest('[data-stack]').dataset.stack} ${e.dataset.piece}`));
  return counters.filter((c) => spaceIds.has(c.split(' ')[0])).sort();
}

// Checks what each seat sees: its prompt, its own hand and nobody else's, highlighted spaces that
// are exactly the server's legal space targets, the counters of the map spaces, and the most recent
// lines of the log (every line of Wilderness War's log is public: each seat's is the spectator's).
async function checkSeats() {
  const views = {};
  for (const seat of ['french', 'british']) views[seat] = await seatView(seat);
  const log = await wholeLog(server.origin, game.id);
  for (const [seat, page] of Object.entries(pages)) {
    const view = seat === 'spectator' ? await seatView('spectator') : views[seat];
    assert.equal(await page.locator('#prompt').textContent(), view.prompt, `${seat} prompt`);
    assert.deepEqual(await highlightedSpaces(page), legalSpaces(view), `${seat}: highlighted spaces`);
    const counters = spaceCounters(view);
    assert.ok(counters.length > 20, `pieces on the map: ${counters.length}`);
    // Units in a leader's box are drawn in his stack as well: the page draws at least these.
    const drawn = await drawnCounters(page);
    assert.deepEqual(counters.filter((c) => !drawn.includes(c)), [], `${seat}: counters of the map spaces`);
    const shown = await shownLog(page);
    assert.ok(shown.first <= Math.max(0, log.lines.length - 64), `${seat} shows the last 64 log lines at least (from ${shown.first})`);
    assert.deepEqual(shown.texts, log.lines.slice(shown.first).map((l) => l.text), `${seat}: the log`);
    assert.equal(shown.older, shown.first > 0, `${seat}: "Older lines" when there are`);
    if (seat === 'spectator') {
      assert.equal(await page.locator('.ww-hand').count(), 0, 'the spectator sees no hand');
      assert.equal(await page.locator('#board [data-verb]').count(), 0, 'the spectator has no targets');
      continue;
    }
    assert.deepEqual(await handCards(page), view.hand, `${seat} sees its own hand`);
    assert.match(await page.locator(`[data-hand-count="${seat}"]`).textContent(), new RegExp(`: ${view.hand.length}\\b`));
    const other = seat === 'french' ? 'british' : 'french';
    for (const card of views[other].hand)
      assert.equal(await page.locator(`[data-card="${card}"]`).count(), 0, `${seat} must not see the ${other} card #${card}`);
  }
  for (const card of views.french.hand)
    assert.equal(await pages.spectator.locator(`[data-card="${card}"]`).count(), 0, 'the spectator sees no French card');
}

// Pan and zoom: the wheel zooms in around the pointer, a drag pans, "Fit" shows the whole map
// again; a drag is no click.
async function zoomOnto(page, spaceId) {
  const map = page.locator('#board .ww-map');
  const viewBox = async () => (await map.getAttribute('viewBox')).split(' ').map(Number);
  const full = await viewBox();
  const space = page.locator(`#board [data-space="${spaceId}"] .ww-shape`);
  const box = await space.boundingBox();
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  for (let i = 0; i < 4; ++i) await page.mouse.wheel(0, -250);
  await page.waitForFunction((w) => Number(document.querySelector('#board .ww-map').getAttribute('viewBox').split(' ')[2]) < w, full[2] * 0.6);
  const zoomed = await viewBox();
  assert.ok(zoomed[2] < full[2] * 0.6, 'the wheel zooms in');
  const after = await space.boundingBox();
  assert.ok(Math.abs(after.x + after.width / 2 - centre.x) < 30, 'the zoom keeps the space under the pointer');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator('#board .ww-map-wrap').screenshot({ path: path.join(ARTIFACTS, `battle-map-zoomed.png`) });
  // A drag pans without clicking anything.
  const version = await page.locator('#version').textContent();
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x - 120, centre.y - 60, { steps: 5 });
  await page.mouse.up();
  // The page may take its pointer events a while later when the machine is busy.
  await page
    .waitForFunction(([x, y]) => {
      const [px, py] = document.querySelector('#board .ww-map').getAttribute('viewBox').split(' ').map(Number);
      return px > x && py > y;
    }, zoomed, { timeout: STEP_TIMEOUT })
    .catch(() => {});  // the assertion below says what failed
  const panned = await viewBox();
  assert.ok(panned[0] > zoomed[0] && panned[1] > zoomed[1], 'a drag pans');
  assert.equal(await page.locator('#version').textContent(), version);
  await page.locator('#board .ww-map-tools button', { hasText: 'Fit' }).click();
  assert.deepEqual(await viewBox(), full);
}

// The standing-orders panel: the players' own, a checkbox per kind of window, saved at once; the
// page says that the timing shows them; the spectator has none.
async function checkStandingOrdersPanel() {
  assert.equal(await pages.spectator.locator('#orders-panel').isVisible(), false, 'the spectator has no orders');
  for (const seat of ['french', 'british'])
    assert.equal(await pages[seat].locator('#orders-kinds input[data-kind]').count(), 10, `${seat}: a checkbox per kind of window`);
  assert.match(await pages.british.locator('#orders-panel').textContent(), /timing of the game/);
  const orders = () => apiJson(server.origin, 'GET', `/api/games/${game.id}/orders`, { token: game.seats.british });
  assert.deepEqual((await orders()).orders.passing, [], 'the pass for the French move ended with it');
  await pages.british.locator('#orders-kinds input[data-kind="massacre"]').check();
  await pages.british.waitForFunction(() => document.querySelector('#orders-kinds input[data-kind="massacre"]')?.checked);
  for (let i = 0; i < 50 && (await orders()).orders.auto_pass.length === 0; ++i) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual((await orders()).orders.auto_pass, ['massacre']);
  await pages.british.locator('#orders-kinds input[data-kind="massacre"]').uncheck();
  for (let i = 0; i < 50 && (await orders()).orders.auto_pass.length > 0; ++i) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual((await orders()).orders.auto_pass, []);
  assert.deepEqual((await apiJson(server.origin, 'GET', `/api/games/${game.id}/orders`, { token: game.seats.french })).orders.auto_pass, []);
}

before(async () => {
  ({ server, game } = await startServerWithGame(SEED));
  const data = await apiJson(server.origin, 'GET', '/api/titles/wilderness-war/data');
  spaceIds = new Set(data.spaces.map((x) => x.id));
  titleData = data;
  browser = await launchBrowser();
  for (const seat of ['french', 'british', 'spectator']) pages[seat] = await openSeat(seat);
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('two players and a spectator play the opening of Annus Mirabilis in the browser', async () => {
  await settle();
  // The opening: the French act first, with every card of the hand a legal target.
  assert.match(await pages.french.locator('#prompt').textContent(), /^French Action Phase/);
  assert.match(await pages.british.locator('#prompt').textContent(), /^Waiting for the French/);
  const frenchHand = (await seatView('french')).hand;
  for (const card of frenchHand)
    assert.equal(await pages.french.locator(`.ww-hand ${targetSelector('activate', card)}`).count(), 1, `activate #${card}`);
  assert.equal(await pages.french.locator('#board [data-space]').count(), 141, 'every space is drawn');
  await checkSeats();
  await screenshot('french', 'opening-french');

  let plan = 0;
  let menusSeen = 0;
  let battleSeen = false;
  let stockadeSeen = false;
  let passedForMove = false;
  for (let step = 0; step < 80 && !(battleSeen && stockadeSeen); ++step) {
    const version = await settle();
    const spectatorView = await seatView('spectator');
    const active = spectatorView.active;
    assert.ok(active, 'the game is not over');
    const page = pages[active];
    if (active === 'british' && !passedForMove && (await seatView('british')).window) {
      // A response window (standing orders, docs/PROTOCOL.md): the British page alone offers the
      // "pass for" buttons; one click passes this window and the next ones of the French move.
      for (const [seat, p] of Object.entries(pages))
        assert.equal(await p.locator('#actions .pass-scopes button[data-scope]').count(), seat === 'british' ? 3 : 0, `${seat}: pass-for buttons`);
      console.log(`v${version} british: pass for this move — ${spectatorView.prompt}`);
      await pages.british.locator('#actions button[data-scope="move"]').click();
      passedForMove = true;
    } else {
      const next = PLAN[plan];
      let planned = null;
      if (next && next.seat === active) {
        // A target on the board (map, hand) when there is one, else a button of the action bar.
        planned = page.locator(`#board ${targetSelector(next.verb, next.arg)}`);
        const opener = page.locator(`#board [data-verbs~="${next.verb}"][data-arg="${next.arg}"]`);
        if ((await planned.count()) === 0 && (await opener.count()) > 0) {
          // A target of several verbs opens a menu of them; its entry is the target.
          await opener.first().click();
          planned = page.locator(`#board .ww-menu ${targetSelector(next.verb, next.arg)}`);
          await planned.first().waitFor({ timeout: STEP_TIMEOUT });
          menusSeen += 1;
        }
        if ((await planned.count()) === 0) {
          planned = page.locator(`#actions ${targetSelector(next.verb, next.arg)}`);
          const folded = page.locator('#actions details.all-choices:not([open]) summary');
          if ((await planned.count()) > 0 && (await folded.count()) > 0) await folded.click();
        }
        if ((await planned.count()) === 0) planned = null;
      }
      if (planned) {
        if (next.verb === 'space') {
          // The destination is a highlighted map space, and the highlighted spaces are the legal ones.
          assert.deepEqual(await highlightedSpaces(page), legalSpaces(await seatView(active)));
          assert.equal(await page.locator(`#board .ww-space.target[data-space="${next.arg}"]`).count(), 1);
        }
        console.log(`v${version} ${active}: ${next.verb} ${next.arg ?? ''} (planned${next.key ? ', key ' + next.key : ''})`);
        if (next.key) await page.keyboard.press(next.key);
        else await planned.first().click();
        plan += 1;
      } else {
        assert.doesNotMatch(spectatorView.prompt, /Action Phase: play a card/, `the plan has no move for: ${spectatorView.prompt}`);
        const target = await defaultTarget(page);
        assert.ok(target, `${active} has nothing to click: ${spectatorView.prompt}`);
        console.log(`v${version} ${active}: ${target.verb} ${(await target.locator.getAttribute('data-arg')) ?? ''} (default) — ${spectatorView.prompt}`);
        await target.locator.click();
      }
    }
    // At least one move on: a standing order may make the server play more at once.
    await pages.spectator.waitForFunction((v) => Number(document.querySelector('#version').textContent.slice(1)) > v, version, {
      timeout: STEP_TIMEOUT,
    });

    const view = await seatView('spectator');
    if (!battleSeen && view.turn.battle) {
      battleSeen = true;
      await settle();
      assert.equal(view.turn.battle.space, 'hudson_carry_north');
      assert.equal(view.turn.battle.attacker, 'french');
      for (const seat of Object.keys(pages)) {
        assert.equal(await pages[seat].locator('#board .ww-space.battle[data-space="hudson_carry_north"]').count(), 1, `${seat} sees the battle space`);
        assert.match(await pages[seat].locator('#board .ww-combat .ww-combat-title').textContent(), /^Battle at Hudson Carry North — French attack/);
      }
      await checkSeats();
      for (const seat of Object.keys(pages)) await screenshot(seat, `battle-${seat}`);
      await zoomOnto(pages.spectator, 'hudson_carry_north');
    }
    if (!stockadeSeen && view.markers.deerfield?.stockade === 'british') {
      stockadeSeen = true;
      await settle();
      for (const seat of Object.keys(pages))
        assert.equal(await pages[seat].locator('#board [data-markers="deerfield"] [data-marker="stockade"]').count(), 1, `${seat} sees the stockade`);
    }
  }
  assert.ok(battleSeen, 'the French move made a battle');
  assert.ok(stockadeSeen, 'the British built a stockade');
  assert.ok(passedForMove, 'the British passed a response window for the whole French move');
  await checkStandingOrdersPanel();
  assert.equal(plan, PLAN.length, 'every planned move was made');
  assert.ok(dialogs.some((d) => /Roll the dice/.test(d.message)), 'the roll was confirmed first');
  assert.deepEqual(warnings, [], 'every patch passed its hash, every log line came in order');
  assert.match((await wholeLog(server.origin, game.id)).lines.map((l) => l.text).join('\n'), /Battle at Hudson Carry North/);

  // Finish the British construction if the card allows more, then check every seat again.
  await settle();
  await checkSeats();
  for (const seat of Object.keys(pages)) await screenshot(seat, `midgame-${seat}`);

  // A reload restores the same view.
  for (const seat of ['french', 'british', 'spectator']) {
    const page = pages[seat];
    const before = await pageState(page);
    await page.reload();
    await page.waitForSelector('#board .ww-map [data-space]', { timeout: STEP_TIMEOUT });
    await page.locator('#version', { hasText: before.version }).waitFor({ timeout: STEP_TIMEOUT });
    assert.deepEqual(await pageState(page), before, `${seat} after a reload`);
  }
  await checkSeats();
});
