// node --test server/web/js/test/
// The Mohicans board's pure parts: sorting legal actions into targets (locations, counters, naval
// pieces; anything else left to the page's buttons), stacks by location, counter order and faces,
// the places' click circles and stack spots, and the log's line classes and turn headings. A small hand-made title data set stands in for
// the server's.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { indexData, kindAbbr } from '../moh/data.js';
import { classifyTargets } from '../moh/board.js';
import { counterSide, faceDown, hitRadii, sortUnits, stackSpots, stacksOf } from '../moh/map.js';
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

test('places close together: stacks apart and off the neighbours, click circles that reach over neither', () => {
  // As on the map: Boston and Salem (8.4 apart), Oneida and Fort Stanwix (7.4), Onondaga beside
  // them, and Albany with room.
  const places = [
    { id: 'boston', map: { x: 622.4, y: 291.5 } },
    { id: 'salem', map: { x: 627.4, y: 284.8 } },
    { id: 'oneida', map: { x: 480.0, y: 261.2 } },
    { id: 'ft_stanwix', map: { x: 485.0, y: 255.8 } },
    { id: 'onondaga', map: { x: 464.4, y: 266.7 } },
    { id: 'albany', map: { x: 538.4, y: 279.3 } },
  ];
  const spots = stackSpots(places);
  assert.deepEqual(spots.get('albany'), { x: -5, y: -18 }, 'centred above a place with room');
  assert.notDeepEqual(spots.get('boston'), { x: -5, y: -18 }, 'not over Salem');
  // A stack's box: counter, shadows and count.
  const box = (p) => {
    const s = spots.get(p.id);
    return { x0: p.map.x + s.x, y0: p.map.y + s.y - 3.4, x1: p.map.x + s.x + 14.4, y1: p.map.y + s.y + 10 };
  };
  const overlap = (p, q) => p.x0 < q.x1 && q.x0 < p.x1 && p.y0 < q.y1 && q.y0 < p.y1;
  const radii = hitRadii(places, 9, spots);
  assert.equal(radii.get('albany'), 9, 'a place with room keeps the full circle');
  for (const a of places)
    for (const b of places) {
      if (a === b) continue;
      assert.ok(!overlap(box(a), box(b)), `the stacks of ${a.id} and ${b.id} apart`);
      assert.ok(!overlap(box(a), { x0: b.map.x - 6, y0: b.map.y - 6, x1: b.map.x + 6, y1: b.map.y + 6 }), `${a.id}'s stack off ${b.id}`);
      const d = Math.hypot(a.map.x - b.map.x, a.map.y - b.map.y);
      assert.ok(radii.get(a.id) + radii.get(b.id) <= d + 1e-9, `the circles of ${a.id} and ${b.id} apart`);
      const q = box(b);
      const toBox = Math.hypot(Math.max(q.x0 - a.map.x, 0, a.map.x - q.x1), Math.max(q.y0 - a.map.y, 0, a.map.y - q.y1));
      assert.ok(radii.get(a.id) <= toBox + 1e-9, `${a.id}'s circle off ${b.id}'s stack`);
    }
});
