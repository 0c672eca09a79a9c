// Which space names the map shows at a zoom, and how big: a name is never drawn smaller than
// NAME_PX CSS pixels on the screen (below the zoom where its map size suffices it is scaled up,
// inversely with the zoom). A name goes under its symbol, else over it, else beside it, where it
// overlaps no other shown name, no space's symbol, no stack or markers in their slots (layout.js)
// and no militia box; where there is no such place it is hidden rather than squeezed. Pure (no
// DOM): the board asks once per zoom step (board.js), not per frame of a pan.
//
// Which names go first (namePriority), the one rule: a space that scores victory points or holds a
// fortress (and the Pays d'en Haut box) first, then the other cultivated spaces, the settlements
// and the ports, then the rest (wilderness and mountain); within a tier the space with more
// connections first (a crossroads is worth reading), then by id. At ALL_NAMES_ZOOM times the Fit
// zoom or closer every name is shown, whatever it touches, once names are scaled up by no more
// than ALL_NAMES_SCALE (allNames: on a phone, whose Fit is far smaller, twice it is still too far).
import { labelBaseline, spaceShape, symbolBox } from './layout.js';

export const NAME_FONT = 14; // a name's font size in map units at scale 1 (wilderness_war.css .ww-label)
export const NAME_PX = 12; // the least font size of a name on the screen, in CSS pixels
export const ALL_NAMES_ZOOM = 2; // from this many times the Fit zoom on, every name shows
export const ALL_NAMES_SCALE = 1.15; // ... when names are scaled up by this much at most
const ROOM = 2; // the least room between a name and anything else, in map units at scale 1

// How much a name is scaled at `pixelsPerUnit` screen pixels per map unit (1: its own size).
export function nameScale(pixelsPerUnit) {
  if (!(pixelsPerUnit > 0)) return 1;
  return Math.max(1, NAME_PX / (NAME_FONT * pixelsPerUnit));
}

// Whether every name shows at `pixelsPerUnit`, the Fit zoom being `fitPixelsPerUnit`.
export function allNames(pixelsPerUnit, fitPixelsPerUnit) {
  return pixelsPerUnit >= ALL_NAMES_ZOOM * fitPixelsPerUnit * 0.999 && nameScale(pixelsPerUnit) <= ALL_NAMES_SCALE;
}

// The tier of a space's name: 0 first.
export function nameTier(space) {
  if (space.vp_space || space.fortress || space.terrain === 'box') return 0;
  if (space.terrain === 'cultivated' || (space.settlement_tribes ?? []).length || space.port) return 1;
  return 2;
}

// The spaces in the order their names claim room.
export function namePriority(spaces) {
  return [...spaces].sort(
    (a, b) => nameTier(a) - nameTier(b) || b.connections.length - a.connections.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

// A name's measures at scale 1, in map units: its width, the height of its box and how far its
// box reaches above the baseline. The map measures the names as drawn (map.js nameMetrics); these
// are for when it cannot (a character of a 14px semibold name is about 9 to 10.5 units wide).
export const NAME_CHAR = 10.5;
export function estimatedMetrics(space) {
  return { w: space.name.length * NAME_CHAR, h: 17, ascent: 13 };
}

// The places a name may take, in the order it tries them: under its symbol, over it, to its right,
// to its left.
export const PLACES = ['below', 'above', 'right', 'left'];

// Where a space's name at `place` is drawn at scale 1: {x, y (its baseline), anchor (its
// text-anchor, which wilderness_war.css sets by its place-* class)}. Under the symbol as layout.js
// reserves it; over it with the bottom of its box 2 units over the symbol with its glyphs; beside
// it 3 units off, centred on the symbol's height.
export function nameAnchor(space, place = 'below', m = estimatedMetrics(space)) {
  const shape = spaceShape(space);
  const sym = symbolBox(space);
  const middle = shape.y - m.h / 2 + m.ascent;
  if (place === 'above') return { x: shape.x, y: sym.y1 - 2 - (m.h - m.ascent), anchor: 'middle' };
  if (place === 'right') return { x: sym.x2 + 3, y: middle, anchor: 'start' };
  if (place === 'left') return { x: sym.x1 - 3, y: middle, anchor: 'end' };
  return { x: shape.x, y: labelBaseline(space), anchor: 'middle' };
}

// The rectangle {x1, y1, x2, y2} of a space's name at `place` scaled by `k`: it grows from the
// side that faces its symbol (wilderness_war.css sets its transform origin so: the top of its box
// under the symbol, the bottom over it, the near end beside it).
export function nameBox(space, k = 1, place = 'below', m = estimatedMetrics(space)) {
  const a = nameAnchor(space, place, m);
  const top = a.y - m.ascent;
  const w = m.w * k;
  const h = m.h * k;
  const middle = top + m.h / 2;
  if (place === 'above') return { x1: a.x - w / 2, y1: top + m.h - h, x2: a.x + w / 2, y2: top + m.h };
  if (place === 'right') return { x1: a.x, y1: middle - h / 2, x2: a.x + w, y2: middle + h / 2 };
  if (place === 'left') return { x1: a.x - w, y1: middle - h / 2, x2: a.x, y2: middle + h / 2 };
  return { x1: a.x - w / 2, y1: top, x2: a.x + w / 2, y2: top + h };
}

const touches = (a, b, gap) => a.x1 - gap < b.x2 && b.x1 < a.x2 + gap && a.y1 - gap < b.y2 && b.y1 < a.y2 + gap;

// Where the names show at name scale `k`: {place: Map<space id, a place of PLACES>, hidden: Set of
// space ids}, given the slots of layout.js and the slots in use: `stacks` and `markers`, the ids
// of the spaces that show a stack, markers (every slot when not given), and inside `bounds`
// ({x, y, w, h}: the map's, when given); `metrics`: Map<space id, its name's measures>, as drawn.
// A name takes the first of PLACES where it overlaps nothing, else it is hidden. `all`: every name under its symbol (ALL_NAMES_ZOOM or
// closer).
export function shownNames(data, slots, k, { all = false, stacks = null, markers = null, bounds = null, metrics = null } = {}) {
  const spaces = [...data.spaces.values()];
  if (all) return { place: new Map(spaces.map((s) => [s.id, 'below'])), hidden: new Set() };
  const obstacles = [];
  for (const space of spaces) obstacles.push({ id: space.id, r: symbolBox(space) });
  for (const box of data.militiaBoxes.values()) obstacles.push({ id: box.id, r: { x1: box.map.x, y1: box.map.y, x2: box.map.x + box.map.w, y2: box.map.y + box.map.h } });
  for (const [id, slot] of slots) {
    if (!data.spaces.has(id)) continue; // a militia box's slot is inside the box
    if (!stacks || stacks.has(id)) obstacles.push({ id, slot: true, r: { x1: slot.x, y1: slot.y, x2: slot.x + slot.w, y2: slot.y + slot.h } });
    if (slot.marks && (!markers || markers.has(id)))
      obstacles.push({ id, slot: true, r: { x1: slot.marks.x, y1: slot.marks.y, x2: slot.marks.x + slot.marks.w, y2: slot.marks.y + slot.marks.h } });
  }
  const place = new Map();
  const hidden = new Set();
  const placed = [];
  for (const space of namePriority(spaces)) {
    // A name sits next to its own symbol: its own symbol is no obstacle, its own slots are.
    const inside = (r) => !bounds || (r.x1 >= bounds.x && r.y1 >= bounds.y && r.x2 <= bounds.x + bounds.w && r.y2 <= bounds.y + bounds.h);
    const free = (r) => inside(r) && !obstacles.some((o) => (o.id !== space.id || o.slot) && touches(r, o.r, ROOM)) && !placed.some((p) => touches(r, p, ROOM * k));
    const m = metrics?.get(space.id) ?? estimatedMetrics(space);
    const where = PLACES.find((p) => free(nameBox(space, k, p, m)));
    if (!where) {
      hidden.add(space.id);
      continue;
    }
    place.set(space.id, where);
    placed.push(nameBox(space, k, where, m));
  }
  return { place, hidden };
}
