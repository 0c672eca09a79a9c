// Sides by bidding in the lobby, in a real browser with two accounts (two cookie jars): Alice
// proposes a Wilderness War game whose sides are bid for with sealed bids for the French (13.3)
// from the creation form; Bob joins; Alice places her sealed bid from "My proposed games", and
// Bob's page shows it only as "bid received"; Bob's lower bid ends the bidding, his page says the
// game has started, the server seats Alice as the French, and Bob's game page shows both bids and
// the outcome. Then ratings: after a rated game, the next bidding of its players shows the fair-bid
// hint in words, the lobby shows their names with ratings, the player page the rating and the
// game that moved it, and the leaderboard ranks them.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, browserTestHooks } from './server.mjs';

const TIMEOUT = 15000;
const PASSWORD = 'a long enough password';

let server;
let browser;
browserTestHooks(null, (fixture) => ({ server, browser } = fixture));
const pageErrors = [];

// An account signed up over HTTP in a browser context of its own, with its page.
async function newUser(name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.origin });
  const res = await context.request.post('/api/accounts', { data: { name, email: `${name}@example.org`, password: PASSWORD } });
  assert.equal(res.status(), 201, await res.text());
  const { csrf_token: csrf } = await res.json();
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`[${name}] ${e.message}`));
  page.on('dialog', (dialog) => dialog.accept());
  return { name, context, page, csrf };
}

async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `bidding-${name}.png`), fullPage: true });
}

async function listing(user, id) {
  const res = await user.context.request.get(`/api/lobby/${id}`);
  assert.ok(res.ok(), await res.text());
  return (await res.json()).listing;
}

test('a sealed bidding for sides from the lobby page: proposed, bid for, the bid hidden, the game started', async () => {
  const alice = await newUser('alice');
  const bob = await newUser('bob');

  // Alice proposes the game with sealed bids for the French.
  await alice.page.goto('/');
  await alice.page.locator('#mode-lobby').waitFor({ state: 'visible', timeout: TIMEOUT });
  await alice.page.check('#mode-lobby');
  await alice.page.selectOption('#title', 'wilderness-war');
  await alice.page.locator('#listing-sides-row').waitFor({ state: 'visible', timeout: TIMEOUT });
  await alice.page.selectOption('#listing-sides', 'sealed');
  assert.equal(await alice.page.locator('#listing-seat-row').isVisible(), false, 'no side is chosen when the sides are bid for');
  await alice.page.selectOption('#listing-favoured', 'french');
  await alice.page.click('#create');
  await alice.page.locator('#created', { hasText: 'Game proposed' }).waitFor({ timeout: TIMEOUT });
  const id = Number(await alice.page.locator('#created').getAttribute('data-listing'));
  const proposed = await listing(alice, id);
  assert.deepEqual({ mode: proposed.bidding.mode, favoured: proposed.bidding.favoured }, { mode: 'sealed', favoured: 'french' });

  // Bob joins (over HTTP): the bidding begins.
  const joined = await bob.context.request.post(`/api/lobby/${id}/join`, { data: {}, headers: { 'X-CSRF-Token': bob.csrf } });
  assert.equal(joined.status(), 200, await joined.text());

  // Alice bids 2 VP from "My proposed games".
  await alice.page.reload();
  const aliceBidding = alice.page.locator(`.bidding[data-listing="${id}"]`);
  await aliceBidding.locator('.bid-form').waitFor({ timeout: TIMEOUT });
  await aliceBidding.locator('.bid-vp').fill('2');
  await aliceBidding.locator('button.bid').click();
  await alice.page.locator(`.bidding[data-listing="${id}"]`, { hasText: 'you: 2 VP' }).waitFor({ timeout: TIMEOUT });
  await screenshot(alice.page, 'alice-bid');

  // Bob sees only that a bid was received, and bids 1 VP.
  await bob.page.goto('/');
  const bobBidding = bob.page.locator(`.bidding[data-listing="${id}"]`);
  await bobBidding.locator('.bid-form').waitFor({ timeout: TIMEOUT });
  const shown = await bobBidding.textContent();
  assert.match(shown, /alice: bid received/);
  assert.doesNotMatch(shown, /2 VP/);
  await screenshot(bob.page, 'bob-sees-received');
  await bobBidding.locator('.bid-vp').fill('1');
  await bobBidding.locator('button.bid').click();
  await bob.page.locator('#created', { hasText: 'started' }).waitFor({ timeout: TIMEOUT });
  await bob.page.locator('#open-started', { hasText: 'Play british' }).waitFor({ timeout: TIMEOUT });

  const started = await listing(alice, id);
  assert.equal(started.status, 'started');
  assert.deepEqual(
    Object.fromEntries(started.players.map((p) => [p.name, p.role])),
    { alice: 'french', bob: 'british' },
  );
  assert.deepEqual(started.bidding.state.outcome.bid, { side: 'british', vp: 2 });

  // Bob's game page tells how the sides were settled: both bids and the outcome.
  await bob.page.locator('#open-started').click();
  const summary = bob.page.locator('#bidding-summary');
  await summary.waitFor({ state: 'visible', timeout: TIMEOUT });
  const told = await summary.textContent();
  assert.match(told, /Sides by sealed bids \(13\.3\) for french/);
  assert.match(told, /alice: 2 VP/);
  assert.match(told, /bob: 1 VP/);
  assert.match(told, /Outcome: alice: french, bob: british; 2 VP toward british/);
  await screenshot(bob.page, 'game-page-bidding');
  assert.deepEqual(pageErrors, []);
});

// A rated game played to its end (the British resign) between two new players, and its rating
// seen: the fair-bid hint in their next bidding, the ratings beside their names in the lobby, the
// player page's ratings with the change, and the leaderboard.
test('ratings shown: the fair-bid hint of a bidding, names with ratings, the player page and the leaderboard', async () => {
  const carol = await newUser('carol');
  const dave = await newUser('dave');
  const post = (user, url, data = {}) => user.context.request.post(url, { data, headers: { 'X-CSRF-Token': user.csrf } });

  // A rated game: Carol the French, Dave the British; Dave resigns.
  const rated = await post(carol, '/api/lobby', { title: 'wilderness-war', scenario: 'annus_mirabilis', seat: 'french', rated: true });
  assert.equal(rated.status(), 201, await rated.text());
  const ratedId = (await rated.json()).listing.id;
  const joinedRated = await post(dave, `/api/lobby/${ratedId}/join`);
  assert.equal(joinedRated.status(), 200, await joinedRated.text());
  const gameId = (await joinedRated.json()).listing.game;
  const resigned = await post(dave, `/api/games/${gameId}/resign`);
  assert.equal(resigned.status(), 200, await resigned.text());
  // The scheduler rates it at its next look (at most 5 s).
  let carolRating = null;
  for (let i = 0; i < 100 && !carolRating; i++) {
    const ratings = (await (await carol.context.request.get('/api/players/carol')).json()).ratings;
    carolRating = ratings.find((r) => r.title === 'wilderness-war') ?? null;
    if (!carolRating) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(carolRating, 'the rated game was rated');
  assert.ok(carolRating.rating > 1500);

  // Their next game's sides by sealed bids: once both are in, the hint says what would be fair.
  const proposed = await post(carol, '/api/lobby', { title: 'wilderness-war', scenario: 'annus_mirabilis', rated: true, bidding: { mode: 'sealed', favoured: 'french' } });
  assert.equal(proposed.status(), 201, await proposed.text());
  const id = (await proposed.json()).listing.id;
  const joined = await post(dave, `/api/lobby/${id}/join`);
  assert.equal(joined.status(), 200, await joined.text());
  const hint = (await listing(carol, id)).bidding.state.fair_bid;
  assert.ok(hint && hint.side === 'british' && hint.vp > 0, JSON.stringify(hint));

  await carol.page.goto('/');
  const block = carol.page.locator(`.bidding[data-listing="${id}"]`);
  await block.locator('.bid-form').waitFor({ timeout: TIMEOUT });
  const fairLine = `Fair bid by the ratings with carol as the French and dave as the British: ${hint.vp} VP to the British — expected score ${Math.round(hint.first_score * 100)} % for the French`;
  const lines = await block.locator('.bidding-line').allTextContents();
  assert.ok(lines.includes(fairLine), JSON.stringify(lines));
  // The names in her proposed game carry their ratings.
  const text = await carol.page.locator('#my-listings').textContent();
  assert.match(text, new RegExp(`carol \\(${Math.round(carolRating.rating)}\\)`));
  assert.match(text, /dave \(1\d{3}\)/);
  await screenshot(carol.page, 'fair-bid');

  // Dave's page: his Wilderness War rating and the game that moved it.
  await carol.page.goto('/player.html?name=dave');
  const rating = carol.page.locator('#player-ratings .rating[data-title="wilderness-war"]');
  await rating.waitFor({ timeout: TIMEOUT });
  const daves = (await (await carol.context.request.get('/api/players/dave')).json()).ratings[0];
  assert.equal(await rating.locator('.rating-value').textContent(), String(Math.round(daves.rating)));
  const row = rating.locator(`tr[data-game="${gameId}"]`);
  assert.match(await row.textContent(), new RegExp(`carol.*British.*loss.*1500 → ${Math.round(daves.rating)} \\(−\\d+\\)`));
  await screenshot(carol.page, 'player-ratings');

  // The leaderboard, from the player page's link: Carol first.
  await rating.locator('a', { hasText: 'leaderboard' }).click();
  await carol.page.locator('#leaderboard tr[data-player="carol"]').waitFor({ timeout: TIMEOUT });
  const names = await carol.page.locator('#leaderboard tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.player));
  assert.deepEqual(names, ['carol', 'dave']);
  assert.equal(await carol.page.locator('#leaderboard-title').inputValue(), 'wilderness-war');
  await screenshot(carol.page, 'leaderboard');
  assert.deepEqual(pageErrors, []);
});
