// node --test server/web/js/test/
// The struck lines of an undo kept over a reload (store.js): kept per game and seat with the
// version they were shown at, given back only at that version and after the log's lines,
// forgotten otherwise. A Map stands in for localStorage.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { keepUndoneLines, recallUndoneLines } from '../store.js';

function fakeStorage() {
  const map = new Map();
  return {
    map,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => map.set(k, String(v)),
    removeItem: (k) => map.delete(k),
  };
}

const UNDONE = [
  { n: 10, line: { role: 'french', verb: 'play', arg: 12, text: 'plays #12' } },
  { n: 11, line: { role: 'french', verb: 'activate', arg: 'x', text: 'activates' } },
];

test('struck lines kept at a version come back at that version only, for that game and seat', () => {
  const storage = fakeStorage();
  keepUndoneLines(3, 'french', 42, UNDONE, storage);
  assert.deepEqual(recallUndoneLines(3, 'french', 42, 10, storage), UNDONE);
  assert.deepEqual(recallUndoneLines(3, 'french', 42, 10, storage), UNDONE, 'a second reload at the same version');
  assert.deepEqual(recallUndoneLines(3, 'british', 42, 10, storage), [], 'another seat keeps its own');
  assert.deepEqual(recallUndoneLines(4, 'french', 42, 10, storage), [], 'another game keeps its own');
  assert.deepEqual(recallUndoneLines(3, 'french', 43, 10, storage), [], 'the game moved on');
  assert.equal(storage.map.size, 0, 'and what was kept is forgotten');
  assert.deepEqual(recallUndoneLines(3, 'french', 42, 10, storage), []);
});

test('nothing to keep forgets; lines that would not follow the log, or garbage, are not given back', () => {
  const storage = fakeStorage();
  keepUndoneLines(3, 'french', 42, UNDONE, storage);
  keepUndoneLines(3, 'french', 43, [], storage);
  assert.equal(storage.map.size, 0);
  keepUndoneLines(3, 'french', 42, UNDONE, storage);
  assert.deepEqual(recallUndoneLines(3, 'french', 42, 11, storage), [], 'line 10 is a line of the log now');
  storage.setItem('warpath.undone.3.french', '{not json');
  assert.deepEqual(recallUndoneLines(3, 'french', 42, 10, storage), []);
  storage.setItem('warpath.undone.3.french', JSON.stringify({ version: 42, undone: [{ n: 'x', line: 1 }] }));
  assert.deepEqual(recallUndoneLines(3, 'french', 42, 10, storage), []);
});

test('without storage nothing is kept and nothing breaks', () => {
  const broken = {
    getItem() {
      throw new Error('disabled');
    },
    setItem() {
      throw new Error('disabled');
    },
    removeItem() {
      throw new Error('disabled');
    },
  };
  keepUndoneLines(3, 'french', 42, UNDONE, broken);
  assert.deepEqual(recallUndoneLines(3, 'french', 42, 10, broken), []);
});
