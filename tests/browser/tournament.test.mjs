// A tournament through its pages, in a real browser with three accounts (three cookie jars):
// Olga, granted the organiser role with `warpath organiser --grant` on the test server's
// database, creates a one-round Swiss with sealed bids from the form of tournaments.html (a field
// the page refuses, then one the server refuses, each shown beside its field); Olga, Pat and
// Quinn register from tournament.html (a withdrawal dismissed at its confirmation changes
// nothing); Olga starts it: two of them are paired and the third has a bye. Each paired player
// sees their pairing and bids from the page (a bid being typed survives a refresh); the first
// one's page, brought back into focus, shows the sides and the bid once both are in, in their
// pairing and in the round's table, and the game page names its tournament round. One resigns
// (over HTTP); the standings show the winner with 1 point above the loser, the list shows it
// under "Finished", and "Download TRF" gives text naming both players. Then the tournament page
// at a phone's width (390 x 844), whose scroll a refresh keeps. A second tournament: a player
// withdraws during registration and the organiser cancels it, each after a confirmation (a
// dismissed cancel changes nothing).
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, BINARY, browserTestHooks } from './server.mjs';

const TIMEOUT = 15000;
const PASSWORD = 'a long enough password';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

let server;
let browser;
browserTestHooks(null, (fixture) => ({ server, browser } = fixture), { closePagesAfterEach: true });
const pageErrors = [];

// An account signed up over HTTP in a browser context of its own, with its page. Its dialogs
// (confirmations) are accepted unless `user.dialog` says 'dismiss'.
async function newUser(name, contextOptions = { viewport: { width: 1280, height: 900 } }) {
  const context = await browser.newContext({ ...contextOptions, baseURL: server.origin, acceptDownloads: true });
  const res = await context.request.post('/api/accounts', { data: { name, email: `${name}@example.org`, password: PASSWORD } });
  assert.equal(res.status(), 201, await res.text());
  const { csrf_token: csrf } = await res.json();
  const user = { name, context, csrf, dialog: 'accept', dialogs: [] };
  user.page = await context.newPage();
  user.page.on('pageerror', (e) => pageErrors.push(`[${name}] ${e.message}`));
  user.page.on('dialog', (dialog) => {
    user.dialogs.push(dialog.message());
    return user.dialog === 'dismiss' ? dialog.dismiss() : dialog.accept();
  });
  return user;
}

async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `tournament-${name}.png`), fullPage: true });
}

async function getJson(user, target) {
  const res = await user.context.request.get(target);
  assert.ok(res.ok(), `${target}: ${res.status()} ${await res.text()}`);
  return res.json();
}

// The page's account bar is drawn once the session is known; the tournament once it has loaded.
async function openTournament(user, id) {
  await user.page.goto(`/tournament.html?id=${id}`);
  await user.page.locator('#header-panel:not([hidden])').waitFor({ timeout: TIMEOUT });
}

// Brings a page back into focus: it asks for the tournament again.
async function refocus(page) {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test('a one-round Swiss with sealed bids through the pages: created, registered, started, bid for, resigned, standings and TRF', async () => {
  const olga = await newUser('olga');
  const pat = await newUser('pat');
  const quinn = await newUser('quinn');

  // Not an organiser yet: the list, no creation form.
  await olga.page.goto('/tournaments.html');
  await olga.page.locator('#list-panel:not([hidden])').waitFor({ timeout: TIMEOUT });
  assert.equal(await olga.page.locator('#create-panel').isHidden(), true, 'no creation form without the organiser role');
  const navigation = olga.page.locator('#account-bar #nav-tournaments');
  assert.equal(await navigation.getAttribute('href'), '/tournaments.html', 'the account bar links the tournaments');

  const granted = spawnSync(BINARY, ['organiser', '--db', path.join(server.dir, 'warpath.db'), '--grant', 'olga'], { encoding: 'utf8' });
  assert.equal(granted.status, 0, `organiser --grant: ${granted.stdout}${granted.stderr}`);
  await olga.page.reload();
  await olga.page.locator('#create-panel:not([hidden])').waitFor({ timeout: TIMEOUT });

  // The form: a Swiss of 1 round with sealed bids (each bid names its side).
  await olga.page.fill('#t-name', 'Test Swiss');
  await olga.page.selectOption('#t-title', 'wilderness-war');
  await olga.page.selectOption('#t-scenario', 'annus_mirabilis');
  await olga.page.selectOption('#t-sides', 'sealed');
  assert.equal(await olga.page.locator('#option-fields .option-bid').isHidden(), true, 'the bid option is the bidding’s to set');
  await olga.page.selectOption('#t-kind', 'swiss');
  await olga.page.fill('#t-min', '3');
  await olga.page.fill('#t-max', '8');
  await olga.page.fill('#t-round-hours', '48');
  // A round count the page refuses: the error beside its field, nothing sent.
  await olga.page.fill('#t-rounds', '13');
  await olga.page.click('#t-create');
  const roundsError = olga.page.locator('.field-error[data-field="rounds"]');
  await roundsError.waitFor({ state: 'visible', timeout: TIMEOUT });
  assert.match(await roundsError.textContent(), /from 1 to 12/);
  assert.equal(await olga.page.locator('#t-rounds').getAttribute('aria-invalid'), 'true');
  assert.deepEqual((await getJson(olga, '/api/tournaments')).tournaments, [], 'nothing created');
  await olga.page.fill('#t-rounds', '1');
  // An option the server refuses (bad_tournament, field "options"): its message beside the options.
  await olga.page.click('details.advanced summary');
  await olga.page.fill('#options', '{"no_such_rule": true}');
  await olga.page.click('#t-create');
  const optionsError = olga.page.locator('.field-error[data-field="options"]');
  await optionsError.waitFor({ state: 'visible', timeout: TIMEOUT });
  assert.match(await optionsError.textContent(), /no_such_rule/);
  assert.equal(await roundsError.isHidden(), true, 'the earlier error gone');
  assert.deepEqual((await getJson(olga, '/api/tournaments')).tournaments, [], 'nothing created');
  await olga.page.fill('#options', '');
  await olga.page.click('#t-create');
  await olga.page.waitForURL(/\/tournament\.html\?id=\d+$/, { timeout: TIMEOUT });
  const id = Number(new URL(olga.page.url()).searchParams.get('id'));
  await olga.page.locator('#header-panel:not([hidden])').waitFor({ timeout: TIMEOUT });
  const created = await getJson(olga, `/api/tournaments/${id}`);
  const sides = { mode: created.sides.mode, favoured: created.sides.favoured ?? null };
  assert.deepEqual({ format: created.format, sides, min: created.min_players, max: created.max_players, hours: created.round_hours }, {
    format: { kind: 'swiss', rounds: 1 },
    sides: { mode: 'sealed', favoured: null },
    min: 3,
    max: 8,
    hours: 48,
  });
  const facts = await olga.page.locator('#t-facts').textContent();
  assert.match(facts, /Swiss, 1 round/);
  assert.match(facts, /Sealed bids/);
  assert.match(facts, /Registration closes/);
  assert.match(await olga.page.locator('#t-status').textContent(), /Open for registration/);

  // Registration through the page, for all three.
  for (const user of [olga, pat, quinn]) {
    if (user !== olga) await openTournament(user, id);
    await user.page.click('#register');
    await user.page.locator('#withdraw:not([hidden])').waitFor({ timeout: TIMEOUT });
    await user.page.locator(`#players tr[data-name="${user.name}"]`).waitFor({ timeout: TIMEOUT });
  }
  // A withdrawal dismissed at its confirmation: still registered.
  quinn.dialog = 'dismiss';
  await quinn.page.click('#withdraw');
  assert.match(quinn.dialogs.at(-1) ?? '', /Withdraw/);
  quinn.dialog = 'accept';
  assert.equal((await getJson(quinn, `/api/tournaments/${id}`)).me.registered, true, 'a dismissed withdrawal changes nothing');
  assert.equal(await quinn.page.locator('#withdraw').isVisible(), true);
  assert.equal(await pat.page.locator('#start').isHidden(), true, 'Start is the organiser’s');

  // The list: open for registration, in words.
  await pat.page.goto('/tournaments.html');
  const item = pat.page.locator(`.tournament-item[data-tournament="${id}"]`);
  await item.waitFor({ timeout: TIMEOUT });
  const itemText = await item.textContent();
  assert.match(itemText, /Test Swiss/);
  assert.match(itemText, /Swiss, 1 round/);
  assert.match(itemText, /Sealed bids/);
  assert.match(itemText, /3\/8 players/);
  assert.match(itemText, /registration closes/);
  await screenshot(pat.page, 'list');

  // Olga starts it.
  await olga.page.reload();
  await olga.page.locator('#start:not([hidden])').waitFor({ timeout: TIMEOUT });
  await olga.page.click('#start');
  await olga.page.locator('#t-status', { hasText: 'Running' }).waitFor({ timeout: TIMEOUT });
  // The first round is paired at once or by the server's next look (every few seconds).
  let rounds = [];
  for (const until = Date.now() + TIMEOUT; Date.now() < until && !(rounds[0] && rounds[0].pairings.length); await new Promise((r) => setTimeout(r, 250)))
    ({ rounds } = await getJson(olga, `/api/tournaments/${id}/rounds`));
  assert.equal(rounds.length, 1, JSON.stringify(rounds));
  const game = rounds[0].pairings.find((p) => p.players.length === 2);
  const bye = rounds[0].pairings.find((p) => p.players.length === 1);
  assert.ok(game && bye, JSON.stringify(rounds));
  assert.equal(game.status, 'bidding');
  const users = { olga, pat, quinn };
  const [first, second] = game.players.map((name) => users[name]);
  const byed = users[bye.players[0]];

  // Each paired player sees their pairing with the bidding panel; the bye its bye.
  for (const user of [first, second, byed]) await openTournament(user, id);
  await byed.page.locator('#my-pairing', { hasText: 'bye' }).waitFor({ timeout: TIMEOUT });
  assert.equal(await byed.page.locator('#my-pairing .bid-form').count(), 0, 'nothing to bid on a bye');
  for (const user of [first, second]) {
    await user.page.locator('#my-pairing .bid-form').waitFor({ timeout: TIMEOUT });
    const other = user === first ? second : first;
    assert.match(await user.page.locator('#my-pairing').textContent(), new RegExp(`you play ${other.name}`));
    assert.equal(await user.page.locator(`tr.pairing.mine a.bid-link`).count(), 1, 'a Bid link in the round’s table');
  }
  assert.equal(await byed.page.locator('a.bid-link').count(), 0, 'no Bid link for another’s pairing');

  // The first bids 2 VP to play french: the page shows it; the second sees only "bid received".
  // A refresh meanwhile (the page back in focus) leaves the bid being typed as it is.
  await first.page.locator('#my-pairing .bid-vp').fill('2');
  await first.page.locator('#my-pairing .bid-side').selectOption('french');
  await Promise.all([first.page.waitForResponse((r) => r.url().endsWith(`/api/lobby/${game.listing}`), { timeout: TIMEOUT }), refocus(first.page)]);
  await first.page.waitForTimeout(200);
  assert.equal(await first.page.locator('#my-pairing .bid-vp').inputValue(), '2', 'the bid form kept over a refresh');
  await first.page.locator('#my-pairing button.bid').click();
  await first.page.locator('#my-pairing .bidding', { hasText: 'you: 2 VP for french' }).waitFor({ timeout: TIMEOUT });
  await refocus(second.page);
  await second.page.locator('#my-pairing .bidding', { hasText: `${first.name}: bid received` }).waitFor({ timeout: TIMEOUT });
  assert.doesNotMatch(await second.page.locator('#my-pairing').textContent(), /2 VP/, 'the sealed bid stays hidden');
  await screenshot(second.page, 'bidding');

  // The second bids 1 VP for french too: the higher bid plays french, the other begins with 2 VP.
  await second.page.locator('#my-pairing .bid-vp').fill('1');
  await second.page.locator('#my-pairing .bid-side').selectOption('french');
  await second.page.locator('#my-pairing button.bid').click();
  const sidesText = `french: ${first.name}, british: ${second.name}`;
  await second.page.locator('#my-pairing', { hasText: sidesText }).waitFor({ timeout: TIMEOUT });
  await refocus(first.page);
  await first.page.locator('#my-pairing', { hasText: sidesText }).waitFor({ timeout: TIMEOUT });
  for (const user of [first, second]) {
    const mine = user.page.locator('#my-pairing');
    await mine.locator('#open-my-game').waitFor({ timeout: TIMEOUT });
    assert.match(await mine.textContent(), /bid: 2 VP toward british/);
    const row = user.page.locator('tr.pairing.mine');
    await row.locator('.pairing-sides', { hasText: sidesText }).waitFor({ timeout: TIMEOUT });
    assert.equal(await row.locator('.pairing-bid').textContent(), '2 VP toward british');
    const role = user === first ? 'french' : 'british';
    assert.match(await mine.locator('#open-my-game').getAttribute('href'), new RegExp(`^/game\\.html\\?game=\\d+#seat=${role}$`));
  }
  await refocus(byed.page);
  const othersLink = byed.page.locator('tr.pairing a.game-link');
  await othersLink.waitFor({ timeout: TIMEOUT });
  assert.match(await othersLink.getAttribute('href'), /^\/game\.html\?game=\d+$/, 'another’s game opens to watch');
  await screenshot(first.page, 'sides');
  // The game page says which tournament round it belongs to.
  const gamePage = await first.context.newPage();
  gamePage.on('pageerror', (e) => pageErrors.push(`[${first.name} game] ${e.message}`));
  await gamePage.goto(await first.page.locator('#open-my-game').getAttribute('href'));
  const origin = gamePage.locator('#tournament-line');
  await origin.waitFor({ state: 'visible', timeout: TIMEOUT });
  assert.match(await origin.textContent(), /A game of the tournament Test Swiss, round 1, table \d+\./);
  assert.equal(await origin.locator('a').getAttribute('href'), `/tournament.html?id=${id}`);
  await gamePage.close();

  // The second resigns (over HTTP): the first wins.
  const { rounds: playing } = await getJson(first, `/api/tournaments/${id}/rounds`);
  const gameId = playing[0].pairings.find((p) => p.players.length === 2).game;
  assert.ok(Number.isInteger(gameId), JSON.stringify(playing));
  const resigned = await second.context.request.post(`/api/games/${gameId}/resign`, { data: {}, headers: { 'X-CSRF-Token': second.csrf } });
  assert.equal(resigned.status(), 200, await resigned.text());

  // The standings: the winner with 1 point above the loser; the result in the round's table.
  await first.page.waitForFunction(
    () => {
      window.dispatchEvent(new Event('focus'));
      return document.querySelector('#standings tbody tr') && document.querySelector('.pairing-result')?.textContent.includes('won');
    },
    null,
    { timeout: TIMEOUT, polling: 1000 },
  );
  const table = first.page.locator('#standings table.standings');
  const header = await table.locator('thead th').allTextContents();
  assert.deepEqual(header.slice(0, 3), ['#', 'Player', 'Points']);
  const standings = await getJson(first, `/api/tournaments/${id}/standings`);
  for (const tiebreak of standings.tiebreaks) assert.ok(header.length > 8, `a column for ${tiebreak}`);
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({ name: tr.dataset.name, cells: [...tr.cells].map((td) => td.textContent) })));
  const winnerRow = rows.findIndex((r) => r.name === first.name);
  const loserRow = rows.findIndex((r) => r.name === second.name);
  assert.ok(winnerRow >= 0 && loserRow > winnerRow, `the winner above the loser: ${JSON.stringify(rows)}`);
  assert.equal(rows[winnerRow].cells[2], '1', 'the winner has 1 point');
  assert.equal(rows[loserRow].cells[2], '0');
  assert.equal(rows[0].cells[2], '1', 'the first row has 1 point');
  assert.match(await first.page.locator('tr.pairing.mine .pairing-result').textContent(), new RegExp(`${first.name} won by resignation`));
  await first.page.locator('#t-status', { hasText: 'Finished' }).waitFor({ timeout: TIMEOUT });
  await screenshot(first.page, 'standings');

  // The TRF export names both players.
  const [download] = await Promise.all([first.page.waitForEvent('download', { timeout: TIMEOUT }), first.page.click('#trf')]);
  const trf = fs.readFileSync(await download.path(), 'utf8');
  assert.match(trf, new RegExp(first.name));
  assert.match(trf, new RegExp(second.name));

  // The list shows it under "Finished".
  await pat.page.goto('/tournaments.html#finished');
  await pat.page.locator(`.tournament-item[data-tournament="${id}"]`).waitFor({ timeout: TIMEOUT });
  assert.equal(await pat.page.locator('#tab-finished').getAttribute('aria-selected'), 'true');

  // On a phone: nothing wider than the screen but the tables' own scrolling boxes.
  const phone = await newUser('rosa', PHONE);
  await openTournament(phone, id);
  await phone.page.locator('#standings table').waitFor({ timeout: TIMEOUT });
  const widths = await phone.page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    panels: [...document.querySelectorAll('.panel:not([hidden])')].map((p) => Math.round(p.getBoundingClientRect().right)),
    trf: document.getElementById('trf').getBoundingClientRect().right,
    standings: [...document.querySelectorAll('.standings-table')].map((w) => ({ scroll: w.scrollWidth, box: w.clientWidth })),
    header: [...document.querySelectorAll('#standings thead th')].filter((th) => th.offsetParent !== null).map((th) => th.textContent),
  }));
  // The standings themselves fit: no sideways scrolling, won–drawn–lost in one column.
  for (const box of widths.standings) assert.ok(box.scroll <= box.box, `the standings fit the phone: ${JSON.stringify(widths)}`);
  assert.ok(widths.header.includes('Won–drawn–lost') && !widths.header.includes('Won'), `phone columns: ${widths.header}`);
  assert.ok(widths.page <= 390, `the page fits the phone's width: ${JSON.stringify(widths)}`);
  for (const right of widths.panels) assert.ok(right <= 390, `a panel within the screen: ${JSON.stringify(widths)}`);
  assert.ok(widths.trf <= 390);
  // A refresh keeps the reader where they were.
  await phone.page.evaluate(() => window.scrollTo(0, 600));
  const before = await phone.page.evaluate(() => window.scrollY);
  await Promise.all([phone.page.waitForResponse((r) => r.url().endsWith(`/api/tournaments/${id}/standings`), { timeout: TIMEOUT }), refocus(phone.page)]);
  await phone.page.waitForTimeout(200);
  assert.equal(await phone.page.evaluate(() => window.scrollY), before, 'the scroll kept over a refresh');
  await screenshot(phone.page, 'phone');
  await phone.page.goto('/tournaments.html#finished');
  await phone.page.locator(`.tournament-item[data-tournament="${id}"]`).waitFor({ timeout: TIMEOUT });
  assert.ok((await phone.page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the list fits the phone');
  await screenshot(phone.page, 'phone-list');
  assert.deepEqual(pageErrors, []);
});

test('withdrawing during registration and the organiser’s cancel, each after its confirmation', async () => {
  const uma = await newUser('uma');
  const vic = await newUser('vic');
  const granted = spawnSync(BINARY, ['organiser', '--db', path.join(server.dir, 'warpath.db'), '--grant', 'uma'], { encoding: 'utf8' });
  assert.equal(granted.status, 0, `organiser --grant: ${granted.stdout}${granted.stderr}`);
  const closes = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const res = await uma.context.request.post('/api/tournaments', {
    data: { name: 'Pools', title: 'wilderness-war', scenario: 'annus_mirabilis', options: {}, time_control: null, sides: { mode: 'balanced' }, format: { kind: 'round_robin', pool_size: 4 }, registration_closes: closes, min_players: 4, max_players: 8, round_hours: 24 },
    headers: { 'X-CSRF-Token': uma.csrf },
  });
  assert.equal(res.status(), 201, await res.text());
  const { id } = await res.json();

  // Vic registers, then withdraws: asked first, and gone from the players.
  await openTournament(vic, id);
  assert.match(await vic.page.locator('#t-facts').textContent(), /Round-robin pools of 4[\s\S]*Balanced sides/);
  await vic.page.click('#register');
  await vic.page.locator('#players tr[data-name="vic"]').waitFor({ timeout: TIMEOUT });
  await vic.page.click('#withdraw');
  await vic.page.locator('#register:not([hidden])').waitFor({ timeout: TIMEOUT });
  assert.match(vic.dialogs.at(-1) ?? '', /Withdraw your registration/);
  assert.equal(await vic.page.locator('#players tr[data-name="vic"]').count(), 0, 'no longer registered');
  assert.equal((await getJson(vic, `/api/tournaments/${id}`)).me.registered, false);
  assert.equal(await vic.page.locator('#cancel').isHidden(), true, 'Cancel is the organiser’s');

  // Uma's cancel, dismissed first, then confirmed.
  await openTournament(uma, id);
  uma.dialog = 'dismiss';
  await uma.page.click('#cancel');
  assert.equal((await getJson(uma, `/api/tournaments/${id}`)).status, 'registration', 'a dismissed cancel changes nothing');
  uma.dialog = 'accept';
  await uma.page.click('#cancel');
  await uma.page.locator('#t-status', { hasText: 'Cancelled' }).waitFor({ timeout: TIMEOUT });
  assert.equal((await getJson(uma, `/api/tournaments/${id}`)).status, 'cancelled');
  assert.equal(await uma.page.locator('#start').isHidden(), true);
  assert.equal(await uma.page.locator('#register').isHidden(), true);
  assert.deepEqual(pageErrors, []);
});
