// The force being picked and the last move, marked on the map. The French activate a
// force by clicks (seed 7: #4 Campaign, Rigaud commanding, Languedoc and Royal Roussillon picked):
// each member is marked on the map (class ww-force) and listed in the force box with the force's
// strength in words, on the French page and on the British one. Then the force moves into Hudson
// Carry North: on the British page the moved pieces and the battle space carry ww-last-move.
// Screenshots of both.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, apiJson, browserTestHooks, clickAction, openSeatPages, waitForMove, waitForPages } from './server.mjs';
import { SEED, gameVersion, playOverHttp } from './ww_opening.mjs';

const TIMEOUT = 15000;
const FORCE = ['fr_rigaud', 'fr_reg_languedoc', 'fr_reg_royal_roussillon'];
let server;
let browser;
let game;
browserTestHooks(SEED, (fixture) => ({ server, browser, game } = fixture));

// Clicks an action and waits until both pages show the move's outcome.
async function play(pages, page, verb, arg) {
  const before = await gameVersion(server.origin, game);
  if (arg === undefined) await page.locator(`#actions button[data-verb="${verb}"]`).first().click();
  else await clickAction(page, verb, arg, TIMEOUT);
  await waitForPages(pages, await waitForMove(server.origin, game, before, TIMEOUT), TIMEOUT);
}

// Zooms the page's map in on a space, for a screenshot a player could read.
async function zoomOn(page, space) {
  await page.locator('#board .ww-map-tools button', { hasText: 'Fit' }).click();
  const box = await page.locator(`#board [data-space="${space}"] .ww-shape`).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 4; ++i) await page.mouse.wheel(0, -250);
  await page.mouse.move(1, 1);
  await page.waitForTimeout(200);
}

// The classes of the map counter that stands for `piece` (itself or the top of its pile).
async function mapCounter(page, piece) {
  const counter = page.locator(`#board .ww-map .ww-counter[data-pieces~="${piece}"]`);
  assert.equal(await counter.count(), 1, `${piece} is drawn once on the map`);
  return (await counter.getAttribute('class')).split(' ');
}

test('the force being picked is marked with its strength; the last move stays marked', async () => {
  const start = await playOverHttp(server.origin, game, { to: 0, stop: (view) => view.active === 'french' && view.actions.activate?.includes(4) });
  const pages = await openSeatPages(browser, game, ['french', 'british'], { viewport: { width: 1366, height: 768 } });
  await waitForPages(pages, start, TIMEOUT);
  const { french, british } = pages;
  assert.equal(await french.locator('#board .ww-force-box').count(), 0, 'no force yet');

  await play(pages, french, 'activate', 4);
  await play(pages, french, 'commander', 'fr_rigaud');
  await play(pages, french, 'piece', 'fr_reg_languedoc');
  await play(pages, french, 'piece', 'fr_reg_royal_roussillon');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await zoomOn(french, 'ticonderoga');
  await french.locator('#board .ww-map-wrap').screenshot({ path: path.join(ARTIFACTS, 'force-picked.png') });
  for (const [seat, page] of Object.entries(pages)) {
    for (const piece of FORCE) assert.ok((await mapCounter(page, piece)).includes('ww-force'), `${seat}: ${piece} marked as in the force`);
    const box = page.locator('#board .ww-force-box');
    await box.waitFor({ timeout: TIMEOUT });
    const text = await box.textContent();
    for (const name of ['Rigaud', 'Languedoc', 'Royal Roussillon']) assert.match(text, new RegExp(name), `${seat}: ${name} listed`);
    assert.match(text, /Rigaud — command 4, tactics 0/);
    assert.match(text, /Languedoc — strength 3/);
    assert.match(text, /Total: 2 units, strength 6/, `${seat}: the force's strength`);
    assert.doesNotMatch(text, /fr_/, 'no raw ids');
  }
  // Pieces outside the force are not marked.
  assert.ok(!(await mapCounter(french, 'br_webb')).includes('ww-force'));

  await play(pages, french, 'done');
  // The British answer what they are asked (a response window) with a pass, over HTTP.
  const ready = await playOverHttp(server.origin, game, { to: 0, stop: (view) => view.active === 'french' && view.actions.space?.includes('hudson_carry_north') });
  await waitForPages(pages, ready, TIMEOUT);
  await play(pages, french, 'space', 'hudson_carry_north');
  // The British page: the force that came is marked as the last move, and the battle space.
  for (const piece of FORCE) assert.ok((await mapCounter(british, piece)).includes('ww-last-move'), `british: ${piece} marked as moved`);
  assert.ok(!(await mapCounter(british, 'br_webb')).includes('ww-last-move'), 'a piece that did not move is not marked');
  await zoomOn(british, 'hudson_carry_north');
  await british.locator('#board .ww-map-wrap').screenshot({ path: path.join(ARTIFACTS, 'force-moved.png') });
  // The British answer what they are asked until the battle; the marks stay, and its space is marked.
  const battle = await playOverHttp(server.origin, game, { to: 0, stop: (view) => Boolean(view.turn?.battle) });
  await waitForPages(pages, battle, TIMEOUT);
  const view = (await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`)).view;
  assert.equal(view.turn.battle?.space, 'hudson_carry_north', 'the move made a battle');
  for (const piece of FORCE) assert.ok((await mapCounter(british, piece)).includes('ww-last-move'), `british: ${piece} still marked as moved`);
  assert.equal(await british.locator('#board .ww-space.ww-last-move[data-space="hudson_carry_north"]').count(), 1, 'the battle space is marked');
  await british.locator('#board .ww-map-wrap').screenshot({ path: path.join(ARTIFACTS, 'force-last-move.png') });
});
