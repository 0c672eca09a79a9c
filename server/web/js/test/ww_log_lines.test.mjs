// node --test server/web/js/test/
// How the Wilderness War log lines are read (ww/log_lines.js): season lines, the line that opens a
// side's Action Phase, and the spaces and cards a line names, found by its arg and in its text.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { indexData } from '../ww/data.js';
import { isSeasonLine, lineSide, logParts, phaseStart } from '../ww/log_lines.js';

const rect = { x: 0, y: 0, w: 10, h: 10 };
const data = indexData({
  spaces: [
    { id: 'oneida_carry_east', name: 'Oneida Carry East', map: rect },
    { id: 'oneida_castle', name: 'Oneida Castle', map: rect },
    { id: 'albany', name: 'Albany', map: rect },
  ],
  militia_boxes: [{ id: 'militia_box_northern', name: 'Northern Militia', side: 'british', map: rect }],
  leader_boxes: [],
  pieces: [],
  cards: [
    { number: 12, name: 'Ambush!', value: 1, side: 'both' },
    { number: 4, name: 'Campaign', value: 3, side: 'both' },
  ],
});

test('season lines and the lines that open an Action Phase', () => {
  assert.equal(isSeasonLine({ verb: 'year', text: 'Early Season 1758.' }), true);
  assert.equal(isSeasonLine({ verb: 'season', text: 'Late Season 1758.' }), true);
  assert.equal(isSeasonLine({ verb: 'deal', text: 'Early Season 1757: the French are dealt 9 cards, the British 9.' }), true);
  assert.equal(isSeasonLine({ verb: 'deal', text: 'Cards are dealt.' }), false);
  assert.equal(phaseStart({ role: 'french', verb: 'activate', arg: 12 }), 'french');
  assert.equal(phaseStart({ role: 'british', verb: 'pass' }), 'british');
  assert.equal(phaseStart({ role: 'british', verb: 'move' }), null);
  assert.equal(phaseStart({ role: '', verb: 'event' }), null);
  assert.equal(lineSide({ role: 'spectator' }), null);
});

test('a line is cut into text, card and space parts that join to its text', () => {
  const entry = { role: 'french', verb: 'activate', arg: 12, text: 'French play #12 Ambush! to activate.' };
  const parts = logParts(entry, data);
  assert.equal(parts.map((p) => p.text).join(''), entry.text);
  assert.deepEqual(parts.filter((p) => p.card), [{ text: '#12 Ambush!', card: 12 }]);

  const move = { role: 'british', verb: 'move', arg: 'oneida_carry_east', text: 'Moves from Albany to Oneida Carry East, then Oneida Castle.' };
  const moved = logParts(move, data);
  assert.equal(moved.map((p) => p.text).join(''), move.text);
  assert.deepEqual(
    moved.filter((p) => p.space).map((p) => [p.text, p.space]),
    [
      ['Albany', 'albany'],
      ['Oneida Carry East', 'oneida_carry_east'],
      ['Oneida Castle', 'oneida_castle'],
    ],
  );
  // A name inside a longer word is not a space.
  assert.deepEqual(logParts({ text: 'Albanyville is no space.' }, data), [{ text: 'Albanyville is no space.' }]);
  assert.deepEqual(logParts({ text: 'Nothing here.' }, data), [{ text: 'Nothing here.' }]);
});
