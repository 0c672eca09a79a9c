// A whole game of Small Wars: Mohicans played to its end in the browser: the French and the
// British seat pages (two browser contexts) play the campaign by clicking only what the pages mark
// as legal targets — map locations, counters (in a stack's list, opened by a click on the stack,
// or among the counters off the map), naval pieces on the insert, the entries of a target's menu
// of verbs and the buttons by the prompt — picked with a seeded PRNG (never `undo` while anything
// else is offered; confirmations before dice rolls accepted), until both pages show the result.
// The click loop and the checks at the end are click_game.mjs's, as for Wilderness War
// (full_game.test.mjs): the server's version shown by both pages before each click; at the end
// the result on both pages, the server's whole log against the French page's (as it followed the
// game; reloaded, page by page), no page errors. Every target must take a real mouse click: one
// that something is drawn over fails the test (the page must be fixed). Then the finished game's
// replay page, opened from the game page, shows its first and last positions on the Mohicans map.
//
// A game is ~300-900 actions; WARPATH_MOHICANS_GAME_SEED picks another game (default 11),
// WARPATH_MOHICANS_GAME_OPTIONS its options as JSON (default none: the naval war),
// WARPATH_FULL_GAME_MAX_ACTIONS caps the actions. Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { checkEnd, openPlayerPages, playByClicks, prng } from './click_game.mjs';
import { ARTIFACTS, BINARY, WEB_ROOT, apiJson, launchBrowser, startServer } from './server.mjs';

const SEED = Number(process.env.WARPATH_MOHICANS_GAME_SEED ?? 11);
const OPTIONS = JSON.parse(process.env.WARPATH_MOHICANS_GAME_OPTIONS ?? '{}');
const MAX_ACTIONS = Number(process.env.WARPATH_FULL_GAME_MAX_ACTIONS ?? 0) || Infinity;
const STEP_TIMEOUT = 15000;
const MAP_READY = '#board .moh-map [data-location]';
// The board's targets; a stack holding a target opens its list of counters, whose targets are
// then picked from; a target of several verbs opens a menu of them.
const BOARD = {
  targets: '#board [data-verb], #board [data-verbs], #actions [data-verb]',
  openers: '#board .moh-map .moh-stack.target',
  opened: '#board .moh-stack-panel [data-verb], #board .moh-stack-panel [data-verbs]',
  menu: '#board .moh-menu [data-verb]',
};

let server;
let browser;
let game;
let pages;
const record = { dialogs: [], pageErrors: [], consoleLines: [] };

before(async () => {
  if (!fs.existsSync(BINARY)) throw new Error(`no warpath binary at ${BINARY}`);
  server = await startServer({ binary: BINARY, webRoot: WEB_ROOT });
  game = await apiJson(server.origin, 'POST', '/api/games', { body: { title: 'mohicans', scenario: 'campaign', seed: SEED, options: OPTIONS } });
  browser = await launchBrowser();
  pages = await openPlayerPages(browser, game, ['french', 'british'], MAP_READY, record);
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('French and British play the Mohicans campaign to its end by clicking the pages\' targets', { timeout: 55 * 60 * 1000 }, async () => {
  const stats = await playByClicks({ server, game, pages, random: prng(SEED), board: BOARD, maxActions: MAX_ACTIONS, consoleLines: record.consoleLines, name: 'mohicans-full-game' });
  console.log(`${record.dialogs.length} confirmations`);
  assert.deepEqual(stats.domClicked, [], 'every target takes a real click');
  assert.ok(stats.opened > 0, 'counters picked from a stack opened on the map');
  const over = await checkEnd({ server, game, pages, record, stats, mapReady: MAP_READY, logSeat: 'french', name: 'mohicans-full-game' });
  if (!over) return;

  // The replay of the finished game from the French page's link: the last move, with the live
  // page's stacks, then the start.
  const page = pages.french;
  const stacks = (p) => p.locator('#board .moh-stack').evaluateAll((els) => els.map((e) => `${e.dataset.stack}:${e.dataset.units}`).sort());
  const live = await stacks(page);
  await page.locator('#replay-link').click();
  const total = over.version;
  await page.locator(`#replay[aria-busy="false"][data-version="${total}"]`).waitFor({ timeout: STEP_TIMEOUT });
  await page.waitForSelector(MAP_READY, { timeout: STEP_TIMEOUT });
  assert.equal(await page.locator('#position').textContent(), `Move ${total} of ${total}`);
  assert.deepEqual(await stacks(page), live, 'the last move: the stacks the game page showed');
  await page.locator('#first').click();
  await page.locator('#replay[aria-busy="false"][data-version="0"]').waitFor({ timeout: STEP_TIMEOUT });
  assert.equal(await page.locator('#position').textContent(), `Start (move 0 of ${total})`);
  assert.equal(await page.locator('#board .moh-map .moh-locations [data-location]').count(), (await apiJson(server.origin, 'GET', '/api/titles/mohicans/data')).locations.length);
  await page.screenshot({ path: path.join(ARTIFACTS, 'mohicans-full-game-replay.png'), fullPage: true });
  assert.deepEqual(record.pageErrors, [], 'no page errors on the replay page');
});
