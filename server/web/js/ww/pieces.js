// Stacks of pieces on the map: leaders (with the units in their holding boxes right after them)
// and units, full or reduced, inside a fortification or outside it. A piece that is a legal target
// carries data-verb / data-arg and data-piece; the others let clicks through to their space.
import { centre } from './data.js';
import { spaceShape } from './map.js';
import { s, tip } from './svg.js';
import { targetAttrsFor, verbLabel } from './targets.js';

export const COUNTER = 28;
const COLUMNS = 4;

const TYPE_ABBREVIATIONS = {
  regulars: 'Reg',
  provincials: 'Prov',
  light_infantry: 'LI',
  rangers: 'Rgr',
  coureurs: 'Cdb',
  indians: 'Ind',
  militia: 'Mil',
};

// Where a piece is drawn: a space or militia box id, or null for the off-map pools.
export function drawnAt(view, data, pieceId, depth = 0) {
  const at = view.pieces?.[pieceId]?.at;
  if (!at) return null;
  if (data.spaces.has(at) || data.militiaBoxes.has(at)) return at;
  const box = data.leaderBoxes.get(at);
  if (box && depth < 2) return drawnAt(view, data, box.leader, depth + 1);
  return null;
}

// {location id: [piece id, ...]} in stack order: each leader followed by his box, then units.
export function stacksOf(view, data) {
  const stacks = new Map();
  const push = (where, id) => {
    if (!stacks.has(where)) stacks.set(where, []);
    stacks.get(where).push(id);
  };
  const ids = Object.keys(view.pieces ?? {});
  const inBox = new Map(); // leader id -> [unit ids]
  for (const id of ids) {
    const box = data.leaderBoxes.get(view.pieces[id].at);
    if (box) {
      if (!inBox.has(box.leader)) inBox.set(box.leader, []);
      inBox.get(box.leader).push(id);
    }
  }
  const leaders = ids.filter((id) => data.pieces.get(id)?.kind === 'leader');
  const units = ids.filter((id) => data.pieces.get(id)?.kind !== 'leader' && !data.leaderBoxes.has(view.pieces[id].at));
  for (const id of [...leaders, ...units]) {
    const where = drawnAt(view, data, id);
    if (!where) continue;
    push(where, id);
    for (const follower of inBox.get(id) ?? []) push(where, follower);
  }
  // Each side's pieces together (French first), keeping leaders with their boxes.
  const side = (id) => (data.pieces.get(id)?.side === 'french' ? 0 : 1);
  for (const ids of stacks.values()) ids.sort((a, b) => side(a) - side(b));
  return stacks;
}

export function describePiece(info, state) {
  if (!info) return '';
  const side = info.side === 'french' ? 'French' : 'British';
  const where = state.inside ? ', inside' : '';
  if (info.kind === 'leader')
    return `${side} leader ${info.name}: initiative ${info.initiative}, command ${info.command}, tactics ${info.tactics}, movement ${info.movement}${where}`;
  const strength = state.reduced ? `reduced ${info.strength_reduced}` : `full ${info.strength_full}`;
  return `${side} ${info.type.replace('_', ' ')} ${info.name}: ${strength}, movement ${info.movement}${where}`;
}

function counter(id, info, state, x, y, verbs, turn) {
  const reduced = Boolean(state.reduced);
  const classes = [
    'ww-counter',
    `side-${info.side}`,
    `kind-${info.kind}`,
    info.type ? `type-${info.type}` : '',
    reduced ? 'reduced' : 'full',
    state.inside ? 'inside' : 'outside',
    verbs ? 'target' : '',
    verbs && verbs.length > 1 ? 'menu-target' : '',
    turn.activated?.includes(id) ? 'activated' : '',
    turn.moving?.includes(id) ? 'moving' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const attrs = { class: classes, 'data-piece': id, transform: `translate(${x},${y})` };
  if (verbs) Object.assign(attrs, targetAttrsFor(verbs, id));
  const c = COUNTER;
  const description = describePiece(info, state) + (verbs ? `\nClick: ${verbs.map(verbLabel).join(' / ')}` : '');
  const g = s('g', attrs, tip(description));
  g.append(s('rect', { class: 'ww-counter-body', width: c, height: c, rx: info.kind === 'leader' ? 8 : 2 }));
  if (reduced) g.append(s('rect', { class: 'ww-counter-reduced', width: c, height: c, rx: 2, fill: 'url(#ww-reduced)' }));
  if (info.kind === 'leader') {
    g.append(s('text', { class: 'ww-counter-top', x: c / 2, y: 10 }, info.name.slice(0, 6)));
    g.append(s('text', { class: 'ww-counter-main', x: c / 2, y: c - 4 }, `${info.command}·${info.tactics}`));
  } else {
    g.append(s('text', { class: 'ww-counter-top', x: c / 2, y: 10 }, TYPE_ABBREVIATIONS[info.type] ?? info.type));
    g.append(
      s('text', { class: 'ww-counter-main', x: c / 2, y: c - 3 }, String(reduced ? info.strength_reduced : info.strength_full)),
    );
  }
  return g;
}

function grid(ids, x0, y0, place) {
  const cols = Math.min(COLUMNS, ids.length);
  ids.forEach((id, i) => place(id, x0 + (i % cols) * (COUNTER + 2) - (cols * (COUNTER + 2)) / 2, y0 + Math.floor(i / cols) * (COUNTER + 2)));
  return Math.ceil(ids.length / cols) * (COUNTER + 2);
}

// Redraws every stack into `layer`; returns {location id: half the width of its stack}, so that
// markers can be put beside it.
export function drawStacks(layer, view, data, targets) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  const halfWidths = new Map();
  const turn = view.turn ?? {};
  for (const [where, ids] of stacksOf(view, data)) {
    const space = data.spaces.get(where);
    const anchor = space ? spaceShape(space) : { ...centre(data.militiaBoxes.get(where).map), w: 0, h: 0 };
    const inside = ids.filter((id) => view.pieces[id].inside);
    const outside = ids.filter((id) => !view.pieces[id].inside);
    const g = s('g', { class: 'ww-stack', 'data-stack': where });
    const place = (id, x, y) =>
      g.append(counter(id, data.pieces.get(id), view.pieces[id], x, y, targets.pieces.get(id), turn));
    // Outside: each side's pieces in rows of their own, the whole centred on the space.
    const groups = ['french', 'british']
      .map((side) => outside.filter((id) => data.pieces.get(id)?.side === side))
      .filter((group) => group.length);
    const outsideRows = groups.reduce((n, group) => n + Math.ceil(group.length / COLUMNS), 0);
    const top = anchor.y - (outsideRows * (COUNTER + 2)) / 2 + (space ? 0 : 6);
    let y = top;
    for (const group of groups) y += grid(group, anchor.x, y, place);
    if (inside.length) {
      const rows = Math.ceil(inside.length / COLUMNS);
      const height = rows * (COUNTER + 2);
      const cols = Math.min(COLUMNS, inside.length);
      const yInside = top - height - 8;
      g.append(
        s('rect', {
          class: 'ww-inside-frame',
          x: anchor.x - (cols * (COUNTER + 2)) / 2 - 4,
          y: yInside - 4,
          width: cols * (COUNTER + 2) + 6,
          height: height + 6,
          rx: 4,
        }),
      );
      grid(inside, anchor.x, yInside, place);
    }
    layer.append(g);
    halfWidths.set(where, (Math.min(COLUMNS, Math.max(1, ...groups.map((x) => x.length), inside.length)) * (COUNTER + 2)) / 2);
  }
  return halfWidths;
}
