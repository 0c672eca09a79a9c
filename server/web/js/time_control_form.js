// The clock fields of a creation form — the lobby's new game and a tournament's games: built into
// the page's empty <fieldset id="time-control-fields">, the presets from GET /api/time-controls,
// the custom and timeout fields shown for the choice, the choice in words, and the request's
// `time_control` (clocks.js checks and words it).
import { api, byId, clear, h } from './dom.js';
import { presetControl, timeControlRequest, timeControlText, timeoutText } from './clocks.js';

let presets = []; // the clocks' presets, from GET /api/time-controls
let words = { none: '', after: '' };

function hoursField(label, id, name, value) {
  return h('label', {}, label, h('input', { id, name, type: 'number', min: '0', step: 'any', inputmode: 'decimal', value }));
}

function buildFields(fieldset) {
  clear(fieldset).append(
    h('legend', {}, 'Clock'),
    h('label', {}, 'Time control',
      h('select', { id: 'time-control-choice', name: 'time_control' },
        h('option', { value: '' }, 'None: untimed'),
        h('option', { value: 'custom' }, 'Custom…'))),
    h('div', { id: 'time-control-custom', class: 'time-control-custom', hidden: true },
      hoursField('Time at the start (hours)', 'tc-initial', 'initial_hours', '72'),
      hoursField('Added per move (hours)', 'tc-increment', 'increment_hours', '12'),
      hoursField('Most a clock holds (hours)', 'tc-cap', 'cap_hours', '120')),
    h('div', { id: 'time-control-timeout', class: 'time-control-custom', hidden: true },
      hoursField('Grace period once a clock runs out (hours)', 'tc-grace', 'grace_hours', '24'),
      h('label', { class: 'check' },
        h('input', { type: 'checkbox', id: 'tc-automatic', name: 'automatic_timeout' }), ' ',
        h('span', {}, 'Timeout applied automatically ', h('span', { class: 'muted' }, '(else the opponent may claim the win)')))),
    h('p', { id: 'time-control-help', class: 'hint' }));
}

function timeControlValues() {
  return {
    choice: byId('time-control-choice').value,
    initial: byId('tc-initial').value,
    increment: byId('tc-increment').value,
    cap: byId('tc-cap').value,
    grace: byId('tc-grace').value,
    automatic: byId('tc-automatic').checked,
  };
}

// The form's `time_control` for a request; null for none. Throws with a readable message when a
// field is wrong.
export function chosenTimeControl() {
  return timeControlRequest(timeControlValues());
}

// The `time_control` of a request in the form the server stores it (for timeControlText); null
// for none.
export function controlOfRequest(request) {
  if (!request) return null;
  const preset = presets.find((p) => p.name === request.preset);
  const timeout = { grace_hours: request.grace_hours ?? 24, automatic_timeout: Boolean(request.automatic_timeout) };
  if (preset) return presetControl(preset, timeout);
  if (request.preset) return { preset: request.preset }; // a preset this page does not know
  return presetControl({ name: 'custom', initial_hours: request.initial_hours, increment_hours: request.increment_hours, cap_hours: request.cap_hours }, timeout);
}

// Shows the custom fields and the timeout settings for the clock chosen, and it in words.
function showTimeControl() {
  const choice = byId('time-control-choice').value;
  byId('time-control-custom').hidden = choice !== 'custom';
  byId('time-control-timeout').hidden = choice === '';
  const help = byId('time-control-help');
  if (choice === '') {
    help.textContent = words.none;
    return;
  }
  let control = null;
  try {
    control = controlOfRequest(chosenTimeControl());
  } catch (e) {
    help.textContent = e.message;
    return;
  }
  help.textContent = `${timeControlText(control)}. ${timeoutText(control)}.${words.after ? ` ${words.after}` : ''}`;
}

// Builds the fields and loads the presets. `none`: the help without a clock; `after`: words after
// a chosen clock's.
export async function mountTimeControlFields({ none, after = '' }) {
  words = { none, after };
  buildFields(byId('time-control-fields'));
  byId('time-control-choice').addEventListener('change', showTimeControl);
  for (const id of ['tc-initial', 'tc-increment', 'tc-cap', 'tc-grace', 'tc-automatic']) byId(id).addEventListener('input', showTimeControl);
  showTimeControl();
  try {
    const data = await api('GET', '/api/time-controls');
    presets = Array.isArray(data.presets) ? data.presets : [];
  } catch {
    presets = []; // none and custom remain
  }
  const select = byId('time-control-choice');
  const custom = select.querySelector('option[value="custom"]');
  for (const p of presets) select.insertBefore(h('option', { value: p.name }, p.label || p.name), custom);
  showTimeControl();
}
