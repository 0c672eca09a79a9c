// The account page's notification settings in a real browser: a new account sees the grid of
// every event by mail and webhook with the defaults (everything at once, the digest at 07:00 UTC),
// changes a few (chat mail into the digest, turn mail off, the digest at 18:00), saves, and after
// a reload the page shows what the server stored — which the settings API answers too.
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, browserTestHooks } from './server.mjs';

const TIMEOUT = 15000;
const EVENTS = ['your_move', 'invitation', 'player_joined', 'game_started', 'game_ended', 'clock_warning', 'chat'];

let server;
let browser;
browserTestHooks(null, (fixture) => ({ server, browser } = fixture));
const pageErrors = [];

test('the notification settings form shows, changes and keeps each setting', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1400 }, baseURL: server.origin });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto('/account.html#signup');
  await page.locator('#signup-form').waitFor({ timeout: TIMEOUT });
  await page.fill('#signup-name', 'montcalm');
  await page.fill('#signup-email', 'montcalm@example.org');
  await page.fill('#signup-password', 'a long enough password');
  await page.click('#signup-submit');
  await page.locator('#account-notice', { hasText: 'Welcome, montcalm!' }).waitFor({ timeout: TIMEOUT });

  await page.locator('#notify-your_move-mail').waitFor({ timeout: TIMEOUT });
  for (const event of EVENTS) {
    assert.equal(await page.inputValue(`#notify-${event}-mail`), 'now', `${event} by mail`);
    assert.equal(await page.inputValue(`#notify-${event}-webhook`), 'now', `${event} by webhook`);
  }
  assert.deepEqual(await page.locator('#notify-chat-webhook option').evaluateAll((os) => os.map((o) => o.value)), ['off', 'now'],
    'a webhook has no digest');
  assert.equal(await page.inputValue('#notify-hour'), '7');

  await page.selectOption('#notify-chat-mail', 'digest');
  await page.selectOption('#notify-your_move-mail', 'off');
  await page.selectOption('#notify-game_ended-webhook', 'off');
  await page.selectOption('#notify-hour', '18');
  await page.click('#notify-save');
  await page.locator('#account-notice', { hasText: 'The notification settings are saved.' }).waitFor({ timeout: TIMEOUT });
  assert.equal(await page.locator('#notify-error').textContent(), '');

  await page.reload();
  await page.locator('#notify-chat-mail').waitFor({ timeout: TIMEOUT });
  await page.waitForFunction(() => document.querySelector('#notify-hour')?.value === '18', null, { timeout: TIMEOUT });
  assert.equal(await page.inputValue('#notify-chat-mail'), 'digest');
  assert.equal(await page.inputValue('#notify-your_move-mail'), 'off');
  assert.equal(await page.inputValue('#notify-game_ended-webhook'), 'off');
  assert.equal(await page.inputValue('#notify-game_ended-mail'), 'now');
  const stored = await (await context.request.get('/api/account/notifications')).json();
  assert.equal(stored.digest_hour, 18);
  assert.deepEqual(stored.events.chat, { mail: 'digest', webhook: 'now' });
  assert.deepEqual(stored.events.your_move, { mail: 'off', webhook: 'now' });

  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator('#notify-panel').screenshot({ path: path.join(ARTIFACTS, 'notifications-settings.png') });
  assert.deepEqual(pageErrors, []);
  await context.close();
});
