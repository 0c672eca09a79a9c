// Takes the README's picture of a game in progress (docs/images/wilderness-war-game.png): the
// built server, the Annus Mirabilis game of wilderness_war.test.mjs (seed 7) played from the two
// seat pages by clicks until the French force has marched into Hudson Carry North and the battle
// is on, then the British page (map with the battle, the hand) at a laptop's 1440 x 900, from
// the top of the page to the end of the hand, and the same moment on a phone
// (docs/images/wilderness-war-phone.png, beside the first). Not a test: run it by hand after a change to the
// look of the page.
//
//   WARPATH_BINARY=build/web3/server/app/warpath node tests/browser/readme_screenshot.mjs [out.png]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { BINARY, WEB_ROOT, apiJson, clickAction, launchBrowser, startServer } from './server.mjs';
import { OPENING, SEED } from './ww_opening.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = process.argv[2] ?? path.resolve(here, '../../docs/images/wilderness-war-game.png');
const TIMEOUT = 15000;

// The moves that matter (ww_opening.mjs); anything else takes pass, done, roll or the first target.
const PLAN = OPENING;

const server = await startServer({ binary: BINARY, webRoot: WEB_ROOT });
const browser = await launchBrowser();
try {
  const game = await apiJson(server.origin, 'POST', '/api/games', { body: { title: 'wilderness-war', scenario: 'annus_mirabilis', seed: SEED } });
  const pages = {};
  for (const seat of ['french', 'british']) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.on('dialog', (d) => d.accept());
    page.on('pageerror', (e) => console.error(`[${seat}] page error: ${e.message}`));
    page.on('console', (m) => console.log(`[${seat}] ${m.type()}: ${m.text()}`));
    await page.goto(game.links[seat]);
    await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
    pages[seat] = page;
  }
  const spectator = async () => (await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`)).view;
  const settle = async () => {
    const { version } = await apiJson(server.origin, 'GET', `/api/games/${game.id}`);
    for (const [seat, page] of Object.entries(pages)) {
      await page
        .locator('#version', { hasText: new RegExp(`^v${version}$`) })
        .waitFor({ timeout: TIMEOUT })
        .catch(async (e) => {
          throw new Error(`the ${seat} page shows ${await page.locator('#version').textContent()}, not v${version}: ${e.message}`);
        });
      await page.locator('#board:not(.busy)').waitFor({ timeout: TIMEOUT });
    }
  };
  // A click's move reaches the server a moment later: wait for it before settling again.
  const moved = async (before) => {
    const until = Date.now() + TIMEOUT;
    while ((await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version === before) {
      if (Date.now() > until) throw new Error('a click made no move');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  let plan = 0;
  for (let step = 0; step < 40; ++step) {
    await settle();
    const before = (await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version;
    const view = await spectator();
    if (view.turn?.battle && plan === PLAN.length) break;
    const page = pages[view.active];
    const next = PLAN[plan];
    const sel = (verb, arg) => (arg === undefined ? `[data-verb="${verb}"]:not([data-arg])` : `[data-verb="${verb}"][data-arg="${arg}"]`);
    if (next && next.seat === view.active) {
      if (next.arg === undefined) await page.locator(`#board ${sel(next.verb)}, #actions .words ${sel(next.verb)}`).first().click();
      else await clickAction(page, next.verb, next.arg);
      await moved(before);
      plan += 1;
    } else {
      let clicked = false;
      for (const verb of ['pass', 'done', 'roll']) {
        const button = page.locator(`#actions button[data-verb="${verb}"]`);
        if ((await button.count()) > 0) {
          await button.first().click();
          clicked = true;
          break;
        }
      }
      if (!clicked) await page.locator('#board [data-verb]').first().click();
      await moved(before);
    }
  }
  await settle();
  const page = pages.british;
  // Zoom the map onto the battle's region, as a player would to follow it.
  const space = await page.locator('#board [data-space="hudson_carry_north"] .ww-shape').boundingBox();
  await page.mouse.move(space.x + space.width / 2, space.y + space.height / 2);
  for (let i = 0; i < 4; ++i) await page.mouse.wheel(0, -250);
  await page.mouse.move(5, 5);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  // The page down to the end of the hand (the piles and the log below it would make the file
  // twice as big for little more to see).
  const hand = await page.locator('#board .ww-hand-section').boundingBox();
  await page.screenshot({ path: OUT, fullPage: true, clip: { x: 0, y: 0, width: 1440, height: Math.ceil(hand.y + hand.height + 12) } });
  console.log(`${OUT}: ${fs.statSync(OUT).size} bytes`);

  // The same moment on a phone (the British seat): the map zoomed onto the choices, the prompt's
  // drawer at the bottom, the log behind its button.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  await small.goto(game.links.british);
  await small.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await small.waitForTimeout(800);
  // No choice on the map in this window: zoom onto the battle as the player would.
  const battle = await small.locator('#board [data-space="hudson_carry_north"] .ww-shape').boundingBox();
  await small.mouse.move(battle.x + battle.width / 2, battle.y + battle.height / 2);
  for (let i = 0; i < 5; ++i) await small.mouse.wheel(0, -250);
  await small.waitForTimeout(300);
  const PHONE_OUT = path.join(path.dirname(OUT), 'wilderness-war-phone.png');
  await small.screenshot({ path: PHONE_OUT });
  console.log(`${PHONE_OUT}: ${fs.statSync(PHONE_OUT).size} bytes`);
} finally {
  await browser.close();
  await server.stop();
}
