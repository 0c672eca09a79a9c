// node --test server/web/js/test/
// The Mohicans board's pure parts: sorting legal actions into targets (locations, counters, naval
// pieces; anything else left to the page's buttons), stacks by location, counter order and faces,
// and the log's line classes and turn headings. A small hand-made title data set stands in for
// the server's.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { indexData, kindAbbr } from '../moh/data.js';
import { classifyTargets } from '../moh/board.js';
import { counterSide, faceDown, sortUnits, stacksOf } from '../moh/map.js';
import { logFormat } from '../moh/log_lines.js';

const data = indexData({
  map_width: 1000,
  map_height: 630,
  locations: [
    { id: 'albany', name: 'Albany', type: 'town', owner: 'british', map: { x: 10, y: 10 } },
    { id: 'montreal', name: 'Montreal', type: 'city', owner: 'french', map: { x: 20, y: 5 } },
  ],
  connections: [{ id: 'l1', a: 'albany', b: 'montreal', type: 'waterway', via: 'river' }],
  lakes: [],
  units: [
    { id: 'br_mil', side: 'british', kind: 'militia', name: 'Albany Militia' },
    { id: 'br_reg', side: 'british', kind: 'european_regular', name: '44th' },
    { id: 'tr_7', side: 'native', kind: 'tribe', name: 'Huron', number: 7 },
    { id: 'iro_1', side: 'iroquois', kind: 'iroquois', name: 'Mohawk', number: 1, aligned_with: 'british' },
  ],
  naval: [{ id: 'fr_sqn', side: 'french', kind: 'naval_squadron', name: 'Squadron' }],
  naval_insert: { spots: [{ id: 'acadia', name: 'Acadia', port: 'halifax', map: { x: 1, y: 1 } }], map: { x: 0, y: 0, w: 10, h: 10 } },
  turns: [{ year: 1754, season: 'single' }],
});

test('actions sort into map, counter and naval targets; the rest is left to buttons', () => {
  const t = classifyTargets({ location: ['albany'], move: ['albany'], unit: ['br_mil'], naval: ['fr_sqn'], done: true, number: [1, 2], stop: ['now'] }, data);
  assert.deepEqual([...t.locations], [['albany', ['location', 'move']]]);
  assert.deepEqual([...t.units], [['br_mil', ['unit']]]);
  assert.deepEqual([...t.naval], [['fr_sqn', ['naval']]]);
});

test('stacks by location, strongest first; faces and colours', () => {
  const view = {
    units: {
      br_mil: { where: 'map', at: 'albany' },
      br_reg: { where: 'map', at: 'albany' },
      tr_7: { where: 'map', at: 'montreal', activated: false },
      iro_1: { where: 'off_map', at: null },
    },
  };
  const stacks = stacksOf(view);
  assert.deepEqual([...stacks.keys()].sort(), ['albany', 'montreal']);
  assert.deepEqual(sortUnits(stacks.get('albany'), data), ['br_reg', 'br_mil']);
  assert.equal(faceDown(data.units.get('tr_7'), view.units.tr_7), true);
  assert.equal(faceDown(data.units.get('tr_7'), { activated: true }), false);
  assert.equal(counterSide(data.units.get('iro_1')), 'iroquois-british');
  assert.equal(kindAbbr(data.units.get('tr_7')), 'Tri7');
});

test('the log: sides, rolls and a heading per turn', () => {
  const f = logFormat();
  assert.equal(f.lineClass({ role: '', verb: 'supply_points', arg: 'french', text: 'the French roll' }), 'moh-log-line side-french moh-roll');
  assert.equal(f.lineClass({ role: 'british', verb: 'location', arg: 'albany', text: '' }), 'moh-log-line side-british');
  assert.deepEqual(f.groupBefore({ role: '', verb: 'turn', arg: '1755_spring', text: 'Turn 2' }), { text: '1755 spring', cls: 'moh-log-turn' });
  assert.equal(f.groupBefore({ role: 'french', verb: 'unit', arg: 'x', text: '' }), null);
});
