// Small Wars: Mohicans' board in a real browser: the French and the British play the set-up and
// the first turn(s) of the campaign against each other from their seat links while a third browser
// context spectates. Every step is a click on a target the page marks with data-verb / data-arg (a
// map location, a counter in a stack's list or among the counters off the map, a naval piece on
// the insert, or a button by the prompt). Each page is checked: the map draws every location,
// line and lake of the title data; the prompt is the seat's; a click on a place to pick is that
// place's; the British and the spectator never see which French naval piece lies face down (the
// French do); the log; a reload shows the same.
// The seed is fixed, so the game is the same every run.
//
// Environment: WARPATH_BINARY (the warpath binary: every build offers the title),
// WARPATH_WEB_ROOT (server/web), WARPATH_BROWSER_ARTIFACTS (screenshots), WARPATH_CHROMIUM.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, BINARY, WEB_ROOT, apiJson, launchBrowser, shownLog, startServer, waitForPages, wholeLog } from './server.mjs';

const SEED = 11;
const STEP_TIMEOUT = 15000;

let server;
let browser;
let game;
let data;
const pages = {};
const errors = [];

async function openSeat(seat) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  page.on('pageerror', (e) => errors.push(`[${seat}] ${e.message}`));
  await page.goto(game.links[seat]);
  await page.waitForSelector('#board .moh-map [data-location]', { timeout: STEP_TIMEOUT });
  return page;
}

async function gameVersion() {
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version;
}

async function seatView(seat) {
  const token = seat === 'spectator' ? undefined : game.seats[seat];
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token })).view;
}

async function settle() {
  const version = await gameVersion();
  await waitForPages(pages, version, STEP_TIMEOUT);
  return version;
}

async function waitForMove(before) {
  const until = Date.now() + STEP_TIMEOUT;
  while ((await gameVersion()) <= before) {
    if (Date.now() > until) throw new Error(`no move after v${before}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function screenshot(seat, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await pages[seat].evaluate(() => window.scrollTo(0, 0));
  await pages[seat].screenshot({ path: path.join(ARTIFACTS, `mohicans-${name}.png`), fullPage: true });
}

// Clicks (verb, arg) on the page: a map location or naval piece, a counter through its stack's
// list (opened by a click on the stack) or among the counters off the map, or a button.
async function clickTarget(page, view, verb, arg) {
  const select = arg === null ? `[data-verb="${verb}"]:not([data-arg])` : `[data-verb="${verb}"][data-arg="${arg}"]`;
  if (verb === 'location') return page.locator(`#board .moh-map .moh-loc${select}`).click();
  if (verb === 'naval') return page.locator(`#board .moh-map .moh-naval${select}`).click();
  if (verb === 'unit') {
    const unit = view.units[arg];
    if (unit.where === 'map') {
      const entry = page.locator(`#board .moh-stack-panel ${select}`);
      if (!(await entry.isVisible())) await page.locator(`#board .moh-stack[data-stack="${unit.at}"]`).click();
      return entry.click();
    }
    return page.locator(`#board .moh-pool ${select}`).click();
  }
  return page.locator(`#actions button${select}`).first().click();
}

// The map's drawing against the title data.
async function checkMap(page, seat) {
  const counts = await page.evaluate(() => ({
    locations: [...document.querySelectorAll('#board .moh-locations [data-location]')].map((e) => e.dataset.location).sort(),
    lines: [...document.querySelectorAll('#board .moh-lines line[data-connection]')].map((e) => e.dataset.connection).sort(),
    lakes: document.querySelectorAll('#board .moh-lakes [data-lake]').length,
    names: document.querySelectorAll('#board .moh-names [data-name]').length,
    spots: document.querySelectorAll('#board [data-spot]').length,
  }));
  assert.deepEqual(counts.locations, data.locations.map((l) => l.id).sort(), `${seat}: every location`);
  assert.deepEqual(counts.lines, data.connections.map((c) => c.id).sort(), `${seat}: every line`);
  assert.equal(counts.lakes, data.lakes.length, `${seat}: every lake`);
  assert.equal(counts.names, data.locations.length, `${seat}: every name`);
  assert.equal(counts.spots, data.naval_insert.spots.length, `${seat}: the insert's spots`);
  for (const type of ['road', 'trail', 'river', 'coast'])
    assert.ok((await page.locator(`#board .moh-lines .moh-${type}`).count()) > 0, `${seat}: ${type}s drawn`);
}

// Each page: its prompt, the map targets exactly the listed locations, the counters on the map,
// the French naval secret, and the log.
async function checkSeats() {
  const log = await wholeLog(server.origin, game.id);
  const placed = {};
  const frenchView = await seatView('french');
  // Face down: placed and not yet turned up by the naval war (the public insert says so).
  const publicInsert = (await seatView('spectator')).naval.insert;
  for (const [spot, id] of Object.entries(frenchView.naval_orders?.insert ?? {}))
    if (id && publicInsert[spot]?.french === 'face_down') placed[spot] = id;
  for (const [seat, page] of Object.entries(pages)) {
    const view = await seatView(seat);
    assert.equal(await page.locator('#prompt').textContent(), view.prompt, `${seat} prompt`);
    const targets = await page.locator('#board .moh-map .moh-loc.target').evaluateAll((els) => els.map((e) => e.dataset.location).sort());
    assert.deepEqual(targets, [...(view.actions?.location ?? [])].sort(), `${seat}: the map's targets`);
    // A click at the middle of each place (where a mouse click lands) is that place's: no
    // neighbour's circle nor stack drawn over it.
    const covered = await page.locator('#board .moh-map .moh-loc').evaluateAll((els) =>
      els
        .map((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return hit?.closest('[data-location]') === el || !el.classList.contains('target') ? null : `${el.dataset.location} under ${hit?.closest('[data-location], [data-stack]')?.outerHTML.slice(0, 80)}`;
        })
        .filter(Boolean),
    );
    assert.deepEqual(covered, [], `${seat}: every place to pick takes its click`);
    const onMap = Object.values(view.units).filter((u) => u.where === 'map').length;
    const drawn = await page.locator('#board .moh-stack').evaluateAll((els) => els.reduce((n, e) => n + e.dataset.units.split(' ').length, 0));
    assert.equal(drawn, onMap, `${seat}: every counter on the map is in a stack`);
    const faceDown = await page.locator('#board [data-naval-face-down]').count();
    assert.equal(faceDown, Object.keys(placed).length, `${seat}: the face-down French pieces`);
    if (seat !== 'french') {
      const shownIds = await page.locator('#board [data-naval]').evaluateAll((els) => els.map((e) => e.dataset.naval));
      for (const id of Object.values(placed)) assert.ok(!shownIds.includes(id), `${seat} must not see the French ${id}`);
      const texts = await page.locator('#board [data-naval-face-down]').evaluateAll((els) => els.map((e) => e.textContent));
      assert.ok(texts.every((t) => t.startsWith('?')), `${seat}: face down shows no identity`);
      const html = await page.locator('#board').innerHTML();
      for (const id of Object.values(placed)) assert.ok(!html.includes(`"${id}"`), `${seat}: no trace of ${id}`);
      assert.equal(view.naval_orders ?? null, null);
    } else {
      assert.equal(await page.locator('#board [data-naval-face-down].own').count(), Object.keys(placed).length, 'the French see their own pieces');
    }
    const shown = await shownLog(page);
    assert.deepEqual(shown.texts, log.lines.slice(shown.first).map((l) => l.text), `${seat}: the log`);
    if (seat === 'spectator') assert.equal(await page.locator('#board [data-verb]').count(), 0, 'the spectator has no targets');
  }
}

async function pageState(page) {
  return {
    version: await page.locator('#version').textContent(),
    prompt: await page.locator('#prompt').textContent(),
    targets: await page.locator('#board [data-verb]').evaluateAll((els) => els.map((e) => `${e.dataset.verb}:${e.dataset.arg}`).sort()),
    stacks: await page.locator('#board .moh-stack').evaluateAll((els) => els.map((e) => `${e.dataset.stack}:${e.dataset.units}`).sort()),
    markers: await page.locator('#board [data-marker]').count(),
    naval: await page.locator('#board .moh-insert').textContent(),
    status: await page.locator('.moh-status').textContent(),
    log: await shownLog(page),
  };
}

before(async () => {
  if (!fs.existsSync(BINARY)) throw new Error(`no warpath binary at ${BINARY}`);
  server = await startServer({ binary: BINARY, webRoot: WEB_ROOT });
  game = await apiJson(server.origin, 'POST', '/api/games', { body: { title: 'mohicans', scenario: 'campaign', seed: SEED } });
  data = await apiJson(server.origin, 'GET', '/api/titles/mohicans/data');
  browser = await launchBrowser();
  for (const seat of ['french', 'british', 'spectator']) pages[seat] = await openSeat(seat);
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('the set-up and the first turns of Mohicans, played by clicks', async () => {
  await settle();
  for (const [seat, page] of Object.entries(pages)) await checkMap(page, seat);
  assert.match(await pages.british.locator('#prompt').textContent(), /^Waiting for the French/);
  await checkSeats();
  await screenshot('french', 'setup-french');

  const chosen = new Map(); // stage key -> units chosen there
  const seen = new Set();
  let navalChecked = false;
  for (let step = 0; step < 80; ++step) {
    const version = await settle();
    const spectator = await seatView('spectator');
    if (spectator.turn.index >= 2 || !spectator.active) break;
    const seat = spectator.active;
    const view = await seatView(seat);
    const actions = view.actions;
    const key = `${spectator.turn.index} ${spectator.stage} ${seat}`;
    seen.add(spectator.stage);
    let verb;
    let arg = null;
    if (actions.naval) [verb, arg] = ['naval', actions.naval[0]];
    else if (actions.location) [verb, arg] = ['location', actions.location[actions.location.length - 1]];
    else if (actions.unit && (chosen.get(key) ?? 0) < 1) {
      [verb, arg] = ['unit', actions.unit[0]];
      chosen.set(key, (chosen.get(key) ?? 0) + 1);
    } else if (actions.done) verb = 'done';
    else {
      const [first] = Object.entries(actions);
      assert.ok(first, `${seat} has something to do at ${key}`);
      [verb, arg] = first[1] === true ? [first[0], null] : [first[0], first[1][0]];
    }
    if (!navalChecked && spectator.stage !== 'naval_placement' && Object.values(spectator.naval.insert).some((s) => s.french === 'face_down')) {
      navalChecked = true;
      await checkSeats();
      await screenshot('british', 'naval-british');
      await screenshot('french', 'naval-french');
    }
    await clickTarget(pages[seat], view, verb, arg);
    await waitForMove(version);
  }
  await settle();
  assert.ok(navalChecked, 'the French put naval pieces face down');
  for (const stage of ['setup_coureur', 'setup_coureurs_on_tribes', 'setup_sea_lift', 'naval_placement', 'muster', 'movement'])
    assert.ok(seen.has(stage), `the play went through ${stage}`);
  const spectator = await seatView('spectator');
  assert.ok(spectator.turn.index >= 1, 'the first turn is over');
  await checkSeats();
  assert.match(await pages.spectator.locator('.moh-turn-track li.current').textContent(), new RegExp(String(spectator.turn.year)));
  for (const seat of ['french', 'british', 'spectator']) await screenshot(seat, `turn-${seat}`);
  // Zoomed onto the crowded New York frontier: names and counters apart (a screenshot to look at).
  const map = pages.french.locator('#board .moh-map');
  const box = await pages.french.locator('#board [data-location="albany"]').boundingBox();
  await pages.french.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 2; ++i) await pages.french.mouse.wheel(0, -250);
  await pages.french.waitForFunction(() => Number(document.querySelector('#board .moh-map').getAttribute('viewBox').split(' ')[2]) < 900);
  await pages.french.locator('#board .moh-map-wrap').screenshot({ path: path.join(ARTIFACTS, 'mohicans-zoomed-french.png') });
  await pages.french.locator('#board .moh-map-tools button', { hasText: 'Fit' }).click();
  assert.equal(await map.getAttribute('viewBox'), `0 0 ${data.map_width} ${data.map_height}`);

  // A reload shows the same.
  for (const seat of ['french', 'british', 'spectator']) {
    const page = pages[seat];
    const before = await pageState(page);
    await page.reload();
    await page.waitForSelector('#board .moh-map [data-location]', { timeout: STEP_TIMEOUT });
    await settle();
    assert.deepEqual(await pageState(page), before, `${seat}: the same after a reload`);
  }
  assert.deepEqual(errors, [], 'no page errors');
});
