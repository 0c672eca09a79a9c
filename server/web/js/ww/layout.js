// Where each space's stack and markers go on the map, worked out once from the map data, so that
// no stack and no marker ever covers another space, a space's name or another space's stack,
// whatever is on the map and at every zoom (the map is an SVG in map units: zooming changes no
// geometry).
//
// Every space gets two fixed "slots": one for its stack, room for `cols` x `rows` counter cells
// (3 x 1 where there is room, down to 1 x 1), and one for its markers (two badges MARK_W wide,
// one above the other or side by side). Whatever the stack holds is drawn inside its slot (pieces.js piles counters up when they
// do not fit), so slots that never overlap mean stacks that never overlap.
//
// The algorithm (deterministic, pure, no DOM; well under 100 ms for the whole map):
//  1. Obstacles: every other space's symbol with its fortress ring and glyphs (anchor,
//     settlement, VP star), the middle of the space's own symbol (so that it stays clickable),
//     the militia boxes and the slots placed before; the spaces' names are obstacles too, but
//     soft ones.
//  2. Stack slots first, most crowded space first (shortest distance to another space's centre,
//     then id); then marker slots in the same order.
//  3. The candidates are slots of each shape (SHAPES) centred at 20 to 150 map units from the
//     symbol's centre in 16 directions (a marker slot from 0). Each costs its distance, plus its
//     shape's cost (a smaller slot costs more), plus NAME_COST if it covers a name; the cheapest
//     that touches no hard obstacle wins (else the one that overlaps least). Then each space looks
//     again, once, with all the others placed.
//  4. The Pays d'en Haut box holds its stack inside, at its foot; a militia box holds its militia
//     in its right half.
// A slot away from its space is tied to it by a thin line (pieces.js).
import { centre } from './data.js';

export const CELL = 32; // the pitch of a counter cell
export const COUNTER = 28; // a counter's side
export const MARK_W = 46; // the marker column
export const LABEL_CHAR = 7.8; // the mean width of a character of a space name (14px, semibold)
const NAME_COST = 150; // what covering a name costs, in map units of distance
const GAP = 2; // the least room between a slot and a symbol or another slot

// Where a space's symbol is drawn and how big it is.
export function spaceShape(space) {
  const c = centre(space.map);
  const m = Math.min(space.map.w, space.map.h);
  if (space.terrain === 'box') return { kind: 'box', x: c.x, y: c.y, w: space.map.w * 0.9, h: space.map.h * 0.9 };
  if (space.terrain === 'cultivated') {
    const side = Math.max(46, m * 0.55);
    return { kind: 'square', x: c.x, y: c.y - 6, w: side, h: side };
  }
  const r = Math.max(24, m * 0.3);
  return { kind: 'circle', x: c.x, y: c.y - 6, w: 2 * r, h: 2 * r };
}

// The baseline of a space's name (map.js draws it there).
export function labelBaseline(space) {
  const shape = spaceShape(space);
  return shape.y + shape.h / 2 + (space.fortress ? 22 : 15);
}

// The rectangle {x1, y1, x2, y2} of a space's symbol with its ring and glyphs.
export function symbolBox(space) {
  const { x, y, w, h } = spaceShape(space);
  const ring = space.fortress ? 7 : 2;
  return {
    x1: x - w / 2 - ring - (space.port ? 12 : 0),
    y1: y - h / 2 - ring - ((space.settlement_tribes ?? []).length ? 8 : 0),
    x2: x + w / 2 + ring + (space.vp_space || (space.settlement_tribes ?? []).length ? 12 : 0),
    y2: y + h / 2 + ring,
  };
}

// The rectangle of a space's name.
export function labelBox(space) {
  const { x } = spaceShape(space);
  const base = labelBaseline(space);
  const half = (space.name.length * LABEL_CHAR) / 2 + 2;
  return { x1: x - half, y1: base - 12, x2: x + half, y2: base + 4 };
}

export function overlap(a, b) {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  return w > 0 && h > 0 ? w * h : 0;
}

const rect = (x, y, w, h) => ({ x1: x, y1: y, x2: x + w, y2: y + h });

// The part of a space's own symbol its slot leaves free, so that the space stays clickable at its
// middle (a click on a space lands at the centre of its symbol and name).
export function keepFree(space) {
  const { x, y } = spaceShape(space);
  return { x1: x - 11, y1: y - 6, x2: x + 11, y2: y + 16 };
}

// The 16 directions the candidates go, clockwise from the right.
const DIRECTIONS = Array.from({ length: 16 }, (_, i) => [Math.cos((i * Math.PI) / 8), Math.sin((i * Math.PI) / 8)]);

// The shapes of a stack slot: its counter cells in columns and rows, and what a smaller one costs.
const SHAPES = [
  { cols: 3, rows: 1, cost: 0 },
  { cols: 2, rows: 1, cost: 15 },
  { cols: 2, rows: 2, cost: 20 },
  { cols: 1, rows: 2, cost: 30 },
  { cols: 1, rows: 1, cost: 60 },
];

// Candidate slots relative to a space's symbol's centre, sorted by `base` (distance plus the
// shape's cost; ties keep this order).
function candidateList(shapes, from) {
  return shapes
    .flatMap(({ w, h, cost, ...rest }) => {
      const out = [];
      for (let d = from; d <= 150; d += 6)
        for (const [dx, dy] of d === 0 ? [[0, 0]] : DIRECTIONS) out.push({ dx: dx * d - w / 2, dy: dy * d - h / 2, w, h, ...rest, base: d + cost });
      return out;
    })
    .sort((a, b) => a.base - b.base);
}

const STACK_CANDIDATES = candidateList(
  SHAPES.map((s) => ({ ...s, w: s.cols * CELL, h: s.rows * CELL })),
  20,
);
// A marker slot holds two badges, one above the other or side by side.
export const BADGE_H = (CELL - 2) / 2;
const MARKER_CANDIDATES = candidateList(
  [
    { w: MARK_W, h: CELL, cost: 0 },
    { w: 2 * MARK_W, h: BADGE_H, cost: 5 },
  ],
  0,
);

// Map<location id, {x, y, w, h, cols, rows, marks}>: the stack slot of every space and militia
// box, and a space's marker slot `marks` ({x, y, w, h}).
export function layoutSlots(data) {
  const spaces = [...data.spaces.values()];
  const symbols = new Map(spaces.map((s) => [s.id, symbolBox(s)]));
  const labels = [...spaces.map((s) => labelBox(s))];
  const boxes = [...data.militiaBoxes.values()].map((b) => rect(b.map.x, b.map.y, b.map.w, b.map.h));
  const shapes = new Map(spaces.map((s) => [s.id, spaceShape(s)]));
  const nearest = new Map(
    spaces.map((s) => {
      const a = shapes.get(s.id);
      let best = Infinity;
      for (const t of spaces) if (t !== s) best = Math.min(best, Math.hypot(a.x - shapes.get(t.id).x, a.y - shapes.get(t.id).y));
      return [s.id, best];
    }),
  );
  const order = spaces.slice().sort((a, b) => nearest.get(a.id) - nearest.get(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Only what lies near a space can touch its candidates.
  const REACH = 250;
  const near = (c, list) => list.filter((b) => b.x2 > c.x - REACH && b.x1 < c.x + REACH && b.y2 > c.y - REACH && b.y1 < c.y + REACH);
  const hitsAny = (x1, y1, x2, y2, list) => {
    for (const b of list) if (b.x2 > x1 && b.x1 < x2 && b.y2 > y1 && b.y1 < y2) return true;
    return false;
  };
  const fixed = [...boxes];
  for (const [id, box] of symbols) fixed.push({ ...box, id });
  const stacks = new Map(); // space id -> {x1, y1, x2, y2, c}
  const marks = new Map();
  // The best slot of `space` among `candidates` with the other slots where they are.
  const place = (space, candidates, mine) => {
    const shape = shapes.get(space.id);
    const others = [...stacks, ...marks].filter(([id, r]) => id !== space.id || r !== mine.get(space.id)).map(([, r]) => r);
    const hard = near(shape, [...fixed.filter((b) => b.id !== space.id), ...(space.terrain === 'box' ? [] : [keepFree(space)]), ...others]);
    const named = near(shape, labels);
    let chosen = null;
    let best = Infinity;
    for (const c of candidates) {
      if (c.base >= best) break;
      const x1 = shape.kind === 'box' ? shape.x - c.w / 2 : shape.x + c.dx;
      const y1 = shape.kind === 'box' ? shape.y + shape.h / 2 - c.h - 6 : shape.y + c.dy;
      const x2 = x1 + c.w;
      const y2 = y1 + c.h;
      // A little room between slots: text is drawn a hair wider than its box at some zooms.
      if (hitsAny(x1 - GAP, y1 - GAP, x2 + GAP, y2 + GAP, hard)) continue;
      const score = c.base + (hitsAny(x1, y1, x2, y2, named) ? NAME_COST : 0);
      if (score < best) {
        best = score;
        chosen = { x1, y1, x2, y2, c };
      }
    }
    if (!chosen) {
      let least = Infinity;
      for (const c of candidates) {
        const r = rect(shape.x + c.dx, shape.y + c.dy, c.w, c.h);
        const o = hard.reduce((sum, box) => sum + overlap(r, box), 0);
        if (o < least) {
          least = o;
          chosen = { ...r, c };
        }
      }
    }
    return chosen;
  };
  const stackCandidates = (space) => (space.terrain === 'box' ? STACK_CANDIDATES.filter((c) => c.cols === 2 && c.rows === 1).slice(0, 1) : STACK_CANDIDATES);
  for (let round = 0; round < 2; ++round) for (const space of order) stacks.set(space.id, place(space, stackCandidates(space), stacks));
  for (let round = 0; round < 2; ++round) for (const space of order) marks.set(space.id, place(space, MARKER_CANDIDATES, marks));
  const slots = new Map();
  for (const space of spaces) {
    const s = stacks.get(space.id);
    const m = marks.get(space.id);
    slots.set(space.id, {
      x: s.x1,
      y: s.y1,
      w: s.x2 - s.x1,
      h: s.y2 - s.y1,
      cols: s.c.cols,
      rows: s.c.rows,
      marks: { x: m.x1, y: m.y1, w: m.x2 - m.x1, h: m.y2 - m.y1 },
    });
  }
  // A militia box: its militia in its right half, below its name.
  for (const box of data.militiaBoxes.values()) {
    const cols = Math.floor((box.map.w / 2 - 6) / CELL);
    slots.set(box.id, { x: box.map.x + box.map.w - 6 - cols * CELL, y: box.map.y + 20, w: cols * CELL, h: CELL, cols, rows: 1, marks: null });
  }
  return slots;
}
