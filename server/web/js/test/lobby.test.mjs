// node --test server/web/js/test/
// The lobby's pure parts: options as form fields and back, and the "my games" store (merging
// seat links, whose turn is mine). No DOM; the store's functions here touch no storage.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { collectOptions, optionFields, optionsSummary } from '../lobby_options.js';
import { isMyTurn, mergeMyGame, mySeats } from '../store.js';

// As GET /api/titles lists them for wilderness-war and test-duel.
const WW_OPTIONS = [
  { id: 'bid', default: null, description: 'Bid (13.3): {"side": "french" | "british", "vp": 0-10}, VP added to the scenario\'s start toward that side; null for none' },
  { id: 'optional_14_1', default: false, description: 'Optional rule 14.1: If one of #67 William Pitt / #69 Diplomatic Revolution has been played...' },
  { id: 'optional_14_4', default: false, description: 'Optional rule 14.4: #6 Surrender! may be played by the besieger or by the besieged side.' },
];
const DUEL_OPTIONS = [
  { id: 'target', default: 15, description: 'Score that wins at once' },
  { id: 'rounds', default: null, description: 'Rounds to play (overrides scenario)' },
];

test('options become fields: optional rules as checkboxes, the bid as side and VP', () => {
  const fields = optionFields(WW_OPTIONS, ['french', 'british']);
  assert.deepEqual(fields.map((f) => f.kind), ['bid', 'bool', 'bool']);
  assert.deepEqual(fields[0].sides, ['french', 'british']);
  assert.equal(fields[0].min, 0);
  assert.equal(fields[0].max, 10);
  assert.deepEqual(fields[1].label, { title: 'Optional rule 14.1', text: 'If one of #67 William Pitt / #69 Diplomatic Revolution has been played...' });
  assert.deepEqual(optionFields(DUEL_OPTIONS, ['red', 'blue']).map((f) => f.kind), ['number', 'json']);
  // A "bid" of a title without two roles is no side choice.
  assert.equal(optionFields([{ id: 'bid', default: null }], []).at(0).kind, 'json');
});

test('the form gives the options object: defaults left out, the bid only with a side', () => {
  const fields = optionFields(WW_OPTIONS, ['french', 'british']);
  assert.deepEqual(collectOptions(fields, { bid: { side: '', vp: '3' }, optional_14_1: false, optional_14_4: false }), {});
  assert.deepEqual(collectOptions(fields, { bid: { side: 'british', vp: '2' }, optional_14_1: true, optional_14_4: false }), {
    bid: { side: 'british', vp: 2 },
    optional_14_1: true,
  });
  assert.deepEqual(collectOptions(fields, { bid: { side: 'french', vp: '' } }), { bid: { side: 'french', vp: 0 } });
  assert.throws(() => collectOptions(fields, { bid: { side: 'french', vp: '11' } }), /0 to 10 VP/);
  assert.throws(() => collectOptions(fields, { bid: { side: 'french', vp: '1.5' } }), /0 to 10 VP/);
  assert.throws(() => collectOptions(fields, { bid: { side: 'spain', vp: '1' } }), /french, british/);
});

test('number and JSON fields, and the raw JSON over them', () => {
  const fields = optionFields(DUEL_OPTIONS, ['red', 'blue']);
  assert.deepEqual(collectOptions(fields, { target: '15', rounds: '' }), {});
  assert.deepEqual(collectOptions(fields, { target: '9', rounds: '3' }), { target: 9, rounds: 3 });
  assert.throws(() => collectOptions(fields, { target: 'x' }), /target must be a number/);
  assert.deepEqual(collectOptions(fields, { target: '9' }, '{"target": 4, "extra": [1]}'), { target: 4, extra: [1] });
  assert.throws(() => collectOptions(fields, {}, '{oops'), /not valid JSON/);
  assert.throws(() => collectOptions(fields, {}, '[1]'), /JSON object/);
});

test('options in a line', () => {
  assert.equal(optionsSummary({ bid: { side: 'british', vp: 2 }, optional_14_1: true, optional_14_2: false, target: 9 }), 'bid british 2 VP, 14.1, target 9');
  assert.equal(optionsSummary(null), '');
});

const link = (game, seat, token) => `/game.html?game=${game}#seat=${seat}${token ? `&token=${token}` : ''}`;

test('my games: a seat link opened later joins the links kept for its game', () => {
  let list = [];
  list = mergeMyGame(list, { id: 1, title: 'wilderness-war', scenario: 'annus_mirabilis', links: { french: link(1, 'french', 'aa'), british: link(1, 'british', 'bb'), spectator: link(1, 'spectator') } });
  list = mergeMyGame(list, { id: 2, title: 'test-duel', scenario: 'short', links: { red: link(2, 'red', 'cc') } });
  assert.deepEqual(list.map((g) => g.id), [2, 1]);
  // Game 1's British link opened again (in another tab): game 1 comes first, nothing is lost.
  list = mergeMyGame(list, { id: 1, title: 'wilderness-war', scenario: undefined, links: { british: link(1, 'british', 'bb2') } });
  assert.deepEqual(list.map((g) => g.id), [1, 2]);
  assert.equal(list[0].scenario, 'annus_mirabilis');
  assert.deepEqual(Object.keys(list[0].links).sort(), ['british', 'french', 'spectator']);
  assert.equal(list[0].links.british, link(1, 'british', 'bb2'));
  assert.deepEqual(mySeats(list[0]).sort(), ['british', 'french']);
  assert.deepEqual(mySeats({ links: { spectator: link(3, 'spectator'), blue: link(3, 'blue') } }), []);
});

test('my games: my turn when a seat of mine is active in a game not over', () => {
  const mine = { id: 1, links: { british: link(1, 'british', 'bb'), spectator: link(1, 'spectator') } };
  assert.equal(isMyTurn(mine, { status: 'active', active: ['british'] }), true);
  assert.equal(isMyTurn(mine, { status: 'active', active: ['french'] }), false);
  assert.equal(isMyTurn(mine, { status: 'over', active: ['british'] }), false);
  assert.equal(isMyTurn(mine, null), false);
});
