// node --test server/web/js/test/
// The tournament pages' pure parts (js/tournament_format.js): formats, sides and rounds in words,
// results, the viewer's own pairing and its links, standings as tables (pools apart, tie-break
// columns, equal ranks), and the creation form's request with its field errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  FieldError,
  bidWords,
  fieldOfError,
  formatWords,
  myPairing,
  myRole,
  pairingModel,
  progressWords,
  resultWords,
  roundName,
  roundsNewestFirst,
  scoreText,
  sidesWords,
  standingsTables,
  statusWords,
  tournamentRequest,
} from '../tournament_format.js';

test('formats and sides in words', () => {
  assert.equal(formatWords({ kind: 'swiss', rounds: 3 }), 'Swiss, 3 rounds');
  assert.equal(formatWords({ kind: 'swiss', rounds: 1 }), 'Swiss, 1 round');
  assert.equal(formatWords({ kind: 'round_robin', pool_size: 4 }), 'Round-robin pools of 4');
  assert.equal(formatWords({ kind: 'swiss_elimination', rounds: 3, playoff: 4 }), 'Swiss, 3 rounds, then top-4 playoff');
  assert.equal(formatWords({ kind: 'elimination', mulligan: true }), 'Single elimination with mulligan');
  assert.equal(formatWords({ kind: 'elimination', mulligan: false }), 'Single elimination');
  assert.equal(sidesWords({ mode: 'sealed' }), 'Sealed bids');
  assert.equal(sidesWords({ mode: 'sealed', favoured: 'french' }), 'Sealed bids for french');
  assert.equal(sidesWords({ mode: 'auction' }), 'Auction');
  assert.equal(sidesWords({ mode: 'balanced' }), 'Balanced sides');
  assert.equal(statusWords('registration'), 'Open for registration');
  assert.equal(statusWords('cancelled'), 'Cancelled');
});

test('round names: the server’s, else from the stage; progress', () => {
  assert.equal(roundName({ number: 3, stage: 'playoff', name: 'Semi-final' }), 'Semi-final');
  assert.equal(roundName({ number: 2, stage: 'swiss' }), 'Round 2');
  assert.equal(roundName({ number: 3, stage: 'pool' }), 'Pool round 3');
  assert.equal(roundName({ number: 2, stage: 'mulligan' }), 'Second chance');
  assert.equal(progressWords({ status: 'registration', round: 0, rounds_planned: 3 }), 'Not started');
  assert.equal(progressWords({ status: 'running', round: 2, rounds_planned: 3 }), 'Round 2 of 3');
  assert.equal(progressWords({ status: 'running', round: 1, rounds_planned: null }), 'Round 1');
  assert.deepEqual(roundsNewestFirst([{ number: 1 }, { number: 3 }, { number: 2 }]).map((r) => r.number), [3, 2, 1]);
});

test('scores and results in words', () => {
  assert.equal(scoreText(2.5), '2½');
  assert.equal(scoreText(0.5), '½');
  assert.equal(scoreText(1), '1');
  assert.equal(scoreText(0), '0');
  const pairing = { players: ['bob', 'carol'], status: 'finished', result: { winner: 'bob', score: { bob: 1, carol: 0 }, how: 'resigned' } };
  assert.equal(resultWords(pairing), 'bob won by resignation (1–0)');
  assert.equal(resultWords({ ...pairing, result: { winner: null, score: { bob: 0.5, carol: 0.5 }, how: 'adjudicated' } }), 'Drawn by adjudication (½–½)');
  assert.equal(resultWords({ ...pairing, result: { winner: 'carol', score: { bob: 0, carol: 1 }, how: 'played' } }), 'carol won (0–1)');
  assert.equal(resultWords({ players: ['dan'], status: 'bye', result: { winner: 'dan', score: { dan: 1 }, how: 'bye' } }), 'Bye (1 point)');
  assert.equal(resultWords({ ...pairing, result: null }), '');
  assert.equal(bidWords({ side: 'british', vp: 2 }), '2 VP toward british');
  assert.equal(bidWords({ side: null, vp: 0 }), 'no VP bid');
  assert.equal(bidWords(null), '');
});

const ROUNDS = [
  {
    number: 1,
    name: 'Round 1',
    pairings: [
      { table: 1, players: ['Bob', 'carol'], listing: 12, game: 34, status: 'finished', sides: { french: 'Bob', british: 'carol' }, bid: { side: 'british', vp: 2 }, result: { winner: 'Bob', score: { Bob: 1, carol: 0 }, how: 'played' } },
      { table: 2, players: ['dan'], listing: null, game: null, status: 'bye', sides: null, bid: null, result: { winner: 'dan', score: { dan: 1 }, how: 'bye' } },
    ],
  },
  {
    number: 2,
    name: 'Round 2',
    pairings: [
      { table: 1, players: ['dan', 'bob'], listing: 15, game: null, status: 'bidding', sides: null, bid: null, result: null },
      { table: 2, players: ['carol'], listing: null, game: null, status: 'bye', sides: null, bid: null, result: null },
    ],
  },
];

test('my pairing: the newest round that pairs me, whatever the case of my name', () => {
  const mine = myPairing(ROUNDS, 'bob');
  assert.equal(mine.round.number, 2);
  assert.equal(mine.pairing.listing, 15);
  assert.equal(myPairing(ROUNDS, 'carol').pairing.status, 'bye');
  assert.equal(myPairing(ROUNDS, 'erin'), null);
  assert.equal(myPairing(ROUNDS, null), null);
  assert.equal(myRole(ROUNDS[0].pairings[0], 'bob'), 'french');
  assert.equal(myRole(ROUNDS[0].pairings[0], 'carol'), 'british');
  assert.equal(myRole(ROUNDS[0].pairings[0], 'dan'), null);
});

test('a pairing for the page: my game opens on my seat, another’s as a spectator; Bid only for mine while bidding', () => {
  const played = ROUNDS[0].pairings[0];
  const carol = pairingModel({ ...played, sides: { british: 'carol', french: 'Bob' } }, 'carol', ['french', 'british']);
  assert.equal(carol.mine, true);
  assert.equal(carol.role, 'british');
  assert.equal(carol.gameHref, '/game.html?game=34#seat=british');
  assert.equal(carol.sides, 'french: Bob, british: carol', 'the first seat first, whatever the answer’s order');
  assert.equal(carol.bid, '2 VP toward british');
  assert.equal(carol.result, 'Bob won (1–0)');
  assert.equal(carol.bidListing, null);
  const other = pairingModel(played, 'dan');
  assert.equal(other.mine, false);
  assert.equal(other.gameHref, '/game.html?game=34');
  const bidding = ROUNDS[1].pairings[0];
  assert.equal(pairingModel(bidding, 'bob').bidListing, 15);
  assert.equal(pairingModel(bidding, 'bob').status, 'bidding for sides');
  assert.equal(pairingModel(bidding, 'carol').bidListing, null, 'not my pairing: nothing to bid');
  assert.equal(pairingModel(bidding, 'bob').gameHref, null, 'no game yet');
  assert.equal(pairingModel(bidding, 'bob').table, '1');
  assert.equal(pairingModel(bidding, 'bob').place, 'table 1');
  assert.equal(pairingModel({ ...bidding, pool: 2, table: 3 }, 'bob').table, '3 (pool 2)');
  assert.equal(pairingModel({ ...bidding, pool: 2, table: 3 }, 'bob').place, 'pool 2, table 3');
});

test('standings as tables: tie-break columns named, equal ranks marked, withdrawn and mine flagged', () => {
  const standings = {
    tiebreaks: ['buchholz', 'median_buchholz'],
    rows: [
      { rank: 1, name: 'bob', score: 2.5, played: 3, wins: 2, draws: 1, losses: 0, byes: 0, tiebreaks: { buchholz: 4.5, median_buchholz: 2 }, withdrawn: false, pool: null, eliminated: false },
      { rank: 2, name: 'carol', score: 1, played: 3, wins: 1, draws: 0, losses: 2, byes: 0, tiebreaks: { buchholz: 5, median_buchholz: 3 }, withdrawn: false, pool: null, eliminated: false },
      { rank: 2, name: 'dan', score: 1, played: 2, wins: 0, draws: 0, losses: 2, byes: 1, tiebreaks: { buchholz: 5, median_buchholz: 3 }, withdrawn: true, pool: null, eliminated: false },
    ],
  };
  const tables = standingsTables(standings, 'Carol');
  assert.equal(tables.length, 1);
  const [table] = tables;
  assert.equal(table.caption, '');
  assert.deepEqual(table.columns.map((c) => c.label), ['#', 'Player', 'Points', 'Played', 'Won', 'Drawn', 'Lost', 'Byes', 'Won–drawn–lost', 'Buchholz', 'Median Buchholz']);
  assert.deepEqual(table.rows[0].cells, ['1', 'bob', '2½', '3', '2', '1', '0', '0', '2–1–0', '4.5', '2']);
  // A phone shows won–drawn–lost in one column instead of the five details, and short names.
  assert.deepEqual(table.columns.filter((c) => c.fit === 'detail').map((c) => c.key), ['played', 'wins', 'draws', 'losses', 'byes']);
  assert.deepEqual(table.columns.filter((c) => c.fit === 'phone').map((c) => c.short), ['W–D–L']);
  assert.deepEqual(table.columns.slice(-2).map((c) => c.short), ['BH', 'Med. BH']);
  assert.deepEqual(table.rows.map((r) => r.cells[0]), ['1', '=2', '=2']);
  assert.deepEqual(table.rows.map((r) => r.withdrawn), [false, false, true]);
  assert.deepEqual(table.rows.map((r) => r.me), [false, true, false]);
});

test('standings of round-robin pools: one table per pool, ranked within it', () => {
  const row = (name, pool, rank, score) => ({ rank, name, score, played: 3, wins: score, draws: 0, losses: 3 - score, byes: 0, tiebreaks: { sonneborn_berger: score * 2 }, withdrawn: false, pool, eliminated: false });
  const tables = standingsTables({ tiebreaks: ['sonneborn_berger'], rows: [row('b1', 2, 1, 3), row('a1', 1, 1, 2), row('a2', 1, 2, 1), row('b2', 2, 2, 0)] });
  assert.deepEqual(tables.map((t) => t.caption), ['Pool 1', 'Pool 2']);
  assert.deepEqual(tables.map((t) => t.rows.map((r) => r.name)), [['a1', 'a2'], ['b1', 'b2']]);
  assert.equal(tables[0].columns.at(-1).label, 'Sonneborn-Berger');
  assert.deepEqual(standingsTables(null), []);
});

const NOW = Date.parse('2026-11-25T12:00:00Z');
const FORM = {
  name: ' Autumn Swiss ',
  title: 'wilderness-war',
  scenario: 'annus_mirabilis',
  options: {},
  time_control: undefined,
  sides: 'sealed',
  favoured: '',
  kind: 'swiss',
  rounds: '3',
  pool_size: '4',
  playoff: '4',
  mulligan: false,
  registration_closes: '2026-12-01T00:00:00Z',
  min_players: '4',
  max_players: '32',
  round_hours: '336',
};
const BID = { option: 'bid', max_vp: 10 };

test('the creation request from the form, as the spec writes it', () => {
  assert.deepEqual(tournamentRequest(FORM, { bidOption: BID, now: NOW }), {
    name: 'Autumn Swiss',
    title: 'wilderness-war',
    scenario: 'annus_mirabilis',
    options: {},
    time_control: null,
    sides: { mode: 'sealed' },
    format: { kind: 'swiss', rounds: 3 },
    registration_closes: '2026-12-01T00:00:00Z',
    min_players: 4,
    max_players: 32,
    round_hours: 336,
  });
  const other = (change) => tournamentRequest({ ...FORM, ...change }, { bidOption: BID, now: NOW });
  assert.deepEqual(other({ sides: 'sealed', favoured: 'french' }).sides, { mode: 'sealed', favoured: 'french' });
  assert.deepEqual(other({ sides: 'auction', favoured: 'french' }).sides, { mode: 'auction' });
  assert.deepEqual(other({ kind: 'round_robin' }).format, { kind: 'round_robin', pool_size: 4 });
  assert.deepEqual(other({ kind: 'swiss_elimination', playoff: '8', min_players: '8' }).format, { kind: 'swiss_elimination', rounds: 3, playoff: 8 });
  assert.deepEqual(other({ kind: 'elimination', mulligan: true }).format, { kind: 'elimination', mulligan: true });
  // The bidding sets the bid option; balanced sides keep a fixed bid.
  assert.deepEqual(other({ options: { bid: { side: 'british', vp: 2 }, optional_14_1: true } }).options, { optional_14_1: true });
  assert.deepEqual(other({ sides: 'balanced', options: { bid: { side: 'british', vp: 2 } } }).options, { bid: { side: 'british', vp: 2 } });
});

test('the creation form refuses what the server would, naming the field', () => {
  const refused = (change, bidOption = BID) => {
    try {
      tournamentRequest({ ...FORM, ...change }, { bidOption, now: NOW });
    } catch (e) {
      assert.ok(e instanceof FieldError);
      return e.field;
    }
    assert.fail(`accepted ${JSON.stringify(change)}`);
  };
  assert.equal(refused({ name: '  ' }), 'name');
  assert.equal(refused({ registration_closes: '2026-11-25T11:00:00Z' }), 'registration_closes');
  assert.equal(refused({ registration_closes: '' }), 'registration_closes');
  assert.equal(refused({ rounds: '0' }), 'rounds');
  assert.equal(refused({ rounds: '13' }), 'rounds');
  assert.equal(refused({ rounds: '2.5' }), 'rounds');
  assert.equal(refused({ min_players: '2' }), 'min_players', 'a Swiss needs 3');
  assert.equal(refused({ min_players: '1', kind: 'elimination' }), 'min_players');
  assert.equal(refused({ max_players: '3' }), 'max_players', 'below the fewest');
  assert.equal(refused({ max_players: '129' }), 'max_players');
  assert.equal(refused({ round_hours: '0' }), 'round_hours');
  assert.equal(refused({ round_hours: '2161' }), 'round_hours');
  assert.equal(refused({ kind: 'round_robin', pool_size: '13' }), 'pool_size');
  assert.equal(refused({ kind: 'swiss_elimination', playoff: '8', min_players: '6' }), 'min_players');
  assert.equal(refused({ kind: 'swiss_elimination', playoff: '6' }), 'playoff');
  assert.equal(refused({ sides: 'sealed' }, null), 'sides', 'no bidding without a bid option');
  assert.equal(refused({ kind: '' }), 'kind');
  assert.equal(refused({ rounds: '4', min_players: '4' }), 'rounds', 'fewer rounds than the fewest players');
  assert.equal(refused({ kind: 'swiss_elimination', rounds: '8', min_players: '8', playoff: '8' }), 'rounds');
  assert.equal(refused({ name: 'x'.repeat(101) }), 'name');
});

test('a server field error finds its field in the form', () => {
  const known = ['name', 'rounds', 'registration_closes', 'sides', 'kind', 'time_control'];
  assert.equal(fieldOfError('rounds', known), 'rounds');
  assert.equal(fieldOfError('format.rounds', known), 'rounds');
  assert.equal(fieldOfError('sides.mode', known), 'sides');
  assert.equal(fieldOfError('time_control.preset', known), 'time_control');
  assert.equal(fieldOfError('format.unknown', known), null);
  assert.equal(fieldOfError(undefined, known), null);
});
