// node --test server/web/js/test/
// The account pages' pure parts (js/account_games.js): which seat of a game to open, the game
// "Next game" opens from GET /api/my/games, the count of games waiting, and the "next" address
// after a log-in (a path of this site only).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { gameLink, gameStateText, linkOfGame, myRole, nextGame, opponents, playersText, ratedName, safeNext, waitingCount } from '../account_games.js';

const MINE = {
  my_turn: 1,
  next_game: 7,
  games: [
    { id: 7, roles: ['french'], active: ['french'], my_turn: true, status: 'active', players: [{ name: 'Ann', role: 'french' }, { name: 'bob', role: 'british' }] },
    { id: 3, roles: ['british'], active: ['french'], my_turn: false, status: 'active' },
    { id: 2, roles: ['french'], active: [], my_turn: false, status: 'over', result: { winner: 'british', draw: false } },
  ],
};

test('an account seat opens without a token, on the role whose turn it is', () => {
  assert.equal(gameLink(12, 'british'), '/game.html?game=12#seat=british');
  assert.equal(myRole({ roles: ['red', 'blue'], active: ['blue'] }), 'blue');
  assert.equal(myRole({ roles: ['red', 'blue'], active: [] }), 'red');
  assert.equal(myRole({}), 'spectator');
  assert.equal(linkOfGame(MINE.games[1]), '/game.html?game=3#seat=british');
});

test('next game: the server\'s, else the first waiting; the game shown now is skipped', () => {
  assert.equal(nextGame(MINE).id, 7);
  assert.equal(nextGame({ ...MINE, next_game: { id: 7, roles: ['french'], active: ['french'] } }).id, 7);
  assert.equal(nextGame({ ...MINE, next_game: null }).id, 7, 'the first game flagged my_turn');
  assert.equal(nextGame(MINE, 7), null, 'no other game waits');
  const two = { ...MINE, games: [...MINE.games, { id: 9, roles: ['british'], active: ['british'], my_turn: true }] };
  assert.equal(nextGame(two, 7).id, 9);
  assert.equal(nextGame({ my_turn: 0, next_game: null, games: [] }), null);
  assert.equal(nextGame(null), null);
});

test('the waiting count is the server\'s my_turn, else counted', () => {
  assert.equal(waitingCount(MINE), 1);
  assert.equal(waitingCount({ games: MINE.games }), 1);
  assert.equal(waitingCount(null), 0);
});

test('games and listings in words', () => {
  assert.equal(playersText([{ name: 'Ann', role: 'french' }, { name: 'bob', role: null }]), 'french: Ann, any side: bob');
  // A listing's players with their ratings in its title.
  assert.equal(playersText([{ name: 'Ann', role: 'french', rating: 1612.4 }, { name: 'bob', role: null, rating: 1500 }]), 'french: Ann (1612), any side: bob (1500)');
  assert.equal(ratedName({ name: 'Ann', rating: null }), 'Ann');
  assert.equal(ratedName({ name: 'Ann', rating: 1387.6 }), 'Ann (1388)');
  assert.deepEqual(opponents(MINE.games[0].players, 'ann'), [{ name: 'bob', role: 'british' }]);
  assert.equal(gameStateText(MINE.games[0]), 'your move');
  assert.equal(gameStateText(MINE.games[1]), 'to move: french');
  assert.equal(gameStateText(MINE.games[2]), 'over: british won');
  assert.equal(gameStateText({ status: 'over', result: { draw: true } }), 'over: draw');
});

test('after a log-in only a path of this site is followed', () => {
  assert.equal(safeNext('/game.html?game=3#seat=french'), '/game.html?game=3#seat=french');
  assert.equal(safeNext('//evil.example/'), '/');
  assert.equal(safeNext('/\\evil.example'), '/');
  assert.equal(safeNext('https://evil.example/'), '/');
  assert.equal(safeNext(null, ''), '');
});
