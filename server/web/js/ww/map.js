// The Wilderness War map as SVG, drawn from the engine's map data (no map art): cultivated spaces
// as squares, wilderness and mountain spaces as circles, the Pays d'en Haut box as a box;
// fortresses, ports, settlements and VP spaces marked; land lines, river and lake lines, and the
// one-way arrows. Spaces carry data-space; a space that is a legal target also carries data-verb
// and data-arg. Pieces and markers are drawn on top by pieces.js and markers.js. The names show as
// names.js places them for the zoom (board.js); a hidden one shows in the name tip on hover, focus
// or tap.
import { labelBaseline, labelBox, layoutSlots, spaceShape, symbolBox } from './layout.js';
import { PLACES, nameAnchor } from './names.js';
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
  if (space.port) g.append(s('path', { class: 'ww-glyph ww-port', d: anchorPath(x - w / 2 - 2, y - h / 2 - 2) }));
  if (space.settlement_tribes.length) {
    const tribe = data.tribes.get(space.settlement_tribes[0]);
    const color = COLOR_GROUPS[tribe?.color_group] ?? '#996633';
    const tx = x + w / 2 - 2;
    const ty = y - h / 2 + 2;
    g.append(
      s('path', { class: 'ww-settlement', d: `M${tx - 9},${ty + 8} L${tx},${ty - 8} L${tx + 9},${ty + 8} z`, fill: color }),
    );
  }
  if (space.vp_space) g.append(s('path', { class: 'ww-glyph ww-vp-star', d: starPath(x + w / 2 + 2, y + h / 2 - 6) }));
  g.append(s('text', { class: 'ww-label', x, y: labelBaseline(space) }, space.name));
  return g;
}

// The glyphs are drawn as shapes, not characters, so that they need no font and scale with the
// symbols: an anchor (a port) and a five-pointed star (a VP space), about 16 map units across,
// centred on (cx, cy).
function anchorPath(cx, cy) {
  const p = (dx, dy) => `${cx + dx},${cy + dy}`;
  return `M${p(0, -7)} L${p(0, 7)} M${p(-4, -4)} L${p(4, -4)} M${p(-7, 2)} Q${p(-6, 8)} ${p(0, 7)} Q${p(6, 8)} ${p(7, 2)} M${p(0, -10)} a3,3 0 1,0 0.01,0`;
}

function starPath(cx, cy) {
  const points = [];
  for (let i = 0; i < 10; ++i) {
    const r = i % 2 ? 3.6 : 9;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${points.join(' L')} z`;
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
    // At a far zoom, in words big enough to read, in its left half (its full name on hover).
    s('text', { class: 'ww-box-far', x: x + w / 4 + 4, y: y + h / 2 + 2 }, 'Militia'),
  );
}

// The part of the reference map that has anything drawn on it: every space's symbol and name, the
// militia boxes and every stack and marker slot (layout.js), with a small margin. "Fit" shows it
// whole (panzoom.js), so nothing but this margin is spent on empty sea.
const BOUNDS_MARGIN = 12;

export function mapBounds(data, slots = layoutSlots(data)) {
  const rects = [];
  for (const space of data.spaces.values()) rects.push(symbolBox(space), labelBox(space));
  for (const { map: r } of data.militiaBoxes.values()) rects.push({ x1: r.x, y1: r.y, x2: r.x + r.w, y2: r.y + r.h });
  for (const slot of slots.values())
    for (const r of [slot, slot.marks]) if (r) rects.push({ x1: r.x, y1: r.y, x2: r.x + r.w, y2: r.y + r.h });
  const x = Math.floor(Math.min(...rects.map((r) => r.x1)) - BOUNDS_MARGIN);
  const y = Math.floor(Math.min(...rects.map((r) => r.y1)) - BOUNDS_MARGIN);
  const right = Math.ceil(Math.max(...rects.map((r) => r.x2)) + BOUNDS_MARGIN);
  const bottom = Math.ceil(Math.max(...rects.map((r) => r.y2)) + BOUNDS_MARGIN);
  return { x, y, w: right - x, h: bottom - y };
}

export class WildernessMap {
  // `slots`: where the stacks and markers go (layout.js).
  constructor(data, slots = layoutSlots(data)) {
    this.data = data;
    this.spaceEls = new Map();
    this.boxEls = new Map();
    this.markerLayer = s('g', { class: 'ww-markers' });
    this.stackLayer = s('g', { class: 'ww-stacks' });
    this.tetherLayer = s('g', { class: 'ww-tethers' }); // from a space to its stack (pieces.js)
    // The name of the space under the pointer, when the map does not show it (installNameTip).
    this.nameTip = s('g', { class: 'ww-name-tip', visibility: 'hidden', 'aria-hidden': 'true' }, s('text', { class: 'ww-label ww-name-tip-text', x: 0, y: 0 }));
    this.tipFor = null;
    this.tipClicked = false; // whether a click or tap showed it (installNameTip)
    this.metrics = null; // the names' measures (nameMetrics)
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
    const bounds = mapBounds(data, slots);
    this.bounds = bounds;
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
      this.nameTip,
    );
    this.installNameTip();
  }

  // Each name's measures as drawn at scale 1 (names.js), once the map is on the screen with every
  // name shown (before the first showNames), or null when it is not.
  nameMetrics() {
    if (this.metrics) return this.metrics;
    const out = new Map();
    for (const [id, g] of this.spaceEls) {
      const label = g.querySelector('.ww-label');
      const b = label.getBBox?.();
      if (!b || !(b.width > 0 && b.height > 0)) return null;
      out.set(id, { w: b.width, h: b.height, ascent: Number(label.getAttribute('y')) - b.y });
    }
    this.metrics = out;
    return out;
  }

  // Shows the space names as names.js placed them (`place`: id -> a place of PLACES, the others
  // hidden), scaled by `k` (a CSS variable the names' transform reads); `far` when counters are
  // too small for their texts (wilderness_war.css hides those then).
  showNames({ place }, k, far) {
    this.svg.style.setProperty('--ww-name-k', String(k));
    this.svg.classList.toggle('far', far);
    for (const [id, g] of this.spaceEls) {
      const label = g.querySelector('.ww-label');
      const where = place.get(id);
      label.classList.toggle('name-hidden', !where);
      if (where && label.dataset.place !== where) {
        label.dataset.place = where;
        const a = nameAnchor(this.data.spaces.get(id), where, this.metrics?.get(id));
        label.setAttribute('x', a.x);
        label.setAttribute('y', a.y);
        for (const p of PLACES) label.classList.toggle(`place-${p}`, p === where);
      }
    }
    if (this.tipFor) this.showNameTip(this.tipFor, this.tipClicked);
  }

  // A name the map does not show at this zoom (or a militia box's, whose words a far zoom hides)
  // is shown on top of everything while the pointer is over its space or stack, while one of them
  // has the focus and after a tap on it (until a tap elsewhere): the name tip, drawn like a name.
  installNameTip() {
    // A space, a militia box, or a stack (the name of its space).
    const owner = (e) => e.target.closest?.('.ww-space, .ww-militia-box, .ww-stack');
    const idOf = (g) => g?.getAttribute('data-space') ?? g?.getAttribute('data-box') ?? g?.getAttribute('data-stack') ?? null;
    // A name shown by a click or tap stays until the next one; one shown by hovering goes with the
    // pointer (a touch ends with a pointerout, and a mouse's moves are its own).
    this.svg.addEventListener('pointerover', (e) => {
      const id = idOf(owner(e));
      if (id) this.showNameTip(id);
      else if (e.pointerType === 'mouse' && !this.tipClicked) this.hideNameTip();
    });
    this.svg.addEventListener('pointerout', (e) => {
      if (e.pointerType !== 'mouse' || this.tipClicked) return;
      const g = owner(e);
      if (g && !g.contains(e.relatedTarget)) this.hideNameTip();
    });
    this.svg.addEventListener('focusin', (e) => {
      const id = idOf(owner(e));
      if (id) this.showNameTip(id);
    });
    this.svg.addEventListener('focusout', () => this.hideNameTip());
    this.svg.addEventListener('click', (e) => {
      const id = idOf(owner(e));
      if (id) this.showNameTip(id, true);
      else this.hideNameTip();
    });
  }

  // Whether the map shows the name of `id` (a space or a militia box) as it is.
  nameShown(id) {
    const space = this.spaceEls.get(id);
    if (space) return !space.querySelector('.ww-label').classList.contains('name-hidden');
    return this.boxEls.has(id) && !this.svg.classList.contains('far');
  }

  // `clicked`: shown by a click or a tap (it stays until the next one).
  showNameTip(id, clicked = false) {
    const space = this.data.spaces.get(id);
    const box = this.data.militiaBoxes.get(id);
    if ((!space && !box) || this.nameShown(id)) {
      this.hideNameTip();
      return;
    }
    this.tipClicked = clicked || (this.tipClicked && this.tipFor === id);
    this.tipFor = id;
    const text = this.nameTip.querySelector('text');
    text.textContent = (space ?? box).name;
    text.classList.toggle('place-above', !space);
    if (space) {
      text.setAttribute('x', spaceShape(space).x);
      text.setAttribute('y', labelBaseline(space));
    } else {
      text.setAttribute('x', box.map.x + box.map.w / 2);
      text.setAttribute('y', box.map.y - 8);
    }
    this.nameTip.setAttribute('data-name-tip', id);
    this.nameTip.removeAttribute('visibility');
  }

  hideNameTip() {
    this.tipFor = null;
    this.tipClicked = false;
    this.nameTip.removeAttribute('data-name-tip');
    this.nameTip.setAttribute('visibility', 'hidden');
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
