// Protections of the game page: demolition (5.46) only through its labelled choice —
// never a target on the map — with a question naming what is lost, and nothing done when the
// question is dismissed; "done" with nothing activated asks first (the card is spent and the action
// phase ends); a spectator gets neither the players' chat form nor their key hints; a player's
// private notepad is kept on the server across a reload, and the opponent's page does not show it.
// Annus Mirabilis, seed 11: the French open with forts and stockades to demolish (the fort at
// Niagara among them).
//
// Environment as in wilderness_war.test.mjs.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, apiJson, browserTestHooks, waitForPages } from './server.mjs';

const TIMEOUT = 15000;
let server;
let browser;
let game;
browserTestHooks(11, (fixture) => ({ server, browser, game } = fixture));

async function version() {
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version;
}

async function viewOf(seat) {
  return (await apiJson(server.origin, 'GET', `/api/games/${game.id}/view`, { token: game.seats[seat] })).view;
}

async function openSeat(seat, link = game.links[seat]) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(link);
  await page.waitForSelector('#board .ww-map [data-space]', { timeout: TIMEOUT });
  return { context, page };
}

// Clicks `locator` with the next dialog answered (accept or dismiss); the dialog's text.
async function clickAnswering(page, locator, accept) {
  const asked = new Promise((resolve) =>
    page.once('dialog', async (dialog) => {
      const text = dialog.message();
      await (accept ? dialog.accept() : dialog.dismiss());
      resolve(text);
    }),
  );
  await locator.click();
  return Promise.race([asked, new Promise((_, reject) => setTimeout(() => reject(new Error('no question was asked')), TIMEOUT))]);
}

test('demolish only through the labelled choice, which asks first; "done" with nothing activated asks first', async () => {
  const { context, page } = await openSeat('french');
  await waitForPages({ french: page }, 0, TIMEOUT);
  const view = await viewOf('french');
  assert.ok(view.actions.demolish.includes('niagara'), 'the server lists the demolition of Niagara');
  assert.equal(view.markers.niagara?.fort, 'french');

  // No space on the map sends (or opens a menu with) a demolition.
  assert.equal(await page.locator('#board .ww-map [data-verb="demolish"], #board .ww-map [data-verbs~="demolish"]').count(), 0, 'no demolition target on the map');
  assert.equal(await page.locator('#board [data-space="niagara"][data-verbs~="demolish"], #board [data-space="niagara"][data-verb="demolish"]').count(), 0);
  // No raw id in any choice's words.
  assert.doesNotMatch(await page.locator('#turn-panel').textContent(), /presqu_ile|ohio_forks|demolish niagara/);

  // The labelled choice, folded apart from the map.
  const box = page.locator('#board .ww-demolish');
  await box.locator('summary').click();
  const button = box.locator('button[data-verb="demolish"][data-arg="niagara"]');
  assert.equal((await button.textContent()).trim(), 'Demolish the fort at Niagara');
  assert.equal((await box.locator('button[data-arg="presqu_ile"]').textContent()).trim(), 'Demolish the stockade at Presqu\'île');
  assert.match(await button.getAttribute('title'), /5\.46/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'protect-demolish-choice.png') });

  // Dismissed: nothing is sent.
  const question = await clickAnswering(page, button, false);
  assert.match(question, /fort at Niagara/);
  assert.match(question, /British gain 1 VP/);
  await page.waitForTimeout(500);
  assert.equal(await version(), 0, 'a dismissed question changes nothing');
  assert.equal((await viewOf('french')).markers.niagara?.fort, 'french');

  // Accepted: the fort goes.
  await clickAnswering(page, button, true);
  await waitForPages({ french: page }, 1, TIMEOUT);
  assert.equal((await viewOf('french')).markers.niagara?.fort, undefined, 'the fort is demolished');
  assert.equal(await page.locator('#board .ww-demolish button[data-arg="niagara"]').count(), 0);

  // Play a card to activate (over HTTP), then "done" with nothing activated.
  const card = (await viewOf('french')).actions.activate[0];
  await apiJson(server.origin, 'POST', `/api/games/${game.id}/actions`, { token: game.seats.french, body: { version: 1, verb: 'activate', arg: card } });
  await waitForPages({ french: page }, 2, TIMEOUT);
  const done = page.locator('#actions [data-verb="done"]');
  await done.waitFor({ timeout: TIMEOUT });
  const spent = await clickAnswering(page, done, false);
  assert.match(spent, /Activate nothing\?/);
  assert.match(spent, /ends your action phase/);
  assert.doesNotMatch(spent, /#\d+ (?!\w)/, 'the card is named');
  await page.waitForTimeout(500);
  assert.equal(await version(), 2, 'a dismissed "done" changes nothing');
  await page.screenshot({ path: path.join(ARTIFACTS, 'protect-done-asks.png') });
  await context.close();
});

test('a spectator gets no chat form and no key hints; a player does', async () => {
  const spectator = await openSeat('spectator', game.links.spectator);
  const player = await openSeat('british');
  await spectator.page.locator('#status', { hasText: /live/i }).waitFor({ timeout: TIMEOUT }).catch(() => {});
  assert.equal(await spectator.page.locator('#chat-form').isVisible(), false, 'no chat form for a spectator while the game is on');
  assert.equal(await spectator.page.locator('#keys-hint').isVisible(), false, 'no key hints for a spectator');
  assert.equal(await spectator.page.locator('#notes-panel').isVisible(), false, 'no notes for a spectator');
  assert.equal(await player.page.locator('#chat-form').isVisible(), true);
  assert.equal(await player.page.locator('#keys-hint').isVisible(), true);
  await spectator.page.screenshot({ path: path.join(ARTIFACTS, 'protect-spectator.png'), fullPage: true });
  await spectator.context.close();
  await player.context.close();
});

test('the private notepad keeps its text across a reload; the opponent\'s page does not show it', async () => {
  const text = 'Keep two units at Ticonderoga: the British hold Amherst.';
  const french = await openSeat('french');
  const notes = french.page.locator('#notes-text');
  await notes.waitFor({ state: 'visible', timeout: TIMEOUT });
  await french.page.waitForFunction(() => !document.getElementById('notes-text').disabled, null, { timeout: TIMEOUT });
  await notes.fill(text);
  await french.page.locator('#notes-status', { hasText: /^Saved/ }).waitFor({ timeout: TIMEOUT });
  await french.page.reload();
  await french.page.waitForFunction((t) => document.getElementById('notes-text')?.value === t, text, { timeout: TIMEOUT });
  await french.page.locator('#notes-panel').screenshot({ path: path.join(ARTIFACTS, 'protect-notes.png') });

  const british = await openSeat('british');
  await british.page.waitForFunction(() => !document.getElementById('notes-text').disabled, null, { timeout: TIMEOUT });
  assert.equal(await british.page.locator('#notes-text').inputValue(), '', 'the opponent reads only their own notes');
  assert.doesNotMatch(await british.page.content(), /British hold Amherst/);
  await british.page.screenshot({ path: path.join(ARTIFACTS, 'protect-notes-opponent.png'), fullPage: true });
  await french.context.close();
  await british.context.close();
});
