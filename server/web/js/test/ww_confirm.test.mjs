// node --test server/web/js/test/
// Wilderness War's questions before a choice (ww/confirm.js) and demolition kept off the map
// (ww/targets.js): what a demolition removes and costs (5.46), "done" with nothing activated
// (5.31), passing with the last card, a stop before moving, what a listed action rolls or draws,
// and an action it has no words for left to the page's generic question.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { confirmQuestion, demolished, demolitionLabel } from '../ww/confirm.js';
import { indexData } from '../ww/data.js';
import { classifyTargets } from '../ww/targets.js';

const rect = (x, y) => ({ x, y, w: 100, h: 100 });
const data = indexData({
  map_width: 1000,
  map_height: 800,
  spaces: [
    { id: 'niagara', name: 'Niagara', terrain: 'wilderness', map: rect(100, 100), connections: [], arrows_out: [] },
    { id: 'presqu_ile', name: "Presqu'île", terrain: 'wilderness', map: rect(300, 100), connections: [], arrows_out: [] },
    { id: 'oswego', name: 'Oswego', terrain: 'wilderness', map: rect(500, 100), connections: [], arrows_out: [] },
  ],
  militia_boxes: [],
  leader_boxes: [],
  locations: ['niagara', 'presqu_ile', 'oswego'],
  pieces: [
    { id: 'fr_montcalm', kind: 'leader', name: 'Montcalm', side: 'french' },
    { id: 'fr_reg_languedoc', kind: 'unit', name: 'Languedoc', side: 'french' },
  ],
  cards: [{ number: 4, name: 'Campaign', value: 3 }],
});

const markers = {
  niagara: { fort: 'french' },
  presqu_ile: { stockade: 'french' },
  oswego: { fort_under_construction: 'french', fort: 'british' },
};
const turn = (extra) => ({ step: 'action_phase', card: null, activated: [], moving: [], where: null, battle: null, ...extra });
const ask = (verb, arg, view, listed = false, moveStart = null) => confirmQuestion(verb, arg, view, data, { side: 'french', listed, moveStart });

test('demolition is never a map target: it is listed apart', () => {
  const t = classifyTargets({ demolish: ['niagara', 'presqu_ile'], space: ['oswego'] }, data, {});
  assert.deepEqual(t.demolish, ['niagara', 'presqu_ile']);
  assert.equal(t.spaces.has('niagara'), false);
  assert.deepEqual(t.spaces.get('oswego'), ['space']);
});

test('a demolition names what is removed and what it costs (5.46)', () => {
  const view = { markers, turn: turn() };
  assert.equal(demolished(view, 'niagara', 'french'), 'fort');
  assert.equal(demolished(view, 'oswego', 'french'), 'fort_under_construction');
  assert.equal(demolished({ markers: { niagara: { fort: 'french', siege: 1 } } }, 'niagara', 'french'), null, 'a besieged fort is not demolished');
  assert.equal(demolitionLabel(view, data, 'french', 'niagara'), 'Demolish the fort at Niagara');
  assert.equal(demolitionLabel(view, data, 'french', 'presqu_ile'), "Demolish the stockade at Presqu'île");
  assert.match(ask('demolish', 'niagara', view), /fort at Niagara.*British gain 1 VP/);
  assert.match(ask('demolish', 'presqu_ile', view), /stockade at Presqu'île.*no VP cost/);
  assert.match(ask('demolish', 'oswego', view), /fort under construction at Oswego/);
});

test('"done" with nothing activated asks; choosing a force\'s members does not', () => {
  const designating = { turn: turn({ step: 'activation', card: 4 }), actions: { commander: ['fr_montcalm'], individual: ['fr_reg_languedoc'], done: true } };
  assert.match(ask('done', null, designating), /^Activate nothing\? #4 Campaign is spent.*ends your action phase/);
  const force = { turn: turn({ step: 'activation', card: 4 }), actions: { piece: ['fr_reg_languedoc'], done: true } };
  assert.equal(ask('done', null, force), null);
  const some = { turn: turn({ step: 'activation', card: 4, activated: ['fr_reg_languedoc'] }), actions: { individual: ['fr_montcalm'], done: true } };
  assert.equal(ask('done', null, some), null);
});

test('passing with the last card and a stop before moving say they end the phase or the move', () => {
  assert.match(ask('pass', null, { turn: turn() }), /ends your action phase/);
  const moving = { turn: turn({ step: 'movement', moving: ['fr_reg_languedoc'], where: 'niagara' }) };
  assert.match(ask('stop', null, moving, false, 'niagara'), /^Stop Languedoc where it stands\? It has not moved yet/);
  assert.equal(ask('stop', null, moving, false, 'oswego'), null, 'a group that has moved stops unasked');
});

test('a listed roll names what is rolled; an unknown one is left to the generic question', () => {
  const battle = { turn: turn({ step: 'battle', battle: { space: 'oswego', attacker: 'french', attackers: [] } }) };
  assert.match(ask('roll', null, battle, true), /^Roll the dice for the battle at Oswego\? Each side rolls one die/);
  assert.match(ask('siege', null, { turn: turn({ step: 'activation', where: 'oswego' }) }, true), /siege at Oswego/);
  assert.match(ask('event', 4, { turn: turn() }, true), /#4 Campaign/);
  const last = { turn: turn({ step: 'movement' }), hands: { french: 0, british: 1 }, players: { french: {}, british: { holding_last_card: true } } };
  assert.match(ask('space', 'oswego', last, true), /ends the season's action phases, and new cards are then dealt/);
  assert.equal(ask('space', 'oswego', { ...last, hands: { french: 0, british: 2 } }, true), undefined);
  assert.equal(ask('mystery', 'x', { turn: turn() }, true), undefined, 'unknown: the page asks generically');
  assert.equal(ask('space', 'oswego', { turn: turn({ step: 'movement' }) }, false), null, 'not listed, nothing to ask');
});
