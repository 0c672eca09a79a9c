// The Wilderness War map as SVG, drawn from the engine's map data (no map art): cultivated spaces
// as squares, wilderness and mountain spaces as circles, the Pays d'en Haut box as a box;
// fortresses, ports, settlements and VP spaces marked; land lines, river and lake lines, and the
// one-way arrows. Spaces carry data-space; a space that is a legal target also carries data-verb
// and data-arg. Pieces and markers are drawn on top by pieces.js and markers.js.
import { spaceShape } from './layout.js';
import { s, tip } from './svg.js';
import { targetAttrsFor, verbLabel } from './targets.js';

const COLOR_GROUPS = {
  blue: '#4a78c2',
  orange: '#d98a3a',
  'blue-orange': '#8a7fb0',
  gray: '#8a8a8a',
  mohawk: '#b8a13a',
  cherokee: '#4a9a5a',
};

export { spaceShape };

function defs() {
  const arrow = (id, color) =>
    s(
      'marker',
      { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      s('path', { d: 'M0,0 L10,5 L0,10 z', fill: color }),
    );
  return s(
    'defs',
    {},
    arrow('ww-arrow-haut', '#7a4a1a'),
    arrow('ww-arrow-amphib', '#1a3a7a'),
    s(
      'pattern',
      { id: 'ww-reduced', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('rect', { width: 6, height: 6, fill: 'transparent' }),
      s('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: 'rgba(255,255,255,0.55)', 'stroke-width': 3 }),
    ),
  );
}

function linkLayer(data) {
  const g = s('g', { class: 'ww-links' });
  for (const space of data.spaces.values()) {
    const a = spaceShape(space);
    for (const link of space.connections) {
      if (link.to < space.id) continue; // each pair once
      const other = data.spaces.get(link.to);
      if (!other) continue;
      const b = spaceShape(other);
      g.append(
        s('line', {
          class: `ww-link ww-link-${link.type}`,
          x1: a.x,
          y1: a.y,
          x2: b.x,
          y2: b.y,
          'data-from': space.id,
          'data-to': link.to,
        }),
      );
    }
  }
  return g;
}

function arrowLayer(data) {
  const g = s('g', { class: 'ww-arrows' });
  for (const space of data.spaces.values()) {
    const a = spaceShape(space);
    for (const arrow of space.arrows_out ?? []) {
      const other = data.spaces.get(arrow.to);
      if (!other) continue;
      const b = spaceShape(other);
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len = Math.hypot(dx, dy) || 1;
      const start = Math.min(a.w, a.h) / 2 + 4;
      const end = Math.min(b.w, b.h) / 2 + 6;
      const amphib = arrow.kind === 'amphibious_landing';
      g.append(
        s(
          'line',
          {
            class: `ww-arrow ${amphib ? 'ww-arrow-amphib' : 'ww-arrow-haut'}`,
            x1: a.x + (dx * start) / len,
            y1: a.y + (dy * start) / len,
            x2: b.x - (dx * end) / len,
            y2: b.y - (dy * end) / len,
            'marker-end': `url(#${amphib ? 'ww-arrow-amphib' : 'ww-arrow-haut'})`,
          },
          tip(`${space.name} → ${other.name}: ${amphib ? 'Amphibious Landing' : "one-way (Pays d'en Haut)"}`),
        ),
      );
    }
  }
  return g;
}

function spaceDescription(space) {
  const kinds = [space.terrain];
  if (space.fortress) kinds.push('fortress');
  if (space.port) kinds.push('port');
  if (space.settlement_tribes.length) kinds.push(`settlement (${space.settlement_tribes.join(', ')})`);
  if (space.vp_space) kinds.push('VP space');
  if (space.holding_box) kinds.push('holding box');
  if (space.department && space.department !== 'none') kinds.push(`${space.department.replace('_', ' ')} department`);
  return `${space.name}: ${kinds.join(', ')}`;
}

function spaceGroup(space, data) {
  const shape = spaceShape(space);
  const friendly = space.originally_friendly_to ?? 'none';
  const classes = [
    'ww-space',
    `terrain-${space.terrain}`,
    `friendly-${friendly}`,
    space.fortress ? 'fortress' : '',
    space.port ? 'port' : '',
    space.settlement_tribes.length ? 'settlement' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const g = s('g', { class: classes, 'data-space': space.id });
  const title = tip(spaceDescription(space));
  g.append(title);
  const { x, y, w, h } = shape;
  if (shape.kind === 'circle') {
    if (space.fortress) g.append(s('circle', { class: 'ww-fortress-ring', cx: x, cy: y, r: w / 2 + 6 }));
    g.append(s('circle', { class: 'ww-shape', cx: x, cy: y, r: w / 2 }));
  } else {
    const rx = shape.kind === 'box' ? 12 : 3;
    if (space.fortress)
      g.append(s('rect', { class: 'ww-fortress-ring', x: x - w / 2 - 6, y: y - h / 2 - 6, width: w + 12, height: h + 12, rx }));
    g.append(s('rect', { class: 'ww-shape', x: x - w / 2, y: y - h / 2, width: w, height: h, rx }));
  }
  if (space.terrain === 'mountain')
    g.append(
      s('path', {
        class: 'ww-mountain-glyph',
        d: `M${x - 14},${y + h / 2 - 8} l8,-12 l6,7 l5,-9 l9,14`,
      }),
    );
  if (space.port) g.append(s('text', { class: 'ww-glyph ww-port', x: x - w / 2 - 2, y: y - h / 2 + 4 }, '⚓'));
  if (space.settlement_tribes.length) {
    const tribe = data.tribes.get(space.settlement_tribes[0]);
    const color = COLOR_GROUPS[tribe?.color_group] ?? '#996633';
    const tx = x + w / 2 - 2;
    const ty = y - h / 2 + 2;
    g.append(
      s('path', { class: 'ww-settlement', d: `M${tx - 9},${ty + 8} L${tx},${ty - 8} L${tx + 9},${ty + 8} z`, fill: color }),
    );
  }
  if (space.vp_space) g.append(s('text', { class: 'ww-glyph ww-vp-star', x: x + w / 2 + 2, y: y + h / 2 }, '★'));
  g.append(s('text', { class: 'ww-label', x, y: y + h / 2 + (space.fortress ? 22 : 15) }, space.name));
  return g;
}

function militiaBoxGroup(box) {
  const { x, y, w, h } = box.map;
  return s(
    'g',
    { class: `ww-militia-box side-${box.side}`, 'data-box': box.id },
    tip(box.name),
    s('rect', { class: 'ww-box-shape', x, y, width: w, height: h, rx: 6 }),
    s('text', { class: 'ww-box-label', x: x + w / 2, y: y + 16 }, box.name),
    s('text', { class: 'ww-box-count', x: x + 8, y: y + h - 12 }, ''), // left: its militia are drawn in its right half
  );
}

// The part of the reference map that has anything on it, with a margin for labels and markers.
export function mapBounds(data) {
  const rects = [...data.spaces.values(), ...data.militiaBoxes.values()].map((x) => x.map);
  const margin = 60;
  const x = Math.min(...rects.map((r) => r.x)) - margin;
  const y = Math.min(...rects.map((r) => r.y)) - margin;
  const right = Math.max(...rects.map((r) => r.x + r.w)) + margin;
  const bottom = Math.max(...rects.map((r) => r.y + r.h)) + margin;
  return { x, y, w: right - x, h: bottom - y };
}

export class WildernessMap {
  constructor(data) {
    this.data = data;
    this.spaceEls = new Map();
    this.boxEls = new Map();
    this.markerLayer = s('g', { class: 'ww-markers' });
    this.stackLayer = s('g', { class: 'ww-stacks' });
    this.tetherLayer = s('g', { class: 'ww-tethers' }); // from a space to its stack (pieces.js)
    const spaces = s('g', { class: 'ww-spaces' });
    for (const space of data.spaces.values()) {
      const g = spaceGroup(space, data);
      this.spaceEls.set(space.id, g);
      spaces.append(g);
    }
    const boxes = s('g', { class: 'ww-boxes' });
    for (const box of data.militiaBoxes.values()) {
      const g = militiaBoxGroup(box);
      this.boxEls.set(box.id, g);
      boxes.append(g);
    }
    const bounds = mapBounds(data);
    this.svg = s(
      'svg',
      {
        class: 'ww-map',
        viewBox: `${bounds.x} ${bounds.y} ${bounds.w} ${bounds.h}`,
        role: 'img',
        'aria-label': 'Wilderness War map',
        preserveAspectRatio: 'xMidYMid meet',
      },
      defs(),
      s('rect', { class: 'ww-sea', x: -3000, y: -3000, width: data.width + 6000, height: data.height + 6000 }),
      linkLayer(data),
      arrowLayer(data),
      boxes,
      this.tetherLayer,
      spaces,
      this.stackLayer,
      this.markerLayer,
    );
  }

  // Highlights and wires the legal targets; marks the space of the move or battle in progress.
  update(view, targets) {
    const turn = view.turn ?? {};
    const battle = turn.battle ? turn.battle.space : null;
    for (const [id, g] of this.spaceEls) {
      const verbs = targets.spaces.get(id);
      setTarget(g, verbs, id);
      g.classList.toggle('current', turn.where === id);
      g.classList.toggle('battle', battle === id);
      const owner = view.fortresses ? view.fortresses[id] : undefined;
      g.classList.toggle('held-french', owner === 'french');
      g.classList.toggle('held-british', owner === 'british');
      const title = g.querySelector('title');
      const base = spaceDescription(this.data.spaces.get(id));
      title.textContent = verbs ? `${base}\nClick: ${verbs.map(verbLabel).join(' / ')}` : base;
    }
    for (const [id, g] of this.boxEls) {
      setTarget(g, targets.boxes.get(id), id);
      const counts = view.militia_boxes ? view.militia_boxes[id] : null;
      g.querySelector('.ww-box-count').textContent = counts
        ? `${counts.full} full, ${counts.reduced} reduced`
        : '';
    }
  }
}

// A target carries the verb that names it, or opens a menu when several do (targetAttrsFor).
function setTarget(el, verbs, arg) {
  for (const name of ['data-verb', 'data-arg', 'data-arg-type', 'data-verbs']) el.removeAttribute(name);
  el.classList.toggle('target', Boolean(verbs));
  el.classList.toggle('menu-target', Boolean(verbs) && verbs.length > 1);
  if (!verbs) return;
  for (const [name, value] of Object.entries(targetAttrsFor(verbs, arg))) el.setAttribute(name, value);
}
