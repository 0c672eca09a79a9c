// The Mohicans map as SVG, drawn from the title data's coordinates (frame map_width x
// map_height): lakes, the drawn lines (roads, trails, rivers, coasts, each in its own style), the
// locations by type with their printed flags (Iroquois villages, ports, victory objectives, supply
// bases) and names, and the naval insert's box. update() adds what the view says: owners, fort,
// raid and siege markers, the stacks of counters, the naval pieces, and the legal targets.
import { s, tip } from '../ww/svg.js';
import { targetAttrsFor } from '../ww/targets.js';
import { SIDE_NAMES, kindAbbr, words } from './data.js';

const COUNTER = 10; // a counter's side, in map units
const SHAPE = {
  city: () => s('rect', { x: -6, y: -6, width: 12, height: 12, rx: 1.5 }),
  town: () => s('circle', { r: 4.8 }),
  fort: () => s('path', { d: 'M0 -6.5 L6.2 -2 L3.8 5.3 L-3.8 5.3 L-6.2 -2 Z' }),
  portage: () => s('rect', { x: -4.5, y: -3, width: 9, height: 6, rx: 3 }),
  village: () => s('path', { d: 'M0 -5.5 L5 4 L-5 4 Z' }),
};

// Ordering of a stack's counters: the strongest on top.
const KIND_ORDER = ['european_regular', 'colonial_regular', 'troupes_de_marine', 'ranger', 'garrison', 'coureur_de_bois', 'militia', 'iroquois', 'tribe'];

export function sortUnits(ids, data) {
  const rank = (id) => KIND_ORDER.indexOf(data.units.get(id)?.kind);
  return [...ids].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

// The colour a counter shows: its side, an Iroquois counter its colour's side.
export function counterSide(unit) {
  if (unit.side === 'iroquois') return unit.aligned_with ? `iroquois-${unit.aligned_with}` : 'iroquois';
  return unit.side;
}

// Whether a counter shows its back: a tribe not yet activated.
export function faceDown(unit, state) {
  return unit.kind === 'tribe' && state && !state.activated;
}

export function counterGlyph(unit, state, { x = 0, y = 0, size = COUNTER, attrs = {} } = {}) {
  const down = faceDown(unit, state);
  const cls = ['moh-counter', `side-${counterSide(unit)}`, down ? 'face-down' : '', state?.damaged ? 'damaged' : ''].filter(Boolean).join(' ');
  return s(
    'g',
    { class: cls, transform: `translate(${x} ${y})`, 'data-unit': unit.id, ...attrs },
    s('rect', { x: 0, y: 0, width: size, height: size, rx: 1.5 }),
    state?.damaged ? s('path', { class: 'moh-damage', d: `M0 ${size} L${size} 0` }) : null,
    s('text', { x: size / 2, y: size / 2 + 1.3, 'text-anchor': 'middle' }, down ? '?' : kindAbbr(unit)),
    tip(`${unit.name}${down ? ' (face down)' : ''}${state?.damaged ? ' (damaged)' : ''}`),
  );
}

// Where each place's stack is drawn: the top left corner of its counter, from the place's centre.
// Above the place (its name is below it) unless its box would overlap a stack placed already or
// another place's symbol (places close together: Boston and Salem, Oneida and Fort Stanwix, Albany
// below Fort George...); then the first free spot of the others, round the place and further up,
// so that no stack covers another or a neighbour and takes its clicks. A stack's box holds its
// shadows and its count (up to 4.4 right of and 3.4 above the counter); a symbol's, 6 round the
// place. Where no spot is free of both, one apart from the other stacks: the place's click circle
// then keeps off the stack (hitRadii).
const STACK_SPOTS = [
  { x: -COUNTER / 2, y: -COUNTER - 8 },
  { x: 4, y: -17 },
  { x: -14, y: -17 },
  { x: -COUNTER / 2, y: -28 },
  { x: 9, y: -5 },
  { x: 4, y: -28 },
  { x: -14, y: -28 },
  { x: -21, y: -5 },
  { x: 9, y: 6 },
  { x: -21, y: 6 },
  { x: -COUNTER / 2, y: -38 },
  { x: -COUNTER / 2, y: 8 },
  { x: 4, y: 8 },
  { x: -14, y: 8 },
];
const SYMBOL = 6;

function stackBox(loc, spot) {
  return { x0: loc.map.x + spot.x, y0: loc.map.y + spot.y - 3.4, x1: loc.map.x + spot.x + COUNTER + 4.4, y1: loc.map.y + spot.y + COUNTER };
}

function overlap(a, b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

export function stackSpots(locations) {
  const symbols = new Map(locations.map((l) => [l.id, { x0: l.map.x - SYMBOL, y0: l.map.y - SYMBOL, x1: l.map.x + SYMBOL, y1: l.map.y + SYMBOL }]));
  const taken = [];
  const out = new Map();
  for (const loc of locations) {
    const apart = (spot) => !taken.some((t) => overlap(stackBox(loc, spot), t));
    const free = (spot) => apart(spot) && ![...symbols].some(([id, sym]) => id !== loc.id && overlap(stackBox(loc, spot), sym));
    // Crowded round (Tuscarora below Oneida): at least apart from the other stacks.
    const spot = STACK_SPOTS.find(free) ?? STACK_SPOTS.find(apart) ?? STACK_SPOTS[0];
    taken.push(stackBox(loc, spot));
    out.set(loc.id, spot);
  }
  return out;
}

// Each location's click circle, in map units: 9, or less where another location is nearer than
// twice that (half the distance between them) or another place's stack nearer than 9, so that no
// place's circle reaches over a neighbour's place or stack (Boston and Salem are 8.4 apart, Oneida
// and Fort Stanwix 7.4): a click on a place is that place's.
export function hitRadii(locations, largest = 9, spots = stackSpots(locations)) {
  const out = new Map();
  for (const a of locations) {
    let r = largest;
    for (const b of locations) {
      if (b === a) continue;
      const box = stackBox(b, spots.get(b.id));
      const toBox = Math.hypot(Math.max(box.x0 - a.map.x, 0, a.map.x - box.x1), Math.max(box.y0 - a.map.y, 0, a.map.y - box.y1));
      r = Math.min(r, Math.hypot(a.map.x - b.map.x, a.map.y - b.map.y) / 2, toBox);
    }
    out.set(a.id, r);
  }
  return out;
}

// The points' convex hull (a lake drawn round its members).
function hull(points) {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const cross = (o, a, b) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper = [];
  for (const q of p.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

export class MohicansMap {
  constructor(data) {
    this.data = data;
    const { width, height } = data;
    this.locEls = new Map();
    this.lakeLayer = s('g', { class: 'moh-lakes' });
    this.lineLayer = s('g', { class: 'moh-lines' });
    this.locLayer = s('g', { class: 'moh-locations' });
    this.nameLayer = s('g', { class: 'moh-names' });
    this.markerLayer = s('g', { class: 'moh-markers' });
    this.stackLayer = s('g', { class: 'moh-stacks' });
    // The places to pick, while there are some, drawn above the stacks (update()).
    this.pickLayer = s('g', { class: 'moh-locations moh-picked' });
    this.insertLayer = s('g', { class: 'moh-insert' });
    this.svg = s(
      'svg',
      { class: 'moh-map', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': 'map of North America, 1754-1760' },
      s('rect', { class: 'moh-land', x: 0, y: 0, width, height }),
      this.lakeLayer,
      this.lineLayer,
      this.locLayer,
      this.markerLayer,
      this.nameLayer,
      this.insertLayer,
      this.stackLayer,
      this.pickLayer,
    );
    this.drawStatic();
  }

  at(id) {
    return this.data.locations.get(id).map;
  }

  drawStatic() {
    const { data } = this;
    for (const lake of data.raw.lakes) {
      const points = hull(lake.members.map((id) => this.at(id)));
      this.lakeLayer.append(
        s('polygon', { class: 'moh-lake', 'data-lake': lake.id, points: points.map((p) => `${p.x},${p.y}`).join(' ') }, tip(lake.name)),
        s('text', { class: 'moh-lake-name', x: lake.label.x, y: lake.label.y, 'text-anchor': 'middle' }, lake.name),
      );
    }
    this.stackSpot = stackSpots(data.raw.locations);
    const radii = hitRadii(data.raw.locations, 9, this.stackSpot);
    for (const c of data.raw.connections) {
      const a = this.at(c.a);
      const b = this.at(c.b);
      const kind = c.type === 'waterway' ? c.via : c.type;
      this.lineLayer.append(
        s(
          'line',
          { class: `moh-line moh-${kind}`, 'data-connection': c.id, 'data-type': c.type, 'data-via': c.via, x1: a.x, y1: a.y, x2: b.x, y2: b.y },
          tip(`${words(kind)}: ${data.locationName(c.a)} – ${data.locationName(c.b)}`),
        ),
      );
    }
    for (const loc of data.raw.locations) {
      const { x, y } = loc.map;
      const flags = [];
      if (loc.iroquois_village) flags.push('Iroquois village');
      if (loc.port) flags.push('port');
      if (loc.supply_base) flags.push(`${SIDE_NAMES[loc.supply_base]} supply base`);
      if (loc.objective_of) flags.push(`${SIDE_NAMES[loc.objective_of]} objective`);
      if (loc.shovel_fort) flags.push(`fort site (${loc.shovel_fort.year})`);
      const g = s(
        'g',
        {
          class: `moh-loc moh-${loc.type}${loc.iroquois_village ? ' iroquois-village' : ''}${loc.iroquois_land ? ' iroquois-land' : ''}`,
          'data-location': loc.id,
          'data-type': loc.type,
          transform: `translate(${x} ${y})`,
        },
        loc.iroquois_village ? s('circle', { class: 'moh-iroquois-ring', r: 8.5 }) : null,
        loc.supply_base ? s('circle', { class: `moh-base side-${loc.supply_base}`, r: 10 }) : null,
        s('circle', { class: 'moh-hit', r: radii.get(loc.id) }),
        SHAPE[loc.type] ? SHAPE[loc.type]() : SHAPE.town(),
        loc.port ? s('text', { class: 'moh-port', x: -8, y: -5, 'text-anchor': 'middle' }, '⚓') : null,
        loc.objective_of ? s('text', { class: `moh-objective side-${loc.objective_of}`, x: 8, y: -4, 'text-anchor': 'middle' }, '★') : null,
        tip(`${loc.name} (${loc.type}, ${loc.terrain}${flags.length ? `; ${flags.join(', ')}` : ''})`),
      );
      this.locEls.set(loc.id, g);
      this.locLayer.append(g);
      this.nameLayer.append(s('text', { class: 'moh-name', x, y: y + 13, 'text-anchor': 'middle', 'data-name': loc.id }, loc.name));
    }
    const box = data.raw.naval_insert.map;
    this.insertLayer.append(
      s('rect', { class: 'moh-insert-box', x: box.x, y: box.y, width: box.w, height: box.h, rx: 4 }),
      s('text', { class: 'moh-insert-title', x: box.x + box.w / 2, y: box.y + 14, 'text-anchor': 'middle' }, 'Naval War'),
    );
    this.spotLayer = s('g');
    this.insertLayer.append(this.spotLayer);
  }

  // Owners, markers, stacks, naval pieces and targets of the view.
  update(view, targets, seat) {
    const { data } = this;
    for (const [id, g] of this.locEls) {
      const state = view.locations?.[id] ?? {};
      for (const cls of [...g.classList]) if (cls.startsWith('owner-')) g.classList.remove(cls);
      g.classList.add(`owner-${state.owner ?? data.locations.get(id).owner}`);
      const verbs = targets.locations.get(id);
      g.classList.toggle('target', Boolean(verbs));
      for (const attr of ['data-verb', 'data-verbs', 'data-arg', 'data-arg-type', 'role', 'tabindex']) g.removeAttribute(attr);
      if (verbs) for (const [k, v] of Object.entries({ ...targetAttrsFor(verbs, id), role: 'button', tabindex: 0 })) g.setAttribute(k, v);
    }
    // While places are to be picked, stacks that are no target let clicks through to them, and the
    // places to pick are drawn above the stacks: a counter stands above its place, so a stack that is
    // a target too would otherwise take the clicks meant for the place above it (Salem over Boston).
    const picking = targets.locations.size > 0;
    this.svg.classList.toggle('picking-location', picking);
    for (const [id, g] of this.locEls) {
      const layer = picking && targets.locations.has(id) ? this.pickLayer : this.locLayer;
      if (g.parentNode !== layer) layer.append(g);
    }
    this.drawMarkers(view);
    this.drawStacks(view, targets);
    this.drawNaval(view, targets, seat);
  }

  drawMarkers(view) {
    const out = [];
    for (const [id, state] of Object.entries(view.locations ?? {})) {
      const loc = this.data.locations.get(id);
      if (!loc) continue;
      const { x, y } = loc.map;
      const badges = [];
      if (state.fort) badges.push({ cls: `moh-fort side-${state.fort}`, text: 'F', marker: 'fort', title: `${SIDE_NAMES[state.fort]} fort` });
      if (state.raided) badges.push({ cls: 'moh-raid', text: 'R', marker: 'raid', title: 'raided' });
      if (state.besieged) badges.push({ cls: 'moh-siege', text: 'S', marker: 'siege', title: 'besieged' });
      badges.forEach((b, i) => {
        const bx = x - 15 - i * 8;
        const by = y + 1;
        out.push(
          s(
            'g',
            { class: `moh-marker ${b.cls}`, 'data-marker': b.marker, 'data-at': id, transform: `translate(${bx} ${by})` },
            s('rect', { x: -3.5, y: -3.5, width: 7, height: 7, rx: 1 }),
            s('text', { y: 2, 'text-anchor': 'middle' }, b.text),
            tip(`${loc.name}: ${b.title}`),
          ),
        );
      });
    }
    this.markerLayer.replaceChildren(...out);
  }

  // One stack per location: its top counter, with shadows for the others and their count; a
  // stack holding a target is marked, and a click opens its list (board.js).
  drawStacks(view, targets) {
    const byPlace = stacksOf(view);
    const out = [];
    for (const [where, ids] of byPlace) {
      const loc = this.data.locations.get(where);
      if (!loc) continue;
      const sorted = sortUnits(ids, this.data);
      const top = this.data.units.get(sorted[0]);
      // Above the place, whose name is below it, or beside a neighbour's stack (stackSpots).
      const spot = this.stackSpot.get(where);
      const x = loc.map.x + spot.x;
      const y = loc.map.y + spot.y;
      const isTarget = sorted.some((id) => targets.units.has(id));
      const shadows = [];
      for (let i = Math.min(sorted.length - 1, 2); i >= 1; i--) shadows.push(s('rect', { class: 'moh-shadow', x: i * 1.6, y: -i * 1.6, width: COUNTER, height: COUNTER, rx: 1.5 }));
      out.push(
        s(
          'g',
          {
            class: `moh-stack${isTarget ? ' target' : ''}`,
            'data-stack': where,
            'data-units': sorted.join(' '),
            transform: `translate(${x} ${y})`,
            role: 'button',
            tabindex: 0,
            'aria-label': `${sorted.length} unit(s) at ${loc.name}`,
          },
          shadows,
          counterGlyph(top, view.units[top.id]),
          sorted.length > 1 ? s('g', { class: 'moh-count' }, s('circle', { cx: COUNTER + 1, cy: 0, r: 3.4 }), s('text', { x: COUNTER + 1, y: 1.5, 'text-anchor': 'middle' }, sorted.length)) : null,
        ),
      );
    }
    this.stackLayer.replaceChildren(...out);
  }

  // The insert's four spots with the pieces on them (a French piece not yet turned up shows its
  // back to all but the French, who see what they put there), the Sea Lift at its port, and the
  // French pieces in hand (to the French) as targets when they are to be placed.
  drawNaval(view, targets, seat) {
    const { data } = this;
    const out = [];
    const insert = view.naval?.insert ?? {};
    const own = view.naval_orders?.insert ?? {};
    const piece = (id, x, y, extra = {}) => {
      const n = data.naval.get(id);
      const verbs = targets.naval.get(id);
      return s(
        'g',
        { class: `moh-naval side-${n.side}${verbs ? ' target' : ''}`, 'data-naval': id, transform: `translate(${x} ${y})`, ...(verbs ? { ...targetAttrsFor(verbs, id), role: 'button', tabindex: 0 } : {}), ...extra },
        s('rect', { x: 0, y: 0, width: 22, height: 13, rx: 2 }),
        s('text', { x: 11, y: 8.7, 'text-anchor': 'middle' }, navalAbbr(n)),
        tip(`${n.name} (${SIDE_NAMES[n.side]})`),
      );
    };
    const back = (x, y, known) =>
      s(
        'g',
        { class: `moh-naval side-french face-down${known ? ' own' : ''}`, 'data-naval-face-down': '', transform: `translate(${x} ${y})` },
        s('rect', { x: 0, y: 0, width: 22, height: 13, rx: 2 }),
        s('text', { x: 11, y: 8.7, 'text-anchor': 'middle' }, known ? navalAbbr(data.naval.get(known)) : '?'),
        tip(known ? `${data.navalName(known)} (face down: only you see it)` : 'a French naval piece, face down'),
      );
    for (const spot of data.raw.naval_insert.spots) {
      const { x, y } = spot.map;
      const here = insert[spot.id] ?? {};
      out.push(
        s('g', { class: 'moh-spot', 'data-spot': spot.id }, s('circle', { cx: x, cy: y, r: 3 }), s('text', { class: 'moh-spot-name', x, y: y + 12, 'text-anchor': 'middle' }, spot.name), tip(spot.name)),
      );
      if (here.french === 'face_down') out.push(back(x - 24, y - 16, own[spot.id] ?? null));
      else if (here.french) out.push(piece(here.french, x - 24, y - 16));
      if (here.british) out.push(piece(here.british, x + 2, y - 16));
    }
    const box = data.raw.naval_insert.map;
    const inHand = view.naval_orders?.in_hand ?? [];
    const handIds = [...new Set([...inHand, ...targets.naval.keys()])].filter((id) => !Object.values(insert).some((h) => h.british === id || h.french === id));
    if (seat !== 'spectator' && handIds.length) {
      out.push(s('text', { class: 'moh-insert-hand', x: box.x + 6, y: box.y + box.h - 20 }, 'In hand:'));
      handIds.forEach((id, i) => out.push(piece(id, box.x + 40 + i * 25, box.y + box.h - 30)));
    } else if (view.naval?.french_in_hand) {
      out.push(s('text', { class: 'moh-insert-hand', x: box.x + 6, y: box.y + box.h - 20 }, `French pieces in hand: ${view.naval.french_in_hand}`));
    }
    if (view.naval?.sea_lift_at) {
      const loc = data.locations.get(view.naval.sea_lift_at);
      const lift = data.raw.naval.find((n) => n.kind === 'sea_lift');
      if (loc && lift) out.push(piece(lift.id, loc.map.x - 30, loc.map.y - 7, { 'data-at': loc.id }));
    }
    this.spotLayer.replaceChildren(...out);
  }
}

const NAVAL_ABBR = { naval_squadron: 'Sqn', troop_convoy: 'Trp', supply_convoy: 'Sup', privateer: 'Prv', sea_lift: 'Lift' };
function navalAbbr(n) {
  return NAVAL_ABBR[n.kind] ?? n.kind.slice(0, 3);
}

// The units on the map by location: Map location id -> [unit id].
export function stacksOf(view) {
  const out = new Map();
  for (const [id, u] of Object.entries(view.units ?? {})) {
    if (u.where !== 'map' || !u.at) continue;
    if (!out.has(u.at)) out.set(u.at, []);
    out.get(u.at).push(id);
  }
  return out;
}
