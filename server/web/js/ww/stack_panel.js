// The stack panel and the force box, in words.
//
// The stack panel opens when a stack on the map is clicked: every piece of the space or militia
// box, by side, with a leader's full name and his ratings (initiative, command, tactics, 4.3),
// a unit's name, type and strength, full or reduced (4.2), whether it is inside the fortification
// or outside (8.1), in whose command box, and whether it is activated, moving or picked. The
// pieces that are legal targets carry buttons with data-verb / data-arg, as the map's targets do,
// and so do the space's own actions.
//
// The force box (beside the map) lists the force being picked or moved: activated (5.3), moving
// (6.0), picked to intercept (6.7), to avoid battle (6.8) or to retreat (7.9), with its strength:
// the sum of its units' strengths and its leaders' ratings.
import { h } from '../dom.js';
import { targetAttrs, verbLabel } from './targets.js';
import { SIDE_NAMES } from './data.js';

const TYPES = {
  regulars: 'regulars',
  provincials: 'provincials',
  light_infantry: 'light infantry',
  rangers: 'rangers',
  coureurs: 'coureurs des bois',
  indians: 'Indians',
  militia: 'militia',
};

export const FORCE_TITLES = {
  force: 'Force being formed',
  activated: 'Activated',
  moving: 'Moving force',
  intercept: 'Intercepting force',
  avoid: 'Force avoiding battle',
  retreat: 'Retreating',
};

// A unit's strength now: reduced or full.
export function unitStrength(info, state) {
  return state?.reduced ? info.strength_reduced : info.strength_full;
}

// One piece in words: {name, facts: [text], state: [text]}.
export function pieceFacts(id, view, data, force) {
  const info = data.pieces.get(id);
  const state = view.pieces?.[id] ?? {};
  const turn = view.turn ?? {};
  const facts = [];
  if (info.kind === 'leader') {
    facts.push(`${SIDE_NAMES[info.side]} leader`, `command ${info.command}`, `tactics ${info.tactics}`, `initiative ${info.initiative}`, `movement ${info.movement}`);
  } else {
    const strength = unitStrength(info, state);
    facts.push(
      `${SIDE_NAMES[info.side]} ${TYPES[info.type] ?? String(info.type).replace(/_/g, ' ')}`,
      `strength ${strength}`,
      state.reduced ? `reduced (full: ${info.strength_full})` : `full strength (reduced: ${info.strength_reduced})`,
      `movement ${info.movement}`,
    );
  }
  const tags = [];
  tags.push(state.inside ? 'inside the fortification' : 'outside');
  const box = data.leaderBoxes.get(state.at);
  if (box) tags.push(`in ${data.pieceName(box.leader)}'s command`);
  if (turn.activated?.includes(id)) tags.push('activated');
  if (turn.moving?.includes(id)) tags.push('moving');
  if (force?.pieces.includes(id) && !['activated', 'moving'].includes(force.kind)) tags.push(FORCE_TITLES[force.kind].toLowerCase());
  return { name: info.name, leader: info.kind === 'leader', facts, tags };
}

// The force's strength in words: "3 units, strength 6; leaders: Rigaud (command 4, tactics 0)".
export function forceStrength(ids, view, data) {
  const units = ids.filter((id) => data.pieces.get(id)?.kind !== 'leader');
  const leaders = ids.filter((id) => data.pieces.get(id)?.kind === 'leader');
  const strength = units.reduce((sum, id) => sum + unitStrength(data.pieces.get(id), view.pieces?.[id]), 0);
  const parts = [`${units.length} ${units.length === 1 ? 'unit' : 'units'}, strength ${strength}`];
  if (leaders.length)
    parts.push(
      `${leaders.length === 1 ? 'leader' : 'leaders'}: ` +
        leaders.map((id) => `${data.pieceName(id)} (command ${data.pieces.get(id).command}, tactics ${data.pieces.get(id).tactics})`).join(', '),
    );
  return { units: units.length, strength, text: parts.join('; ') };
}

function pieceRow(id, view, data, targets, force) {
  const f = pieceFacts(id, view, data, force);
  const verbs = targets.pieces.get(id) ?? [];
  return h(
    'li',
    { class: `ww-sp-piece${f.leader ? ' leader' : ''}${force?.pieces.includes(id) ? ' ww-force' : ''}`, 'data-piece': id },
    h('span', { class: 'ww-sp-name' }, f.name),
    h('span', { class: 'ww-sp-facts' }, f.facts.join(' · ')),
    h('span', { class: 'ww-sp-tags muted' }, f.tags.join(', ')),
    verbs.length
      ? h(
          'span',
          { class: 'ww-sp-actions' },
          verbs.map((verb) => h('button', { type: 'button', class: 'small', ...targetAttrs(verb, id) }, `${verbLabel(verb)} ${f.name}`)),
        )
      : null,
  );
}

// The panel of the stack at `where` (a space or militia box): `ids` in stack order.
export function stackPanel(where, ids, view, data, targets, force, onClose) {
  const name = data.spaceName(where);
  const groups = [
    ['French', ids.filter((id) => data.pieces.get(id)?.side === 'french')],
    ['British', ids.filter((id) => data.pieces.get(id)?.side !== 'french')],
  ].filter(([, list]) => list.length);
  const spaceVerbs = targets.spaces.get(where) ?? targets.boxes.get(where) ?? [];
  return h(
    'div',
    { class: 'ww-stack-panel', role: 'dialog', 'aria-label': `Pieces at ${name}`, 'data-stack-panel': where },
    h(
      'div',
      { class: 'ww-sp-head' },
      h('strong', {}, name),
      h('span', { class: 'muted' }, ` ${ids.length} ${ids.length === 1 ? 'piece' : 'pieces'}`),
      h('button', { type: 'button', class: 'secondary small ww-sp-close', 'aria-label': 'close', onclick: onClose }, '×'),
    ),
    spaceVerbs.length
      ? h('div', { class: 'ww-sp-space-actions' }, spaceVerbs.map((verb) => h('button', { type: 'button', class: 'small', ...targetAttrs(verb, where) }, `${verbLabel(verb)}: ${name}`)))
      : null,
    groups.map(([side, list]) =>
      h(
        'section',
        { class: `ww-sp-side side-${side.toLowerCase()}` },
        h('h3', {}, `${side}: ${forceStrength(list, view, data).text}`),
        h('ul', {}, list.map((id) => pieceRow(id, view, data, targets, force))),
      ),
    ),
    ids.length ? null : h('p', { class: 'muted' }, 'No pieces here.'),
  );
}

// The box beside the map listing the force being picked or moved, or null when there is none.
export function forceBox(force, view, data) {
  if (!force || !force.pieces.length) return null;
  const strength = forceStrength(force.pieces, view, data);
  const side = data.pieces.get(force.pieces[0])?.side;
  return h(
    'div',
    { class: `ww-force-box side-${side}`, 'aria-label': 'force', 'data-force': force.kind },
    h('strong', {}, `${FORCE_TITLES[force.kind] ?? 'Force'}${side ? ` (${SIDE_NAMES[side]})` : ''}`),
    h(
      'ul',
      {},
      force.pieces.map((id) => {
        const info = data.pieces.get(id);
        const what = info.kind === 'leader' ? `command ${info.command}, tactics ${info.tactics}` : `strength ${unitStrength(info, view.pieces?.[id])}`;
        return h('li', { 'data-piece': id }, h('span', { class: 'ww-sp-name' }, info.name), ` — ${what}`);
      }),
    ),
    h('p', { class: 'ww-force-strength', 'data-strength': strength.strength }, `Total: ${strength.text}`),
  );
}
