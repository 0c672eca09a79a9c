// The lobby: recent games, the games this browser created, and the "create a game" form.
import { api, byId, clear, copyButton, h, relativeTime } from './dom.js';
import { absoluteLink, forgetMyGame, loadMyGames, localLink, saveMyGame } from './store.js';

const REFRESH_MS = 15000;

let titles = []; // from GET /api/titles
let recent = new Map(); // id -> game record from GET /api/games

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
  for (const g of mine) {
    const record = recent.get(g.id) || fetched.get(g.id) || null;
    const gone = record && record.error && record.error.code === 'unknown_game';
    const active = record && Array.isArray(record.active) ? record.active : [];
    const seats = Object.entries(g.links).map(([role, link]) =>
      h(
        'a',
        { href: link, class: `seat-link${active.includes(role) ? ' to-move' : ''}` },
        role === 'spectator' ? 'watch' : `play ${role}`,
        active.includes(role) ? h('span', { class: 'turn-flag' }, ' • to move') : null,
      ),
    );
    list.append(
      h(
        'li',
        { class: 'my-game' },
        h(
          'div',
          { class: 'my-game-head' },
          h('strong', {}, `#${g.id} ${titleName(g.title)}`),
          h('span', { class: 'muted' }, ` ${scenarioName(g.title, g.scenario)}`),
          record && !record.error
            ? h('span', { class: `pill status-${record.status}` }, record.status === 'over' ? 'over' : `to move: ${whoseTurn(record)}`)
            : h('span', { class: 'pill' }, gone ? 'no longer on the server' : 'status unknown'),
          record && record.status === 'over' && record.result && record.result.summary
            ? h('span', { class: 'muted' }, ` ${record.result.summary}`)
            : null,
          forgetButton(g),
        ),
        h('div', { class: 'seat-links' }, seats),
      ),
    );
  }
  box.append(list);
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
  byId('title-roles').textContent = t && Array.isArray(t.roles) ? `Seats: ${t.roles.join(', ')}` : '';
  if (!t) return;
  for (const s of t.scenarios || []) scenario.append(h('option', { value: s.id }, s.name ? `${s.name}` : s.id));
  // Options whose default is null mean "not set"; leaving them out keeps the module's own default.
  const defaults = {};
  for (const o of t.options || []) {
    if (o.default !== null && o.default !== undefined) defaults[o.id] = o.default;
    help.append(
      h('dt', {}, o.id),
      h('dd', {}, o.description || '', ' ', h('span', { class: 'muted' }, `(default: ${o.default === null ? 'not set' : JSON.stringify(o.default)})`)),
    );
  }
  byId('options').value = Object.keys(defaults).length ? JSON.stringify(defaults, null, 2) : '{}';
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
  const optionsText = byId('options').value.trim();
  if (optionsText) {
    let options;
    try {
      options = JSON.parse(optionsText);
    } catch (e) {
      throw new Error(`Options are not valid JSON: ${e.message}`);
    }
    if (options === null || typeof options !== 'object' || Array.isArray(options))
      throw new Error('Options must be a JSON object, like {"target": 15}.');
    body.options = options;
  }
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
      { class: 'link-row' },
      h('span', { class: 'link-role' }, role),
      input,
      copyButton(url),
      h('a', { href: link, target: '_blank', rel: 'noopener', class: 'button secondary small' }, 'Open'),
    );
  });
  panel.append(
    h('div', { class: 'panel-head' }, h('h2', {}, `Game #${created.id} created`), h('button', { type: 'button', class: 'secondary small', onclick: () => (panel.hidden = true) }, 'Close')),
    h('p', {}, `${titleName(body.title)} — ${scenarioName(body.title, body.scenario)}`),
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
