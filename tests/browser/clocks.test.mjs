// Correspondence clocks and time off in a real browser, days passing in the server's test clock
// (`warpath serve --test-clock FILE`: the file holds the server's "now" in Unix ms). Alice proposes
// an Annus Mirabilis game with the "3+ moves a day" clock in the lobby (its words in the form and
// the listing), Bob joins it. On the game page both clocks show (3 days each) and the running one
// counts down by the browser's own timer while the server's time stands still. Five hours pass and
// Alice moves: the new clocks arrive (her bank 3 d 07:00 with the increment, Bob's running). Bob
// takes a vacation on the account page (a refused one shows the server's reason): his clock is
// marked on vacation on both game pages; he ends it now and turns automatic vacation days off.
// Two days pass: his clock is red under a day. Past his bank and the grace period, Alice is
// offered "Claim the win on time" (Bob and a spectator are not; the spectator's phone shows both
// clocks without sideways scrolling); declining the confirmation changes nothing, accepting it
// ends the game with "british ran out of time". Then a browser with no account creates a quick
// game with a custom clock (an hour, no grace period) and, from the British seat link, claims the
// win with the seat's token once the French hour is over; an untimed game shows no clocks.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, BINARY, WEB_ROOT, apiJson, launchBrowser, startServer, clickAction } from './server.mjs';

const TIMEOUT = 15000;
const PASSWORD = 'a long enough password';
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
// The server's time at the start: three days behind the real one (on the minute). The pages must
// take "now" from the server's answers (as_of_ms), never from the browser's clock.
const T0 = Math.floor((Date.now() - 3 * DAY) / 60000) * 60000;

let server;
let browser;
let clockFile;
const pageErrors = [];
const dialogs = [];
let answerDialogs = true; // accept the pages' confirmations (false: decline them)

before(async () => {
  assert.ok(fs.existsSync(BINARY), `no warpath binary at ${BINARY}`);
  server = await startServer({
    binary: BINARY,
    webRoot: WEB_ROOT,
    args: (dir) => {
      clockFile = path.join(dir, 'now');
      fs.writeFileSync(clockFile, String(T0));
      fs.mkdirSync(path.join(dir, 'mail'));
      return ['--test-clock', clockFile, '--mail-dir', path.join(dir, 'mail')];
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

// The server's clock now reads T0 + `ms`.
function setServerTime(ms) {
  fs.writeFileSync(clockFile, String(T0 + ms));
}

async function newUser(name, options = { viewport: { width: 1280, height: 900 } }) {
  const context = await browser.newContext({ ...options, baseURL: server.origin });
  const page = await newPage(context, name);
  return { name, context, page };
}

async function newPage(context, name) {
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`[${name}] ${e.message}`));
  page.on('dialog', (dialog) => {
    dialogs.push({ name, message: dialog.message(), accepted: answerDialogs });
    if (answerDialogs) dialog.accept();
    else dialog.dismiss();
  });
  return page;
}

async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `clocks-${name}.png`), fullPage: true });
}

async function signUp(user) {
  const { page } = user;
  await page.goto('/account.html#signup');
  await page.locator('#signup-form').waitFor({ timeout: TIMEOUT });
  await page.fill('#signup-name', user.name);
  await page.fill('#signup-email', `${user.name.toLowerCase()}@example.org`);
  await page.fill('#signup-password', PASSWORD);
  await page.click('#signup-submit');
  await page.locator('#account-notice', { hasText: `Welcome, ${user.name}!` }).waitFor({ timeout: TIMEOUT });
}

// One clock of a game page: {state, remaining, text, note, low} (remaining in ms, as drawn last).
async function clockOf(page, role) {
  const clock = page.locator(`#clocks .clock[data-role="${role}"]`);
  await clock.waitFor({ timeout: TIMEOUT });
  return clock.evaluate((el) => ({
    state: el.dataset.state,
    remaining: Number(el.dataset.remainingMs),
    text: el.querySelector('.clock-time').textContent,
    note: el.querySelector('.clock-note')?.textContent ?? '',
    low: el.classList.contains('low'),
  }));
}

// Waits until a page's clock of `role` satisfies `check` (a function of clockOf's answer, run in
// the page); the last reading otherwise, in the error.
async function waitForClock(user, page, role, what, check) {
  try {
    await page.waitForFunction(
      ([r, source]) => {
        const el = document.querySelector(`#clocks .clock[data-role="${r}"]`);
        if (!el) return false;
        const c = {
          state: el.dataset.state,
          remaining: Number(el.dataset.remainingMs),
          text: el.querySelector('.clock-time').textContent,
          note: el.querySelector('.clock-note')?.textContent ?? '',
          low: el.classList.contains('low'),
        };
        return new Function('c', `return (${source})(c);`)(c);
      },
      [role, check.toString()],
      { timeout: TIMEOUT },
    );
  } catch (e) {
    const shown = await page.locator(`#clocks .clock[data-role="${role}"]`).count() ? await clockOf(page, role) : 'no such clock';
    throw new Error(`${user}'s page never showed the ${role} clock ${what}; it shows ${JSON.stringify(shown)} (${e.message})`);
  }
  return clockOf(page, role);
}

async function openGame(user, gameId, role) {
  const { page } = user;
  await page.goto(`/game.html?game=${gameId}#seat=${role}`);
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await page.locator('#status', { hasText: 'live' }).waitFor({ timeout: TIMEOUT });
  await page.locator('#clocks-panel:not([hidden])').waitFor({ timeout: TIMEOUT });
}

async function assertNoSidewaysScroll(page, when) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement.scrollWidth, innerWidth: window.innerWidth }));
  assert.ok(scrollWidth <= innerWidth, `${when}: the page is ${scrollWidth} px wide on a ${innerWidth} px screen`);
}

const THREE_A_DAY = '3+ moves a day: 3 days, +12 h a move, cap 5 days';

test('clocks count down, time off stops them, and a win on time is claimed', async () => {
  const alice = await newUser('Alice');
  // Bob's browser is in India (UTC+05:30 all year): the account page suggests that offset.
  const bob = await newUser('Bob', { viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Kolkata' });
  await signUp(alice);
  await signUp(bob);

  // ---- Alice proposes a timed game: the clock's choices in the form ----
  const a = alice.page;
  await a.goto('/');
  await a.locator('#create-mode:not([hidden])').waitFor({ timeout: TIMEOUT });
  await a.locator('#title option[value="wilderness-war"]').waitFor({ state: 'attached', timeout: TIMEOUT });
  await a.locator('#time-control-choice option[value="3_per_day"]').waitFor({ state: 'attached', timeout: TIMEOUT });
  const choices = await a.locator('#time-control-choice option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(choices.map(([v]) => v), ['', '7_per_day', '3_per_day', '1_per_day', 'custom'], 'none, the three presets and custom');
  assert.match(choices[2][1], /^3\+ moves a day/, 'the presets are labelled as the server says');
  assert.equal(await a.locator('#time-control-timeout').isVisible(), false, 'no grace period without a clock');
  await a.selectOption('#title', 'wilderness-war');
  await a.selectOption('#scenario', 'annus_mirabilis');
  await a.check('#mode-lobby');
  await a.selectOption('#listing-seat', 'french');
  // Custom hours: the fields show, and a cap under the start is refused before sending.
  await a.selectOption('#time-control-choice', 'custom');
  await a.locator('#time-control-custom').waitFor({ timeout: TIMEOUT });
  await a.fill('#tc-initial', '48');
  await a.fill('#tc-cap', '24');
  await a.click('#create');
  await a.locator('#create-error', { hasText: 'The most a clock holds must be at least the time at the start.' }).waitFor({ timeout: TIMEOUT });
  // The preset, with the default grace period: in words under the choice.
  await a.selectOption('#time-control-choice', '3_per_day');
  assert.equal(await a.locator('#time-control-custom').isVisible(), false);
  assert.equal(await a.inputValue('#tc-grace'), '24');
  assert.equal(await a.locator('#tc-automatic').isChecked(), false);
  assert.match(await a.locator('#time-control-help').textContent(), new RegExp(`^${THREE_A_DAY.replace(/[+]/g, '\\+')}\\. 24 h of grace, then the opponent may claim the win\\.`));
  await a.click('#create');
  await a.locator('#created:not([hidden])[data-listing]').waitFor({ timeout: TIMEOUT });
  assert.ok((await a.locator('#created').textContent()).includes(THREE_A_DAY), 'the proposal says its clock');

  // ---- Bob finds it with its clock in words, and joins ----
  const b = bob.page;
  await b.goto('/');
  const row = b.locator('#open-games tr[data-listing]').first();
  await row.waitFor({ timeout: TIMEOUT });
  assert.equal(await row.locator('td.time-control').textContent(), THREE_A_DAY);
  await row.locator('button.join').click();
  const started = b.locator('#open-started');
  await started.waitFor({ timeout: TIMEOUT });
  const gameId = Number(/game=(\d+)/.exec(await started.getAttribute('href'))[1]);

  // ---- both clocks at 3 days; the French one runs and counts down by the page's timer ----
  await openGame(alice, gameId, 'french');
  await openGame(bob, gameId, 'british');
  for (const [user, page] of [['Alice', a], ['Bob', b]]) {
    const french = await clockOf(page, 'french');
    const british = await clockOf(page, 'british');
    assert.equal(french.state, 'ticking', `${user}: the French clock runs`);
    assert.ok(french.remaining <= 3 * DAY && french.remaining > 3 * DAY - 60000, `${user}: the French clock starts at 3 days (${french.remaining} ms)`);
    assert.match(french.text, /^(3 d 00:00|2 d 23:59)$/);
    assert.equal(french.note, 'to move');
    assert.deepEqual([british.state, british.remaining, british.text], ['stopped', 3 * DAY, '3 d 00:00'], `${user}: the British clock waits`);
    assert.equal(await page.locator('#time-control').textContent(), `${THREE_A_DAY}. 24 h of grace, then the opponent may claim the win.`);
    await page.waitForFunction(() => [...document.querySelectorAll('#clocks .clock')].map((c) => c.dataset.role).join() === 'french,british', null, { timeout: TIMEOUT });
    assert.equal(await page.locator('#claim-row').isVisible(), false);
  }
  const first = await clockOf(a, 'french');
  await a.waitForTimeout(2500);
  const second = await clockOf(a, 'french');
  const fell = first.remaining - second.remaining;
  assert.ok(fell >= 1000 && fell <= 4000, `the French clock counts down about 2.5 s in 2.5 s while the server's time stands still (it fell ${fell} ms)`);
  assert.equal((await clockOf(a, 'british')).remaining, 3 * DAY, 'the clock that does not run stands still');
  await screenshot(a, 'start');

  // ---- five hours later Alice moves: her bank gets the increment, Bob's clock runs ----
  setServerTime(5 * HOUR);
  const card = await a.locator('#board .ww-hand [data-verb="activate"], #board .ww-hand [data-verbs~="activate"]').first().getAttribute('data-arg');
  await clickAction(a, 'activate', card, TIMEOUT);
  await a.locator('#version', { hasText: /^v1$/ }).waitFor({ timeout: TIMEOUT });
  await a.locator('#actions button[data-verb="done"]').click();
  for (const [user, page] of [['Alice', a], ['Bob', b]]) {
    // 3 days − 5 hours + 12 hours.
    const french = await waitForClock(user, page, 'french', 'at 3 d 07:00, stopped', (c) => c.state === 'stopped' && c.remaining === 79 * 3600 * 1000);
    assert.equal(french.text, '3 d 07:00');
    const british = await waitForClock(user, page, 'british', 'running', (c) => c.state === 'ticking');
    assert.ok(british.remaining <= 3 * DAY && british.remaining > 3 * DAY - 60000, `${user}: the British clock runs from 3 days (${british.remaining})`);
  }

  // ---- Bob's time off: a vacation stops his clock ----
  const bobAccount = await newPage(bob.context, 'Bob account');
  await bobAccount.goto('/account.html');
  await bobAccount.locator('#time-off-balance', { hasText: /^20\.0 days \(at most 30\)$/ }).waitFor({ timeout: TIMEOUT });
  assert.equal(await bobAccount.locator('#auto-vacation').isChecked(), true, 'automatic vacation days are on by default');
  assert.equal(await bobAccount.locator('#weekends-off').isChecked(), false);
  assert.equal(await bobAccount.locator('#vacations').textContent(), 'No vacation booked.');
  // More than the allowance: refused, with the server's reason.
  const serverDay = (ms) => new Date(T0 + ms).toISOString().slice(0, 10);
  await bobAccount.fill('#vacation-to', serverDay(5 * HOUR + 40 * DAY));
  await bobAccount.click('#vacation-submit');
  await bobAccount.waitForFunction(() => document.getElementById('vacation-error').textContent.trim() !== '', null, { timeout: TIMEOUT });
  const refused = await bobAccount.locator('#vacation-error').textContent();
  assert.doesNotMatch(refused, /vacation_refused|HTTP 409/, 'the reason, not a code');
  assert.equal(await bobAccount.locator('#vacations li.vacation').count(), 0, 'nothing booked');
  // From now to the end of the day after tomorrow (server time).
  await bobAccount.fill('#vacation-to', serverDay(5 * HOUR + 2 * DAY));
  await bobAccount.click('#vacation-submit');
  const booked = bobAccount.locator('#vacations li.vacation.current');
  await booked.waitFor({ timeout: TIMEOUT });
  assert.equal(await bobAccount.locator('#vacation-error').textContent(), '');
  assert.equal(await booked.locator('button.end-vacation').textContent(), 'End now');
  const lastDay = new Date(T0 + 5 * HOUR + 2 * DAY).getUTCDate();
  assert.match(await booked.locator('.vacation-dates').textContent(), new RegExp(`to the end of \\D*\\b${lastDay}\\b.* \\(UTC\\+00:00\\)$`), 'to the end of the last day, at his offset');
  const balance = Number(/^([\d.]+) days/.exec(await bobAccount.locator('#time-off-balance').textContent())[1]);
  assert.ok(balance < 19 && balance > 16, `the vacation is taken from the allowance (${balance} days left)`);
  await screenshot(bobAccount, 'vacation');
  for (const [user, page] of [['Alice', a], ['Bob', b]]) {
    const british = await waitForClock(user, page, 'british', 'on vacation', (c) => c.state === 'paused');
    assert.match(british.note, /^on vacation until /);
  }
  const paused = await clockOf(b, 'british');
  await b.waitForTimeout(1500);
  assert.equal((await clockOf(b, 'british')).remaining, paused.remaining, 'a clock on vacation stands still');
  await screenshot(b, 'on-vacation');

  // He ends it now, and turns automatic vacation days off: his clock runs again.
  await booked.locator('button.end-vacation').click();
  await bobAccount.locator('#vacations', { hasText: 'No vacation booked.' }).waitFor({ timeout: TIMEOUT });
  assert.ok(Number(/^([\d.]+) days/.exec(await bobAccount.locator('#time-off-balance').textContent())[1]) > balance, 'the unused days come back');
  await waitForClock('Bob', b, 'british', 'running again', (c) => c.state === 'ticking');
  // He turns automatic vacation days off, and takes his browser's UTC offset as suggested.
  assert.equal(await bobAccount.inputValue('#utc-offset'), '0');
  assert.equal(await bobAccount.locator('#utc-offset-suggestion').textContent(), 'This browser is at UTC+05:30. Use it (then Save)');
  await bobAccount.uncheck('#auto-vacation');
  await bobAccount.click('#use-browser-offset');
  assert.equal(await bobAccount.inputValue('#utc-offset'), '330');
  assert.equal(await bobAccount.locator('#utc-offset-suggestion').isVisible(), false);
  await bobAccount.click('#time-off-save');
  await bobAccount.locator('#account-notice', { hasText: 'Your time-off settings are saved.' }).waitFor({ timeout: TIMEOUT });
  await bobAccount.reload();
  await bobAccount.locator('#time-off-balance', { hasText: /days/ }).waitFor({ timeout: TIMEOUT });
  assert.equal(await bobAccount.locator('#auto-vacation').isChecked(), false, 'the setting is saved');
  assert.equal(await bobAccount.inputValue('#utc-offset'), '330', 'the offset is saved');

  // ---- two days on, under a day left: red (the server says so with its 24-hour warning) ----
  setServerTime(5 * HOUR + 50 * HOUR);
  const low = await waitForClock('Alice', a, 'british', 'under a day', (c) => c.remaining < 24 * 3600 * 1000 && c.remaining > 0);
  assert.equal(low.low, true, 'under a day left is marked');
  assert.match(low.text, /^0 d 2[12]:\d\d$/);
  assert.equal((await clockOf(a, 'french')).low, false);
  assert.equal(await a.locator('#claim-row').isVisible(), false, 'nothing to claim yet');

  // ---- past his bank and the grace period: Alice may claim the win, nobody else ----
  setServerTime(5 * HOUR + 3 * DAY + DAY + HOUR);
  const claim = a.locator('#claim-timeout');
  await claim.waitFor({ timeout: TIMEOUT }).catch(async (e) => {
    throw new Error(`Alice was never offered the claim; the British clock shows ${JSON.stringify(await clockOf(a, 'british'))} (${e.message})`);
  });
  assert.equal(await claim.textContent(), 'Claim the win on time');
  const out = await clockOf(a, 'british');
  assert.deepEqual([out.state, out.text], ['out', 'out of time']);
  assert.match(await a.locator('#claim-hint').textContent(), /british is out of time/);
  await waitForClock('Bob', b, 'british', 'out of time', (c) => c.state === 'out');
  assert.equal(await b.locator('#claim-row').isVisible(), false, 'the player out of time has nothing to claim');
  await screenshot(a, 'claimable');

  // A spectator on a phone: both clocks, on the screen's width, and no claim.
  const watcher = await newUser('Spectator', PHONE);
  await watcher.page.goto(`/game.html?game=${gameId}#seat=spectator`);
  await watcher.page.locator('#clocks-panel:not([hidden])').waitFor({ timeout: TIMEOUT });
  await waitForClock('the spectator', watcher.page, 'british', 'out of time', (c) => c.state === 'out');
  assert.equal((await clockOf(watcher.page, 'french')).text, '3 d 07:00');
  assert.equal(await watcher.page.locator('#claim-row').isVisible(), false, 'a spectator claims nothing');
  await watcher.page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await watcher.page.locator('#clocks-panel').scrollIntoViewIfNeeded();
  // A tick updates the clocks in place: the row read now is still the page's row two ticks later.
  const frenchRow = await watcher.page.locator('#clocks .clock[data-role="french"]').elementHandle({ timeout: TIMEOUT });
  await watcher.page.waitForTimeout(2200);
  assert.equal(await frenchRow.evaluate((el) => el.isConnected), true, 'the clock row is kept across ticks, not drawn anew');
  for (const role of ['french', 'british']) {
    const box = await watcher.page.locator(`#clocks .clock[data-role="${role}"] .clock-time`).boundingBox({ timeout: TIMEOUT });
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the ${role} clock is within the phone's width (${JSON.stringify(box)})`);
  }
  await assertNoSidewaysScroll(watcher.page, 'a phone showing the clocks');
  await watcher.page.screenshot({ path: path.join(ARTIFACTS, 'clocks-phone.png') });

  // Declining the confirmation claims nothing; accepting it ends the game.
  answerDialogs = false;
  await claim.click();
  assert.match(dialogs.at(-1).message, /^Claim the win on time\?/);
  await a.waitForTimeout(500);
  assert.equal(await a.locator('#result').isVisible(), false, 'declined: the game goes on');
  answerDialogs = true;
  await claim.click();
  for (const [user, page] of [['Alice', a], ['Bob', b], ['the spectator', watcher.page]]) {
    await page
      .locator('#result:not([hidden])', { hasText: 'british ran out of time; french wins' })
      .waitFor({ timeout: TIMEOUT })
      .catch(async (e) => {
        throw new Error(`${user}'s page never showed the timeout: "${await page.locator('#result').textContent()}" / "${await page.locator('#claim-error').textContent()}" (${e.message})`);
      });
  }
  assert.match(await a.locator('#result').textContent(), /french wins — you win!/);
  assert.equal(await a.locator('#claim-row').isVisible(), false, 'nothing to claim once the game is over');
  assert.equal(await a.locator('#clocks .clock[data-state="ticking"]').count(), 0, 'no clock runs after the end');
  await screenshot(a, 'won-on-time');

  assert.deepEqual(pageErrors, []);
});

test('a quick game with a custom clock: the seat link claims the win with its token', async () => {
  // A browser with no account: the quick game's form, custom hours, no grace period.
  const host = await newUser('Host');
  const page = host.page;
  await page.goto('/');
  await page.locator('#time-control-choice option[value="3_per_day"]').waitFor({ state: 'attached', timeout: TIMEOUT });
  await page.locator('#title option[value="wilderness-war"]').waitFor({ state: 'attached', timeout: TIMEOUT });
  assert.equal(await page.locator('#create-mode').isVisible(), false, 'logged out: quick games only');
  await page.selectOption('#title', 'wilderness-war');
  await page.selectOption('#scenario', 'annus_mirabilis');
  await page.selectOption('#time-control-choice', 'custom');
  await page.fill('#tc-initial', '1');
  await page.fill('#tc-increment', '0');
  await page.fill('#tc-cap', '1');
  await page.fill('#tc-grace', '0');
  await page.click('#create');
  const created = page.locator('#created:not([hidden])');
  await created.waitFor({ timeout: TIMEOUT }).catch(async (e) => {
    throw new Error(`the quick game was not created: "${await page.locator('#create-error').textContent()}" (${e.message})`);
  });
  assert.ok((await created.textContent()).includes('Custom clock: 1 h, no increment, cap 1 h'), 'the created game says its clock');
  const link = await created.locator('.link-row[data-role="british"] input').inputValue();

  // The British seat by its link: the French clock runs from an hour, and runs out.
  const now = Number(fs.readFileSync(clockFile, 'utf8')) - T0;
  const seatPage = await newPage(host.context, 'Host british');
  await seatPage.goto(link);
  await seatPage.locator('#status', { hasText: 'live' }).waitFor({ timeout: TIMEOUT });
  const french = await waitForClock('the British seat', seatPage, 'french', 'running', (c) => c.state === 'ticking');
  assert.match(french.text, /^(0 d 01:00|59 min [0-5]\d s)$/);
  assert.equal(await seatPage.locator('#time-control').textContent(), 'Custom clock: 1 h, no increment, cap 1 h. The opponent may claim the win.');
  setServerTime(now + 2 * HOUR);
  const claim = seatPage.locator('#claim-timeout');
  await claim.waitFor({ timeout: TIMEOUT });
  await claim.click();
  await seatPage
    .locator('#result:not([hidden])', { hasText: 'french ran out of time; british wins' })
    .waitFor({ timeout: TIMEOUT })
    .catch(async (e) => {
      throw new Error(`the claim did not end the game: "${await seatPage.locator('#claim-error').textContent()}" (${e.message})`);
    });
  await screenshot(seatPage, 'quick-claimed');

  // An untimed game shows no clocks at all.
  const untimed = await apiJson(server.origin, 'POST', '/api/games', { body: { title: 'wilderness-war', scenario: 'annus_mirabilis' } });
  const plain = await newPage(host.context, 'Host untimed');
  await plain.goto(untimed.links.french);
  await plain.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  await plain.locator('#status', { hasText: 'live' }).waitFor({ timeout: TIMEOUT });
  await plain.waitForTimeout(500);
  assert.equal(await plain.locator('#clocks-panel').isVisible(), false, 'no clocks in an untimed game');
  assert.equal(await plain.locator('#clocks .clock').count(), 0);
  assert.deepEqual(pageErrors, []);
});
