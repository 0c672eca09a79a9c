// The Wilderness War page on a phone (390 x 844 CSS pixels, touch, device scale 2): the map and
// the prompt with its choices are both on the screen without sideways scrolling of the page, the
// prompt and its choices are a drawer at the bottom of the screen, every tap target is at least
// 32 px, the hand scrolls sideways, one finger pans the map and two pinch it (real touch events
// through the DevTools protocol, which the page sees as pointer events), and tapping a card of the
// hand and then a piece on the map plays them; targets all over the map make it zoom onto the
// densest group of them. Screenshots are kept like the other tests'.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, launchBrowser, startServerWithGame } from './server.mjs';

const SEED = 7; // the game of wilderness_war.test.mjs: the French open with #4 Campaign
const STEP_TIMEOUT = 15000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const MIN_TAP = 32;

let server;
let browser;
let game;
let page;
let cdp;

async function screenshot(name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

async function viewBox() {
  return (await page.locator('#board .ww-map').getAttribute('viewBox')).split(' ').map(Number);
}

async function version() {
  return Number((await page.locator('#version').textContent()).slice(1));
}

async function waitForVersion(v) {
  await page.locator('#version', { hasText: new RegExp(`^v${v}$`) }).waitFor({ timeout: STEP_TIMEOUT });
  await page.locator('#board:not(.busy)').waitFor({ timeout: STEP_TIMEOUT });
}

// The page never scrolls sideways: everything fits the screen's width.
async function assertNoSidewaysScroll(when) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${when}: the page is ${scrollWidth} px wide on a ${innerWidth} px screen`);
}

// Visible tap targets (buttons and HTML targets) in `selector` smaller than 32 px either way.
async function smallTargets(selector) {
  return page.locator(selector).evaluateAll(
    (els, min) =>
      els
        .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
        .map((e) => ({ e, r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.width < min || r.height < min)
        .map(({ e, r }) => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`),
    MIN_TAP,
  );
}

async function touch(type, points) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id, radiusX: 4, radiusY: 4, force: 1 })) });
}

// One finger from `from` by (dx, dy), in steps.
async function drag(from, dx, dy, steps = 8) {
  await touch('touchStart', [from]);
  for (let i = 1; i <= steps; ++i) await touch('touchMove', [[from[0] + (dx * i) / steps, from[1] + (dy * i) / steps]]);
  await touch('touchEnd', []);
}

// Two fingers about `centre`, from `start` apart to `end` apart (horizontally).
async function pinch(centre, start, end, steps = 8) {
  const at = (d) => [
    [centre[0] - d / 2, centre[1]],
    [centre[0] + d / 2, centre[1]],
  ];
  await touch('touchStart', at(start));
  for (let i = 1; i <= steps; ++i) await touch('touchMove', at(start + ((end - start) * i) / steps));
  await touch('touchEnd', []);
}

before(async () => {
  ({ server, game } = await startServerWithGame(SEED));
  browser = await launchBrowser();
  const context = await browser.newContext(PHONE);
  page = await context.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  cdp = await context.newCDPSession(page);
  await page.goto(game.links.french);
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: STEP_TIMEOUT });
  await waitForVersion(0);
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('the map and the choices fit a phone screen, pan and pinch by touch, and a tap plays', async () => {
  assert.equal(await page.evaluate(() => window.innerWidth), 390);
  await assertNoSidewaysScroll('the opening');
  await screenshot('phone-opening-french');

  // The map is on the first screen, as wide as the screen allows.
  const map = await page.locator('#board .ww-map').boundingBox();
  assert.ok(map.x >= 0 && map.x + map.width <= 390, `the map fits the width (${map.x}, ${map.width})`);
  assert.ok(map.width >= 350, `the map uses the width (${map.width})`);
  assert.ok(map.y < 844 / 2, `the map starts in the top half of the screen (${map.y})`);

  // The prompt and its choices: a drawer on the screen's bottom edge, whatever is scrolled.
  const drawer = page.locator('#turn-panel');
  for (const scroll of [0, 500]) {
    await page.evaluate((y) => window.scrollTo(0, y), scroll);
    const box = await drawer.boundingBox();
    assert.ok(box.y < 844 && Math.abs(box.y + box.height - 844) <= 2, `the drawer is at the bottom (scrolled ${scroll}): ${JSON.stringify(box)}`);
    assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the drawer fits the width');
    assert.ok(box.height <= 844 * 0.45, `the drawer leaves the map most of the screen (${box.height})`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.match(await page.locator('#prompt').textContent(), /^French Action Phase/);
  assert.ok((await page.locator('#prompt').boundingBox()).y < 844, 'the prompt is on the screen');
  // It folds to the prompt alone and unfolds again.
  await page.locator('#turn-toggle').tap();
  assert.equal(await page.locator('#actions').isVisible(), false, 'folded: no choices');
  assert.equal(await page.locator('#prompt').isVisible(), true, 'folded: the prompt stays');
  await page.locator('#turn-toggle').tap();
  assert.equal(await page.locator('#actions').isVisible(), true, 'unfolded');

  // Tap targets of at least 32 px: the drawer's buttons, the hand's, the map tools.
  assert.deepEqual(await smallTargets('#turn-panel button, #board .ww-map-tools button, #board .ww-hand [data-verb], #board .ww-hand button, #board .ww-chip.target'), []);

  // The hand is a row that scrolls sideways rather than a column of cards.
  const hand = page.locator('#board .ww-hand');
  const handBox = await hand.evaluate((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth, overflow: getComputedStyle(e).overflowX }));
  assert.equal(handBox.overflow, 'auto');
  assert.ok(handBox.scrollWidth > handBox.clientWidth, `the hand scrolls (${handBox.scrollWidth} > ${handBox.clientWidth})`);
  const cardTops = await page.locator('#board .ww-hand .ww-card').evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().top)))]);
  assert.equal(cardTops.length, 1, 'the cards are one row');

  // One finger pans the map; two fingers pinch it; neither plays anything.
  const before = await viewBox();
  const v0 = await version();
  await page.evaluate(() => window.scrollTo(0, 0));
  const m = await page.locator('#board .ww-map').boundingBox();
  const centre = [m.x + m.width / 2, m.y + m.height / 2];
  await drag(centre, -120, -80);
  const panned = await viewBox();
  assert.ok(panned[0] > before[0] && panned[1] > before[1], `a one-finger drag pans: ${before} -> ${panned}`);
  assert.equal(panned[2], before[2], 'a drag does not zoom');
  await pinch(centre, 60, 240);
  const zoomed = await viewBox();
  assert.ok(zoomed[2] < panned[2] * 0.6, `spreading two fingers zooms in: ${panned} -> ${zoomed}`);
  await pinch(centre, 200, 100);
  const unzoomed = await viewBox();
  assert.ok(unzoomed[2] > zoomed[2] * 1.5, `pinching zooms out: ${zoomed} -> ${unzoomed}`);
  assert.equal(await version(), v0, 'pan and pinch play nothing');
  assert.equal(await page.evaluate(() => window.scrollX), 0);
  await assertNoSidewaysScroll('after pan and pinch');
  await screenshot('phone-pinched-french');

  // Tap a card of the hand: #4 Campaign to activate.
  const card = page.locator('#board .ww-hand [data-verb="activate"][data-arg="4"]');
  await card.scrollIntoViewIfNeeded();
  await card.tap();
  await waitForVersion(v0 + 1);
  assert.match(await page.locator('#prompt').textContent(), /./);

  // Now the choices are the French pieces, all over the map (any leader may command a Campaign
  // force, any piece move alone): too many and too far apart to show them all at a size a finger
  // can tap, so the map zooms onto the densest group of them, each big enough to tap (ww/board.js
  // followTargets).
  const target = page.locator('#board .ww-map [data-verb="commander"][data-arg="fr_rigaud"], #board .ww-map [data-verbs~="commander"][data-arg="fr_rigaud"]').first();
  await target.waitFor({ timeout: STEP_TIMEOUT });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
  const cluster = await viewBox();
  assert.ok(cluster[2] < unzoomed[2] * 0.6, `the map zoomed onto a group of targets: ${cluster}`);
  const mapRect = await page.locator('#board .ww-map').boundingBox();
  const shownTargets = await page.locator('#board .ww-map .ww-counter.target').evaluateAll(
    (els, m) =>
      els
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.left >= m.x && r.right <= m.x + m.width && r.top >= m.y && r.bottom <= m.y + m.height)
        .map((r) => Math.min(r.width, r.height)),
    mapRect,
  );
  assert.ok(shownTargets.length >= 2, `several targets in view (${shownTargets.length})`);
  assert.ok(Math.min(...shownTargets) >= MIN_TAP - 1, `each target in view can be tapped: ${shownTargets.map(Math.round)}`);
  await screenshot('phone-targets-cluster-french');
  // The player wants Rigaud at Ticonderoga: "Fit" shows the whole map, and two fingers spread
  // over him until his counter is big enough to tap.
  await page.locator('#board .ww-map-tools button', { hasText: 'Fit' }).tap();
  let targetBox = await target.boundingBox();
  for (let i = 0; i < 4 && Math.min(targetBox.width, targetBox.height) < 40; ++i) {
    // Drag him to the middle of the map (a finger on the map's middle moves it by as much: he may
    // sit at the map's very edge), then spread the fingers there.
    const mapBox = await page.locator('#board .ww-map').boundingBox();
    const middle = [mapBox.x + mapBox.width / 2, mapBox.y + mapBox.height / 2];
    const at = [targetBox.x + targetBox.width / 2, targetBox.y + targetBox.height / 2];
    await drag(middle, middle[0] - at[0], middle[1] - at[1]);
    await pinch(middle, 40, 200);
    targetBox = await target.boundingBox();
  }
  assert.ok(targetBox.width >= MIN_TAP && targetBox.height >= MIN_TAP, `a map target is big enough to tap: ${JSON.stringify(targetBox)}`);
  assert.ok(targetBox.x >= 0 && targetBox.x + targetBox.width <= 390, 'the map target is on the screen');
  await screenshot('phone-map-targets-french');
  const verbs = await target.getAttribute('data-verbs');
  if (verbs) {
    // A piece that takes several verbs opens a menu; its entry is the target.
    await target.tap();
    const entry = page.locator('#board .ww-menu [data-verb="commander"]');
    await entry.waitFor({ timeout: STEP_TIMEOUT });
    assert.deepEqual(await smallTargets('#board .ww-menu button'), []);
    await entry.tap();
  } else {
    await target.tap();
  }
  await waitForVersion(v0 + 2);
  await assertNoSidewaysScroll('after two taps');
  await screenshot('phone-after-taps-french');
});
