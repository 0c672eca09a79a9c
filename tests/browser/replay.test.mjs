// The replay page (replay.html) in a real browser. A quick Annus Mirabilis game is played over the
// HTTP API (with one undo) while the French game page follows it live; at every version the test
// keeps what that page showed (the counters on the map, the status panel, the hand, the prompt, the
// log) and the hash of each seat's view. Then the French open the replay from the game page's
// "Replay" link and step with first / previous / next / last, the arrow keys, Home / End and the
// slider: at each version the replay shows "Move v of N", the player and time of move v from the
// record, the view whose hash the seat was sent live, and the board and log the game page showed
// then. A turn mail's range link (&from=&to=) opens at `from` and stays in the range. While the game
// is on, the British view is refused with the server's message (and the spectators' offered);
// once the French resign, every side's view can be chosen and shows that side's hand. The page
// fits a phone's 390 px with its controls in reach.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, apiJson, launchBrowser, shownLog, startServerWithGame, waitForPages } from './server.mjs';

const SEED = 7;
const TIMEOUT = 15000;
const MOVES = 12; // moves played before the checks (the resignation comes after them)

// What the French mean to do, in order (an undo included); every other decision takes the
// default: pass, done, roll, or the first listed target.
const PLAN = [
  { verb: 'activate', arg: 4 },
  { verb: 'commander', arg: 'fr_rigaud' },
  { verb: 'undo', arg: null },
  { verb: 'commander', arg: 'fr_rigaud' },
  { verb: 'piece', arg: 'fr_reg_languedoc' },
  { verb: 'done', arg: null },
  { verb: 'space', arg: 'hudson_carry_north' },
];

let server;
let browser;
let game;
let live; // the French game page
const hashes = { french: [], british: [], spectator: [] }; // [version] -> the seat's view hash
const hands = { french: [], british: [] }; // [version] -> the seat's hand
const shownThen = []; // [version] -> what the French game page showed
const pageErrors = [];

function track(page, name) {
  page.on('pageerror', (e) => pageErrors.push(`[${name}] ${e.message}`));
}

async function viewOf(seat) {
  const token = seat === 'spectator' ? undefined : game.seats[seat];
  return apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token });
}

// The action a seat takes now: the plan's next one when it is listed, else the default.
function choose(view, plan) {
  const actions = view.actions;
  const next = plan[0];
  if (next && (next.verb === 'undo' ? actions.undo === true : actions[next.verb] === true || (Array.isArray(actions[next.verb]) && actions[next.verb].includes(next.arg)))) {
    plan.shift();
    return next;
  }
  for (const verb of ['pass', 'done', 'roll']) if (actions[verb] === true) return { verb, arg: null };
  for (const [verb, entry] of Object.entries(actions)) if (verb !== 'undo' && Array.isArray(entry) && entry.length) return { verb, arg: entry[0] };
  return null;
}

// What a board shows of a seat's view, the same on the game page and the replay page: the counters
// in the map's stacks, the markers, the status panel, the hand (cards by number).
async function boardState(page) {
  return {
    counters: (await page.locator('#board [data-stack] .ww-counter').evaluateAll((els) => els.map((e) => `${e.closest('[data-stack]').dataset.stack} ${e.dataset.piece}`))).sort(),
    markers: (await page.locator('#board [data-marker]').evaluateAll((els) => els.map((e) => e.dataset.marker))).sort(),
    status: await page.locator('.ww-status').textContent(),
    hand: await page.locator('.ww-hand .ww-card').evaluateAll((cards) => cards.map((c) => Number(c.dataset.card))),
  };
}

// Every version's hashes and the French page's state, once the page shows it.
async function keep(version) {
  for (const seat of ['french', 'british', 'spectator']) {
    const answer = await viewOf(seat);
    assert.equal(answer.version, version);
    hashes[seat][version] = answer.hash;
    if (seat !== 'spectator') hands[seat][version] = answer.view.hand;
  }
  await waitForPages({ french: live }, version, TIMEOUT);
  shownThen[version] = {
    board: await boardState(live),
    prompt: await live.locator('#prompt').textContent(),
    log: await shownLog(live),
  };
}

// Waits until the replay page shows `version` of `seat`'s view.
async function shows(page, version, seat = 'french') {
  await page.locator(`#replay[aria-busy="false"][data-version="${version}"][data-seat="${seat}"]`).waitFor({ timeout: TIMEOUT });
}

let total = 0; // the game's version after the moves
let record = null;
let replayHasLog = false;

// The replay page at `version` against the game page at that version and the live hashes.
async function checkVersion(page, version, seat = 'french') {
  await shows(page, version, seat);
  const root = page.locator('#replay');
  assert.equal(await root.getAttribute('data-hash'), hashes[seat][version], `v${version}: the ${seat} view the seat was sent`);
  assert.equal(await page.locator('#position').textContent(), version === 0 ? `Start (move 0 of ${total})` : `Move ${version} of ${total}`);
  assert.equal(await page.locator('#version').textContent(), `v${version}`);
  assert.equal(Number(await page.locator('#slider').inputValue()), version, `v${version}: the slider`);
  if (version > 0) {
    const move = record.moves[version - 1];
    const time = await page.evaluate((iso) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }), move.time);
    const about = await page.locator('#move-about').textContent();
    assert.ok(about.startsWith(move.role === 'french' ? 'French' : 'British'), `v${version}: who moved (${about})`);
    assert.ok(about.endsWith(time), `v${version}: the time of the move (${about}, ${time})`);
  }
  if (seat !== 'french') return;
  const then = shownThen[version];
  assert.deepEqual(await boardState(page), then.board, `v${version}: the board as the game page drew it`);
  assert.equal(await page.locator('#prompt').textContent(), then.prompt, `v${version}: the prompt`);
  if (replayHasLog || version === total) {
    const log = await shownLog(page);
    const from = Math.max(log.first, then.log.first);
    assert.ok(log.texts.length > 0, `v${version}: the log shows lines`);
    assert.deepEqual(log.texts.slice(from - log.first), then.log.texts.slice(from - then.log.first), `v${version}: the log as it stood then`);
  } else {
    // A server whose replay answer has no log: the page says so rather than show another's.
    assert.match(await page.locator('#log-note').textContent(), /cannot be shown/);
    assert.equal(await page.locator('#log li').count(), 0, `v${version}: no log lines of another version`);
  }
}

before(async () => {
  ({ server, game } = await startServerWithGame(SEED));
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  live = await context.newPage();
  track(live, 'game page');
  await live.goto(game.links.french);
  await live.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await keep(0);
  const plan = [...PLAN];
  for (let version = 0; version < MOVES; ) {
    let acted = false;
    for (const seat of ['french', 'british']) {
      const answer = await viewOf(seat);
      const action = choose(answer.view, seat === 'french' ? plan : []);
      if (!action || (action.verb === 'undo' && seat !== 'french')) continue;
      const done = await apiJson(server.origin, 'POST', `/api/games/${game.id}/actions`, {
        token: game.seats[seat],
        body: { version, verb: action.verb, arg: action.arg },
      });
      version = done.version;
      await keep(version);
      acted = true;
      break;
    }
    assert.ok(acted, `someone can act at v${version}`);
  }
  assert.equal(plan.length, 0, 'the French plan was played, its undo included');
  total = MOVES;
  record = await apiJson(server.origin, 'GET', `/api/games/${game.id}/record`);
  assert.equal(record.moves.length, total);
  const answer = await apiJson(server.origin, 'GET', `/api/games/${game.id}/replay?version=1&seat=spectator`);
  replayHasLog = Number.isInteger(answer.log_size);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  assert.deepEqual(pageErrors, [], 'no page errors');
});

test('a seat steps through its own view: buttons, keys, slider; board and log as the game page showed them', async (t) => {
  if (!replayHasLog) t.diagnostic('the replay answer carries no log: the log is compared at the current version only');
  // The game page links the replay; it finds the seat's token where the game page kept it.
  const link = live.locator('#replay-link');
  assert.equal(await link.getAttribute('href'), `/replay.html?game=${game.id}&seat=french`);
  await link.click();
  const page = live;
  await checkVersion(page, total); // without a range it opens at the current version
  assert.deepEqual(await page.locator('#seat-select option').evaluateAll((os) => os.map((o) => o.value)), ['french', 'spectator'], 'a running game: one’s own seat and the spectators');
  assert.ok(await page.locator('#next').isDisabled());
  assert.ok(await page.locator('#last').isEnabled(), 'a running game: "last" follows it');
  await page.locator('#first').click();
  await checkVersion(page, 0);
  assert.ok(await page.locator('#prev').isDisabled());
  for (let v = 1; v <= 4; ++v) {
    await page.locator('#next').click();
    await checkVersion(page, v);
  }
  await page.locator('#prev').click();
  await checkVersion(page, 3);
  await page.locator('body').click({ position: { x: 5, y: 5 } }); // focus off the buttons
  await page.keyboard.press('ArrowRight');
  await checkVersion(page, 4);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await checkVersion(page, 2);
  await page.keyboard.press('End');
  await checkVersion(page, total);
  await page.keyboard.press('Home');
  await checkVersion(page, 0);
  // The slider: set by a drag (its input event), then stepped by its own arrow keys.
  await page.locator('#slider').evaluate((el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, 8);
  await checkVersion(page, 8);
  await page.locator('#slider').focus();
  await page.keyboard.press('ArrowLeft');
  await checkVersion(page, 7);
  await page.locator('#last').click();
  await checkVersion(page, total);
  // Every other version, once.
  for (const v of [5, 6, 9, 10, 11]) {
    await page.locator('#slider').evaluate((el, value) => {
      el.value = String(value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, v);
    await checkVersion(page, v);
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'replay.png') });
});

test('a turn mail’s range link opens at `from` and steps within from..to', async () => {
  const page = live; // this tab holds the French token since the game page
  await page.goto(`${server.origin}/replay.html?game=${game.id}&seat=french&from=3&to=7`);
  await checkVersion(page, 3);
  assert.equal(await page.locator('#slider').getAttribute('min'), '3');
  assert.equal(await page.locator('#slider').getAttribute('max'), '7');
  assert.ok(await page.locator('#first').isDisabled());
  assert.match(await page.locator('#range-text').textContent(), new RegExp(`^Moves 3 to 7 of ${total}\\.$`));
  await page.locator('#prev').click({ force: true }); // disabled: nothing happens
  await page.locator('#next').click();
  await checkVersion(page, 4);
  await page.locator('#last').click();
  await checkVersion(page, 7);
  assert.ok(await page.locator('#next').isDisabled(), '"next" stops at `to`');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Home');
  await checkVersion(page, 3);
  await page.locator('#whole-game').click();
  assert.equal(await page.locator('#slider').getAttribute('min'), '0');
  assert.equal(await page.locator('#slider').getAttribute('max'), String(total));
  await page.locator('#first').click();
  await checkVersion(page, 0);
});

// The replay answer's `log_size` and `log: {from, lines}` (older lines by log_before / log_limit)
// is the log the page shows at that version. Until the server sends it, the answers are given it
// here from what the game page showed then, one line in the first answer, the rest on "Older
// lines"; with a server that sends it, the first test already compares it at every version.
test('the log a replay answer carries is the one shown at that version, older lines on demand', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  track(page, 'log replay');
  const asked = [];
  await page.route(`${server.origin}/api/games/${game.id}/replay?**`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (replayHasLog) return route.fulfill({ response, json: body });
    const url = new URL(route.request().url());
    const then = shownThen[body.version].log;
    const lines = then.texts.map((text) => ({ role: '', text }));
    const size = then.first + lines.length;
    const before = url.searchParams.has('log_before') ? Number(url.searchParams.get('log_before')) : size;
    const from = url.searchParams.has('log_before') ? Math.max(then.first, before - Number(url.searchParams.get('log_limit'))) : size - 1;
    asked.push(url.search);
    route.fulfill({ response, json: { ...body, log_size: size, log: { from, lines: lines.slice(from - then.first, before - then.first) } } });
  });
  await page.goto(`${server.origin}/replay.html?game=${game.id}&seat=french&from=4&to=9#token=${game.seats.french}`);
  for (const version of [4, 9]) {
    if (version === 9) await page.locator('#last').click();
    await shows(page, version);
    const then = shownThen[version].log;
    assert.ok(then.texts.length >= 2, `v${version}: a log of several lines (${then.texts.length})`);
    if (!replayHasLog) {
      assert.deepEqual((await shownLog(page)).texts, then.texts.slice(-1), `v${version}: the newest line`);
      await page.locator('#log-older').click();
      await page.locator('#log-older').waitFor({ state: 'hidden', timeout: TIMEOUT });
      assert.ok(asked.some((q) => q.includes(`version=${version}&`) && q.includes('log_before=')), `v${version}: older lines asked of the replay`);
    }
    const shown = await shownLog(page);
    assert.deepEqual(shown.texts.slice(then.first - shown.first), then.texts, `v${version}: the log as the game page showed it`);
    assert.equal(await page.locator('#log-note').isHidden(), true);
  }
  await context.close();
});

test('while the game is on, the other seat is refused with the server’s message', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  track(page, 'british replay');
  // The French token on a British address: the server answers bad_token with its reason.
  await page.goto(`${server.origin}/replay.html?game=${game.id}&seat=british&from=2#token=${game.seats.french}`);
  assert.equal(new URL(page.url()).hash, '', 'the token leaves the address bar');
  const refusal = page.locator('#notice .refusal[data-code="bad_token"]');
  await refusal.waitFor({ timeout: TIMEOUT });
  const text = await refusal.textContent();
  assert.match(text, /^The server refused the British view at move 2: While the game is on, a seat's moves are stepped through by its holder only\. \(bad_token\)/);
  assert.equal(await page.locator('#board .ww-hand .ww-card').count(), 0, 'no British hand shown');
  await page.locator('#watch-instead').click();
  await checkVersion(page, 2, 'spectator');
  assert.equal(await page.locator('#notice').isHidden(), true, 'the refusal goes once a view is shown');
  assert.equal(await page.locator('.ww-hand').count(), 0, 'the spectators see no hand');
  assert.equal(new URL(page.url()).searchParams.get('seat'), 'spectator');
  await context.close();
});

test('once the game is over, every side’s view can be chosen', async () => {
  const resigned = await apiJson(server.origin, 'POST', `/api/games/${game.id}/actions`, {
    token: game.seats.french,
    body: { version: total, verb: 'resign' },
  });
  assert.equal(resigned.version, total + 1);
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  track(page, 'finished replay');
  // No token at all: a finished game's British view is anyone's.
  await page.goto(`${server.origin}/replay.html?game=${game.id}&seat=british&from=5&to=6`);
  await shows(page, 5, 'british');
  assert.equal(await page.locator('#replay').getAttribute('data-hash'), hashes.british[5]);
  assert.deepEqual(await page.locator('.ww-hand .ww-card').evaluateAll((cs) => cs.map((c) => Number(c.dataset.card))), hands.british[5], 'the British hand then');
  assert.deepEqual(await page.locator('#seat-select option').evaluateAll((os) => os.map((o) => o.value)), ['french', 'british', 'spectator']);
  await page.locator('#seat-select').selectOption('french');
  await shows(page, 5, 'french');
  assert.equal(await page.locator('#replay').getAttribute('data-hash'), hashes.french[5]);
  assert.deepEqual(await page.locator('.ww-hand .ww-card').evaluateAll((cs) => cs.map((c) => Number(c.dataset.card))), hands.french[5], 'the French hand then');
  // What each move chose is in the record once the game is over, by name: move 1 played #4.
  await page.locator('#whole-game').click();
  await page.locator('#first').click();
  await page.locator('#next').click();
  await shows(page, 1, 'french');
  assert.match(await page.locator('#move-about').textContent(), /^French · Activate: #4 Campaign · /);
  // The last version shows the result.
  await page.keyboard.press('End');
  await shows(page, total + 1, 'french');
  assert.match(await page.locator('#position').textContent(), new RegExp(`^Move ${total + 1} of ${total + 1}$`));
  assert.match(await page.locator('#move-about').textContent(), /^French · resigned · /);
  assert.match(await page.locator('#result').textContent(), /Game over: british wins/);
  await context.close();
});

test('on a phone the replay fits the screen with its controls in reach', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  track(page, 'phone replay');
  await page.goto(`${server.origin}/replay.html?game=${game.id}&seat=spectator&from=3`);
  await shows(page, 3, 'spectator');
  const width = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(width.scroll <= width.inner, `the page is ${width.scroll} px wide on a ${width.inner} px screen`);
  const map = await page.locator('#board .ww-map').boundingBox();
  assert.ok(map.x >= 0 && map.x + map.width <= 390, 'the map fits the width');
  // The controls stay at the bottom of the screen, whole, while the page scrolls.
  await page.evaluate(() => window.scrollTo(0, 300));
  const controls = await page.locator('#replay-controls').boundingBox();
  assert.ok(controls.y >= 0 && controls.y + controls.height <= 844 + 1, `the controls are on the screen (${controls.y}, ${controls.height})`);
  const next = await page.locator('#next').boundingBox();
  assert.ok(next.height >= 36, `"next" is big enough to tap (${next.height} px)`);
  await page.locator('#next').tap();
  await shows(page, 4, 'spectator');
  assert.equal(await page.locator('#replay').getAttribute('data-hash'), hashes.spectator[4]);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'replay-phone.png') });
  await context.close();
});
