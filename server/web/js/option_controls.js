// A title's options as form controls (the fields of js/lobby_options.js) and what they hold,
// shared by the lobby's and the tournaments' creation forms. Browser only (uses document).
import { byId, h } from './dom.js';

// One option as a form control; every control is named "option-<id>" (a bid: -side and -vp).
export function optionControl(f) {
  const name = `option-${f.id}`;
  if (f.kind === 'bool')
    return h(
      'label',
      { class: 'check option', title: f.description },
      h('input', { type: 'checkbox', id: name, name, checked: f.default === true }),
      h('span', {}, h('strong', {}, f.label.title), ' ', h('span', { class: 'muted' }, f.label.text)),
    );
  if (f.kind === 'bid')
    return h(
      'div',
      { class: 'option option-bid', title: f.description },
      h('span', { class: 'option-title' }, 'Bid (13.3)'),
      h(
        'label',
        { class: 'inline' },
        'VP toward ',
        h('select', { id: `${name}-side`, name: `${name}-side` }, h('option', { value: '' }, 'no bid'), f.sides.map((side) => h('option', { value: side }, side))),
      ),
      h('label', { class: 'inline' }, 'VP ', h('input', { type: 'number', id: `${name}-vp`, name: `${name}-vp`, min: f.min, max: f.max, step: 1, value: '0', class: 'narrow' })),
    );
  return h(
    'label',
    { class: 'option', title: f.description },
    h('strong', {}, f.label.title), ' ', h('span', { class: 'muted' }, f.label.text),
    h('input', {
      type: f.kind === 'number' ? 'number' : 'text',
      id: name,
      name,
      value: f.default === null ? '' : String(f.default),
      placeholder: f.default === null ? 'not set' : '',
    }),
  );
}

// What the controls of `fields` hold, for collectOptions; a field without its control (left out
// of the form) is skipped.
export function optionValues(fields) {
  const values = {};
  for (const f of fields) {
    const name = `option-${f.id}`;
    if (f.kind === 'bid') {
      if (byId(`${name}-side`)) values[f.id] = { side: byId(`${name}-side`).value, vp: byId(`${name}-vp`).value };
    } else if (byId(name)) values[f.id] = f.kind === 'bool' ? byId(name).checked : byId(name).value;
  }
  return values;
}
