// A whole game of Wilderness War played to its end in the browser: the French and the British
// seat pages (two browser contexts) play Annus Mirabilis by clicking only what the pages mark as
// legal targets — map spaces, pieces, cards, menu entries, the choices by the prompt and the word
// buttons — picked with a seeded PRNG (never `undo` while anything else is offered; the
// confirmations before dice rolls are accepted), until both pages show the result. Nothing is
// sent through the API: the server is only asked for its version (both pages must show it before
// the next click) and, at the end, whether the pages show its result and the server's whole log
// (the French page once as it followed the game, then reloaded, page by page with "Older lines").
// Every target must take a real mouse click: one that something is drawn over, or that is not
// visible, fails the test (the page must be fixed). The click loop and the checks at the end are
// click_game.mjs's (shared with Mohicans).
//
// A game is ~500-1000 actions; WARPATH_FULL_GAME_MAX_ACTIONS caps them (default: none, the game
// ends). Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { checkEnd, openPlayerPages, playByClicks, prng } from './click_game.mjs';
import { launchBrowser, startServerWithGame } from './server.mjs';

const SEED = Number(process.env.WARPATH_FULL_GAME_SEED ?? 11);
const MAX_ACTIONS = Number(process.env.WARPATH_FULL_GAME_MAX_ACTIONS ?? 0) || Infinity;
const MAP_READY = '#board .ww-map [data-space]';
// The board's targets; the folded box of demolitions (demolish.js), opened by its summary as a
// player opens it, then its buttons; the entries of a target's menu of verbs; a space's drawing.
const BOARD = {
  targets: '#board [data-verb], #board [data-verbs], #actions [data-verb]',
  openers: '#board details.ww-demolish:not([open]) > summary',
  opened: '#board details.ww-demolish[open] [data-verb]',
  menu: '#board .ww-menu .ww-menu-item',
  shape: ':scope > .ww-shape',
};

let server;
let browser;
let game;
let pages;
const record = { dialogs: [], pageErrors: [], consoleLines: [] };

before(async () => {
  ({ server, game } = await startServerWithGame(SEED));
  browser = await launchBrowser();
  pages = await openPlayerPages(browser, game, ['french', 'british'], MAP_READY, record);
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('French and British play Annus Mirabilis to its end by clicking the pages\' targets', { timeout: 55 * 60 * 1000 }, async () => {
  const stats = await playByClicks({ server, game, pages, random: prng(SEED), board: BOARD, maxActions: MAX_ACTIONS, consoleLines: record.consoleLines, name: 'full-game' });
  console.log(`${record.dialogs.length} confirmations`);
  assert.deepEqual(stats.domClicked, [], 'every target takes a real click');
  await checkEnd({ server, game, pages, record, stats, mapReady: MAP_READY, logSeat: 'french', name: 'full-game' });
});
