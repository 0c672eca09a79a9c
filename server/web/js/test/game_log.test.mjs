// node --test server/web/js/test/
// GameLog: the lines of a game's log a client holds, by number (docs/PROTOCOL.md, "Log").
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { GameLog } from '../game_log.js';

const range = (from, to) => Array.from({ length: to - from }, (_, i) => `line ${from + i}`);
const state = (log) => ({ first: log.first, size: log.size, lines: [...log.lines] });

test('a new log is unknown; reset gives it a size and holds nothing', () => {
  const log = new GameLog();
  assert.equal(log.known, false);
  assert.equal(log.complete, false);
  assert.equal(log.merge(0, range(0, 3)), 0, 'nothing is taken before the size is known');
  log.reset(5);
  assert.deepEqual(state(log), { first: 5, size: 5, lines: [] });
  assert.equal(log.known, true);
  assert.equal(log.line(4), undefined);
  assert.throws(() => log.reset(-1), RangeError);
  assert.throws(() => log.reset(1.5), RangeError);
  log.reset(0);
  assert.equal(log.complete, true);
});

test('merge takes the lines that join the held ones from below, and only those', () => {
  const log = new GameLog();
  log.reset(10);
  assert.equal(log.merge(6, range(6, 10)), 4);
  assert.deepEqual(state(log), { first: 6, size: 10, lines: range(6, 10) });
  assert.equal(log.merge(0, range(0, 3)), 0, 'a gap: lines 3 to 5 would be missing');
  assert.equal(log.merge(2, range(2, 8)), 4, 'overlapping lines keep the held ones');
  assert.deepEqual(state(log), { first: 2, size: 10, lines: range(2, 10) });
  assert.equal(log.merge(4, range(4, 6)), 0, 'already held');
  assert.equal(log.merge(0, range(0, 11)), 0, 'beyond the log');
  assert.equal(log.merge(0, range(0, 2)), 2);
  assert.equal(log.complete, true);
  assert.equal(log.line(0), 'line 0');
  assert.equal(log.line(9), 'line 9');
  assert.equal(log.line(10), undefined);
  assert.throws(() => log.merge(-1, []), TypeError);
});

test('apply keeps the first `keep` lines and adds new ones', () => {
  const log = new GameLog();
  log.reset(10);
  log.merge(5, range(5, 10));
  assert.equal(log.apply({ keep: 10, lines: ['a', 'b'] }), true);
  assert.deepEqual(state(log), { first: 5, size: 12, lines: [...range(5, 10), 'a', 'b'] });
  assert.equal(log.apply({ keep: 10, lines: [] }), true, 'an undo takes them back');
  assert.deepEqual(state(log), { first: 5, size: 10, lines: range(5, 10) });
  assert.equal(log.apply({ keep: 7, lines: ['c'] }), true);
  assert.deepEqual(state(log), { first: 5, size: 8, lines: ['line 5', 'line 6', 'c'] });
  assert.equal(log.apply({ keep: 3, lines: ['d'] }), true, 'back before the first line held');
  assert.deepEqual(state(log), { first: 3, size: 4, lines: ['d'] });
  assert.equal(log.apply({ keep: 9, lines: ['e'] }), false, 'lines 4 to 8 were never seen');
  assert.deepEqual(state(log), { first: 9, size: 10, lines: ['e'] });
  assert.throws(() => log.apply({ keep: 1 }), TypeError);
});

test('the lines an undo takes back stay in `undone` until a change that drops none', () => {
  const log = new GameLog();
  log.reset(0);
  log.apply({ keep: 0, lines: range(0, 5) });
  assert.deepEqual(log.undone, []);
  log.apply({ keep: 3, lines: [] }); // an undo: lines 3 and 4 taken back
  assert.deepEqual(state(log), { first: 0, size: 3, lines: range(0, 3) });
  assert.deepEqual(log.undone, [
    { n: 3, line: 'line 3' },
    { n: 4, line: 'line 4' },
  ]);
  log.apply({ keep: 2, lines: [] }); // a second undo: line 2 too, before the others
  assert.deepEqual(log.undone.map((u) => u.n), [2, 3, 4]);
  log.apply({ keep: 2, lines: ['again'] }); // a move: the struck lines go
  assert.deepEqual(log.undone, []);
  log.apply({ keep: 1, lines: [] });
  log.reset(1); // a snapshot forgets them too
  assert.deepEqual(log.undone, []);
});
