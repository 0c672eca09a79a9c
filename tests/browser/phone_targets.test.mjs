// On a phone the map zooms to targets spread over part of the map (ww/board.js
// followTargets). Annus Mirabilis, seed 7, played over HTTP: the French activate with #4 and stop;
// the British activate with #6 and Monckton alone at Halifax, so that his first step may be a naval
// move to any of six British ports from Boston to Alexandria (spaces far apart, too small to tap
// when all are shown, which made the page keep the whole map). The British page on a 390 x 844
// touch screen then zooms so that every target space is in the map's view, above the prompt's
// drawer, and the view is smaller than the whole map; "Fit" shows the whole map and "◎" every
// target again.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, apiJson, browserTestHooks, waitForPages } from './server.mjs';

const SEED = 7;
const TIMEOUT = 15000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

let server;
let browser;
let game;
browserTestHooks(SEED, (fixture) => ({ server, browser, game } = fixture));

async function move(seat, verb, arg) {
  const { version } = await apiJson(server.origin, 'GET', `/api/games/${game.id}`);
  await apiJson(server.origin, 'POST', `/api/games/${game.id}/actions`, { token: game.seats[seat], body: { version, verb, arg } });
  return version + 1;
}

async function viewBox(page) {
  return (await page.locator('#board .ww-map').getAttribute('viewBox')).split(' ').map(Number);
}

// The screen rectangles of the target spaces' shapes, and the map's.
async function targetsAndMap(page) {
  return page.evaluate(() => {
    const rect = (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    return {
      map: rect(document.querySelector('#board .ww-map')),
      drawer: rect(document.querySelector('#turn-panel')),
      targets: [...document.querySelectorAll('#board .ww-space.target')].map((s) => ({ space: s.dataset.space, ...rect(s.querySelector('.ww-shape')) })),
    };
  });
}

test('on a phone the map zooms to spread-out targets', async () => {
  await move('french', 'activate', 4);
  await move('french', 'done');
  await move('british', 'activate', 6);
  let version = await move('british', 'commander', 'br_monckton');

  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(game.links.british);
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await waitForPages({ british: page }, version, TIMEOUT);
  await page.locator('#board .ww-map-tools button', { hasText: 'Fit' }).tap();
  const full = await viewBox(page);

  // Monckton's force is complete; the French pass the Foul Weather window before it moves.
  await move('british', 'done');
  version = await move('french', 'pass');
  const { view } = await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token: game.seats.british });
  const naval = view.actions.naval ?? [];
  assert.ok(naval.length >= 5, `naval moves to several ports: ${naval}`);
  await waitForPages({ british: page }, version, TIMEOUT);
  await page.waitForTimeout(200);
  await page.evaluate(() => window.scrollTo(0, 0));
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'phone-targets-zoomed.png') });

  // The view shows less than the whole map…
  const zoomed = await viewBox(page);
  assert.ok(zoomed[2] < full[2] * 0.8 && zoomed[2] * zoomed[3] < full[2] * full[3] * 0.8, `the map zoomed in: ${full} -> ${zoomed}`);
  // …and every target space whole, on the screen.
  const { map, drawer, targets } = await targetsAndMap(page);
  const spaces = targets.map((t) => t.space).sort();
  for (const port of naval) assert.ok(spaces.includes(port), `${port} is a target on the map`);
  for (const t of targets) {
    const inView = t.left >= map.left - 1 && t.right <= map.right + 1 && t.top >= map.top - 1 && t.bottom <= map.bottom + 1;
    assert.ok(inView, `${t.space} is in the map's view: ${JSON.stringify(t)} in ${JSON.stringify(map)}`);
    assert.ok(t.left >= 0 && t.right <= 390 && t.top >= 0 && t.bottom <= 844, `${t.space} is on the screen`);
    assert.ok(t.bottom <= drawer.top + 1, `${t.space} is not under the prompt's drawer: ${JSON.stringify(t)}, the drawer from ${drawer.top}`);
  }

  // "Fit" shows the whole map; "◎" every target again.
  await page.locator('#board .ww-map-tools button', { hasText: 'Fit' }).tap();
  assert.deepEqual(await viewBox(page), full);
  await page.locator('#board .ww-map-tools button[title="show the legal targets"]').tap();
  assert.deepEqual(await viewBox(page), zoomed);
  await context.close();
});
