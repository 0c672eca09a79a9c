// node --test server/web/js/test/
// The Wilderness War board's pure parts: decoding the view's compact pieces, sorting legal actions
// into targets, markers as badges, where stacks are drawn. A small hand-made title data set stands
// in for the server's.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { indexData } from '../ww/data.js';
import { decodePieces, decodeView } from '../ww/decode.js';
import { mapBounds, spaceShape } from '../ww/map.js';
import { markerBadges } from '../ww/markers.js';
import { drawnAt, stacksOf } from '../ww/pieces.js';
import { actionOf, argLabel, classifyTargets, menuEntries, targetAttrs, targetAttrsFor, verbLabel } from '../ww/targets.js';

const rect = (x, y) => ({ x, y, w: 100, h: 100 });
const data = indexData({
  map_width: 1000,
  map_height: 800,
  spaces: [
    { id: 'albany', name: 'Albany', terrain: 'cultivated', fortress: true, port: false, settlement_tribes: [], map: rect(100, 100), connections: [{ to: 'oswego', type: 'river' }], arrows_out: [] },
    { id: 'oswego', name: 'Oswego', terrain: 'wilderness', fortress: false, port: true, settlement_tribes: [], map: rect(400, 100), connections: [{ to: 'albany', type: 'river' }], arrows_out: [] },
  ],
  militia_boxes: [{ id: 'militia_box_northern', name: 'Northern', side: 'british', map: rect(600, 600) }],
  leader_boxes: [{ id: 'leader_box_webb', leader: 'br_webb', map: rect(800, 600) }],
  pools: ['unused'],
  locations: ['albany', 'oswego', 'militia_box_northern', 'leader_box_webb', 'unused'],
  pieces: [
    { id: 'br_webb', kind: 'leader', name: 'Webb', side: 'british', initiative: 2, command: 3, tactics: 0, movement: 6 },
    { id: 'br_reg_44th', kind: 'unit', name: '44th', side: 'british', type: 'regulars', strength_full: 2, strength_reduced: 1, movement: 6 },
    { id: 'br_prov_ny', kind: 'unit', name: 'New York', side: 'british', type: 'provincials', strength_full: 1, strength_reduced: 0, movement: 6 },
    { id: 'br_mil', kind: 'unit', name: 'Militia', side: 'british', type: 'militia', strength_full: 1, strength_reduced: 0, movement: 0 },
  ],
  tribes: [],
  cards: [
    { number: 4, name: 'Campaign', value: 3, side: 'both', response: false, remove: false },
    { number: 9, name: 'Fieldworks', value: 1, side: 'both', response: false, remove: false },
  ],
});

test('legal actions are sorted into spaces, pieces, cards, boxes and words', () => {
  const view = { hand: [4], discard: [9], removed: [] };
  const actions = {
    activate: [4],
    event: [4],
    take: [9],
    boat: ['oswego'],
    space: ['oswego', 'albany'],
    piece: ['br_webb'],
    box: ['militia_box_northern'],
    department: ['northern'],
    pass: true,
    undo: true,
  };
  const t = classifyTargets(actions, data, view);
  assert.deepEqual(t.cards.get(4), ['activate', 'event']);
  assert.deepEqual(t.cards.get(9), ['take']);
  assert.deepEqual(t.spaces.get('oswego'), ['space', 'boat'], "'space' is the space's own click");
  assert.deepEqual(t.spaces.get('albany'), ['space']);
  assert.deepEqual(t.pieces.get('br_webb'), ['piece']);
  assert.deepEqual(t.boxes.get('militia_box_northern'), ['box']);
  assert.deepEqual(t.words, ['pass', 'undo']);
  assert.deepEqual(t.other, [{ verb: 'department', arg: 'northern' }]);
});

test('a number that is not a card of the hand or the piles is no card target', () => {
  const t = classifyTargets({ discard: [9] }, data, { hand: [4], discard: [], removed: [] });
  assert.equal(t.cards.size, 0);
  assert.deepEqual(t.other, [{ verb: 'discard', arg: 9 }]);
});

test('target attributes name the action they send', () => {
  assert.deepEqual(targetAttrs('activate', 4), { 'data-verb': 'activate', 'data-arg': '4', 'data-arg-type': 'integer' });
  assert.deepEqual(targetAttrs('space', 'albany'), { 'data-verb': 'space', 'data-arg': 'albany', 'data-arg-type': 'string' });
  const el = (attrs) => ({ getAttribute: (name) => attrs[name] ?? null });
  assert.deepEqual(actionOf(el(targetAttrs('activate', 4))), { verb: 'activate', arg: 4 });
  assert.deepEqual(actionOf(el(targetAttrs('space', 'albany'))), { verb: 'space', arg: 'albany' });
  assert.deepEqual(actionOf(el({ 'data-verb': 'pass' })), { verb: 'pass', arg: null });
  assert.equal(actionOf(el({})), null);
  assert.equal(verbLabel('stockades'), 'Stockades');
  assert.equal(verbLabel('some_new_verb'), 'Some new verb');
});

test('markers become badges with their side and level', () => {
  const badges = markerBadges({ fort: 'british', siege: 2, amphib: true, raided: { french: 2 }, fort_under_construction: 'french', fieldworks: true, allied: 'french', stockade: 'british' });
  const kinds = badges.map((b) => b.kind);
  assert.deepEqual(kinds.sort(), ['allied', 'amphib', 'fieldworks', 'fort', 'fort-under-construction', 'raided', 'siege', 'stockade']);
  assert.equal(badges.find((b) => b.kind === 'siege').text, 'Siege 2');
  assert.equal(badges.find((b) => b.kind === 'raided').side, 'french');
  assert.match(badges.find((b) => b.kind === 'raided').text, /×2/);
  assert.deepEqual(markerBadges({}), []);
});

// A piece's code in the view: 4 × location + 2 × inside + reduced.
const code = (location, { inside = false, reduced = false } = {}) =>
  4 * data.locations.indexOf(location) + 2 * Number(inside) + Number(reduced);

test('compact pieces decode by the order of the data\'s pieces and locations', () => {
  assert.deepEqual(data.pieceIds, ['br_webb', 'br_reg_44th', 'br_prov_ny', 'br_mil']);
  assert.deepEqual(decodePieces([0, 13, 18, 8], data), {
    br_webb: { at: 'albany', inside: false, reduced: false },
    br_reg_44th: { at: 'leader_box_webb', inside: false, reduced: true },
    br_prov_ny: { at: 'unused', inside: true, reduced: false },
    br_mil: { at: 'militia_box_northern', inside: false, reduced: false },
  });
  assert.deepEqual(decodePieces([7, 1], data), {
    br_webb: { at: 'oswego', inside: true, reduced: true },
    br_reg_44th: { at: 'albany', inside: false, reduced: true },
  });
  // A location the data does not have, or no piece code at all: not drawn anywhere.
  const odd = decodePieces([4 * 99, -1, 'x', 0, 0, 0], data);
  assert.equal(odd.br_webb.at, undefined);
  assert.equal(odd.br_reg_44th.at, undefined);
  assert.equal(odd.br_prov_ny.at, undefined);
  assert.equal(Object.keys(odd).length, 4, 'codes beyond the pieces are ignored');
  assert.equal(drawnAt({ pieces: odd }, data, 'br_webb'), null);
});

test('a view is decoded once, into a copy; one without compact pieces is left as it is', () => {
  const view = { pieces: [code('albany'), code('oswego', { inside: true }), code('unused'), code('unused')], vp: 3 };
  const decoded = decodeView(view, data);
  assert.notEqual(decoded, view);
  assert.equal(decodeView(view, data), decoded, 'cached per view object');
  assert.equal(decoded.vp, 3);
  assert.deepEqual(decoded.pieces.br_reg_44th, { at: 'oswego', inside: true, reduced: false });
  assert.ok(Array.isArray(view.pieces), 'the view itself is not changed');
  const other = indexData({ ...data.raw, locations: ['oswego', 'albany', 'militia_box_northern', 'leader_box_webb', 'unused'] });
  assert.equal(decodeView(view, other).pieces.br_webb.at, 'oswego', 'another data set decodes anew');
  const old = { pieces: { br_webb: { at: 'albany', inside: false, reduced: false } } };
  assert.equal(decodeView(old, data), old);
  assert.equal(decodeView(null, data), null);
});

test('units in a leader box are stacked with the leader; pools are not drawn', () => {
  const view = decodeView(
    {
      pieces: [
        code('albany'), // br_webb
        code('leader_box_webb', { reduced: true }), // br_reg_44th
        code('unused'), // br_prov_ny
        code('militia_box_northern'), // br_mil
      ],
    },
    data,
  );
  assert.deepEqual(view.pieces.br_reg_44th, { at: 'leader_box_webb', inside: false, reduced: true });
  assert.equal(drawnAt(view, data, 'br_reg_44th'), 'albany');
  assert.equal(drawnAt(view, data, 'br_prov_ny'), null);
  const stacks = stacksOf(view, data);
  assert.deepEqual(stacks.get('albany'), ['br_webb', 'br_reg_44th']);
  assert.deepEqual(stacks.get('militia_box_northern'), ['br_mil']);
  assert.equal(stacks.size, 2);
});

test('spaces are squares or circles inside the map bounds', () => {
  assert.equal(spaceShape(data.spaces.get('albany')).kind, 'square');
  assert.equal(spaceShape(data.spaces.get('oswego')).kind, 'circle');
  const b = mapBounds(data);
  assert.ok(b.x < 100 && b.y < 100 && b.x + b.w > 700 && b.y + b.h > 700);
});

// An element of just the attributes (what menuEntries and actionOf read).
const fakeElement = (attrs) => ({ getAttribute: (name) => (name in attrs ? attrs[name] : null) });

test('a target of one verb sends it; one of several opens a menu of them', () => {
  assert.deepEqual(targetAttrsFor(['space'], 'albany'), { 'data-verb': 'space', 'data-arg': 'albany', 'data-arg-type': 'string' });
  const opener = targetAttrsFor(['space', 'boat'], 'albany');
  assert.deepEqual(opener, { 'data-arg': 'albany', 'data-arg-type': 'string', 'data-verbs': 'space boat' });
  assert.equal(actionOf(fakeElement(opener)), null, 'an opener sends nothing itself');
  assert.deepEqual(menuEntries(fakeElement(opener)), [
    { verb: 'space', arg: 'albany', label: 'Go' },
    { verb: 'boat', arg: 'albany', label: 'By boat' },
  ]);
  const card = targetAttrsFor(['activate', 'event'], 4);
  assert.deepEqual(menuEntries(fakeElement(card)).map((e) => [e.verb, e.arg]), [['activate', 4], ['event', 4]]);
});

test('action arguments by name', () => {
  assert.equal(argLabel(4, data), '#4 Campaign');
  assert.equal(argLabel(3, data), '3');
  assert.equal(argLabel('albany', data), 'Albany');
  assert.equal(argLabel('militia_box_northern', data), 'Northern');
  assert.equal(argLabel('br_webb', data), 'Webb');
  assert.equal(argLabel('southern', data), 'Southern');
  assert.equal(argLabel('new_york', data), 'New York');
});
