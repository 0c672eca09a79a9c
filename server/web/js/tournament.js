// One tournament (tournament.html?id=N; docs/PROTOCOL.md, "Tournaments"): its header (GET
// /api/tournaments/{id}) with register, withdraw (confirmed) and the organiser's start and cancel;
// the viewer's own pairing, with the bidding panel of its listing while it bids for sides
// (js/bidding_panel.js, GET /api/lobby/{listing}); every round's pairings (GET …/rounds, the
// newest open, older ones folded); the standings (GET …/standings, a table per pool, withdrawn
// players marked); the players with rating and seed; the TRF export (…/trf). The page asks again
// when it comes back into view and, while the tournament is open or running, every 15 s, without
// rebuilding an open bidding panel whose state has not changed nor folding a round opened.
import { byId, clear, errorText, h } from './dom.js';
import { call, loadSession, onSession, currentAccount } from './session.js';
import { mountAccountBar } from './account_bar.js';
import { biddingPanel } from './bidding_panel.js';
import { optionsSummary } from './lobby_options.js';
import { timeControlText } from './clocks.js';
import {
  formatWords,
  localTime,
  myPairing,
  pairingModel,
  progressWords,
  roundHoursWords,
  roundName,
  roundsNewestFirst,
  sidesWords,
  standingsTables,
  statusWords,
} from './tournament_format.js';

const REFRESH_MS = 15000;
const id = Number(new URLSearchParams(location.search).get('id'));

let titles = [];
let tournament = null;
let rounds = [];
let standings = null;
let bidListing = null; // the listing of my pairing while it bids for sides
let shownBidding = ''; // what the bidding panel shows, to rebuild it only when it changed
const openRounds = new Set(); // older rounds the viewer unfolded

function notice(content) {
  const box = clear(byId('tournament-notice'));
  box.hidden = !content;
  if (content) box.append(content);
}

function me() {
  const account = currentAccount();
  return account ? account.name : null;
}

function titleOf(titleId) {
  return titles.find((t) => t.title === titleId) || null;
}

// The tournament's title's roles, in seat order.
function roles() {
  const t = tournament && titleOf(tournament.title);
  return (t && t.roles) || [];
}

function scenarioName(titleId, scenarioId) {
  const t = titleOf(titleId);
  const s = t && Array.isArray(t.scenarios) ? t.scenarios.find((x) => x.id === scenarioId) : null;
  return s ? s.name || s.id : scenarioId || '';
}

function playerLink(name) {
  return h('a', { href: `/player.html?name=${encodeURIComponent(name)}` }, name);
}

// ---- header and actions ----

function currentRound() {
  return rounds.find((r) => r.number === tournament.round) || null;
}

function renderHeader() {
  const t = tournament;
  document.title = `${t.name} — Warpath`;
  byId('tournament-title').textContent = `Tournament: ${t.name}`;
  byId('t-name').textContent = t.name;
  const pill = byId('t-status');
  pill.className = `pill status-${t.status}`;
  pill.textContent = statusWords(t.status);
  const round = currentRound();
  const options = optionsSummary(t.options);
  const facts = [
    ['Game', `${t.title_name || t.title} — ${scenarioName(t.title, t.scenario)}${options ? ` (options: ${options})` : ''}`],
    ['Organiser', playerLink(t.organiser)],
    ['Format', formatWords(t.format)],
    ['Sides', sidesWords(t.sides)],
    ['Clock', t.time_control ? timeControlText(t.time_control) : 'none: untimed'],
    ['Players', `${(t.players || []).filter((p) => !p.withdrawn).length} registered (${t.min_players}–${t.max_players})`],
    ['Rounds', `${roundHoursWords(t.round_hours)} each; a game still going at the deadline is adjudicated`],
  ];
  if (t.status === 'registration') facts.push(['Registration closes', h('span', { id: 't-closes', title: t.registration_closes }, localTime(t.registration_closes))]);
  if (t.status === 'running') {
    facts.push(['Round', progressWords(t)]);
    if (round && round.deadline) facts.push(['Round deadline', h('span', { id: 't-deadline', title: round.deadline }, localTime(round.deadline))]);
  }
  if (t.started_at) facts.push(['Started', localTime(t.started_at)]);
  if (t.finished_at) facts.push(['Finished', localTime(t.finished_at)]);
  byId('t-facts').replaceChildren(...facts.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]));

  const mine = t.me || {};
  const open = t.status === 'registration';
  const full = (t.players || []).length >= t.max_players;
  byId('register').hidden = !(open && !mine.registered);
  byId('register').disabled = full;
  byId('register').textContent = full ? 'Full' : 'Register';
  byId('withdraw').hidden = !(mine.registered && !mine.withdrawn && (open || t.status === 'running'));
  byId('start').hidden = !(mine.organiser && open);
  byId('cancel').hidden = !(mine.organiser && open);
  const trf = byId('trf');
  trf.hidden = !(t.round > 0);
  trf.href = `/api/tournaments/${t.id}/trf`;
  trf.setAttribute('download', `tournament-${t.id}.trf`);
  byId('t-me').textContent = mine.withdrawn
    ? 'You withdrew from this tournament.'
    : mine.registered
      ? open
        ? 'You are registered. Pairings are made when registration closes.'
        : 'You play in this tournament.'
      : '';
}

async function act(button, work) {
  const error = byId('action-error');
  error.textContent = '';
  button.disabled = true;
  try {
    const answer = await work();
    if (answer && (answer.tournament || answer.id)) tournament = answer.tournament ?? answer;
    await refresh();
  } catch (e) {
    error.textContent = errorText(e);
  } finally {
    button.disabled = false;
  }
}

function register(e) {
  act(e.currentTarget, () => call('POST', `/api/tournaments/${id}/register`));
}

function withdraw(e) {
  const running = tournament.status === 'running';
  const text = running
    ? `Withdraw from “${tournament.name}”? Each of your unfinished games in it is resigned (a pairing still bidding is lost), and you are not paired again. This cannot be undone.`
    : `Withdraw your registration for “${tournament.name}”?`;
  if (!confirm(text)) return;
  act(e.currentTarget, () => call('POST', `/api/tournaments/${id}/withdraw`));
}

function startNow(e) {
  if (!confirm(`Close registration now and pair the first round of “${tournament.name}”?`)) return;
  act(e.currentTarget, () => call('POST', `/api/tournaments/${id}/start`));
}

function cancel(e) {
  if (!confirm(`Cancel “${tournament.name}”? The registered players are told. This cannot be undone.`)) return;
  act(e.currentTarget, () => call('DELETE', `/api/tournaments/${id}`));
}

// ---- my pairing ----

async function loadBidListing() {
  const mine = myPairing(rounds, me());
  const listingId = mine && mine.round.number === tournament.round && mine.pairing.status === 'bidding' ? mine.pairing.listing : null;
  if (!listingId) {
    bidListing = null;
    return;
  }
  try {
    const answer = await call('GET', `/api/lobby/${listingId}`);
    bidListing = answer.listing ?? answer;
  } catch (e) {
    bidListing = { id: listingId, error: errorText(e) };
  }
}

function renderMyPairing() {
  const panel = byId('my-pairing-panel');
  const mine = myPairing(rounds, me());
  const current = mine && mine.round.number === tournament.round && tournament.status === 'running' ? mine : null;
  panel.hidden = !current;
  if (!current) {
    shownBidding = '';
    clear(byId('my-pairing'));
    return;
  }
  const model = pairingModel(current.pairing, me(), roles());
  const key = JSON.stringify([current.round.number, current.pairing, bidListing]);
  if (key === shownBidding) return; // nothing new: an open bid form stays as it is
  shownBidding = key;
  const opponent = (current.pairing.players || []).find((name) => name.toLowerCase() !== me().toLowerCase());
  const parts = [
    h('p', { class: 'my-pairing-line' }, h('strong', {}, roundName(current.round)), ` · ${model.place} · `, opponent ? ['you play ', playerLink(opponent)] : 'you have a bye (1 point)', ` · ${model.status}`),
  ];
  if (model.sides) parts.push(h('p', { class: 'my-pairing-sides' }, `Sides: ${model.sides}`, model.role ? ` (you play ${model.role})` : '', model.bid ? ` · bid: ${model.bid}` : ''));
  if (model.result) parts.push(h('p', { class: 'my-pairing-result' }, model.result));
  if (model.bidListing) {
    if (bidListing && bidListing.error) parts.push(h('p', { class: 'error-text' }, `Could not load the bidding: ${bidListing.error}`));
    else if (bidListing) {
      const t = titleOf(tournament.title);
      parts.push(
        h(
          'div',
          { id: 'pairing-bidding' },
          biddingPanel(bidListing, (t && t.roles) || [], bidAct),
          h('span', { class: 'error-text row-error', role: 'alert' }),
        ),
      );
    }
  }
  if (model.gameHref) parts.push(h('p', {}, h('a', { href: model.gameHref, class: 'button', id: 'open-my-game' }, model.role ? `Open game (play ${model.role})` : 'Open game')));
  byId('my-pairing').replaceChildren(...parts);
}

// A bid or an acceptance from the panel: the server's refusal beside it, then everything again.
async function bidAct(button, work) {
  const error = document.querySelector('#pairing-bidding .row-error');
  if (error) error.textContent = '';
  button.disabled = true;
  try {
    await work();
    shownBidding = '';
    await refresh();
  } catch (e) {
    if (error) error.textContent = errorText(e);
    button.disabled = false;
  }
}

// ---- rounds ----

// A cell of the pairings' table: its content in one box, named by its column (a phone shows the
// cells of a pairing as lines under each other, each with that name).
function cell(label, cls, content) {
  return h('td', { class: cls, 'data-label': label }, h('span', {}, content));
}

function pairingRow(pairing) {
  const model = pairingModel(pairing, me(), roles());
  const links = [];
  if (model.bidListing) links.push(h('a', { href: '#my-pairing-panel', class: 'bid-link' }, 'Bid'));
  if (model.gameHref) links.push(h('a', { href: model.gameHref, class: 'game-link' }, 'Open game'));
  return h(
    'tr',
    { class: `pairing${model.mine ? ' mine' : ''}`, 'data-table': pairing.table, 'data-status': pairing.status },
    cell('Table', 'num', model.table),
    cell('Players', 'wrap pairing-players', (pairing.players || []).flatMap((name, i) => (i ? [' – ', playerLink(name)] : [playerLink(name)]))),
    cell('Sides', 'wrap pairing-sides', model.sides || '—'),
    cell('Bid', 'pairing-bid', model.bid || '—'),
    cell('Status', 'pairing-status', model.status),
    cell('Result', 'wrap pairing-result', model.result || '—'),
    cell('', 'links', links.flatMap((link, i) => (i ? [' ', link] : [link]))),
  );
}

function roundTable(round) {
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'games pairings' },
      h('thead', {}, h('tr', {}, ['Table', 'Players', 'Sides', 'Bid', 'Status', 'Result', ''].map((label) => h('th', { scope: 'col' }, label)))),
      h('tbody', {}, (round.pairings || []).map(pairingRow)),
    ),
  );
}

function roundMeta(round) {
  const parts = [];
  if (round.paired_at) parts.push(`paired ${localTime(round.paired_at)}`);
  if (round.finished_at) parts.push(`finished ${localTime(round.finished_at)}`);
  else if (round.deadline) parts.push(`deadline ${localTime(round.deadline)}`);
  return parts.join(' · ');
}

function renderRounds() {
  const ordered = roundsNewestFirst(rounds);
  byId('rounds-panel').hidden = ordered.length === 0;
  const blocks = ordered.map((round, i) => {
    const head = [h('strong', {}, roundName(round)), ' ', h('span', { class: 'muted' }, roundMeta(round))];
    if (i === 0) return h('div', { class: 'round current-round', 'data-round': round.number }, h('h3', {}, head), roundTable(round));
    const details = h('details', { class: 'round older-round', 'data-round': round.number, open: openRounds.has(round.number) }, h('summary', {}, head), roundTable(round));
    details.addEventListener('toggle', () => (details.open ? openRounds.add(round.number) : openRounds.delete(round.number)));
    return details;
  });
  byId('rounds').replaceChildren(...blocks);
}

// ---- standings and players ----

// A standings column's classes: what a phone hides or shows (tournament_format.js, `fit`).
function columnClass(column) {
  return [column.key.startsWith('tiebreak:') ? 'tiebreak' : '', column.fit ? `fit-${column.fit}` : ''].filter(Boolean).join(' ');
}

function renderStandings() {
  const tables = standingsTables(standings, me());
  byId('standings-panel').hidden = tables.length === 0 || !(tournament.round > 0);
  const blocks = tables.map((table) =>
    h(
      'div',
      { class: 'table-wrap standings-table', 'data-pool': table.pool ?? '' },
      h(
        'table',
        { class: 'games standings' },
        table.caption ? h('caption', {}, table.caption) : null,
        h('thead', {}, h('tr', {}, table.columns.map((c) => h('th', { scope: 'col', class: columnClass(c), title: c.short ? c.label : null, 'data-short': c.short ?? null }, c.label)))),
        h(
          'tbody',
          {},
          table.rows.map((row) =>
            h(
              'tr',
              { class: [row.me ? 'mine' : '', row.withdrawn ? 'withdrawn' : '', row.eliminated ? 'eliminated' : ''].filter(Boolean).join(' '), 'data-name': row.name },
              row.cells.map((cell, i) =>
                i === 1
                  ? h('td', { class: 'wrap' }, playerLink(cell), row.withdrawn ? h('span', { class: 'pill withdrawn-mark' }, 'withdrawn') : null, row.eliminated ? h('span', { class: 'muted' }, ' out') : null)
                  : h('td', { class: `num ${columnClass(table.columns[i])}`.trim() }, cell),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  byId('standings').replaceChildren(...blocks);
}

function renderPlayers() {
  const players = Array.isArray(tournament.players) ? tournament.players : [];
  byId('players-panel').hidden = false;
  byId('players-count').textContent = `${players.length} of at most ${tournament.max_players}`;
  if (players.length === 0) {
    byId('players').replaceChildren(h('p', { class: 'muted' }, 'No one has registered yet.'));
    return;
  }
  byId('players').replaceChildren(
    h(
      'table',
      { class: 'games players' },
      h('thead', {}, h('tr', {}, ['Seed', 'Player', 'Rating'].map((label) => h('th', { scope: 'col' }, label)))),
      h(
        'tbody',
        {},
        players.map((p) =>
          h(
            'tr',
            { class: p.withdrawn ? 'withdrawn' : '', 'data-name': p.name },
            h('td', { class: 'num' }, p.seed ?? '—'),
            h('td', { class: 'wrap' }, playerLink(p.name), p.withdrawn ? h('span', { class: 'pill withdrawn-mark' }, 'withdrawn') : null),
            h('td', { class: 'num', title: `rating deviation ${Math.round(p.deviation ?? 0)}` }, `${Math.round(p.rating ?? 1500)} ±${Math.round(p.deviation ?? 350)}`),
          ),
        ),
      ),
    ),
  );
}

// ---- loading ----

let inFlight = null;
function refresh() {
  if (inFlight) return inFlight;
  inFlight = (async () => {
    const [t, r, s] = await Promise.all([
      call('GET', `/api/tournaments/${id}`),
      call('GET', `/api/tournaments/${id}/rounds`).catch(() => ({ rounds: [] })),
      call('GET', `/api/tournaments/${id}/standings`).catch(() => null),
    ]);
    tournament = t.tournament ?? t;
    rounds = Array.isArray(r && r.rounds) ? r.rounds : [];
    standings = s;
    await loadBidListing();
    notice('');
    byId('header-panel').hidden = false;
    renderHeader();
    renderMyPairing();
    renderRounds();
    renderStandings();
    renderPlayers();
  })()
    .catch((e) => {
      if (e.code === 'not_found') notice(`There is no tournament #${id}.`);
      else notice(`Could not load the tournament: ${errorText(e)}`);
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function live() {
  return tournament && (tournament.status === 'registration' || tournament.status === 'running');
}

async function main() {
  mountAccountBar();
  if (!Number.isInteger(id) || id <= 0) {
    notice('This address names no tournament.');
    return;
  }
  const [session] = await Promise.all([
    loadSession().catch(() => null),
    call('GET', '/api/titles')
      .then((d) => (titles = Array.isArray(d.titles) ? d.titles : []))
      .catch(() => {}),
  ]);
  if (!session) {
    const next = encodeURIComponent(location.pathname + location.search);
    notice(h('span', {}, 'Tournaments are for players with an account. ', h('a', { href: `/account.html?next=${next}#login` }, 'Log in'), ' or ', h('a', { href: `/account.html?next=${next}#signup` }, 'sign up'), '.'));
    return;
  }
  await refresh();
  onSession((s) => {
    if (s) refresh();
  });
  // Back in view: always; on the timer: while it is open or running.
  const again = () => {
    if (!document.hidden) refresh();
  };
  document.addEventListener('visibilitychange', again);
  window.addEventListener('focus', again);
  setInterval(() => {
    if (live()) again();
  }, REFRESH_MS);
}

byId('register').addEventListener('click', register);
byId('withdraw').addEventListener('click', withdraw);
byId('start').addEventListener('click', startNow);
byId('cancel').addEventListener('click', cancel);
main();
