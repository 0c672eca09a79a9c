// Stacks stay on their own space: on a 1366 x 768 screen, at "Fit" and two closer
// zooms, no stack's drawing and no space's markers overlap another space's symbol or another
// space's stack or markers (Hudson Carry North and South, Ticonderoga and Crown Point among them,
// after the seed 7 opening has put a battle at Hudson Carry North); a click on a stack opens its
// panel, which names every piece with its ratings or strength in words. Screenshots of the map at
// each zoom and of the panel.
// Legible at Fit: every text the map draws is at least 11 CSS px high on the screen, no two shown
// space names overlap (nor a name a stack or markers), the names hidden there all show at twice
// the Fit zoom, and a hidden name is read by hovering its space (a mouse) and by tapping it (a
// touch screen).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, browserTestHooks, waitForPages } from './server.mjs';
import { OPENING, SEED, playOverHttp } from './ww_opening.mjs';

const TIMEOUT = 15000;
let server;
let browser;
let game;
browserTestHooks(SEED, (fixture) => ({ server, browser, game } = fixture));
let version; // the game's version once the opening is played (the first test)

// Every space's symbol, and every stack's and marker group's drawing, as client rectangles.
function mapBoxes() {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { x1: r.left, y1: r.top, x2: r.right, y2: r.bottom };
  };
  const spaces = [...document.querySelectorAll('#board .ww-space')].map((g) => ({
    id: g.dataset.space,
    boxes: [...g.querySelectorAll('.ww-shape, .ww-fortress-ring')].map(box),
  }));
  const drawn = [
    ...[...document.querySelectorAll('#board .ww-stack')].map((g) => ({ id: g.dataset.stack, what: 'stack', box: box(g) })),
    ...[...document.querySelectorAll('#board .ww-marker-group')].map((g) => ({ id: g.dataset.markers, what: 'markers', box: box(g) })),
  ];
  return { spaces, drawn };
}

function overlaps(a, b, slack = 0.5) {
  return Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1) > slack && Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1) > slack;
}

function collisions({ spaces, drawn }) {
  const out = [];
  for (const d of drawn) {
    for (const s of spaces) if (s.id !== d.id && s.boxes.some((b) => overlaps(d.box, b))) out.push(`${d.what} of ${d.id} covers the space ${s.id}`);
    for (const e of drawn) if (e.id < d.id && overlaps(d.box, e.box)) out.push(`${d.what} of ${d.id} covers the ${e.what} of ${e.id}`);
  }
  return out;
}

// The British page on a 1366x768 screen (`options` adds to the context's), showing the game at
// the version the opening reached.
async function openBritishPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, ...options });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(game.links.british);
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await waitForPages({ british: page }, version, TIMEOUT);
  return { context, page };
}

async function clickFit(page) {
  await page.locator('#board .ww-map-tools button', { hasText: 'Fit' }).click();
}

test('every stack stays on its own space at every zoom; a stack opens in words', async () => {
  version = await playOverHttp(server.origin, game, { stop: (view) => Boolean(view.turn?.battle) });
  const { context, page } = await openBritishPage();
  for (const id of ['hudson_carry_north', 'hudson_carry_south', 'ticonderoga', 'crown_point'])
    assert.equal(await page.locator(`#board .ww-stack[data-stack="${id}"]`).count(), 1, `a stack at ${id}`);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const map = page.locator('#board .ww-map');
  await clickFit(page);
  for (const zoom of ['fit', 'closer', 'closest']) {
    if (zoom !== 'fit') {
      // Zoom in on the two carries.
      const carry = await page.locator('#board [data-space="hudson_carry_north"] .ww-shape').boundingBox();
      await page.mouse.move(carry.x + carry.width / 2, carry.y + carry.height / 2);
      for (let i = 0; i < 3; ++i) await page.mouse.wheel(0, -250);
      await page.waitForTimeout(200);
    }
    const found = collisions(await page.evaluate(mapBoxes));
    await map.screenshot({ path: path.join(ARTIFACTS, `stacks-${zoom}.png`) });
    assert.deepEqual(found, [], `at ${zoom}: stacks and markers on other spaces`);
  }
  // The carries and the forts on the lake, one by one: each pair stays apart, off each other's
  // symbol and name.
  const rect = async (selector) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().toJSON());
  for (const [a, b] of [
    ['hudson_carry_north', 'hudson_carry_south'],
    ['ticonderoga', 'crown_point'],
  ]) {
    const sa = await rect(`#board .ww-stack[data-stack="${a}"]`);
    const sb = await rect(`#board .ww-stack[data-stack="${b}"]`);
    const box = (r) => ({ x1: r.left, y1: r.top, x2: r.right, y2: r.bottom });
    assert.ok(!overlaps(box(sa), box(sb)), `the stacks of ${a} and ${b} overlap`);
    for (const part of ['.ww-shape', '.ww-label']) {
      assert.ok(!overlaps(box(sa), box(await rect(`#board [data-space="${b}"] ${part}`))), `the stack of ${a} covers ${b} (${part})`);
      assert.ok(!overlaps(box(sb), box(await rect(`#board [data-space="${a}"] ${part}`))), `the stack of ${b} covers ${a} (${part})`);
    }
  }

  // A click on the stack of Hudson Carry North opens it: both sides' pieces, in words.
  await page.locator('#board .ww-stack[data-stack="hudson_carry_north"] .ww-stack-hit').click();
  const panel = page.locator('#board .ww-stack-panel[data-stack-panel="hudson_carry_north"]');
  await panel.waitFor({ timeout: TIMEOUT });
  const text = await panel.textContent();
  await page.screenshot({ path: path.join(ARTIFACTS, 'stacks-panel.png') });
  assert.match(text, /Hudson Carry North/);
  const rigaud = await panel.locator('[data-piece="fr_rigaud"]').textContent();
  assert.match(rigaud, /Rigaud/);
  assert.match(rigaud, /French leader/);
  assert.match(rigaud, /command 4/);
  assert.match(rigaud, /tactics 0/);
  const languedoc = await panel.locator('[data-piece="fr_reg_languedoc"]').textContent();
  assert.match(languedoc, /Languedoc/);
  assert.match(languedoc, /French regulars/);
  assert.match(languedoc, /strength \d/);
  assert.match(languedoc, /full strength|reduced/);
  assert.match(text, /British: \d+ units?, strength \d+/, 'the British side with its strength');
  assert.doesNotMatch(text, /fr_|br_|hudson_carry/, 'no raw ids');
  // Every piece the view puts there is listed.
  const listed = await panel.locator('[data-piece]').evaluateAll((els) => els.map((e) => e.dataset.piece));
  const drawn = await page.locator('#board .ww-stack[data-stack="hudson_carry_north"] .ww-counter').evaluateAll((els) => els.map((e) => e.dataset.piece));
  assert.deepEqual([...listed].sort(), [...new Set(drawn)].sort());
  assert.ok(listed.length >= OPENING.length - 3, `pieces listed: ${listed}`);
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached', timeout: TIMEOUT });
  await context.close();
});

// The map's texts that are drawn, with their client rectangles: space names (`name`), the name tip,
// and every other text (counters, pile counts, markers, militia boxes).
function drawnTexts() {
  const out = [];
  for (const el of document.querySelectorAll('#board .ww-map text')) {
    if (!el.textContent.trim()) continue;
    if (el.closest('[visibility="hidden"]') || getComputedStyle(el).display === 'none' || getComputedStyle(el).visibility === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue; // inside something not displayed
    const kind = el.classList.contains('ww-name-tip-text') ? 'tip' : el.classList.contains('ww-label') ? 'name' : 'other';
    out.push({ kind, text: el.textContent, space: el.closest('[data-space]')?.dataset.space ?? null, x1: r.left, y1: r.top, x2: r.right, y2: r.bottom, h: r.height });
  }
  return out;
}

test('legible at Fit on 1366 x 768: texts 11 px or more, names apart, hidden names on hover, tap and closer', async () => {
  assert.ok(version, 'the opening was played');
  const { context, page } = await openBritishPage();
  await clickFit(page);
  await page.waitForTimeout(200);
  await page.locator('#board .ww-map').screenshot({ path: path.join(ARTIFACTS, 'legible-fit.png') });
  const texts = await page.evaluate(drawnTexts);
  const small = texts.filter((t) => t.h < 11).map((t) => `${t.kind} "${t.text}" ${t.h.toFixed(1)} px`);
  assert.deepEqual(small, [], 'texts under 11 px at Fit');
  const names = texts.filter((t) => t.kind === 'name');
  assert.ok(names.length >= 15, `${names.length} names shown at Fit`);
  assert.ok(texts.some((t) => t.kind === 'other' && /^\d+$/.test(t.text)), 'a pile shows its count at Fit');
  const clashes = [];
  for (const a of names) for (const b of names) if (a.space < b.space && overlaps(a, b)) clashes.push(`${a.text} / ${b.text}`);
  const { drawn } = await page.evaluate(mapBoxes);
  for (const a of names) for (const d of drawn) if (overlaps(a, d.box, 1)) clashes.push(`${a.text} / the ${d.what} of ${d.id}`);
  assert.deepEqual(clashes, [], 'shown names over each other, stacks or markers at Fit');
  // Counters stay recognisable: a counter is drawn at least 10 px wide.
  const counter = await page.locator('#board .ww-counter:not(.under) .ww-counter-body').first().boundingBox();
  assert.ok(counter.width >= 10, `a counter is ${counter.width} px wide at Fit`);

  // A space whose name is hidden at Fit (and is no target, a click on which would act, and has no
  // stack, a click on which would open it).
  const hidden = await page.evaluate(() =>
    [...document.querySelectorAll('#board .ww-space:not(.target)')]
      .filter((g) => g.querySelector('.ww-label').classList.contains('name-hidden'))
      .map((g) => g.dataset.space)
      .filter((id) => !document.querySelector(`#board .ww-stack[data-stack="${id}"]`)),
  );
  assert.ok(hidden.length > 0, 'some names are hidden at Fit');
  const id = hidden.includes('lake_george') ? 'lake_george' : hidden[0];
  const name = await page.locator(`#board [data-space="${id}"] .ww-label`).textContent();
  const tip = page.locator('#board .ww-name-tip');
  await page.locator('#board .ww-map').scrollIntoViewIfNeeded();
  const shape = await page.locator(`#board [data-space="${id}"] .ww-shape`).boundingBox();
  await page.mouse.move(shape.x + shape.width / 2, shape.y + shape.height / 2);
  await page.waitForFunction((n) => document.querySelector('#board .ww-name-tip:not([visibility])')?.textContent === n, name, { timeout: TIMEOUT });
  assert.equal(await tip.getAttribute('data-name-tip'), id);
  const tipText = (await page.evaluate(drawnTexts)).find((t) => t.kind === 'tip');
  assert.ok(tipText && tipText.h >= 11, `the name tip is ${tipText?.h} px high`);
  await page.mouse.move(5, 5);
  await page.waitForFunction(() => document.querySelector('#board .ww-name-tip')?.getAttribute('visibility') === 'hidden', null, { timeout: TIMEOUT });

  // At twice the Fit zoom every name shows (two "+" steps zoom in 1 / 0.49 times).
  for (let i = 0; i < 2; ++i) await page.locator('#board .ww-map-tools button', { hasText: '+' }).click();
  await page.waitForTimeout(200);
  assert.equal(await page.locator('#board .ww-label.name-hidden').count(), 0, 'names hidden at twice the Fit zoom');
  const closer = await page.evaluate(drawnTexts);
  const tooSmall = closer.filter((t) => t.kind === 'name' && t.h < 11).map((t) => `${t.text} ${t.h.toFixed(1)} px`);
  assert.deepEqual(tooSmall, [], 'names under 11 px at twice the Fit zoom');
  await context.close();

  // A touch screen: a tap on the space shows its name, and it stays.
  const { context: touch, page: tablet } = await openBritishPage({ hasTouch: true, isMobile: false });
  await clickFit(tablet);
  await tablet.waitForTimeout(200);
  assert.ok(await tablet.locator(`#board [data-space="${id}"] .ww-label.name-hidden`).count(), `${id}'s name is hidden on the touch screen too`);
  await tablet.locator('#board .ww-map').scrollIntoViewIfNeeded();
  const where = await tablet.locator(`#board [data-space="${id}"] .ww-shape`).boundingBox();
  await tablet.touchscreen.tap(where.x + where.width / 2, where.y + where.height / 2);
  await tablet.waitForFunction((n) => document.querySelector('#board .ww-name-tip:not([visibility])')?.textContent === n, name, { timeout: TIMEOUT });
  await tablet.waitForTimeout(300);
  assert.equal(await tablet.locator('#board .ww-name-tip').getAttribute('data-name-tip'), id, 'the tapped name stays');
  await tablet.locator('#board .ww-map').screenshot({ path: path.join(ARTIFACTS, 'legible-tap.png') });
  await touch.close();
});
