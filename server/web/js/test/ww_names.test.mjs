// node --test server/web/js/test/
// Which space names the map shows at a zoom (ww/names.js), on the real Wilderness War map: never
// smaller than NAME_PX on the screen, no shown name over another, over a space's symbol or over a
// slot in use, nor off the map; the fortresses and VP spaces claim room first; every name from
// twice the Fit zoom.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { indexData } from '../ww/data.js';
import { layoutSlots, overlap, symbolBox } from '../ww/layout.js';
import { mapBounds } from '../ww/map.js';
import { NAME_FONT, NAME_PX, allNames, nameBox, namePriority, nameScale, nameTier, shownNames } from '../ww/names.js';

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
const slots = layoutSlots(data);
const box = (r) => ({ x1: r.x, y1: r.y, x2: r.x + r.w, y2: r.y + r.h });

test('a name is scaled up so that it is never under NAME_PX on the screen, and only then', () => {
  for (const ppu of [0.1, 0.376, 0.5, 0.8]) assert.ok(NAME_FONT * nameScale(ppu) * ppu >= NAME_PX - 1e-9, `at ${ppu}`);
  assert.equal(nameScale(2), 1);
  assert.equal(nameScale(NAME_PX / NAME_FONT), 1);
});

test('every name from twice the Fit zoom, once that draws them near their own size', () => {
  const fit = 0.387; // 1366 x 768
  assert.equal(allNames(fit, fit), false);
  assert.equal(allNames(1.9 * fit, fit), false);
  assert.equal(allNames(2 * fit, fit), true);
  assert.equal(allNames(3 * fit, fit), true);
  const phone = 0.14; // a phone's Fit: twice it would scale the names three times over
  assert.equal(allNames(2 * phone, phone), false);
  assert.equal(allNames(6 * phone, phone), true);
});

test('fortresses and VP spaces first, then cultivated spaces, settlements and ports, then the rest', () => {
  const order = namePriority(data.spaces.values());
  const tiers = order.map(nameTier);
  assert.deepEqual(tiers, [...tiers].sort((a, b) => a - b));
  assert.equal(nameTier(data.spaces.get('quebec')), 0);
  assert.equal(nameTier(data.spaces.get('boston')), 0);
  assert.equal(nameTier(data.spaces.get('hudson_carry_north')), 2);
});

test('the names shown overlap nothing: each other, symbols, slots in use', () => {
  const stacks = new Set(['hudson_carry_north', 'hudson_carry_south', 'albany', 'quebec', 'louisbourg', 'ticonderoga']);
  const markers = new Set(['oswego', 'niagara']);
  let before = -1;
  for (const ppu of [0.376, 0.5, 0.6, 0.7]) {
    const k = nameScale(ppu);
    const bounds = mapBounds(data, slots);
    const { place, hidden } = shownNames(data, slots, k, { stacks, markers, bounds });
    assert.equal(place.size + hidden.size, data.spaces.size);
    assert.ok(place.size > before, `zooming in from ${ppu} shows more names`);
    before = place.size;
    const boxes = [...place].map(([id, where]) => ({ id, r: nameBox(data.spaces.get(id), k, where) }));
    const problems = [];
    for (const a of boxes) {
      for (const b of boxes) if (a.id < b.id && overlap(a.r, b.r) > 0) problems.push(`${a.id} / ${b.id}`);
      for (const s of data.spaces.values()) if (s.id !== a.id && overlap(a.r, symbolBox(s)) > 0) problems.push(`${a.id} over ${s.id}`);
      for (const id of stacks) if (overlap(a.r, box(slots.get(id))) > 0) problems.push(`${a.id} over the stack of ${id}`);
      for (const id of markers) if (overlap(a.r, box(slots.get(id).marks)) > 0) problems.push(`${a.id} over the markers of ${id}`);
      if (a.r.x1 < bounds.x || a.r.y1 < bounds.y || a.r.x2 > bounds.x + bounds.w || a.r.y2 > bounds.y + bounds.h) problems.push(`${a.id} off the map`);
    }
    assert.deepEqual(problems, [], `at ${ppu} px per unit`);
  }
  // Far out the first tier is what shows first.
  const { place } = shownNames(data, slots, nameScale(0.376), { stacks, markers });
  assert.ok(place.has('boston') && place.has('new_york'), [...place.keys()].join(' '));
  assert.ok(place.size >= 25, `${place.size} names at Fit`);
  // Every name when asked (twice the Fit zoom or closer), under its symbol.
  const every = shownNames(data, slots, 1.1, { all: true, stacks, markers });
  assert.equal(every.place.size, data.spaces.size);
  assert.ok([...every.place.values()].every((p) => p === 'below'));
  assert.deepEqual(shownNames(data, slots, 2, { stacks, markers }), shownNames(data, slots, 2, { stacks, markers }), 'deterministic');
});
