// A player's profile (player.html?name=NAME): GET /api/players/{name}, which needs a session:
// the name, when they joined, games played and running, the results per title and their recent
// games (each a link to watch it), and their ratings per title with the latest changes
// (docs/RATINGS.md).
import { api, byId, clear, errorText, h, relativeTime } from './dom.js';
import { call, loadSession } from './session.js';
import { mountAccountBar } from './account_bar.js';
import { gameStateText, playersText } from './account_games.js';
import { ratingChangeText, sideText } from './rating_text.js';

const name = (new URLSearchParams(location.search).get('name') ?? '').trim();
let titles = [];

function titleName(id) {
  const t = titles.find((x) => x.title === id);
  return t ? t.name : id;
}

function scenarioName(titleId, scenarioId) {
  const t = titles.find((x) => x.title === titleId);
  const s = t && Array.isArray(t.scenarios) ? t.scenarios.find((x) => x.id === scenarioId) : null;
  return s ? s.name : scenarioId ?? '';
}

function notice(content) {
  const box = byId('player-notice');
  clear(box);
  box.hidden = !content;
  if (content) box.append(content);
}

function dateText(iso) {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso ?? '—' : new Date(t).toLocaleDateString();
}

// "40 s", "12 min", "5.2 h", "3.1 d": a decision's time as a correspondence player reads it.
function durationText(seconds) {
  const s = Number(seconds) || 0;
  if (s < 90) return `${Math.round(s)} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 36 * 3600) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86400).toFixed(1)} d`;
}

// Each title's rating (with a link to its leaderboard) and the rated games that moved it.
function renderRatings(ratings) {
  byId('ratings-panel').hidden = false;
  const box = clear(byId('player-ratings'));
  if (ratings.length === 0) {
    box.append(h('p', { class: 'muted' }, 'No rated game yet.'));
    return;
  }
  for (const r of ratings) {
    box.append(
      h(
        'div',
        { class: 'rating', 'data-title': r.title },
        h('h3', {}, r.title_name ?? titleName(r.title), ': ', h('strong', { class: 'rating-value' }, String(Math.round(r.rating))), h('span', { class: 'muted' }, ` ± ${Math.round(2 * r.deviation)} · ${r.games} rated game${r.games === 1 ? '' : 's'} · `), h('a', { href: `/ratings.html?title=${encodeURIComponent(r.title)}` }, 'leaderboard')),
        h(
          'div',
          { class: 'table-wrap' },
          h(
            'table',
            { class: 'games rating-changes' },
            h('thead', {}, h('tr', {}, ['#', 'Against', 'Side', 'Result', 'Rating', 'Ended'].map((t) => h('th', { scope: 'col' }, t)))),
            h(
              'tbody',
              {},
              (r.recent || []).map((g) =>
                h(
                  'tr',
                  { 'data-game': g.game },
                  h('td', { class: 'num' }, h('a', { href: `/game.html?game=${g.game}#seat=spectator` }, String(g.game))),
                  h('td', {}, h('a', { href: `/player.html?name=${encodeURIComponent(g.opponent)}` }, g.opponent)),
                  h('td', {}, sideText(g.side)),
                  h('td', {}, g.outcome),
                  h('td', { class: 'num rating-change' }, ratingChangeText(g.before, g.after)),
                  h('td', { title: g.ended_at ?? '' }, g.ended_at ? relativeTime(g.ended_at) : ''),
                ),
              ),
            ),
          ),
        ),
      ),
    );
  }
}

function render(p) {
  document.title = `${p.name} — Warpath`;
  byId('player-title').textContent = `Player: ${p.name}`;
  byId('player-name').textContent = p.deleted ? `${p.name} (deleted player)` : p.name;
  byId('player-joined').textContent = p.joined ? dateText(p.joined) : '—';
  byId('player-played').textContent = String(p.played ?? 0);
  byId('player-running').textContent = String(p.running ?? 0);
  const t = p.response_times;
  byId('player-response').textContent =
    t && t.decisions > 0
      ? `median ${durationText(t.median_s)} (half between ${durationText(t.q1_s)} and ${durationText(t.q3_s)}), over ${t.decisions} decisions`
      : '—';
  byId('player-panel').hidden = false;

  renderRatings(Array.isArray(p.ratings) ? p.ratings : []);

  const results = Object.entries(p.results && typeof p.results === 'object' ? p.results : {});
  byId('results-panel').hidden = false;
  const resultsBox = clear(byId('player-results'));
  if (results.length === 0) resultsBox.append(h('p', { class: 'muted' }, 'No finished game yet.'));
  else
    resultsBox.append(
      h(
        'table',
        { class: 'games results' },
        h('thead', {}, h('tr', {}, ['Game', 'Won', 'Lost', 'Drawn'].map((t) => h('th', { scope: 'col' }, t)))),
        h(
          'tbody',
          {},
          results.map(([title, r]) =>
            h('tr', { 'data-title': title }, h('td', {}, titleName(title)), h('td', { class: 'num' }, r.won ?? 0), h('td', { class: 'num' }, r.lost ?? 0), h('td', { class: 'num' }, r.drawn ?? 0)),
          ),
        ),
      ),
    );

  const recent = Array.isArray(p.recent) ? p.recent : [];
  byId('recent-panel').hidden = false;
  const recentBox = clear(byId('player-recent'));
  if (recent.length === 0) {
    recentBox.append(h('p', { class: 'muted' }, 'No games yet.'));
    return;
  }
  recentBox.append(
    h(
      'table',
      { class: 'games recent' },
      h('thead', {}, h('tr', {}, ['#', 'Game', 'Scenario', 'Players', 'State', 'Updated', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h(
        'tbody',
        {},
        recent.map((g) =>
          h(
            'tr',
            { 'data-game': g.id, class: g.status === 'over' ? 'over' : '' },
            h('td', { class: 'num' }, g.id),
            h('td', {}, titleName(g.title)),
            h('td', {}, scenarioName(g.title, g.scenario)),
            h('td', { class: 'wrap' }, playersText(g.players)),
            h('td', {}, g.status === 'over' || g.result ? gameStateText(g) : (g.active || []).length ? `to move: ${g.active.join(', ')}` : g.status ?? ''),
            h('td', { title: g.updated ?? '' }, g.updated ? relativeTime(g.updated) : ''),
            h('td', {}, h('a', { href: `/game.html?game=${g.id}#seat=spectator` }, 'watch')),
          ),
        ),
      ),
    ),
  );
}

async function start() {
  mountAccountBar();
  if (!name) {
    notice('This address names no player.');
    return;
  }
  const [session] = await Promise.all([
    loadSession().catch(() => null),
    api('GET', '/api/titles')
      .then((d) => (titles = Array.isArray(d.titles) ? d.titles : []))
      .catch(() => {}),
  ]);
  if (!session) {
    const next = encodeURIComponent(location.pathname + location.search);
    notice(h('span', {}, 'Profiles are for players with an account. ', h('a', { href: `/account.html?next=${next}#login` }, 'Log in'), ' or ', h('a', { href: `/account.html?next=${next}#signup` }, 'sign up'), '.'));
    return;
  }
  try {
    render(await call('GET', `/api/players/${encodeURIComponent(name)}`));
  } catch (e) {
    notice(e.code === 'unknown_player' ? `There is no player called “${name}”.` : `Could not load the profile: ${errorText(e)}`);
  }
}

start();
