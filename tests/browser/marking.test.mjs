// Interception, avoid battle and retreat marked on the map. For each, a fixed Annus Mirabilis game
// (a seed and the moves that matter, every other decision the default: pass, done, roll or the
// first target) is played over HTTP to where a player picks pieces for it; that player picks one
// by clicking it on the map. On the deciding player's page, the other player's and a spectator's,
// the picked pieces are outlined on the map (class ww-force) and listed in the force box under
// its title with each one's strength and the total; a piece not picked is not outlined. For the
// retreat (where the pieces still to retreat are the ones marked) the one picked then retreats and
// leaves the marking.
//
// Environment as in wilderness_war.test.mjs (WARPATH_BINARY, WARPATH_WEB_ROOT).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { decodePieces } from '../../server/web/js/ww/decode.js';
import { ARTIFACTS, apiJson, browserTestHooks, clickAction, openSeatPages, waitForMove, waitForPages } from './server.mjs';
import { playUntil, seatView } from './ww_opening.mjs';

const TIMEOUT = 15000;
const TITLES = { intercept: 'Intercepting force', avoid: 'Force avoiding battle', retreat: 'Retreating' };
const SIDES = { french: 'French', british: 'British' };

// Where each choice comes up (found by playing seeds with the default moves after openings like
// ww_opening.mjs's): in the seed 11 game the French take Rigaud, Bougainville, the Coureurs and
// two regulars from Ticonderoga into Hudson Carry North; the British may intercept, then avoid
// the battle, and once they lose it retreat two Provincials, each inside or to Hudson Carry South.
const ATTACK = [
  { seat: 'french', verb: 'activate', arg: 4 },
  { seat: 'french', verb: 'commander', arg: 'fr_rigaud' },
  { seat: 'french', verb: 'piece', arg: 'fr_bougainville' },
  { seat: 'french', verb: 'piece', arg: 'fr_coureurs_marin' },
  { seat: 'french', verb: 'piece', arg: 'fr_reg_languedoc' },
  { seat: 'french', verb: 'piece', arg: 'fr_reg_royal_roussillon' },
  { seat: 'french', verb: 'done' },
  { seat: 'french', verb: 'space', arg: 'hudson_carry_north' },
];
const CASES = {
  intercept: { seed: 11, plan: ATTACK, prompt: /choose a unit or force to intercept/, pick: 'br_prov_connecticut_1' },
  avoid: { seed: 11, plan: ATTACK, prompt: /choose a unit or force to avoid battle/, pick: 'br_prov_new_hampshire' },
  retreat: { seed: 11, plan: ATTACK, prompt: /choose a piece to retreat/, pick: 'br_prov_new_hampshire' },
};

let server;
let browser;
let data;
browserTestHooks(null, (fixture) => ({ server, browser, data } = fixture), { closePagesAfterEach: true, titleData: true });

const pieceInfo = (id) => data.pieces.find((p) => p.id === id);

// What the force box says of a piece: a leader's ratings, a unit's strength now (full or reduced).
function expectedLine(id, pieces) {
  const info = pieceInfo(id);
  if (info.kind === 'leader') return `${info.name} — command ${info.command}, tactics ${info.tactics}`;
  return `${info.name} — strength ${pieces[id].reduced ? info.strength_reduced : info.strength_full}`;
}

// The classes of the map counter that stands for `piece` (itself or the top of its pile).
async function mapCounter(page, piece) {
  const counter = page.locator(`#board .ww-map .ww-counter[data-pieces~="${piece}"]`);
  assert.equal(await counter.count(), 1, `${piece} is drawn once on the map`);
  return (await counter.getAttribute('class')).split(' ');
}

// Checks that `page` marks the spectator view's `picked` on the map and lists it in the force box.
async function checkMarked(seat, page, picked, view, notPicked) {
  const pieces = decodePieces(view.pieces, { pieceIds: data.pieces.map((p) => p.id), locations: data.locations });
  for (const id of picked.pieces) assert.ok((await mapCounter(page, id)).includes('ww-force'), `${seat}: ${id} outlined as ${picked.kind}`);
  for (const id of notPicked) assert.ok(!(await mapCounter(page, id)).includes('ww-force'), `${seat}: ${id}, not picked, is not outlined`);
  const box = page.locator(`#board .ww-force-box[data-force="${picked.kind}"]`);
  await box.waitFor({ timeout: TIMEOUT });
  assert.equal(await box.locator('strong').first().textContent(), `${TITLES[picked.kind]} (${SIDES[picked.side]})`, `${seat}: the box's title`);
  const listed = await box.locator('li[data-piece]').evaluateAll((items) => items.map((li) => [li.dataset.piece, li.textContent]));
  assert.deepEqual(
    listed,
    picked.pieces.map((id) => [id, expectedLine(id, pieces)]),
    `${seat}: each picked piece listed with its strength`,
  );
  const units = picked.pieces.filter((id) => pieceInfo(id).kind !== 'leader');
  const strength = units.reduce((sum, id) => sum + (pieces[id].reduced ? pieceInfo(id).strength_reduced : pieceInfo(id).strength_full), 0);
  assert.match(
    await box.locator('.ww-force-strength').textContent(),
    new RegExp(`^Total: ${units.length} units?, strength ${strength}\\b`),
    `${seat}: the total strength`,
  );
}

// Plays the case's game to its choice and opens the deciding seat's, the other seat's and a
// spectator's pages there.
async function reach(kind) {
  const { seed, plan, prompt } = CASES[kind];
  const game = await apiJson(server.origin, 'POST', '/api/games', { body: { title: 'wilderness-war', scenario: 'annus_mirabilis', seed } });
  const { version, seat, view } = await playUntil(server.origin, game, {
    plan,
    stop: (v) => prompt.test(v.prompt ?? '') && Array.isArray(v.actions.piece) && v.actions.piece.length > 0,
    maxMoves: 400,
  });
  const other = seat === 'french' ? 'british' : 'french';
  const pages = await openSeatPages(browser, game, [seat, other, 'spectator']);
  await waitForPages(pages, version, TIMEOUT);
  return { game, version, seat, view, pages };
}

async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator('#board .ww-map-wrap').screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

for (const kind of ['intercept', 'avoid']) {
  test(`the ${kind === 'intercept' ? 'intercepting' : 'avoiding'} piece picked is outlined and listed with its strength, for both players and a spectator`, async () => {
    const { game, version, seat, view, pages } = await reach(kind);
    const candidates = view.actions.piece;
    const pick = CASES[kind].pick ?? candidates[0];
    assert.ok(candidates.includes(pick), `${pick} may be picked: ${candidates}`);
    for (const [who, page] of Object.entries(pages))
      assert.equal(await page.locator(`#board .ww-force-box[data-force="${kind}"]`).count(), 0, `${who}: nothing picked yet`);
    await clickAction(pages[seat], 'piece', pick, TIMEOUT);
    const v = await waitForMove(server.origin, game, version, TIMEOUT);
    await waitForPages(pages, v, TIMEOUT);
    const spectatorView = await seatView(server.origin, game, 'spectator');
    const picked = spectatorView.turn.picked;
    assert.deepEqual(picked, { kind, side: seat, pieces: [pick] }, 'the server has the piece picked');
    const notPicked = candidates.filter((id) => id !== pick).slice(0, 1);
    for (const [who, page] of Object.entries(pages)) await checkMarked(who, page, picked, spectatorView, notPicked);
    await screenshot(pages[seat], `marking-${kind}`);
  });
}

test('the pieces to retreat are outlined and listed with their strength; one picked retreats and leaves them', async () => {
  const { game, version, seat, view, pages } = await reach('retreat');
  const spectatorView = await seatView(server.origin, game, 'spectator');
  const picked = spectatorView.turn.picked;
  assert.equal(picked?.kind, 'retreat');
  assert.equal(picked.side, seat);
  assert.deepEqual([...view.actions.piece].sort(), [...picked.pieces].sort(), 'the pieces to retreat are those to pick from');
  for (const [who, page] of Object.entries(pages)) await checkMarked(who, page, picked, spectatorView, []);
  await screenshot(pages[seat], 'marking-retreat');

  // The deciding player picks one and sends it where it may go: it leaves the marking.
  const pick = CASES.retreat.pick ?? view.actions.piece[0];
  await clickAction(pages[seat], 'piece', pick, TIMEOUT);
  const v1 = await waitForMove(server.origin, game, version, TIMEOUT);
  await waitForPages(pages, v1, TIMEOUT);
  const where = await seatView(server.origin, game, seat);
  const [verb, destinations] = Object.entries(where.actions).find(([, arg]) => Array.isArray(arg) && arg.length) ?? [];
  assert.ok(verb, `somewhere to retreat to: ${JSON.stringify(where.actions)}`);
  await clickAction(pages[seat], verb, destinations[0], TIMEOUT);
  const v2 = await waitForMove(server.origin, game, v1, TIMEOUT);
  await waitForPages(pages, v2, TIMEOUT);
  const after = await seatView(server.origin, game, 'spectator');
  if (after.turn.picked) {
    assert.ok(!after.turn.picked.pieces.includes(pick), 'the piece retreated is no longer to retreat');
    for (const [who, page] of Object.entries(pages)) await checkMarked(who, page, after.turn.picked, after, [pick]);
  } else {
    for (const [who, page] of Object.entries(pages)) {
      assert.equal(await page.locator('#board .ww-force-box[data-force="retreat"]').count(), 0, `${who}: nothing left to retreat`);
      assert.ok(!(await mapCounter(page, pick)).includes('ww-force'), `${who}: ${pick} no longer outlined`);
    }
  }
});
