// Cards and log: on the French player's page of a fixed game, a hand card's tip (by
// hover, and by a tap on a phone) shows the card's summary in the project's own words
// (server/web/data/wilderness-war-cards.json); clicking a card's body plays nothing, its button
// "Activate (1)" does; the card play's line in the log names the card as a link whose tip shows
// the same summary, under a season heading and an Action Phase heading; an undo leaves the line
// struck through; a space named in the log is a link that highlights the space on the map and
// brings it into the map's view; on a phone the log is a drawer that its button opens and a space
// link closes. Every step
// keeps a screenshot.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { ARTIFACTS, apiJson, launchBrowser, shownLog, startServerWithGame } from './server.mjs';

const SEED = 7; // the French open the game and hold #12 Ambush! (see wilderness_war.test.mjs)
const CARD = 12;
const STEP_TIMEOUT = 15000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

let server;
let browser;
let game;
let summaries;

async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

async function gameVersion() {
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version;
}

async function waitForVersion(page, v) {
  await page.locator('#version', { hasText: new RegExp(`^v${v}$`) }).waitFor({ timeout: STEP_TIMEOUT });
  await page.locator('#board:not(.busy)').waitFor({ timeout: STEP_TIMEOUT });
}

async function openFrench(options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[french] page error: ${e.message}`));
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(game.links.french);
  await page.locator('#board .ww-hand .ww-card').first().waitFor({ timeout: STEP_TIMEOUT });
  return page;
}

// The tip shown now: {card, text}, or null when none is.
async function tip(page) {
  return page.evaluate(() => {
    const box = document.querySelector('.ww-card-tip');
    if (!box || box.hidden || box.getClientRects().length === 0) return null;
    return { card: Number(box.dataset.card), text: box.textContent };
  });
}

async function waitForTip(page, card) {
  await page.waitForFunction((n) => {
    const box = document.querySelector('.ww-card-tip');
    return box && !box.hidden && Number(box.dataset.card) === n;
  }, card, { timeout: STEP_TIMEOUT });
  return tip(page);
}

// Whether the element is inside the map's box on the screen, and on the screen at all.
async function inMapView(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const map = document.querySelector('#board .ww-map');
    if (!el || !map) return false;
    const r = el.getBoundingClientRect();
    const m = map.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    return cx >= m.left && cx <= m.right && cy >= m.top && cy <= m.bottom && cy >= 0 && cy <= window.innerHeight;
  }, selector);
}

before(async () => {
  // The summaries of the source tree (what the page under test should show).
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/web/data/wilderness-war-cards.json');
  summaries = JSON.parse(fs.readFileSync(file, 'utf8')).summaries;
  ({ server, game } = await startServerWithGame(SEED));
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('a card is read from its tip, in the hand and in the log; it is played by its button; an undo strikes the line; a space link shows the space', async () => {
  const page = await openFrench({ viewport: { width: 1400, height: 1000 } });
  const summary = summaries[String(CARD)];
  assert.ok(summary, 'the card has a summary');
  const card = page.locator(`#board .ww-hand .ww-card[data-card="${CARD}"]`);

  // Hover: the tip names the card and tells its event in the project's words.
  await card.locator('.ww-card-name').hover();
  let shown = await waitForTip(page, CARD);
  assert.ok(shown.text.includes('#12 Ambush!'), `the tip names the card: ${shown.text}`);
  assert.ok(shown.text.includes(summary), 'the tip shows the summary');
  assert.match(shown.text, /Activation 1/);
  assert.match(shown.text, /Response/);
  await screenshot(page, 'cards_log-hand-tip');

  // The card's body is no target: a click only keeps the tip; nothing is played.
  assert.equal(await card.getAttribute('data-verb'), null, 'the card itself carries no action');
  const v0 = await gameVersion();
  await card.locator('.ww-card-name').click();
  await page.waitForTimeout(600);
  assert.equal(await gameVersion(), v0, 'a click on the card plays nothing');
  assert.equal((await tip(page))?.card, CARD, 'the tip stays after the click');
  await page.keyboard.press('Escape');
  assert.equal(await tip(page), null, 'Escape closes the tip');

  // Its uses are buttons that name them; "Activate (1)" plays it.
  const buttons = await card.locator('button[data-verb]').allTextContents();
  assert.ok(buttons.includes('Activate (1)'), `the card's buttons: ${buttons}`);
  assert.ok(buttons.includes('Build stockades'), `the card's buttons: ${buttons}`);
  await card.locator('button[data-verb="activate"]').click();
  await waitForVersion(page, v0 + 1);

  // The log names the card as a link, under the season heading and the French Action Phase's.
  const link = page.locator(`#log .log-card[data-card="${CARD}"]`).last();
  await link.waitFor({ timeout: STEP_TIMEOUT });
  assert.match(await link.textContent(), /#12 Ambush!/);
  assert.match(await page.locator('#log li.log-season').first().textContent(), /Early Season 1757/);
  assert.equal(await page.locator('#log li.log-group', { hasText: /French Action Phase/ }).count(), 1, 'the French Action Phase heading');
  assert.equal(await page.locator('#log li.side-french', { hasText: '#12 Ambush!' }).count(), 1, 'the line is the French side\'s');
  await page.mouse.move(5, 5);
  await link.hover();
  shown = await waitForTip(page, CARD);
  assert.ok(shown.text.includes(summary), 'the log link\'s tip shows the summary');
  // The log is a column beside the map, on the screen.
  const logBox = await page.locator('#log-panel').boundingBox();
  const mapBox = await page.locator('#board .ww-map').boundingBox();
  assert.ok(logBox.x >= mapBox.x + mapBox.width - 2, `the log is right of the map: ${JSON.stringify({ logBox, mapBox })}`);
  assert.ok(logBox.y < 1000 && logBox.y + logBox.height <= 1000 + 2, `the log is within the window: ${JSON.stringify(logBox)}`);
  await screenshot(page, 'cards_log-log-card-tip');
  await page.keyboard.press('Escape');

  // An undo takes the line back: it stays, struck through, and is no line of the log any more.
  await page.locator('#actions [data-verb="undo"]:not([data-arg])').first().click();
  await waitForVersion(page, v0 + 2);
  const struck = page.locator('#log li.undone', { hasText: '#12 Ambush!' });
  assert.equal(await struck.count(), 1, 'the line an undo took back is struck through');
  assert.match(await struck.textContent(), /undone/, 'screen readers hear that it was undone');
  assert.equal(await struck.evaluate((li) => getComputedStyle(li).textDecorationLine), 'line-through');
  assert.ok(!(await shownLog(page)).texts.some((t) => t.includes('#12 Ambush!')), 'the undone line is no line of the log');
  await screenshot(page, 'cards_log-undone');

  // A space named in the log: zoom the map in far from it, click its link, see it highlighted in view.
  for (let i = 0; i < 4; i++) await page.locator('#board .ww-map-tools button', { hasText: '+' }).click();
  const targets = (await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token: game.seats.french })).view.actions.demolish;
  let space = targets[0];
  for (const id of targets) {
    if (!(await inMapView(page, `#board [data-space="${id}"]`))) {
      space = id;
      break;
    }
  }
  // The move over HTTP (what it does is not this test's subject): a line that names the space.
  const v2 = await gameVersion();
  await apiJson(server.origin, 'POST', `/api/games/${game.id}/actions`, { token: game.seats.french, body: { version: v2, verb: 'demolish', arg: space } });
  await waitForVersion(page, v2 + 1);
  assert.equal(await page.locator('#log li.undone').count(), 0, 'a move that is not an undo clears the struck lines');
  const spaceLink = page.locator(`#log .log-space[data-space-link="${space}"]`).last();
  await spaceLink.waitFor({ timeout: STEP_TIMEOUT });
  assert.ok(!(await spaceLink.textContent()).includes('_'), 'the link shows the space\'s name, not its id');
  await spaceLink.click();
  const highlighted = `#board .ww-map [data-space="${space}"].ww-highlight`;
  await page.locator(highlighted).waitFor({ timeout: STEP_TIMEOUT });
  await page.waitForTimeout(400); // the page's smooth scroll
  assert.ok(await inMapView(page, highlighted), `${space} is in the map's view`);
  await screenshot(page, 'cards_log-space-highlight');
  await page.context().close();
});

test('on a phone: a tap on a card shows its summary and plays nothing; the log is a drawer', async () => {
  const page = await openFrench(PHONE);
  const v0 = await gameVersion();
  const card = page.locator(`#board .ww-hand .ww-card[data-card="${CARD}"]`);
  await card.locator('.ww-card-name').tap();
  const shown = await waitForTip(page, CARD);
  assert.ok(shown.text.includes(summaries[String(CARD)]), 'the tapped card\'s tip shows the summary');
  await page.waitForTimeout(500);
  assert.equal(await gameVersion(), v0, 'a tap on the card plays nothing');
  await screenshot(page, 'cards_log-phone-tip');
  await card.locator('.ww-card-name').tap();
  assert.equal(await tip(page), null, 'a second tap closes the tip');

  // The log drawer: closed, the map has the screen; its button opens it.
  const toggle = page.locator('#log-toggle');
  assert.equal(await toggle.isVisible(), true, 'the log button is on the screen');
  assert.equal(await page.locator('#log').isVisible(), false, 'the drawer starts closed');
  await toggle.tap();
  await page.waitForTimeout(300);
  assert.equal(await page.locator('#log').isVisible(), true, 'the drawer opens');
  const box = await page.locator('#log-panel').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390 + 1, `the drawer is on the screen: ${JSON.stringify(box)}`);
  assert.ok((await shownLog(page)).texts.length > 0, 'it shows the log');
  await screenshot(page, 'cards_log-phone-drawer');
  await page.locator('#log-toggle').tap();
  await page.waitForTimeout(300);
  assert.equal(await page.locator('#log').isVisible(), false, 'the drawer closes');
  // A space link in the drawer (the first test's demolition) closes it and shows the space.
  await toggle.tap();
  const spaceLink = page.locator('#log .log-space').last();
  await spaceLink.waitFor({ timeout: STEP_TIMEOUT });
  const space = await spaceLink.getAttribute('data-space-link');
  await spaceLink.tap();
  const highlighted = `#board .ww-map [data-space="${space}"].ww-highlight`;
  await page.locator(highlighted).waitFor({ timeout: STEP_TIMEOUT });
  await page.waitForTimeout(600);
  assert.equal(await page.locator('#log').isVisible(), false, 'the drawer gives the map the screen');
  assert.ok(await inMapView(page, highlighted), `${space} is on the phone's map`);
  await screenshot(page, 'cards_log-phone-space');
  await page.context().close();
});
