// The combat panel at a siege roll and at a raid (server/web/js/ww/battle_panel.js). For each, a
// fixed Annus Mirabilis game (a seed and the moves that matter, every other decision the default:
// pass, done, roll or the first target) is played over HTTP until the roll is the next move. Both
// players' pages and a spectator's then show, before the roll: the siege's title, its siege level
// and the besieger's die-roll modifiers, or the raid's title, its Raid Table column and the
// raiders' modifiers; the player rolls by clicking; all three pages then show the die and the
// result: where the siege level went, or whether the raid succeeded and the raiders' losses.
//
// Environment as in wilderness_war.test.mjs (WARPATH_BINARY, WARPATH_WEB_ROOT).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, apiJson, browserTestHooks, openSeatPages, waitForMove, waitForPages } from './server.mjs';
import { playUntil, seatView } from './ww_opening.mjs';

const TIMEOUT = 15000;
const SIDES = { french: 'French', british: 'British' };

// Where each roll comes up (found by playing seeds with the default moves after openings like
// ww_opening.mjs's). The siege: in the seed 11 game the French take Rigaud, Bougainville, the
// Coureurs and two regulars from Ticonderoga into Hudson Carry North and win the battle there; the
// British retreat inside the fort; at their next action the French activate the same force there
// and besiege it.
const RIGAUD = ['fr_bougainville', 'fr_coureurs_marin', 'fr_reg_languedoc', 'fr_reg_royal_roussillon'].map((arg) => ({ seat: 'french', verb: 'piece', arg }));
const SIEGE = [
  { seat: 'french', verb: 'activate', arg: 4 },
  { seat: 'french', verb: 'commander', arg: 'fr_rigaud' },
  ...RIGAUD,
  { seat: 'french', verb: 'done' },
  { seat: 'french', verb: 'space', arg: 'hudson_carry_north' },
  { seat: 'british', verb: 'inside' },
  { seat: 'french', verb: 'activate', arg: 2 },
  { seat: 'french', verb: 'commander', arg: 'fr_rigaud' },
  ...RIGAUD,
  { seat: 'french', verb: 'done' },
  { seat: 'french', verb: 'siege' },
];
// The raid: in the seed 7 game Dumas takes the Coureurs of Ligneris from Ohio Forks to the
// Allegheny Mountains, then at the next French action into Augusta, a British cultivated space
// without troops (10.1): Dumas's tactics modify the raid roll (10.3).
const DUMAS = [
  { seat: 'french', verb: 'commander', arg: 'fr_dumas' },
  { seat: 'french', verb: 'piece', arg: 'fr_coureurs_ligneris' },
  { seat: 'french', verb: 'done' },
];
const RAID = [
  { seat: 'french', verb: 'activate', arg: 12 },
  ...DUMAS,
  { seat: 'french', verb: 'space', arg: 'upper_monongahela' },
  { seat: 'french', verb: 'space', arg: 'allegheny_south' },
  { seat: 'french', verb: 'activate', arg: 29 },
  ...DUMAS,
  { seat: 'french', verb: 'space', arg: 'augusta' },
];
const CASES = {
  siege: { seed: 11, plan: SIEGE },
  raid: { seed: 7, plan: RAID },
};

let server;
let browser;
let data;
browserTestHooks(null, (fixture) => ({ server, browser, data } = fixture), { closePagesAfterEach: true, titleData: true });

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const spaceName = (id) => data.spaces.find((s) => s.id === id)?.name ?? id;

// What a page's combat panel shows.
async function panel(page) {
  const box = page.locator('.ww-combat');
  assert.equal(await box.isVisible(), true, 'the combat panel is shown');
  return box.evaluate((el) => ({
    kind: el.dataset.kind,
    title: el.querySelector('.ww-combat-title').textContent,
    level: el.querySelector('.ww-combat-siege-level')?.textContent ?? null,
    table: el.querySelector('.ww-combat-table')?.textContent ?? null,
    outcome: el.querySelector('.ww-combat-outcome')?.textContent ?? null,
    sides: [...el.querySelectorAll('.ww-combat-side')].map((side) => ({
      side: side.dataset.side,
      role: side.dataset.role,
      text: side.textContent,
      modifiers: [...side.querySelectorAll('.ww-combat-modifiers[aria-label="die-roll modifiers"] .ww-combat-modifier')].map(
        (li) => `${li.querySelector('.why').textContent} ${li.querySelector('.value').textContent}`,
      ),
      drm: side.querySelector('.ww-combat-drm')?.textContent ?? null,
      die: side.querySelector('.ww-combat-die')?.textContent ?? null,
      losses: side.querySelector('.ww-combat-losses')?.textContent ?? null,
    })),
  }));
}

// Plays the case's game until its roll is the active seat's next move; opens both players' pages
// and a spectator's there.
async function reach(kind) {
  const { seed, plan } = CASES[kind];
  const game = await apiJson(server.origin, 'POST', '/api/games', { body: { title: 'wilderness-war', scenario: 'annus_mirabilis', seed } });
  const { version, seat } = await playUntil(server.origin, game, {
    plan,
    stop: (v) => v.turn?.combat?.kind === kind && !v.turn.combat.rolled && v.actions.roll === true,
    maxMoves: 400,
  });
  const pages = await openSeatPages(browser, game, ['french', 'british', 'spectator']);
  await waitForPages(pages, version, TIMEOUT);
  const combat = (await seatView(server.origin, game, 'spectator')).turn.combat;
  return { game, version, seat, pages, combat };
}

// The roller's side before the roll: its modifiers each with its value, and their total.
function checkModifiers(who, shown, want) {
  assert.deepEqual(
    shown.modifiers,
    want.modifiers.map((m) => `${m.why} ${signed(m.value)}`),
    `${who}: the ${want.role}'s modifiers`,
  );
  assert.equal(shown.drm, want.modifiers.length ? `Total modifier ${signed(want.drm)}` : 'No die-roll modifier', `${who}: the total modifier`);
  assert.equal(shown.die, null, `${who}: no die before the roll`);
}

// The active seat rolls by clicking; returns the combat rolled, once every page shows it.
async function rollByClick({ game, version, seat, pages }) {
  await pages[seat].locator('#actions [data-verb="roll"]').first().click();
  const v = await waitForMove(server.origin, game, version, TIMEOUT);
  await waitForPages(pages, v, TIMEOUT);
  const combat = (await seatView(server.origin, game, 'spectator')).turn.combat;
  assert.equal(combat?.rolled, true, 'the roll is in the view');
  return combat;
}

async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator('.ww-combat').screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

test('a siege roll: the siege level and modifiers before it, the die and the new level after, on every page', async () => {
  const at = await reach('siege');
  const { combat, pages } = at;
  const besieger = combat.sides[0];
  assert.equal(besieger.role, 'besieger');
  for (const [who, page] of Object.entries(pages)) {
    const shown = await panel(page);
    assert.equal(shown.kind, 'siege');
    assert.equal(shown.title, `Siege of ${spaceName(combat.space)} — ${SIDES[combat.attacker]} siege roll · Before the roll`, `${who}: the title`);
    assert.equal(shown.level, `Siege level ${combat.siege.before}`, `${who}: the siege level`);
    assert.deepEqual(
      shown.sides.map((s) => [s.side, s.role]),
      combat.sides.map((s) => [s.side, s.role]),
    );
    checkModifiers(who, shown.sides[0], besieger);
    assert.equal(shown.outcome, null, `${who}: no result before the roll`);
    await screenshot(page, `siege-before-${who}`);
  }

  const rolled = await rollByClick(at);
  assert.equal(rolled.kind, 'siege');
  const { before: from, after: to } = rolled.siege;
  const die = rolled.sides[0];
  for (const [who, page] of Object.entries(pages)) {
    const shown = await panel(page);
    assert.match(shown.title, /· Result$/, `${who}: the title says the result`);
    assert.equal(shown.level, null, `${who}: the level is now in the result`);
    assert.equal(shown.sides[0].die, `Die ${die.die}, modified ${die.modified}`, `${who}: the die`);
    assert.equal(shown.outcome, to > from ? `Siege level goes from ${from} to ${to}.` : `Siege level stays at ${from}.`, `${who}: the result`);
    await screenshot(page, `siege-after-${who}`);
  }
});

test('a raid: the Raid Table column and modifiers before it, the die, the losses and the result after, on every page', async () => {
  const at = await reach('raid');
  const { combat, pages } = at;
  const raiders = combat.sides[0];
  assert.equal(raiders.role, 'raider');
  assert.ok(raiders.modifiers.length > 0, `this raid has modifiers to show: ${JSON.stringify(raiders)}`);
  const column = combat.raid.column === 'stockade' ? 'Raid Table: stockade or settlement column' : 'Raid Table: cultivated column';
  for (const [who, page] of Object.entries(pages)) {
    const shown = await panel(page);
    assert.equal(shown.kind, 'raid');
    assert.equal(shown.title, `Raid on ${spaceName(combat.space)} — ${SIDES[combat.attacker]} raid · Before the roll`, `${who}: the title`);
    assert.equal(shown.table, column, `${who}: the Raid Table column`);
    checkModifiers(who, shown.sides[0], raiders);
    assert.equal(shown.outcome, null, `${who}: no result before the roll`);
    await screenshot(page, `raid-before-${who}`);
  }

  const rolled = await rollByClick(at);
  assert.equal(rolled.kind, 'raid');
  const die = rolled.sides[0];
  for (const [who, page] of Object.entries(pages)) {
    const shown = await panel(page);
    assert.doesNotMatch(shown.title, /Before the roll/, `${who}: the title says it was rolled`);
    assert.equal(shown.sides[0].die, `Die ${die.die}, modified ${die.modified}`, `${who}: the die`);
    assert.equal(shown.sides[0].losses, `Raiders' step losses: ${die.hits}`, `${who}: the raiders' losses`);
    assert.equal(shown.outcome, rolled.raid.success ? 'The raid succeeds.' : 'The raid fails.', `${who}: the result`);
    await screenshot(page, `raid-after-${who}`);
  }
});
