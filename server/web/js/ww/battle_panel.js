// The combat panel of the Wilderness War page: the battle or assault (7.5-7.8, 9.1-9.2), siege roll
// (8.23) or raid (10.3) of the view's `turn.combat`. Before the roll, both sides side by side with
// their pieces, strength, Combat Results Table column (a siege: the siege level; a raid: the Raid
// Table's column) and every modifier with its reason and total; after it, the dice, hits, step
// losses, leader loss checks and the outcome in words. The server works every number out; this
// only shows them, to players and spectators alike.
import { h } from '../dom.js';
import { SIDE_NAMES } from './data.js';

const ROLE = {
  attacker: 'attacker',
  defender: 'defender',
  besieger: 'besieger',
  besieged: 'besieged',
  raider: 'raiders',
  raided: 'raided',
};

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

function title(combat, data) {
  const where = data.spaceName(combat.space);
  const who = SIDE_NAMES[combat.attacker] ?? combat.attacker;
  switch (combat.kind) {
    case 'assault':
      return `Assault on ${where} — ${who} assault`;
    case 'siege':
      return `Siege of ${where} — ${who} siege roll`;
    case 'raid':
      return `Raid on ${where} — ${who} raid`;
    default:
      return `Battle at ${where} — ${who} attack`;
  }
}

function modifierList(list, what, unit) {
  if (!list.length) return null;
  return h(
    'ul',
    { class: 'ww-combat-modifiers', 'aria-label': what },
    list.map((m) => h('li', { class: 'ww-combat-modifier' }, h('span', { class: 'why' }, m.why), h('span', { class: 'value' }, `${signed(m.value)}${unit}`))),
  );
}

function sideColumn(combat, side, data) {
  const battle = combat.kind === 'battle' || combat.kind === 'assault';
  const rolls = side.role === 'attacker' || side.role === 'defender' || side.role === 'besieger' || side.role === 'raider';
  const rows = [];
  rows.push(h('h3', {}, `${SIDE_NAMES[side.side] ?? side.side} — ${ROLE[side.role] ?? side.role}`));
  rows.push(
    h(
      'p',
      { class: 'ww-combat-pieces' },
      side.pieces.length ? side.pieces.map(data.pieceName).join(', ') : h('span', { class: 'muted' }, 'no pieces'),
    ),
  );
  if (battle) {
    const doubled = side.fire_strength !== side.strength ? ` ×2 for Ambush! = ${side.fire_strength}` : '';
    rows.push(h('p', { class: 'ww-combat-strength' }, `Strength ${side.strength}${doubled}`));
    rows.push(modifierList(side.shifts, 'column shifts', side.shifts.length ? ' column' : ''));
    rows.push(h('p', { class: 'ww-combat-column', 'data-column': side.column }, `Column ${side.column}`));
  }
  if (rolls) {
    rows.push(modifierList(side.modifiers, 'die-roll modifiers', ''));
    rows.push(
      h('p', { class: 'ww-combat-drm' }, side.modifiers.length ? `Total modifier ${signed(side.drm)}` : h('span', { class: 'muted' }, 'No die-roll modifier')),
    );
  }
  if (combat.rolled && side.die !== null)
    rows.push(h('p', { class: 'ww-combat-die', 'data-die': side.die }, `Die ${side.die}, modified ${side.modified}`));
  if (combat.rolled && battle) {
    if (side.die !== null) rows.push(h('p', { class: 'ww-combat-hits' }, `Hits inflicted: ${side.hits}`));
    else rows.push(h('p', { class: 'ww-combat-hits muted' }, 'Did not fire'));
    rows.push(h('p', { class: 'ww-combat-losses' }, `Steps lost: ${side.steps_lost}`));
  }
  if (combat.rolled && combat.kind === 'raid' && side.role === 'raider')
    rows.push(h('p', { class: 'ww-combat-losses' }, `Raiders' step losses: ${side.hits}`));
  return h('div', { class: `ww-combat-side side-${side.side}`, 'data-side': side.side, 'data-role': side.role }, rows);
}

function outcomeText(combat) {
  const parts = [];
  if (combat.kind === 'siege' && combat.siege) {
    const { before, after } = combat.siege;
    parts.push(after > before ? `Siege level goes from ${before} to ${after}.` : `Siege level stays at ${before}.`);
  } else if (combat.kind === 'raid' && combat.raid) {
    parts.push(combat.raid.success ? 'The raid succeeds.' : 'The raid fails.');
  } else if (combat.winner) {
    parts.push(`${SIDE_NAMES[combat.winner]} win the ${combat.kind === 'assault' ? 'assault' : 'battle'}.`);
    if (combat.overrun) parts.push('The attackers overrun the defenders and may keep moving.');
  } else {
    parts.push('Losses are being taken.');
  }
  if (combat.vp) parts.push(`${SIDE_NAMES[combat.winner] ?? ''} +${combat.vp} VP.`.trim());
  return parts.join(' ');
}

// Renders `view.turn.combat` into `box`, or hides it when there is none.
export function renderBattlePanel(box, view, data) {
  const combat = view.turn?.combat;
  if (!combat) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  box.dataset.kind = combat.kind;
  box.dataset.rolled = String(combat.rolled);
  const status = combat.rolled ? (combat.finished ? 'Result' : 'Rolled') : 'Before the roll';
  // The siege level the roll adds to (8.23); after the roll the outcome tells where it went.
  const level =
    combat.kind === 'siege' && combat.siege && !combat.rolled
      ? h('p', { class: 'ww-combat-siege-level', 'data-level': combat.siege.before }, `Siege level ${combat.siege.before}`)
      : null;
  const column =
    combat.kind === 'raid' && combat.raid
      ? h('p', { class: 'ww-combat-table', 'data-column': combat.raid.column }, combat.raid.column === 'stockade' ? 'Raid Table: stockade or settlement column' : 'Raid Table: cultivated column')
      : null;
  const checks = combat.leader_checks.length
    ? h(
        'ul',
        { class: 'ww-combat-leaders', 'aria-label': 'leader loss checks' },
        combat.leader_checks.map((c) =>
          h('li', { class: `side-${c.side}` }, `${data.pieceName(c.leader)} rolls ${c.die}: ${c.killed ? 'killed' : 'survives'}`),
        ),
      )
    : null;
  const parts = [
    h('h2', { class: 'ww-combat-title' }, title(combat, data), h('span', { class: 'ww-combat-status muted' }, ` · ${status}`)),
    level,
    column,
    h('div', { class: 'ww-combat-sides' }, combat.sides.map((side) => sideColumn(combat, side, data))),
    combat.rolled && checks ? h('div', { class: 'ww-combat-checks' }, h('h3', {}, 'Leader loss checks'), checks) : null,
    combat.rolled ? h('p', { class: 'ww-combat-outcome' }, outcomeText(combat)) : null,
  ];
  box.replaceChildren(...parts.filter(Boolean));
}
