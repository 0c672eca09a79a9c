// The account page's notification settings (GET/PUT /api/account/notifications): a grid of the
// events by channel, each off, at once ("now") or, by mail, in the daily digest, and the digest's
// hour, in the account's time zone (the offset from UTC set with the time-off settings). The server's answer is the whole document; a refused one changes nothing and names
// the setting at fault.
import { offsetText } from './clocks.js';
import { byId, errorText, h } from './dom.js';
import { call } from './session.js';

export const EVENTS = [
  ['your_move', 'Your move (when no page of yours has the game open)'],
  ['invitation', 'An invitation'],
  ['player_joined', 'A player joined your proposed game'],
  ['game_started', 'A game of yours began'],
  ['game_ended', 'A game of yours ended'],
  ['clock_warning', '24 hours left on your clock'],
  ['chat', 'New chat (one until you open the game again)'],
];
export const CHOICES = { mail: ['off', 'now', 'digest'], webhook: ['off', 'now'] };
const LABELS = { off: 'off', now: 'at once', digest: 'daily digest' };

// The document a PUT sends for the grid's choices: {events: {event: {mail, webhook}}, digest_hour}.
export function settingsDocument(choices, digestHour) {
  const events = {};
  for (const [event] of EVENTS) events[event] = { mail: choices[event].mail, webhook: choices[event].webhook };
  return { events, digest_hour: digestHour };
}

function select(id, options, value) {
  return h('select', { id }, options.map((o) => h('option', { value: o, selected: o === value }, LABELS[o])));
}

function render(settings) {
  const rows = EVENTS.map(([event, label]) =>
    h('tr', {},
      h('th', { scope: 'row' }, label),
      Object.entries(CHOICES).map(([channel, options]) =>
        h('td', {}, select(`notify-${event}-${channel}`, options, settings.events[event][channel])))));
  byId('notify-grid').replaceChildren(
    h('thead', {}, h('tr', {}, h('th', {}, 'Event'), h('th', {}, 'Mail'), h('th', {}, 'Webhook'))),
    h('tbody', {}, rows));
  const zone = offsetText(settings.utc_offset_minutes ?? 0);
  const hours = [...Array(24).keys()].map((hour) =>
    h('option', { value: hour, selected: hour === settings.digest_hour }, `${String(hour).padStart(2, '0')}:00 (${zone})`));
  byId('notify-hour').replaceChildren(...hours);
  const waiting = settings.waiting_in_digest;
  byId('notify-waiting').textContent = waiting ? `${waiting} notice${waiting === 1 ? '' : 's'} wait for the next digest.` : '';
}

function choicesOnPage() {
  const choices = {};
  for (const [event] of EVENTS) {
    choices[event] = {};
    for (const channel of Object.keys(CHOICES)) choices[event][channel] = byId(`notify-${event}-${channel}`).value;
  }
  return choices;
}

export async function loadNotificationSettings() {
  const error = byId('notify-error');
  error.textContent = '';
  try {
    render(await call('GET', '/api/account/notifications'));
  } catch (e) {
    error.textContent = errorText(e);
  }
}

export function mountNotificationSettings(onSaved) {
  byId('notify-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const error = byId('notify-error');
    const button = byId('notify-save');
    error.textContent = '';
    button.disabled = true;
    try {
      render(await call('PUT', '/api/account/notifications', settingsDocument(choicesOnPage(), Number(byId('notify-hour').value))));
      onSaved();
    } catch (e) {
      error.textContent = errorText(e);
    } finally {
      button.disabled = false;
    }
  });
}
