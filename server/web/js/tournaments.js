// The tournaments page (tournaments.html): the list by status (GET /api/tournaments?status=…), one
// tab each for those open for registration, running and finished; and for an organiser
// (`organiser` in GET /api/session) the creation form (POST /api/tournaments), checked in the page
// (js/tournament_format.js) and showing a `bad_tournament` refusal of the server beside its field.
import { api, byId, clear, errorText, h } from './dom.js';
import { collectOptions, optionFields } from './lobby_options.js';
import { optionControl, optionValues } from './option_controls.js';
import { chosenTimeControl, mountTimeControlFields } from './time_control_form.js';
import { mountAccountBar } from './account_bar.js';
import { call, currentAccount, loadSession, onSession } from './session.js';
import {
  FieldError,
  fieldOfError,
  formatWords,
  localInputValue,
  localTime,
  progressWords,
  sidesWords,
  statusWords,
  tournamentRequest,
} from './tournament_format.js';

const STATUSES = ['registration', 'running', 'finished'];
const FIELDS = ['name', 'title', 'scenario', 'options', 'sides', 'favoured', 'kind', 'rounds', 'pool_size', 'playoff', 'registration_closes', 'min_players', 'max_players', 'round_hours', 'time_control'];
// Server field names that are a part of the form under another name.
const FIELD_ALIASES = { format: 'kind', mode: 'sides', mulligan: 'kind', preset: 'time_control' };
const REFRESH_MS = 30000;

let titles = [];
let fields = []; // the option fields of the title chosen
let status = STATUSES.includes(location.hash.slice(1)) ? location.hash.slice(1) : 'registration';

function notice(content) {
  const box = clear(byId('tournaments-notice'));
  box.hidden = !content;
  if (content) box.append(content);
}

function titleOf(id) {
  return titles.find((t) => t.title === id) || null;
}

function scenarioName(titleId, scenarioId) {
  const t = titleOf(titleId);
  const s = t && Array.isArray(t.scenarios) ? t.scenarios.find((x) => x.id === scenarioId) : null;
  return s ? s.name || s.id : scenarioId || '';
}

// ---- the list ----

function showTabs() {
  for (const tab of document.querySelectorAll('.tab')) {
    const chosen = tab.dataset.status === status;
    tab.setAttribute('aria-selected', chosen ? 'true' : 'false');
    tab.classList.toggle('chosen', chosen);
  }
}

function whenLine(t) {
  if (t.status === 'registration') return `registration closes ${localTime(t.registration_closes)}`;
  if (t.status === 'running') return progressWords(t);
  return statusWords(t.status);
}

function tournamentItem(t) {
  return h(
    'li',
    { class: 'listing tournament-item', 'data-tournament': t.id },
    h(
      'div',
      { class: 'my-game-head' },
      h('a', { href: `/tournament.html?id=${t.id}`, class: 'tournament-link' }, h('strong', {}, t.name)),
      ' ',
      h('span', { class: `pill status-${t.status}` }, statusWords(t.status)),
    ),
    h('div', {}, `${t.title_name || t.title} — ${scenarioName(t.title, t.scenario)}`, ' · ', h('span', { class: 'format' }, formatWords(t.format)), ' · ', h('span', { class: 'sides' }, sidesWords(t.sides))),
    h(
      'div',
      { class: 'muted' },
      h('span', { class: 'player-count' }, `${t.players}/${t.max_players} players`),
      ' · ',
      h('span', { class: 'when', title: t.registration_closes }, whenLine(t)),
      ` · organised by ${t.organiser}`,
    ),
  );
}

let listTicket = 0;
async function loadList() {
  if (!currentAccount()) return;
  const ticket = ++listTicket;
  try {
    const data = await call('GET', `/api/tournaments?status=${status}`);
    if (ticket !== listTicket) return;
    byId('list-error').textContent = '';
    const list = clear(byId('tournament-list'));
    const items = Array.isArray(data.tournaments) ? data.tournaments : [];
    if (items.length === 0) list.append(h('li', { class: 'muted empty' }, status === 'registration' ? 'No tournament is open for registration.' : status === 'running' ? 'No tournament is running.' : 'No tournament has finished yet.'));
    for (const t of items) list.append(tournamentItem(t));
  } catch (e) {
    if (ticket !== listTicket) return;
    byId('list-error').textContent = `Could not load the tournaments: ${errorText(e)}`;
  }
}

function chooseTab(next) {
  status = next;
  history.replaceState(null, '', `#${status}`);
  showTabs();
  clear(byId('tournament-list'));
  loadList();
}

// ---- the creation form ----

function fillTitleDetails() {
  const t = titleOf(byId('t-title').value);
  const scenario = clear(byId('t-scenario'));
  for (const s of (t && t.scenarios) || []) scenario.append(h('option', { value: s.id }, s.name || s.id));
  const box = byId('option-fields');
  for (const el of [...box.children]) if (el.tagName !== 'LEGEND') el.remove();
  byId('options').value = '';
  fields = t ? optionFields(t.options, t.roles || []) : [];
  const favoured = clear(byId('t-favoured'));
  favoured.append(h('option', { value: '' }, 'the side each bid names'));
  for (const role of (t && t.roles) || []) favoured.append(h('option', { value: role }, role));
  // Without a bid option the sides can only be balanced.
  for (const option of byId('t-sides').options) option.disabled = option.value !== 'balanced' && !(t && t.bid_option);
  if (!(t && t.bid_option)) byId('t-sides').value = 'balanced';
  box.hidden = fields.length === 0;
  for (const f of fields) box.append(optionControl(f));
  showSides();
}

// The bid option is the bidding's to set: its control only with balanced sides.
function showSides() {
  const t = titleOf(byId('t-title').value);
  const sides = byId('t-sides').value;
  byId('t-favoured-row').hidden = sides !== 'sealed';
  const bid = t && t.bid_option ? document.querySelector(`#option-fields .option-bid`) : null;
  if (bid) bid.hidden = sides !== 'balanced';
  byId('t-sides-help').textContent =
    sides === 'balanced'
      ? 'Each pairing gives the sides: round-robin and Swiss balance them over the rounds; in elimination the player who has played the first seat fewer times takes it.'
      : 'Each pairing bids for sides in a private lobby listing of its two players before its game begins.';
}

function showFormat() {
  const kind = byId('t-kind').value;
  byId('t-rounds-row').hidden = kind !== 'swiss' && kind !== 'swiss_elimination';
  byId('t-pool-size-row').hidden = kind !== 'round_robin';
  byId('t-playoff-row').hidden = kind !== 'swiss_elimination';
  byId('t-mulligan-row').hidden = kind !== 'elimination';
  const help = {
    swiss: 'Players meet others with the same score; no one meets the same opponent twice. An odd player out gets a bye (1 point).',
    round_robin: 'Players are seeded into pools by rating; everyone plays everyone in their pool.',
    swiss_elimination: 'Swiss rounds, then single elimination of the best by the standings.',
    elimination: 'A bracket seeded by rating; byes go to the top seeds. A loss ends the tournament (with a mulligan: after a second chance).',
  };
  byId('t-format-help').textContent = help[kind] ?? '';
}

function clearFieldErrors() {
  for (const slot of document.querySelectorAll('#tournament-form .field-error')) slot.textContent = '';
  for (const el of document.querySelectorAll('#tournament-form [aria-invalid]')) el.removeAttribute('aria-invalid');
  byId('t-create-error').textContent = '';
}

// Shows `message` beside the field the server or the page named; at the button when none fits.
function showFieldError(field, message) {
  let name = fieldOfError(field, [...FIELDS, ...Object.keys(FIELD_ALIASES)]);
  if (name && FIELD_ALIASES[name]) name = FIELD_ALIASES[name];
  const slot = name ? document.querySelector(`#tournament-form .field-error[data-field="${name}"]`) : null;
  if (!slot) {
    byId('t-create-error').textContent = message;
    return;
  }
  slot.textContent = message;
  const label = slot.closest('label');
  const input = label ? label.querySelector('input, select, textarea') : null;
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  }
  byId('t-create-error').textContent = 'Please correct the field marked above.';
}

function readForm() {
  const t = titleOf(byId('t-title').value);
  let options;
  try {
    options = collectOptions(fields, optionValues(fields), byId('options').value);
  } catch (e) {
    throw new FieldError('options', e.message);
  }
  if (byId('t-sides').value !== 'balanced' && t && t.bid_option) delete options[t.bid_option.option];
  let timeControl;
  try {
    timeControl = chosenTimeControl();
  } catch (e) {
    throw new FieldError('time_control', e.message);
  }
  return tournamentRequest(
    {
      name: byId('t-name').value,
      title: byId('t-title').value,
      scenario: byId('t-scenario').value,
      options,
      time_control: timeControl,
      sides: byId('t-sides').value,
      favoured: byId('t-favoured').value,
      kind: byId('t-kind').value,
      rounds: byId('t-rounds').value,
      pool_size: byId('t-pool-size').value,
      playoff: byId('t-playoff').value,
      mulligan: byId('t-mulligan').checked,
      registration_closes: byId('t-closes').value,
      min_players: byId('t-min').value,
      max_players: byId('t-max').value,
      round_hours: byId('t-round-hours').value,
    },
    { bidOption: t ? t.bid_option : null },
  );
}

async function createTournament(event) {
  event.preventDefault();
  clearFieldErrors();
  let body;
  try {
    body = readForm();
  } catch (e) {
    if (e instanceof FieldError) showFieldError(e.field, e.message);
    else byId('t-create-error').textContent = e.message;
    return;
  }
  const button = byId('t-create');
  button.disabled = true;
  try {
    const created = await call('POST', '/api/tournaments', body);
    const tournament = created.tournament ?? created;
    location.href = `/tournament.html?id=${tournament.id}`;
  } catch (e) {
    if (e.code === 'bad_tournament') showFieldError(e.details && e.details.field, errorText(e));
    else byId('t-create-error').textContent = errorText(e);
    button.disabled = false;
  }
}

async function loadTitles() {
  try {
    const data = await api('GET', '/api/titles');
    titles = Array.isArray(data.titles) ? data.titles : [];
  } catch (e) {
    byId('t-create-error').textContent = `Could not load the games: ${errorText(e)}`;
    return;
  }
  const select = clear(byId('t-title'));
  for (const t of titles) select.append(h('option', { value: t.title }, t.name || t.title));
  fillTitleDetails();
}

// ---- start ----

function showForSession(session) {
  byId('list-panel').hidden = !session;
  byId('create-panel').hidden = !(session && session.account && session.account.organiser);
  if (!session) {
    const next = encodeURIComponent(location.pathname + location.search);
    notice(h('span', {}, 'Tournaments are for players with an account. ', h('a', { href: `/account.html?next=${next}#login` }, 'Log in'), ' or ', h('a', { href: `/account.html?next=${next}#signup` }, 'sign up'), '.'));
  } else notice('');
}

for (const tab of document.querySelectorAll('.tab')) tab.addEventListener('click', () => chooseTab(tab.dataset.status));
byId('list-refresh').addEventListener('click', loadList);
byId('t-title').addEventListener('change', fillTitleDetails);
byId('t-sides').addEventListener('change', showSides);
byId('t-kind').addEventListener('change', showFormat);
byId('tournament-form').addEventListener('submit', createTournament);
byId('t-closes').value = localInputValue(Date.now() + 7 * 24 * 3600 * 1000);
byId('t-zone').textContent = `(your time, ${Intl.DateTimeFormat().resolvedOptions().timeZone || 'local'})`;
onSession((session) => {
  showForSession(session);
  loadList();
});
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) loadList();
});
setInterval(() => {
  if (!document.hidden) loadList();
}, REFRESH_MS);

mountAccountBar();
showTabs();
showFormat();
const clockFields = mountTimeControlFields({ none: 'No clock: each game waits for its moves until the round’s deadline.' });
byId('time-control-fields').append(h('span', { class: 'field-error error-text', 'data-field': 'time_control', role: 'alert' }));
await Promise.all([loadTitles(), clockFields]);
showForSession(await loadSession().catch(() => null));
await loadList();
