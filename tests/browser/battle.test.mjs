// The battle panel (server/web/js/ww/battle_panel.js): the Annus Mirabilis game of seed 7
// is played over HTTP until the French attack at Hudson Carry North is about to be rolled (the PLAN
// of readme_screenshot.mjs, Coureurs added to the force); the British page and a spectator page then show both sides' columns
// and every modifier the server lists before the roll; the French player rolls by clicking; both
// pages then show the dice, the hits and, once the losses are taken, the outcome in words.
//
// Environment as in wilderness_war.test.mjs (WARPATH_BINARY, WARPATH_WEB_ROOT).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, apiJson, browserTestHooks, openSeatPages, waitForPages } from './server.mjs';
import { playUntil, seatView } from './ww_opening.mjs';

const TIMEOUT = 15000;
let server;
let browser;
let game;
browserTestHooks(7, (fixture) => ({ server, browser, game } = fixture));

// The moves that matter (readme_screenshot.mjs, with Coureurs); anything else takes pass, done or the
// first target.
const PLAN = [
  { seat: 'french', verb: 'activate', arg: 4 },
  { seat: 'french', verb: 'commander', arg: 'fr_rigaud' },
  { seat: 'french', verb: 'piece', arg: 'fr_reg_languedoc' },
  { seat: 'french', verb: 'piece', arg: 'fr_reg_royal_roussillon' },
  // Coureurs against Provincials in the wilderness: the British fire with a modifier (7.52).
  { seat: 'french', verb: 'piece', arg: 'fr_coureurs_marin' },
  { seat: 'french', verb: 'done' },
  { seat: 'french', verb: 'space', arg: 'hudson_carry_north' },
];

// What a page's combat panel shows for each side (in the server's order).
async function panelSides(page) {
  return page.locator('.ww-combat .ww-combat-side').evaluateAll((sides) =>
    sides.map((el) => ({
      side: el.dataset.side,
      text: el.textContent,
      column: el.querySelector('.ww-combat-column')?.textContent ?? null,
      modifiers: [...el.querySelectorAll('.ww-combat-modifiers[aria-label="die-roll modifiers"] .ww-combat-modifier')].map((li) => ({
        why: li.querySelector('.why').textContent,
        value: li.querySelector('.value').textContent,
      })),
      die: el.querySelector('.ww-combat-die')?.textContent ?? null,
      hits: el.querySelector('.ww-combat-hits')?.textContent ?? null,
    })),
  );
}

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

test("the battle panel shows the columns and modifiers before the roll and the dice and outcome after, to players and spectators", async () => {
  // The French are to roll: the battle at Hudson Carry North, every response window passed.
  const { view: before } = await playUntil(server.origin, game, {
    plan: PLAN,
    stop: (v) => v.turn?.battle && v.active === 'french' && /roll the dice/.test(v.prompt ?? ''),
  });
  const combat = before.turn.combat;
  assert.ok(combat, 'the view has the combat');
  assert.equal(combat.kind, 'battle');
  assert.equal(combat.space, 'hudson_carry_north');
  assert.equal(combat.rolled, false);
  const modifierCount = combat.sides.reduce((n, s) => n + s.modifiers.length, 0);
  assert.ok(modifierCount > 0, `this battle has modifiers to show: ${JSON.stringify(combat.sides)}`);

  const pages = await openSeatPages(browser, game, ['french', 'british', 'spectator']);
  const { version } = await apiJson(server.origin, 'GET', `/api/games/${game.id}`);
  await waitForPages(pages, version, TIMEOUT);

  // Before the roll: both sides' columns and each modifier with its value, on both pages.
  for (const seat of ['british', 'spectator']) {
    const page = pages[seat];
    const panel = page.locator('.ww-combat');
    assert.equal(await panel.isVisible(), true, `${seat}: the panel is shown`);
    assert.match(await panel.locator('.ww-combat-title').textContent(), /Battle at Hudson Carry North/);
    assert.match(await panel.locator('.ww-combat-title').textContent(), /Before the roll/);
    const sides = await panelSides(page);
    assert.deepEqual(
      sides.map((s) => s.side),
      combat.sides.map((s) => s.side),
    );
    combat.sides.forEach((want, i) => {
      assert.equal(sides[i].column, `Column ${want.column}`, `${seat}: ${want.side} column`);
      assert.deepEqual(
        sides[i].modifiers,
        want.modifiers.map((m) => ({ why: m.why, value: signed(m.value) })),
        `${seat}: ${want.side} modifiers`,
      );
      assert.equal(sides[i].die, null, `${seat}: no die before the roll`);
      assert.doesNotMatch(sides[i].text, /\b(fr|br)_[a-z_]+/, `${seat}: piece names, not ids`);
    });
    await page.screenshot({ path: path.join(ARTIFACTS, `battle-before-${seat}.png`) });
  }

  // The French player rolls by clicking.
  await pages.french.locator('#actions [data-verb="roll"]').first().click();
  await pages.spectator.waitForFunction((v) => Number(document.querySelector('#version').textContent.slice(1)) > v, version, { timeout: TIMEOUT });
  const rolled = (await seatView(server.origin, game, 'spectator')).turn.combat;
  assert.equal(rolled.rolled, true);
  const v2 = (await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version;
  await waitForPages({ british: pages.british, spectator: pages.spectator }, v2, TIMEOUT);
  for (const seat of ['british', 'spectator']) {
    const sides = await panelSides(pages[seat]);
    rolled.sides.forEach((want, i) => {
      assert.equal(sides[i].die, `Die ${want.die}, modified ${want.modified}`, `${seat}: ${want.side} die`);
      assert.equal(sides[i].hits, `Hits inflicted: ${want.hits}`, `${seat}: ${want.side} hits`);
    });
  }

  // The losses taken (over HTTP), the outcome is shown in words and stays once the battle is over.
  const { view: done } = await playUntil(server.origin, game, { stop: (v) => v.turn?.combat?.finished && !v.turn.battle });
  const outcome = done.turn.combat;
  const v3 = (await apiJson(server.origin, 'GET', `/api/games/${game.id}`)).version;
  await waitForPages({ british: pages.british, spectator: pages.spectator }, v3, TIMEOUT);
  const winner = outcome.winner === 'french' ? 'French' : 'British';
  for (const seat of ['british', 'spectator']) {
    const page = pages[seat];
    assert.match(await page.locator('.ww-combat-outcome').textContent(), new RegExp(`${winner} win the battle`), `${seat}: the outcome`);
    const sides = await panelSides(page);
    outcome.sides.forEach((want, i) => assert.match(sides[i].text, new RegExp(`Steps lost: ${want.steps_lost}`), `${seat}: ${want.side} losses`));
    if (outcome.leader_checks.length) assert.equal(await page.locator('.ww-combat-leaders li').count(), outcome.leader_checks.length);
    await page.screenshot({ path: path.join(ARTIFACTS, `battle-after-${seat}.png`) });
  }
});
