// The map's zoom and pan survive a reload: on a player's page the wheel zooms in and a
// drag pans; after a reload the same map area is shown (the SVG's viewBox, within a pixel's worth
// of map units); after a reload in a smaller window the area is still the same one (the SVG scales
// the kept box to fit); the other seat's page in the same browser keeps its own view; "Fit" shows
// the whole map and forgets the kept view, so the next reload shows the whole map. On a phone the
// kept view wins over the zoom onto the position's targets after a reload. Then the
// keeping itself (ww/panzoom.js) on a bare SVG: a kept box off the map or zoomed past the limits
// comes back inside them, and a kept value that is no box is ignored.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, browserTestHooks, waitForPages } from './server.mjs';

const SEED = 7;
const TIMEOUT = 15000;

let server;
let browser;
let game;
browserTestHooks(SEED, (fixture) => ({ server, browser, game } = fixture));

async function viewBox(page) {
  return (await page.locator('#board .ww-map').getAttribute('viewBox')).split(' ').map(Number);
}

async function openSeat(context, seat) {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${seat}] page error: ${e.message}`));
  await page.goto(game.links[seat]);
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await waitForPages({ [seat]: page }, 0, TIMEOUT);
  return page;
}

async function reload(page, seat) {
  await page.reload();
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await waitForPages({ [seat]: page }, 0, TIMEOUT);
}

function assertSameBox(actual, expected, what) {
  // Within a map unit or two: the page keeps the box as it showed it.
  for (let i = 0; i < 4; ++i) assert.ok(Math.abs(actual[i] - expected[i]) <= 2, `${what}: ${actual} against ${expected}`);
}

async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

test('zoom and pan survive a reload; Fit resets and forgets them', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const french = await openSeat(context, 'french');
  const british = await openSeat(context, 'british');
  const full = await viewBox(french);

  // Zoom in over Ticonderoga and pan a little.
  const space = await french.locator('#board [data-space="ticonderoga"] .ww-shape').boundingBox();
  const centre = { x: space.x + space.width / 2, y: space.y + space.height / 2 };
  await french.mouse.move(centre.x, centre.y);
  for (let i = 0; i < 3; ++i) await french.mouse.wheel(0, -250);
  await french.waitForFunction((w) => Number(document.querySelector('#board .ww-map').getAttribute('viewBox').split(' ')[2]) < w, full[2] * 0.7);
  await french.mouse.move(centre.x, centre.y);
  await french.mouse.down();
  await french.mouse.move(centre.x - 80, centre.y - 40, { steps: 5 });
  await french.mouse.up();
  await french.waitForTimeout(400); // the page keeps the view a moment after the last change
  const shown = await viewBox(french);
  assert.ok(shown[2] < full[2] * 0.7, `zoomed in: ${shown}`);
  await screenshot(french, 'view-state-before-reload');

  await reload(french, 'french');
  assertSameBox(await viewBox(french), shown, 'after a reload');
  assert.equal(await french.locator('#board [data-space="ticonderoga"]').isVisible(), true);
  await screenshot(french, 'view-state-after-reload');

  // A smaller window shows the same area: the SVG scales the box to fit.
  await french.setViewportSize({ width: 900, height: 700 });
  await reload(french, 'french');
  assertSameBox(await viewBox(french), shown, 'after a reload in a smaller window');
  const tic = await french.locator('#board [data-space="ticonderoga"] .ww-shape').boundingBox();
  const map = await french.locator('#board .ww-map').boundingBox();
  const inView = tic.x >= map.x && tic.x + tic.width <= map.x + map.width && tic.y >= map.y && tic.y + tic.height <= map.y + map.height;
  assert.ok(inView, 'Ticonderoga is still in view');
  await screenshot(french, 'view-state-smaller-window');

  // The British page of the same browser keeps its own view: the whole map.
  await reload(british, 'british');
  assert.deepEqual(await viewBox(british), full, 'the other seat keeps its own view');

  // "Fit" shows the whole map and forgets the kept view.
  await french.locator('#board .ww-map-tools button', { hasText: 'Fit' }).click();
  assert.deepEqual(await viewBox(french), full);
  await french.waitForTimeout(400);
  await reload(french, 'french');
  assert.deepEqual(await viewBox(french), full, 'after Fit and a reload: the whole map');
  await screenshot(french, 'view-state-after-fit');
  await context.close();
});

test('on a phone the kept view comes back after a reload rather than the targets', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await openSeat(context, 'french');
  await page.waitForTimeout(300); // the map may follow the targets first
  const plus = page.locator('#board .ww-map-tools button[title="zoom in"]');
  for (let i = 0; i < 3; ++i) await plus.tap();
  await page.waitForTimeout(400);
  const shown = await viewBox(page);
  await reload(page, 'french');
  await page.waitForTimeout(300);
  assertSameBox(await viewBox(page), shown, 'a phone after a reload');
  await screenshot(page, 'view-state-phone-after-reload');
  await context.close();
});

test('a kept view is clamped to the map and the zoom limits, and a broken one is ignored', async () => {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await context.newPage();
  await page.goto(`${server.origin}/`);
  const results = await page.evaluate(async () => {
    const { PanZoom } = await import('/js/ww/panzoom.js');
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 2000 1000');
    svg.style.width = '400px';
    svg.style.height = '200px';
    document.body.append(svg);
    const key = 'test.view';
    const restored = (kept) => {
      localStorage.setItem(key, typeof kept === 'string' ? kept : JSON.stringify(kept));
      svg.setAttribute('viewBox', '0 0 2000 1000'); // the whole map, as the page draws it
      const pz = new PanZoom(svg, { storageKey: key });
      return { ok: pz.restore(), box: { ...pz.box } };
    };
    return {
      inside: restored({ x: 500, y: 200, w: 600, h: 300 }),
      offMap: restored({ x: -900, y: 1500, w: 600, h: 300 }),
      tooFar: restored({ x: 900, y: 450, w: 10, h: 5 }),
      tooWide: restored({ x: -100, y: 0, w: 5000, h: 2500 }),
      garbage: restored('{"x": "a"}'),
      notJson: restored('nope'),
    };
  });
  assert.deepEqual(results.inside, { ok: true, box: { x: 500, y: 200, w: 600, h: 300 } });
  assert.deepEqual(results.offMap, { ok: true, box: { x: 0, y: 700, w: 600, h: 300 } }, 'moved back onto the map');
  // Zoomed in past the limit (15% of the width): the limit, about the same centre.
  assert.equal(results.tooFar.ok, true);
  assert.deepEqual(results.tooFar.box, { x: 905 - 150, y: 452.5 - 75, w: 300, h: 150 });
  assert.deepEqual(results.tooWide.box, { x: 0, y: 0, w: 2000, h: 1000 }, 'zoomed out past the whole map: the whole map');
  assert.equal(results.garbage.ok, false);
  assert.equal(results.notJson.ok, false);
  await context.close();
});
