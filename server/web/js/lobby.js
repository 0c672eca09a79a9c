// The lobby: recent games, the games this browser created, and the "create a game" form.
import { api, byId, clear, copyButton, h, relativeTime } from './dom.js';
import { collectOptions, optionFields, optionsSummary } from './lobby_options.js';
import { absoluteLink, forgetMyGame, isMyTurn, loadMyGames, localLink, mySeats, saveMyGame } from './store.js';

const REFRESH_MS = 15000;

let titles = []; // from GET /api/titles
let recent = new Map(); // id -> game record from GET /api/games
let fields = []; // the option fields of the title chosen in the form

function titleName(titleId) {
  const t = titles.find((x) => x.title === titleId);
  return t ? t.name : titleId;
}

function scenarioName(titleId, scenarioId) {
  const t = titles.find((x) => x.title === titleId);
  const s = t && Array.isArray(t.scenarios) ? t.scenarios.find((x) => x.id === scenarioId) : null;
  return s ? s.name : scenarioId;
}

function showNotice(text) {
  const notice = byId('lobby-notice');
  notice.textContent = text;
  notice.hidden = !text;
}

function whoseTurn(game) {
  if (game.status === 'over') return 'game over';
  const active = Array.isArray(game.active) ? game.active : [];
  return active.length ? active.join(', ') : '—';
}

function spectatorLink(id) {
  return `/game.html?game=${id}#seat=spectator`;
}

// ---- recent games ----

function renderRecent() {
  const box = clear(byId('games'));
  if (recent.size === 0) {
    box.append(h('p', { class: 'muted' }, 'No games yet. Create one below.'));
    return;
  }
  const rows = [...recent.values()].map((g) =>
    h(
      'tr',
      { class: g.status === 'over' ? 'over' : '' },
      h('td', { class: 'num' }, g.id),
      h('td', {}, titleName(g.title)),
      h('td', {}, scenarioName(g.title, g.scenario)),
      h('td', {}, h('span', { class: `pill status-${g.status}` }, g.status)),
      h('td', {}, whoseTurn(g)),
      h('td', { class: 'num' }, g.version),
      h('td', { title: g.updated }, relativeTime(g.updated)),
      h('td', {}, h('a', { href: spectatorLink(g.id) }, 'watch')),
    ),
  );
  box.append(
    h(
      'table',
      { class: 'games' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['#', 'Game', 'Scenario', 'Status', 'To move', 'Moves', 'Updated', ''].map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}

async function loadRecent() {
  try {
    const data = await api('GET', '/api/games');
    recent = new Map((data.games || []).map((g) => [g.id, g]));
    showNotice('');
  } catch (e) {
    showNotice(`Could not load the games: ${e.message}`);
  }
  renderRecent();
  await renderMyGames();
}

// ---- my games ----

async function renderMyGames() {
  const mine = loadMyGames();
  const panel = byId('my-games-panel');
  panel.hidden = mine.length === 0;
  if (mine.length === 0) return;
  // Games that fell out of the recent list are asked for one by one.
  const missing = mine.filter((g) => !recent.has(g.id)).slice(0, 20);
  const fetched = new Map();
  await Promise.all(
    missing.map(async (g) => {
      try {
        fetched.set(g.id, await api('GET', `/api/games/${g.id}`));
      } catch (e) {
        fetched.set(g.id, { error: e });
      }
    }),
  );
  const box = clear(byId('my-games'));
  const list = h('ul', { class: 'my-games' });
  let myTurns = 0;
  for (const g of mine) {
    const record = recent.get(g.id) || fetched.get(g.id) || null;
    const known = record && !record.error;
    const gone = record && record.error && record.error.code === 'unknown_game';
    const active = known && Array.isArray(record.active) ? record.active : [];
    const seats = mySeats(g);
    const myTurn = known && isMyTurn(g, record);
    if (myTurn) myTurns += 1;
    const title = g.title || (known ? record.title : '');
    const scenario = g.scenario || (known ? record.scenario : '');
    const links = Object.entries(g.links).map(([role, link]) =>
      h(
        'a',
        { href: link, class: `seat-link${active.includes(role) ? ' to-move' : ''}`, 'data-role': role },
        role === 'spectator' ? 'watch' : `play ${role}`,
        active.includes(role) ? h('span', { class: 'turn-flag' }, ' • to move') : null,
      ),
    );
    if (!g.links.spectator) links.push(h('a', { href: spectatorLink(g.id), class: 'seat-link', 'data-role': 'spectator' }, 'watch'));
    const turnText = !known
      ? gone
        ? 'no longer on the server'
        : 'status unknown'
      : record.status === 'over'
        ? 'over'
        : myTurn
          ? `your turn (${active.filter((r) => seats.includes(r)).join(', ')})`
          : `to move: ${whoseTurn(record)}`;
    const options = known ? optionsSummary(record.options) : '';
    list.append(
      h(
        'li',
        { class: `my-game${myTurn ? ' my-turn' : ''}`, 'data-game': g.id, 'data-my-turn': myTurn ? 'yes' : 'no', 'data-active': active.join(' ') },
        h(
          'div',
          { class: 'my-game-head' },
          h('strong', {}, `#${g.id} ${titleName(title)}`),
          h('span', { class: 'muted my-game-scenario' }, ` ${scenarioName(title, scenario)}`),
          h('span', { class: `pill status-${known ? record.status : 'unknown'} my-game-turn` }, turnText),
          known ? h('span', { class: 'muted my-game-version', title: 'moves made' }, `v${record.version}`) : null,
          known && record.status === 'over' && record.result && record.result.summary
            ? h('span', { class: 'muted' }, ` ${record.result.summary}`)
            : null,
          forgetButton(g),
        ),
        h(
          'div',
          { class: 'my-game-meta muted' },
          seats.length ? `your seats: ${seats.join(', ')}` : 'no seat (watching)',
          options ? ` · options: ${options}` : '',
        ),
        h('div', { class: 'seat-links' }, links),
      ),
    );
  }
  box.append(list);
  document.title = `${myTurns ? `(${myTurns}) ` : ''}Warpath — lobby`;
}

function forgetButton(g) {
  const forget = () => {
    if (!confirm(`Forget game #${g.id}? Its seat links (and tokens) are stored only in this browser.`)) return;
    forgetMyGame(g.id);
    renderMyGames();
  };
  return h('button', { type: 'button', class: 'secondary small forget', onclick: forget }, 'Forget');
}

// ---- creation ----

function currentTitle() {
  return titles.find((t) => t.title === byId('title').value) || null;
}

function fillTitleDetails() {
  const t = currentTitle();
  const scenario = clear(byId('scenario'));
  const help = clear(byId('options-help'));
  const box = byId('option-fields');
  for (const el of [...box.children]) if (el.tagName !== 'LEGEND') el.remove();
  byId('options').value = '';
  byId('title-roles').textContent = t && Array.isArray(t.roles) ? `Seats: ${t.roles.join(', ')}` : '';
  fields = t ? optionFields(t.options, t.roles || []) : [];
  box.hidden = fields.length === 0;
  if (!t) return;
  for (const s of t.scenarios || []) scenario.append(h('option', { value: s.id }, s.name ? `${s.name}` : s.id));
  for (const f of fields) {
    box.append(optionField(f));
    help.append(
      h('dt', {}, f.id),
      h('dd', {}, f.description, ' ', h('span', { class: 'muted' }, `(default: ${f.default === null ? 'not set' : JSON.stringify(f.default)})`)),
    );
  }
}

// One option as a form control; every control is named "option-<id>" (a bid: -side and -vp).
function optionField(f) {
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

function fieldValues() {
  const values = {};
  for (const f of fields) {
    const name = `option-${f.id}`;
    if (f.kind === 'bool') values[f.id] = byId(name).checked;
    else if (f.kind === 'bid') values[f.id] = { side: byId(`${name}-side`).value, vp: byId(`${name}-vp`).value };
    else values[f.id] = byId(name).value;
  }
  return values;
}

async function loadTitles() {
  try {
    const data = await api('GET', '/api/titles');
    titles = Array.isArray(data.titles) ? data.titles : [];
  } catch (e) {
    byId('create-error').textContent = `Could not load the games: ${e.message}`;
    return;
  }
  const select = clear(byId('title'));
  for (const t of titles) select.append(h('option', { value: t.title }, t.name || t.title));
  byId('create').disabled = titles.length === 0;
  if (titles.length === 0) byId('create-error').textContent = 'This server has no game modules.';
  fillTitleDetails();
}

function readForm() {
  const body = { title: byId('title').value, scenario: byId('scenario').value };
  const options = collectOptions(fields, fieldValues(), byId('options').value);
  if (Object.keys(options).length) body.options = options;
  const seedText = byId('seed').value.trim();
  if (seedText) {
    if (!/^[0-9]+$/.test(seedText) || !Number.isSafeInteger(Number(seedText)))
      throw new Error(`The seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`);
    body.seed = Number(seedText);
  }
  return body;
}

function showCreated(created, body) {
  const panel = clear(byId('created'));
  const rows = Object.entries(created.links).map(([role, link]) => {
    const url = absoluteLink(link);
    const input = h('input', { type: 'text', readonly: true, value: url, 'aria-label': `link for ${role}`, onfocus: (e) => e.target.select() });
    return h(
      'div',
      { class: 'link-row', 'data-role': role },
      h('span', { class: 'link-role' }, role),
      input,
      copyButton(url),
      h('a', { href: link, target: '_blank', rel: 'noopener', class: 'button secondary small' }, 'Open'),
    );
  });
  panel.append(
    h('div', { class: 'panel-head' }, h('h2', {}, `Game #${created.id} created`), h('button', { type: 'button', class: 'secondary small', onclick: () => (panel.hidden = true) }, 'Close')),
    h('p', {}, `${titleName(body.title)} — ${scenarioName(body.title, body.scenario)}`, body.options ? ` · options: ${optionsSummary(body.options)}` : ''),
    h(
      'p',
      { class: 'notice warning' },
      h('strong', {}, 'Copy these links now. '),
      'Each seat link holds that seat’s secret token, and the server shows the tokens only this once. ',
      'Send each player only their own link. This browser also keeps them under “My games”.',
    ),
    ...rows,
  );
  panel.hidden = false;
  panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

async function createGame(event) {
  event.preventDefault();
  const error = byId('create-error');
  error.textContent = '';
  let body;
  try {
    body = readForm();
  } catch (e) {
    error.textContent = e.message;
    return;
  }
  const button = byId('create');
  button.disabled = true;
  try {
    const created = await api('POST', '/api/games', body);
    const links = {};
    for (const [role, link] of Object.entries(created.links || {})) links[role] = localLink(link);
    created.links = links;
    saveMyGame({ id: created.id, title: body.title, scenario: body.scenario, created: new Date().toISOString(), links });
    showCreated(created, body);
    await loadRecent();
  } catch (e) {
    error.textContent = `${e.code ? e.code + ': ' : ''}${e.message}`;
  } finally {
    button.disabled = false;
  }
}

// ---- start ----

byId('title').addEventListener('change', fillTitleDetails);
byId('create-form').addEventListener('submit', createGame);
byId('refresh').addEventListener('click', loadRecent);
window.addEventListener('storage', (e) => {
  if (e.key && e.key.startsWith('warpath.myGames')) renderMyGames();
});
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) loadRecent();
});
setInterval(() => {
  if (!document.hidden) loadRecent();
}, REFRESH_MS);

await loadTitles();
await loadRecent();
