// Stacks of pieces on the map: leaders (with the units in their holding boxes right after them)
// and units, full or reduced, inside a fortification or outside it. Each stack is drawn inside its
// space's slot (layout.js), so it never covers another space or stack.
//
// A stack is split into groups, each drawn in its own cells: the force being picked or moved
// (being formed, activated, moving, or picked for an interception, an avoidance or a retreat:
// `force`, outlined in green), then each side's other pieces outside, then the pieces inside the
// fortification (in a brown frame). Counters show one to a cell while there is room; the last
// cell of a group that has not enough is a pile: its first counter on top of the edges of the
// others, with a badge counting them. Legal targets come first, so that they show. Every drawn
// counter carries data-pieces (the ids it stands for) and data-piece (the one on top); one that
// is a legal target carries data-verb / data-arg; `has-target` marks a pile hiding one. A click
// on a stack that is no target, or on a pile's badge, opens the stack panel (stack_panel.js),
// which lists every piece. At a far zoom (board.js) the counters show no text, and a pile's top
// counter its count, in letters big enough to read. The pieces the last move moved carry
// ww-last-move (board.js).
import { CELL, COUNTER, spaceShape } from './layout.js';
import { s, tip } from './svg.js';
import { targetAttrsFor, verbLabel } from './targets.js';

export { COUNTER };

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

// The pieces of the force being picked or moved, in the order the view gives them: the activated
// and moving pieces, and those picked for an interception, an avoidance or a retreat.
export function forceOf(view) {
  const turn = view.turn ?? {};
  const picked = turn.picked?.pieces ?? [];
  if (picked.length) return { kind: turn.picked.kind, side: turn.picked.side, pieces: picked };
  if (turn.moving?.length) return { kind: 'moving', pieces: turn.moving };
  if (turn.activated?.length) return { kind: 'activated', pieces: turn.activated };
  return null;
}

// The groups of a stack: [{kind: 'force' | 'french' | 'british' | 'inside', ids}], none empty.
export function stackGroups(ids, view, data, forceSet, targets = null) {
  const inForce = (id) => forceSet.has(id);
  // The force in stack order (its commander on top); elsewhere legal targets first, so that they
  // show when the rest is piled up.
  const force = ids.filter(inForce);
  const isTarget = (id) => (targets?.pieces.has(id) ? 0 : 1);
  ids = ids.slice().sort((a, b) => isTarget(a) - isTarget(b));
  const groups = [
    { kind: 'force', ids: force },
    { kind: 'french', ids: ids.filter((id) => !inForce(id) && !view.pieces[id].inside && data.pieces.get(id)?.side === 'french') },
    { kind: 'british', ids: ids.filter((id) => !inForce(id) && !view.pieces[id].inside && data.pieces.get(id)?.side !== 'french') },
    { kind: 'inside', ids: ids.filter((id) => !inForce(id) && view.pieces[id].inside) },
  ];
  return groups.filter((g) => g.ids.length);
}

// How many cells each group takes in `cells` cells: every group one, then the spare cells to the
// groups in order, as many as each can use. Returns [cells per group] (a total above `cells` only
// when there are more groups than cells).
export function allotCells(groups, cells) {
  const out = groups.map(() => 1);
  let spare = cells - groups.length;
  groups.forEach((g, i) => {
    const more = Math.max(0, Math.min(spare, g.ids.length - 1));
    out[i] += more;
    spare -= more;
  });
  return out;
}

// What a group of `ids` shows in `k` cells: [[id], ..., [top, ...under]]: each piece alone while
// there is room, the last cell a pile of the rest.
export function cellsOf(ids, k) {
  if (ids.length <= k) return ids.map((id) => [id]);
  return [...ids.slice(0, k - 1).map((id) => [id]), ids.slice(k - 1)];
}

function counter(id, represents, info, state, verbs, classes) {
  const reduced = Boolean(state.reduced);
  const cls = [
    'ww-counter',
    `side-${info.side}`,
    `kind-${info.kind}`,
    info.type ? `type-${info.type}` : '',
    reduced ? 'reduced' : 'full',
    state.inside ? 'inside' : 'outside',
    verbs ? 'target' : '',
    verbs && verbs.length > 1 ? 'menu-target' : '',
    ...classes,
  ]
    .filter(Boolean)
    .join(' ');
  const attrs = { class: cls, 'data-piece': id, 'data-pieces': represents.join(' ') };
  if (verbs) Object.assign(attrs, targetAttrsFor(verbs, id));
  const c = COUNTER;
  const more = represents.length > 1 ? `\n(and ${represents.length - 1} more: click the stack to see them all)` : '';
  const description = describePiece(info, state) + (verbs ? `\nClick: ${verbs.map(verbLabel).join(' / ')}` : '') + more;
  const g = s('g', attrs, tip(description));
  g.append(s('rect', { class: 'ww-counter-body', width: c, height: c, rx: info.kind === 'leader' ? 8 : 2 }));
  if (reduced) g.append(s('rect', { class: 'ww-counter-reduced', width: c, height: c, rx: 2, fill: 'url(#ww-reduced)' }));
  if (info.kind === 'leader') {
    const name = info.name.slice(0, 7);
    g.append(s('text', { class: 'ww-counter-top', x: c / 2, y: 10, ...(name.length > 5 ? { textLength: c - 3, lengthAdjust: 'spacingAndGlyphs' } : {}) }, name));
    g.append(s('text', { class: 'ww-counter-main', x: c / 2, y: c - 4 }, `${info.command}·${info.tactics}`));
  } else {
    g.append(s('text', { class: 'ww-counter-top', x: c / 2, y: 10 }, TYPE_ABBREVIATIONS[info.type] ?? info.type));
    g.append(s('text', { class: 'ww-counter-main', x: c / 2, y: c - 3 }, String(reduced ? info.strength_reduced : info.strength_full)));
  }
  // At a far zoom the counters' texts are too small to read: a pile's top counter shows how many
  // it stands for instead, big enough to read (wilderness_war.css, .ww-map.far).
  if (represents.length > 1) g.append(s('text', { class: 'ww-far-count', x: c / 2, y: c / 2 }, String(represents.length)));
  return g;
}

// Redraws every stack into `layer`, each in its slot (`slots`, from layout.js), and into `tethers`
// a line from each space to its slots in use. `marks`: {force: Set of piece ids, lastMoved: Set of
// piece ids, hasMarkers: Set of the space ids that show markers}.
export function drawStacks(layer, view, data, targets, slots, marks = {}, tethers = null) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  if (tethers) {
    // A line from each space to its slot, when the slot has something in it.
    while (tethers.firstChild) tethers.removeChild(tethers.firstChild);
    const stacked = new Set(stacksOf(view, data).keys());
    const hasMarkers = marks.hasMarkers ?? new Set();
    const used = new Set([...stacked, ...hasMarkers]);
    for (const where of used) {
      const space = data.spaces.get(where);
      const slot = slots.get(where);
      if (!space || !slot) continue;
      const c = spaceShape(space);
      for (const box of [stacked.has(where) ? slot : null, hasMarkers.has(where) ? slot.marks : null]) {
        if (!box) continue;
        const x = Math.max(box.x, Math.min(c.x, box.x + box.w));
        const y = Math.max(box.y, Math.min(c.y, box.y + box.h));
        tethers.append(s('line', { class: 'ww-tether', x1: c.x, y1: c.y, x2: x, y2: y }));
      }
    }
  }
  const force = marks.force ?? new Set();
  const lastMoved = marks.lastMoved ?? new Set();
  for (const [where, ids] of stacksOf(view, data)) {
    const slot = slots.get(where);
    if (!slot) continue;
    const groups = stackGroups(ids, view, data, force, targets);
    const x0 = slot.x;
    const cols = slot.cols;
    const rows = slot.rows ?? 1;
    const allotted = allotCells(groups, cols * rows);
    const total = allotted.reduce((a, b) => a + b, 0);
    // More groups than cells: smaller cells, as big as they can be.
    const scale = [1, 3 / 4, 2 / 3, 1 / 2, 1 / 3, 1 / 4].find((f) => Math.floor(cols / f + 1e-9) * Math.floor(rows / f + 1e-9) >= total) ?? 1 / 4;
    const gridCols = Math.floor(cols / scale + 1e-9);
    const pitch = CELL * scale;
    const at = (n) => ({ x: x0 + (n % gridCols) * pitch, y: slot.y + Math.floor(n / gridCols) * pitch });
    const g = s('g', { class: 'ww-stack', 'data-stack': where, role: 'button', tabindex: 0, 'aria-label': `${ids.length} ${ids.length === 1 ? 'piece' : 'pieces'} at ${data.spaceName(where)}: list them` });
    // The click area that opens the stack panel.
    g.append(s('rect', { class: 'ww-stack-hit', x: x0, y: slot.y, width: Math.min(total, gridCols) * pitch, height: Math.ceil(total / gridCols) * pitch }));
    let cell = 0;
    groups.forEach((group, i) => {
      const gg = s('g', { class: `ww-group group-${group.kind}`, 'data-group': group.kind });
      cellsOf(group.ids, allotted[i]).forEach((represents, j) => {
        const id = represents[0];
        const { x, y } = at(cell + j);
        if (group.kind === 'inside' || group.kind === 'force')
          gg.append(s('rect', { class: `ww-group-frame frame-${group.kind}`, x: x + 0.5, y: y + 0.5, width: pitch - 1, height: pitch - 1, rx: 3 }));
        const classes = [];
        if (represents.some((p) => force.has(p))) classes.push('ww-force');
        if (represents.some((p) => lastMoved.has(p))) classes.push('ww-last-move');
        if (represents.slice(1).some((p) => targets.pieces.has(p))) classes.push('has-target');
        if (represents.length > 1) classes.push('pile');
        const cg = s('g', { class: 'ww-cell', transform: `translate(${x},${y}) scale(${scale})`, style: scale === 1 ? null : `--ww-cell-k:${scale}` });
        // The counters under the top one, their edges showing (no targets: the panel offers them).
        represents
          .slice(1)
          .reverse()
          .forEach((under, k, list) => {
            const depth = Math.min(2, list.length - k);
            const u = counter(under, [under], data.pieces.get(under), view.pieces[under], null, ['under']);
            u.removeAttribute('data-pieces');
            u.setAttribute('transform', `translate(${2 * depth},${4 - 2 * depth})`);
            cg.append(u);
          });
        const c = counter(id, represents, data.pieces.get(id), view.pieces[id], targets.pieces.get(id), classes);
        c.setAttribute('transform', `translate(0,${represents.length > 1 ? 4 : 2})`);
        cg.append(c);
        if (represents.length > 1)
          cg.append(
            s(
              'g',
              { class: 'ww-pile-count' + (classes.includes('has-target') ? ' has-target' : '') },
              s('circle', { cx: CELL - 7, cy: 7, r: 7 }),
              s('text', { x: CELL - 7, y: 10.5 }, String(represents.length)),
            ),
          );
        gg.append(cg);
      });
      g.append(gg);
      cell += allotted[i];
    });
    layer.append(g);
  }
}
