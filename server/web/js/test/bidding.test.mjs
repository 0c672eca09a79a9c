// node --test server/web/js/test/
// The lobby's sides by bidding: the creation request, a listing's bidding in words (a sealed bid
// of the opponent only "received"), and the controls a player gets on their turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { biddingControls, biddingLines, biddingRequest, fairBidLines, fairBidText } from '../bidding.js';

const ROLES = ['french', 'british'];

test('the creation request: chosen sides send none; sealed keeps its favoured side, an auction none', () => {
  assert.equal(biddingRequest('chosen', 'french'), null);
  assert.deepEqual(biddingRequest('sealed', 'french'), { mode: 'sealed', favoured: 'french' });
  assert.deepEqual(biddingRequest('sealed', ''), { mode: 'sealed', favoured: null });
  assert.deepEqual(biddingRequest('auction', 'french'), { mode: 'auction', favoured: null });
});

test('a sealed bidding: the opponent sees "bid received", the bidder its bid; the turn and the outcome', () => {
  const state = { mode: 'sealed', favoured: 'french', max_vp: 10, players: ['ann', 'bob'], acts: [{ player: 0, kind: 'sealed', received: true }], to_act: [1], you: 1, outcome: null };
  const bidding = { mode: 'sealed', favoured: 'french', state };
  const lines = biddingLines(bidding);
  assert.ok(lines.includes('ann: bid received'));
  assert.ok(lines.includes('Your turn to bid.'));
  assert.ok(!lines.join(' ').includes('VP to'));
  assert.deepEqual(biddingControls(bidding, ROLES), { kind: 'sealed', needsSide: false, sides: ROLES, min: 0, max: 10, canAccept: false, standing: null });
  // The bidder itself, waiting: no controls.
  const own = { ...bidding, state: { ...state, you: 0, acts: [{ player: 0, kind: 'sealed', side: 'french', vp: 2, default: false }] } };
  assert.ok(biddingLines(own).includes('you: 2 VP'));
  assert.equal(biddingControls(own, ROLES), null);
  const over = { ...bidding, state: { ...state, to_act: [], outcome: { roles: ['french', 'british'], bid: { side: 'british', vp: 2 } } } };
  assert.ok(biddingLines(over).includes('Outcome: ann: french, you: british; 2 VP toward british.'));
  assert.equal(biddingControls(over, ROLES), null);
  assert.deepEqual(biddingLines({ mode: 'sealed', favoured: null, state: null }), ['Sides by sealed bids (13.3) (each bid names its side)', 'The bidding begins when both players are in.']);
});

test('an auction: the opener names a side; then a raise above the standing bid, or accept', () => {
  const state = { mode: 'auction', favoured: null, max_vp: 10, players: ['ann', 'bob'], rolls: [3, 3, 5, 2], opener: 0, acts: [], standing: null, to_act: [0], you: 0, outcome: null };
  const bidding = { mode: 'auction', favoured: null, state };
  assert.ok(biddingLines(bidding).includes('Rolls: 3, 3, 5, 2; you bid first.'));
  assert.deepEqual(biddingControls(bidding, ROLES), { kind: 'auction', needsSide: true, sides: ROLES, min: 0, max: 10, canAccept: false, standing: null });
  const standing = { player: 0, kind: 'bid', side: 'british', vp: 1, default: false };
  const answer = { ...bidding, state: { ...state, acts: [standing], standing, to_act: [1], you: 1 } };
  assert.ok(biddingLines(answer).includes('ann: 1 VP to play british'));
  const controls = biddingControls(answer, ROLES);
  assert.equal(controls.needsSide, false);
  assert.equal(controls.min, 2);
  assert.equal(controls.canAccept, true);
  assert.equal(biddingControls({ ...answer, state: { ...answer.state, you: null } }, ROLES), null);
});

test('the fair-bid hint of the ratings in words, both ways round, while the bidding is open', () => {
  const hint = {
    side: 'british',
    vp: 2,
    first_score: 0.4987,
    seats: [{ role: 'french', name: 'ann' }, { role: 'british', name: 'bob' }],
    swapped: { side: null, vp: 0, first_score: 0.5312, seats: [{ role: 'french', name: 'bob' }, { role: 'british', name: 'ann' }] },
  };
  assert.equal(fairBidText(hint), 'Fair bid by the ratings with ann as the French and bob as the British: 2 VP to the British — expected score 50 % for the French');
  assert.deepEqual(fairBidLines(hint), [
    'Fair bid by the ratings with ann as the French and bob as the British: 2 VP to the British — expected score 50 % for the French',
    'Fair bid by the ratings with bob as the French and ann as the British: no bid — expected score 53 % for the French',
  ]);
  assert.deepEqual(fairBidLines(null), []);
  const state = { mode: 'sealed', favoured: 'french', max_vp: 10, players: ['ann', 'bob'], acts: [], to_act: [0, 1], you: 0, outcome: null, fair_bid: hint };
  assert.ok(biddingLines({ mode: 'sealed', favoured: 'french', state }).includes(fairBidLines(hint)[0]));
  const over = { ...state, to_act: [], outcome: { roles: ['french', 'british'], bid: null } };
  assert.ok(!biddingLines({ mode: 'sealed', favoured: 'french', state: over }).some((l) => l.startsWith('Fair bid')));
});
