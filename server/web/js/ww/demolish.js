// The demolition choices (5.46), apart from the map: a player may remove an own unbesieged fort,
// stockade or fort under construction during the own action phase, so the server lists one
// `demolish` per such space at almost every action phase. A click on a space must never do that:
// the choices are labelled buttons ("Demolish the fort at Presqu'île") in a folded box, and the
// page asks before sending one (confirm.js names what is lost). It shows only what the server lists.
import { h } from '../dom.js';
import { demolitionLabel } from './confirm.js';
import { targetAttrs } from './targets.js';

// Fills `box` (a <details>) with a button per space in `spaces` (the listed `demolish` args);
// hidden when there is none. Keeps the box open or folded as the player left it.
export function renderDemolition(box, spaces, view, data, side) {
  box.hidden = spaces.length === 0;
  const list = spaces.map((id) =>
    h(
      'button',
      { type: 'button', class: 'secondary small ww-demolish-choice', title: 'Rule 5.46: at no activation cost; a fort costs 1 VP', ...targetAttrs('demolish', id) },
      demolitionLabel(view, data, side, id),
    ),
  );
  const summary = h('summary', {}, `Demolish a fortification (5.46) — ${spaces.length}`);
  const hint = h('p', { class: 'hint' }, 'Removes one of your own unbesieged forts or stockades, or a fort under construction. A fort costs 1 VP; the others cost nothing. You are asked before it is done.');
  box.replaceChildren(summary, hint, h('div', { class: 'ww-demolish-list' }, list));
}
