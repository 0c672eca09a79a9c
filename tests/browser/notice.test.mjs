// The notice that it is your turn: the title badge, the chime and the browser notification. Every
// page gets an init script that replaces window.Notification with a recorder (permission granted)
// and counts the oscillators the page starts, and that makes the tab look like a background one
// (document.hasFocus() is false: a player looking at the page needs no notification). The British
// turn on sound and notifications; the French act from their own browser context; the British
// page must show the "(•) Your move" badge, create one notification and play the chime once
// (two notes: two oscillators). With the boxes off nothing but the badge follows; the spectator
// gets nothing at all.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, apiJson, launchBrowser, startServerWithGame, waitForPages } from './server.mjs';

const SEED = 7;
const STEP_TIMEOUT = 15000;
const BADGE = '(•) Your move';
const NOTES_PER_CHIME = 2;

let server;
let browser;
let game;
const pages = {};

// Runs in every page before its own scripts.
function recorders() {
  window.__notices = [];
  window.__oscillatorStarts = 0;
  class RecordedNotification {
    static permission = 'granted';
    static requestPermission() {
      return Promise.resolve('granted');
    }
    constructor(title, options = {}) {
      this.title = title;
      window.__notices.push({ title, body: options.body ?? '', tag: options.tag ?? '' });
    }
    close() {}
  }
  window.Notification = RecordedNotification;
  const Real = window.AudioContext || window.webkitAudioContext;
  if (Real) {
    window.AudioContext = class extends Real {
      createOscillator() {
        const osc = super.createOscillator();
        const start = osc.start.bind(osc);
        osc.start = (...args) => {
          window.__oscillatorStarts += 1;
          return start(...args);
        };
        return osc;
      }
    };
  }
  document.hasFocus = () => false;
}

async function openSeat(seat) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(recorders);
  const page = await context.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  page.on('pageerror', (e) => console.error(`[${seat}] page error: ${e.message}`));
  page.on('console', (m) => console.log(`[${seat}] ${m.type()}: ${m.text()}`));
  await page.goto(game.links[seat]);
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: STEP_TIMEOUT });
  return page;
}

async function seatView(seat) {
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token: game.seats[seat] })).view;
}

async function gameVersion() {
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version;
}

// Waits until every page shows the game's current version.
async function settle() {
  const version = await gameVersion();
  await waitForPages(pages, version, STEP_TIMEOUT);
  return version;
}

async function recorded(page) {
  return page.evaluate(() => ({ notices: window.__notices, oscillators: window.__oscillatorStarts, title: document.title }));
}

// Clicks `locator` and waits until the server has taken the move (a click's move reaches the
// server a moment later: settling before that would settle on the old version).
async function clickAndWait(locator) {
  const before = await gameVersion();
  await locator.click();
  const until = Date.now() + STEP_TIMEOUT;
  while ((await gameVersion()) === before) {
    assert.ok(Date.now() < until, 'the click made no move');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// `seat` plays a card to activate nothing and is done: the other side's Action Phase follows.
// Every other decision on the way takes `done` or `pass` (from the action bar).
async function playOneCard(seat) {
  const page = pages[seat];
  const view = await seatView(seat);
  const card = view.hand.find((c) => c > 4 && view.actions.activate?.includes(c)); // not a Campaign (#1-#4)
  assert.ok(card, `${seat} has a card to activate: ${JSON.stringify(view.actions)}`);
  await clickAndWait(page.locator(`#board .ww-hand [data-verb="activate"][data-arg="${card}"]`));
  for (let i = 0; i < 10; ++i) {
    await settle();
    const now = await seatView(seat);
    if (now.active !== seat) return;
    const word = ['done', 'pass'].find((w) => now.actions[w] === true);
    assert.ok(word, `${seat} can end the card play: ${now.prompt} ${JSON.stringify(now.actions)}`);
    await clickAndWait(page.locator(`#actions button[data-verb="${word}"]`));
  }
  assert.fail(`${seat} could not end the card play`);
}

before(async () => {
  ({ server, game } = await startServerWithGame(SEED));
  browser = await launchBrowser();
  for (const seat of ['french', 'british', 'spectator']) pages[seat] = await openSeat(seat);
  await settle();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('the turn notice: badge, one notification and one chime when the boxes are on; nothing else', async () => {
  const british = pages.british;
  assert.equal((await seatView('spectator')).active, 'french');
  assert.ok(!(await british.title()).startsWith(BADGE), 'not the British turn yet');
  assert.ok((await pages.french.title()).startsWith(BADGE), 'the French page has the badge');
  // The spectator has no boxes to turn on.
  assert.equal(await pages.spectator.locator('#notify').isVisible(), false);
  assert.equal(await pages.spectator.locator('#sound').isVisible(), false);

  await british.locator('#notify').check();
  await british.locator('#sound').check(); // plays the chime once, as a sample
  assert.equal((await recorded(british)).oscillators, NOTES_PER_CHIME, 'the sample chime');
  await british.evaluate(() => {
    window.__oscillatorStarts = 0;
  });

  await playOneCard('french');
  await settle();
  assert.equal((await seatView('spectator')).active, 'british');
  await british.waitForFunction((badge) => document.title.startsWith(badge), BADGE, { timeout: STEP_TIMEOUT });
  await british.waitForTimeout(500); // anything more would come now
  let british_seen = await recorded(british);
  assert.equal(british_seen.notices.length, 1, `one notification: ${JSON.stringify(british_seen.notices)}`);
  assert.equal(british_seen.notices[0].title, `Your turn — Wilderness War #${game.id}`);
  assert.equal(british_seen.notices[0].body, (await seatView('british')).prompt);
  assert.equal(british_seen.oscillators, NOTES_PER_CHIME, 'the chime played once');
  const french_seen = await recorded(pages.french);
  assert.deepEqual(french_seen.notices, [], 'the French, boxes off, get no notification');
  assert.equal(french_seen.oscillators, 0, 'and no sound');
  assert.ok(!french_seen.title.startsWith(BADGE), 'and no badge now');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await british.screenshot({ path: path.join(ARTIFACTS, 'notice-british-turn.png') });

  // Boxes off: the next British turn shows the badge and nothing else.
  await british.locator('#notify').uncheck();
  await british.locator('#sound').uncheck();
  await playOneCard('british');
  await settle();
  assert.ok(!(await british.title()).startsWith(BADGE), 'the badge goes with the turn');
  await playOneCard('french');
  await settle();
  await british.waitForFunction((badge) => document.title.startsWith(badge), BADGE, { timeout: STEP_TIMEOUT });
  await british.waitForTimeout(500);
  british_seen = await recorded(british);
  assert.equal(british_seen.notices.length, 1, 'no new notification with the box off');
  assert.equal(british_seen.oscillators, NOTES_PER_CHIME, 'no new chime with the box off');

  // The spectator never gets any of it.
  const spectator_seen = await recorded(pages.spectator);
  assert.deepEqual(spectator_seen.notices, []);
  assert.equal(spectator_seen.oscillators, 0);
  assert.ok(!spectator_seen.title.startsWith(BADGE));
});
