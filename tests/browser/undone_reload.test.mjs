// Undone lines over a reload: on the seed 7 game the French player plays #4 by its button and
// takes it back with Undo; the lines the undo took back are struck through on the French page and
// on the British page that watched, and stay struck through after each reloads (the page keeps
// what it showed, keyed by game, seat and version). A spectator page opened after the undo never
// received those lines and shows none. After the next move the struck lines are gone, and a reload
// does not bring them back.
//
// Environment as in wilderness_war.test.mjs (WARPATH_BINARY, WARPATH_WEB_ROOT).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, browserTestHooks, openSeatPages, shownLog, waitForMove, waitForPages } from './server.mjs';
import { SEED, gameVersion, postMove } from './ww_opening.mjs';

const TIMEOUT = 15000;
let server;
let browser;
let game;
browserTestHooks(SEED, (fixture) => ({ server, browser, game } = fixture));

// The struck lines a page shows, in words (without the screen reader's "undone: ").
async function struckLines(page) {
  await shownLog(page);
  return page.locator('#log li.undone').evaluateAll((items) => items.map((li) => li.textContent.replace(/^undone: /, '')));
}

async function reload(page, version) {
  await page.reload();
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await waitForPages({ page }, version, TIMEOUT);
}

test('the lines an undo took back stay struck through over a reload until the next move', async () => {
  const pages = await openSeatPages(browser, game, ['french', 'british']);
  const v0 = await gameVersion(server.origin, game);
  await waitForPages(pages, v0, TIMEOUT);
  const before = await shownLog(pages.french);

  // The French play #4 (Activate) by its button: a line of the log names it.
  await pages.french.locator('#board .ww-hand .ww-card[data-card="4"] button[data-verb="activate"]').click();
  const v1 = await waitForMove(server.origin, game, v0, TIMEOUT);
  await waitForPages(pages, v1, TIMEOUT);
  const played = (await shownLog(pages.french)).texts.slice(before.texts.length);
  assert.ok(played.length > 0, 'the card play wrote lines');
  assert.ok(played.some((t) => t.includes('#4')), `a line names the card: ${played}`);

  // Undo: the lines are struck through on both pages.
  await pages.french.locator('#actions [data-verb="undo"]:not([data-arg])').first().click();
  const v2 = await waitForMove(server.origin, game, v1, TIMEOUT);
  await waitForPages(pages, v2, TIMEOUT);
  for (const [seat, page] of Object.entries(pages)) {
    assert.deepEqual(await struckLines(page), played, `${seat}: the undone lines struck through`);
    assert.deepEqual((await shownLog(page)).texts, before.texts, `${seat}: the log is as before the move`);
  }

  // A reload keeps them, struck through after the log's lines.
  for (const [seat, page] of Object.entries(pages)) {
    await reload(page, v2);
    assert.deepEqual(await struckLines(page), played, `${seat}: the undone lines struck through after a reload`);
    const last = await page.locator('#log li:not(.log-group)').last();
    assert.match(await last.getAttribute('class'), /\bundone\b/, `${seat}: after the log's lines`);
    assert.equal(await last.evaluate((li) => getComputedStyle(li).textDecorationLine), 'line-through');
    assert.deepEqual((await shownLog(page)).texts, before.texts, `${seat}: the log's own lines as before`);
    await reload(page, v2);
    assert.deepEqual(await struckLines(page), played, `${seat}: and after a second reload`);
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await pages.french.locator('#log-panel').screenshot({ path: path.join(ARTIFACTS, 'undone-after-reload.png') });

  // A spectator who opens the game now was never sent those lines: none are shown.
  const { spectator } = await openSeatPages(browser, game, ['spectator']);
  await waitForPages({ spectator }, v2, TIMEOUT);
  assert.deepEqual(await struckLines(spectator), [], 'a page that never had the lines shows none');

  // The next move (the same card played again, over HTTP) clears them, and a reload does not
  // bring them back.
  await postMove(server.origin, game, 'french', 'activate', 4);
  const v3 = await gameVersion(server.origin, game);
  assert.ok(v3 > v2);
  await waitForPages(pages, v3, TIMEOUT);
  for (const [seat, page] of Object.entries(pages)) {
    assert.deepEqual(await struckLines(page), [], `${seat}: the next move clears the struck lines`);
    await reload(page, v3);
    assert.deepEqual(await struckLines(page), [], `${seat}: and a reload does not bring them back`);
  }
});
