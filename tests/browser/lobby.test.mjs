// The lobby in a real browser: create an Annus Mirabilis game through the form (a bid and an
// optional rule set with the form's fields, not JSON), get the seat and spectator links, open the
// British seat link from the page, and find the game under "my games" with whose turn it is — in
// the creating browser (which holds both seats: its turn, highlighted) and in another browser that
// only opened the British link (not its turn). A Small Wars: Mohicans game created from the same
// form by clicks, with an option, opens on its own map.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, apiJson, browserTestHooks } from './server.mjs';

const TIMEOUT = 15000;

let server;
let browser;
browserTestHooks(null, (fixture) => ({ server, browser } = fixture));
const pageErrors = [];

async function newPage(name) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, baseURL: server.origin });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`[${name}] ${e.message}`));
  return { context, page };
}

test('create a game with options in the lobby, open a seat link, find it under my games', async () => {
  const { context, page } = await newPage('lobby');
  await page.goto('/');
  await page.locator('#title option[value="wilderness-war"]').waitFor({ state: 'attached', timeout: TIMEOUT });
  await page.selectOption('#title', 'wilderness-war');
  await page.selectOption('#scenario', 'annus_mirabilis');
  // The options are fields: the optional rules checkboxes, the bid a side and a VP number.
  assert.equal(await page.locator('#option-fields input[type=checkbox]').count(), 6, 'six optional rules');
  assert.equal(await page.locator('#option-fields input[type=checkbox]:checked').count(), 0, 'off by default');
  await page.check('#option-optional_14_1');
  await page.selectOption('#option-bid-side', 'british');
  await page.fill('#option-bid-vp', '2');
  await page.fill('#seed', '5');
  await page.click('#create');

  // The links: one per seat and one to watch, each with a copy button.
  const created = page.locator('#created:not([hidden])');
  await created.waitFor({ timeout: TIMEOUT });
  const id = Number(/#(\d+)/.exec(await created.locator('h2').textContent())[1]);
  for (const role of ['french', 'british', 'spectator']) {
    const row = created.locator(`.link-row[data-role="${role}"]`);
    assert.equal(await row.count(), 1, `a ${role} link`);
    assert.equal(await row.locator('button', { hasText: 'Copy' }).count(), 1, `a copy button for ${role}`);
    assert.match(await row.locator('input').inputValue(), new RegExp(`/game\\.html\\?game=${id}#seat=${role}${role === 'spectator' ? '$' : '&token=[0-9a-f]+$'}`));
  }
  assert.match(await created.textContent(), /Annus Mirabilis · options: bid british 2 VP, 14\.1/);
  const record = await apiJson(server.origin, 'GET', `/api/games/${id}`);
  assert.equal(record.scenario, 'annus_mirabilis');
  assert.deepEqual(record.options, { bid: { side: 'british', vp: 2 }, optional_14_1: true });
  const britishLink = await created.locator('.link-row[data-role="british"] input').inputValue();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'lobby-created.png'), fullPage: true });

  // The British seat link opened from the page (a new tab): the board, not the British turn.
  const [british] = await Promise.all([context.waitForEvent('page'), created.locator('.link-row[data-role="british"] a', { hasText: 'Open' }).click()]);
  await british.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await british.locator('#prompt', { hasText: /^Waiting for the French/ }).waitFor({ timeout: TIMEOUT });
  assert.doesNotMatch(await british.title(), /Your move/);
  await british.close();

  // My games, in this browser (it holds both seats): the French are to move, so it is my turn.
  await page.click('#refresh');
  const mine = page.locator(`#my-games li.my-game[data-game="${id}"]`);
  await mine.waitFor({ timeout: TIMEOUT });
  await page.locator(`#my-games li.my-game[data-game="${id}"][data-active="french"]`).waitFor({ timeout: TIMEOUT });
  assert.equal(await mine.getAttribute('data-my-turn'), 'yes');
  assert.match(await mine.locator('.my-game-turn').textContent(), /^your turn \(french\)$/);
  assert.match(await mine.locator('.my-game-scenario').textContent(), /Annus Mirabilis/);
  assert.equal(await mine.locator('.my-game-version').textContent(), 'v0');
  assert.match(await mine.locator('.my-game-meta').textContent(), /your seats: (french, british|british, french) · options: bid british 2 VP, 14\.1/);
  assert.equal(await mine.locator('a.seat-link.to-move[data-role="french"]').count(), 1, 'the French link is marked to move');
  assert.match(await page.title(), /^\(1\) Warpath/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'lobby-my-games.png'), fullPage: true });

  // Another browser that only opened the British link: the game is in its list, not its turn.
  const other = await newPage('friend');
  await other.page.goto(britishLink);
  await other.page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await other.page.goto('/');
  const theirs = other.page.locator(`#my-games li.my-game[data-game="${id}"]`);
  await theirs.waitFor({ timeout: TIMEOUT });
  await other.page.locator(`#my-games li.my-game[data-game="${id}"][data-active="french"]`).waitFor({ timeout: TIMEOUT });
  assert.equal(await theirs.getAttribute('data-my-turn'), 'no');
  assert.match(await theirs.locator('.my-game-turn').textContent(), /^to move: french$/);
  assert.match(await theirs.locator('.my-game-meta').textContent(), /^your seats: british/);
  assert.deepEqual(await theirs.locator('a.seat-link').evaluateAll((els) => els.map((e) => e.dataset.role).sort()), ['british', 'spectator']);
  // The French seat page shows the turn in its title.
  const french = await newPage('french');
  await french.page.goto(await created.locator('.link-row[data-role="french"] input').inputValue());
  await french.page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await french.page.waitForFunction(() => document.title.startsWith('(•) Your move'), null, { timeout: TIMEOUT });
  assert.deepEqual(pageErrors, []);
});

test('create a Small Wars: Mohicans game in the lobby by clicks and open its seat page on the Mohicans map', async () => {
  const { context, page } = await newPage('mohicans-lobby');
  await page.goto('/');
  await page.locator('#title option[value="mohicans"]').waitFor({ state: 'attached', timeout: TIMEOUT });
  // The title and its scenario, picked as a player does: the select's list, then the option.
  await page.selectOption('#title', 'mohicans');
  await page.locator('#scenario option[value="campaign"]').waitFor({ state: 'attached', timeout: TIMEOUT });
  assert.equal(await page.locator('#scenario').inputValue(), 'campaign', 'the one scenario, the campaign');
  // The title's options as checkboxes, off by default; no bid (the title has none).
  assert.deepEqual(
    await page.locator('#option-fields input[type=checkbox]').evaluateAll((els) => els.map((e) => e.id).sort()),
    ['option-d6_combat', 'option-historical_reinforcements'],
  );
  assert.equal(await page.locator('#option-fields input[type=checkbox]:checked').count(), 0, 'off by default');
  assert.equal(await page.locator('#option-bid-side').count(), 0, 'no bid field');
  await page.locator('#option-historical_reinforcements').click();
  await page.click('#create');

  const created = page.locator('#created:not([hidden])');
  await created.waitFor({ timeout: TIMEOUT });
  const id = Number(/#(\d+)/.exec(await created.locator('h2').textContent())[1]);
  assert.match(await created.textContent(), /Small Wars: Mohicans — .* · options: historical_reinforcements/);
  const record = await apiJson(server.origin, 'GET', `/api/games/${id}`);
  assert.equal(record.title, 'mohicans');
  assert.equal(record.scenario, 'campaign');
  assert.deepEqual(record.options, { historical_reinforcements: true });

  // The French seat link opened from the page: the Mohicans map with every location, the French to decide.
  const data = await apiJson(server.origin, 'GET', '/api/titles/mohicans/data');
  const [french] = await Promise.all([context.waitForEvent('page'), created.locator('.link-row[data-role="french"] a', { hasText: 'Open' }).click()]);
  await french.waitForSelector('#board .moh-map [data-location]', { timeout: TIMEOUT });
  assert.equal(await french.locator('#board .moh-map .moh-locations [data-location]').count(), data.locations.length, 'every location drawn');
  assert.equal(await french.locator('#board .ww-map').count(), 0, 'not the Wilderness War map');
  await french.waitForFunction(() => document.title.startsWith('(•) Your move'), null, { timeout: TIMEOUT });
  assert.ok((await french.locator('#board [data-verb], #actions [data-verb]').count()) > 0, 'the French have targets');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await french.screenshot({ path: path.join(ARTIFACTS, 'lobby-mohicans-french.png'), fullPage: true });

  // Under my games with its title's scenario, the French to move.
  await page.click('#refresh');
  const mine = page.locator(`#my-games li.my-game[data-game="${id}"][data-active="french"]`);
  await mine.waitFor({ timeout: TIMEOUT });
  assert.equal(await mine.getAttribute('data-my-turn'), 'yes');
  assert.deepEqual(pageErrors, []);
});
