// node --test server/web/js/test/
// Where stacks and markers go (ww/layout.js), on the real Wilderness War map (the engine's
// spaces.json): no slot covers another space's symbol, the middle of its own, another slot or a
// militia box, and the layout is the same every time. The stack groups and piles of pieces.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { indexData } from '../ww/data.js';
import { keepFree, labelBox, layoutSlots, overlap, symbolBox } from '../ww/layout.js';
import { allotCells, cellsOf, stackGroups } from '../ww/pieces.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const raw = JSON.parse(fs.readFileSync(path.resolve(here, '../../../../engine/wilderness_war/data/spaces.json'), 'utf8'));
const data = indexData({
  ...raw,
  spaces: raw.spaces.map((s) => ({ ...s, settlement_tribes: s.settlement?.tribes ?? [] })),
  pieces: [],
  cards: [],
  tribes: [],
  locations: [],
});
const box = (r) => ({ x1: r.x, y1: r.y, x2: r.x + r.w, y2: r.y + r.h });

test('no stack or marker slot covers another space, another slot or a militia box', () => {
  const slots = layoutSlots(data);
  assert.equal(slots.size, data.spaces.size + data.militiaBoxes.size);
  const all = [];
  for (const [id, slot] of slots) {
    all.push({ id, what: 'stack', r: box(slot) });
    if (slot.marks) all.push({ id, what: 'markers', r: box(slot.marks) });
  }
  const problems = [];
  for (const a of all) {
    for (const space of data.spaces.values()) {
      if (space.id === a.id) {
        if (a.what === 'stack' && space.terrain !== 'box' && overlap(a.r, keepFree(space)) > 0) problems.push(`${a.id}: its stack covers its middle`);
      } else if (overlap(a.r, symbolBox(space)) > 0) problems.push(`${a.what} of ${a.id} covers ${space.id}`);
    }
    for (const b of data.militiaBoxes.values()) if (b.id !== a.id && overlap(a.r, box(b.map)) > 0) problems.push(`${a.what} of ${a.id} covers ${b.id}`);
    for (const b of all) if (b !== a && overlap(a.r, b.r) > 0 && (a.id < b.id || (a.id === b.id && a.what < b.what))) problems.push(`${a.what} of ${a.id} covers the ${b.what} of ${b.id}`);
  }
  assert.deepEqual(problems, []);
  // Names: hardly any slot covers one (they may when there is no other room).
  const named = all.filter((a) => [...data.spaces.values()].some((s) => overlap(a.r, labelBox(s)) > 0));
  assert.ok(named.length <= 5, `slots over names: ${named.map((a) => `${a.what} of ${a.id}`)}`);
  // Most stacks have room for three counters side by side.
  const wide = [...data.spaces.keys()].filter((id) => slots.get(id).cols * slots.get(id).rows >= 3);
  assert.ok(wide.length > data.spaces.size * 0.8, `${wide.length} of ${data.spaces.size} stacks hold 3 counters`);
  // The Hudson carries and the forts on Lake Champlain: their stacks apart.
  for (const [a, b] of [
    ['hudson_carry_north', 'hudson_carry_south'],
    ['ticonderoga', 'crown_point'],
  ])
    assert.equal(overlap(box(slots.get(a)), box(slots.get(b))), 0);
  assert.deepEqual(layoutSlots(data), slots, 'deterministic');
});

test('a stack is split into the force, each side outside, and inside; piles take what does not fit', () => {
  const pdata = indexData({
    ...raw,
    spaces: [],
    militia_boxes: [],
    leader_boxes: [],
    pieces: [
      { id: 'l', kind: 'leader', side: 'french', name: 'L' },
      { id: 'a', kind: 'unit', side: 'french', name: 'A' },
      { id: 'b', kind: 'unit', side: 'french', name: 'B' },
      { id: 'c', kind: 'unit', side: 'french', name: 'C' },
      { id: 'x', kind: 'unit', side: 'british', name: 'X' },
    ],
    cards: [],
    tribes: [],
    locations: [],
  });
  const view = { pieces: { l: { at: 's' }, a: { at: 's' }, b: { at: 's', inside: true }, c: { at: 's' }, x: { at: 's' } } };
  const groups = stackGroups(['l', 'a', 'b', 'c', 'x'], view, pdata, new Set(['l', 'a']), { pieces: new Map([['c', ['piece']]]) });
  assert.deepEqual(
    groups.map((g) => [g.kind, g.ids]),
    [
      ['force', ['l', 'a']],
      ['french', ['c']],
      ['british', ['x']],
      ['inside', ['b']],
    ],
  );
  assert.deepEqual(allotCells(groups, 3), [1, 1, 1, 1]); // more groups than cells: drawn smaller
  assert.deepEqual(allotCells(groups.slice(0, 2), 3), [2, 1]);
  assert.deepEqual(cellsOf(['a', 'b', 'c', 'd'], 2), [['a'], ['b', 'c', 'd']]);
  assert.deepEqual(cellsOf(['a', 'b'], 3), [['a'], ['b']]);
});
