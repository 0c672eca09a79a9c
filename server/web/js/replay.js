// The replay page (replay.html): steps through a game as one seat saw it, version by version, with
// first / previous / next / last, a slider and the arrow keys. Each version's view comes from
// GET /api/games/{id}/replay?version=N&seat=S (docs/PROTOCOL.md, "Replays"), which rebuilds the
// view that seat was sent then; the board is the game page's own (ww/board.js) with no legal
// targets, so nothing here can act. The time and the player of each move come from the game's
// record (GET /api/games/{id}/record), which also names what each move chose once the game is over.
//
// URL: /replay.html?game=ID&seat=ROLE[&from=V][&to=W][#token=TOKEN]. `from` and `to` set the range
// the controls start in (a turn mail's "step through the opponent's moves"): the page opens at
// `from` (else at the range's end), and "last" goes to `to` (else the game's current version). The
// seat's holder is known by its token (a quick game's: from the fragment, which the page moves to
// sessionStorage at once, or the one the game page kept for this tab) or by the account's session
// cookie. While the game is on only the holder's seat and the spectators' view can be seen (the
// server refuses the others, and the page says why); once it is over, every side's.
//
// The log shown is the seat's log as it stood at that version when the replay answer carries it
// (`log_size` and `log: {from, lines}`, older lines by `log_before` / `log_limit`). A server whose
// replay answer has no log gives the log of the current version only (GET /api/games/{id}/log);
// at earlier versions the page then says that it cannot show it rather than show the wrong one.
import { ApiError, api, byId, clear, errorText, h, shortText } from './dom.js';
import { GameLog } from './game_log.js';
import { drawLog, drawOlderButton, drawResult } from './game_panels.js';
import { recallToken, rememberToken } from './store.js';
import { TITLE as WILDERNESS_WAR, mountWildernessWar } from './ww/board.js';
import { TITLE as MOHICANS, mountMohicans } from './moh/board.js';
import { verbLabel } from './ww/targets.js';

// Titles with a board of their own; every other title shows the view as JSON.
const BOARDS = { [WILDERNESS_WAR]: mountWildernessWar, [MOHICANS]: mountMohicans };
const LOG_PAGE = 100;
const SPECTATOR = 'spectator';

// ---- where we are ----

const params = new URLSearchParams(location.search);
const gameText = params.get('game') ?? '';
const game = /^[1-9][0-9]*$/.test(gameText) ? Number(gameText) : null;
const urlSeat = params.get('seat') || new URLSearchParams(location.hash.slice(1)).get('seat') || SPECTATOR;
const versionParam = (name) => (/^(0|[1-9][0-9]{0,15})$/.test(params.get(name) ?? '') ? Number(params.get(name)) : null);
const fromParam = versionParam('from');
const toParam = versionParam('to');

// The seat whose token this tab may hold: the one the address names.
let token = new URLSearchParams(location.hash.slice(1)).get('token') || '';
if (game !== null && token && urlSeat !== SPECTATOR) {
  rememberToken(game, urlSeat, token);
  // Keep the address (so a reload reopens it) but not the token.
  history.replaceState(history.state, '', location.pathname + location.search);
} else if (game !== null && urlSeat !== SPECTATOR) {
  token = recallToken(game, urlSeat);
}

// ---- page state ----

let seat = urlSeat; // the seat whose view is shown
let info = null; // GET /api/games/{id}
let titleInfo = null; // this game's entry of GET /api/titles
let moves = []; // the record's moves, moves[v - 1] made version v
let created = null; // when the game was created (version 0)
let range = { lo: 0, hi: 0 }; // the versions the controls step through
let want = null; // the version asked for (shown once it has come)
let shown = null; // the entry drawn: {seat, version, view, log, logNote}
let ticket = 0; // the latest request: older answers are dropped
let board = null;
let boardSeat = null;
let boardLoading = null;
let logShown = null;
let logLoading = false;
const cache = new Map(); // `${seat}@${version}` -> entry

// ---- small helpers ----

const roleName = (role) => (role === SPECTATOR ? 'Spectator' : role.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()));
const gameOver = () => Boolean(info && info.status === 'over');
const clamp = (v) => Math.min(range.hi, Math.max(range.lo, v));

function showNotice(content, kind = 'error') {
  const notice = clear(byId('notice'));
  notice.className = `notice ${kind}`;
  notice.hidden = !content;
  if (content) notice.append(content);
}

function when(iso) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(t).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

// The request of a replay or log for the seat shown: with this tab's token (the server also reads
// the session cookie, sent with every request to the site).
function get(path) {
  return api('GET', path, undefined, token);
}

// ---- what the page shows ----

function renderHeader() {
  const name = titleInfo ? titleInfo.name : info ? info.title : 'Game';
  const scenario = titleInfo && info && Array.isArray(titleInfo.scenarios) ? titleInfo.scenarios.find((s) => s.id === info.scenario) : null;
  const scenarioName = scenario ? scenario.name : info ? info.scenario : '';
  byId('game-title').textContent = `Replay: ${name} #${game ?? '?'}${scenarioName ? ' · ' + scenarioName : ''}`;
  byId('seat-badge').textContent = roleName(seat);
  document.title = `Replay — ${name} #${game ?? '?'} — ${roleName(seat)} — Warpath`;
}

// What move `v` was: who made it, when, and (once the game is over) what it chose.
function moveText(v) {
  if (v === 0) return created ? `The start · ${when(created)}` : 'The start';
  const move = moves[v - 1];
  if (!move) return '';
  const parts = [roleName(move.role)];
  if (typeof move.verb === 'string') {
    if (move.verb === 'undo') parts.push('took a move back');
    else if (move.verb === 'resign') parts.push('resigned');
    else {
      const arg = move.arg === undefined || move.arg === null ? '' : `: ${board ? board.describe(move.arg) : shortText(move.arg)}`;
      parts.push(`${verbLabel(move.verb)}${arg}`);
    }
  }
  parts.push(when(move.time));
  return parts.filter(Boolean).join(' · ');
}

function renderControls() {
  const total = info ? info.version : 0;
  const v = want ?? range.lo;
  byId('position').textContent = info ? (v === 0 ? `Start (move 0 of ${total})` : `Move ${v} of ${total}`) : 'Loading…';
  byId('move-about').textContent = info ? moveText(v) : '';
  byId('version').textContent = info ? `v${v}` : 'v–';
  const slider = byId('slider');
  slider.min = String(range.lo);
  slider.max = String(range.hi);
  slider.value = String(v);
  slider.disabled = range.lo === range.hi;
  slider.setAttribute('aria-valuetext', byId('position').textContent);
  byId('first').disabled = v <= range.lo;
  byId('prev').disabled = v <= range.lo;
  byId('next').disabled = v >= range.hi;
  byId('last').disabled = v >= range.hi && (toParam !== null || gameOver());
  const partial = info && (range.lo > 0 || range.hi < total);
  byId('range-row').hidden = !partial;
  if (partial) byId('range-text').textContent = `Moves ${range.lo} to ${range.hi} of ${total}.`;
}

function renderSeats() {
  const select = clear(byId('seat-select'));
  const roles = titleInfo && Array.isArray(titleInfo.roles) ? titleInfo.roles : [];
  // While the game is on a seat's view is its holder's only: offer the seat this page was opened
  // for (the server decides whether it is this browser's) and the spectators'.
  const offered = gameOver() ? [...roles, SPECTATOR] : [...new Set([urlSeat, seat, SPECTATOR])];
  for (const role of offered) select.append(h('option', { value: role, selected: role === seat }, roleName(role)));
  select.disabled = offered.length < 2;
  byId('seat-hint').textContent = gameOver()
    ? 'The game is over: every side’s view may be seen.'
    : 'While the game is on, only your own seat’s view and the spectators’ can be seen.';
}

function renderLog() {
  const entry = shown;
  const panel = byId('log-panel');
  panel.hidden = !entry;
  if (!entry) return;
  const note = byId('log-note');
  const list = byId('log');
  note.hidden = !entry.logNote;
  note.textContent = entry.logNote ?? '';
  list.hidden = !entry.log;
  if (!entry.log) {
    clear(list);
    byId('log-older').hidden = true;
    return;
  }
  drawOlderButton(byId('log-older'), entry.log, logLoading);
  logShown = drawLog(list, entry.log, logShown, board ? board.logFormat : null);
}

function renderBoard() {
  if (!shown) {
    byId('board').hidden = true;
    return;
  }
  const raw = byId('raw-panel');
  byId('board').hidden = !board;
  if (board) {
    board.render(shown.view, {}, false); // no actions: a replay only looks
    raw.hidden = true;
  } else if (!boardLoading) {
    raw.hidden = false;
    byId('raw').textContent = JSON.stringify(shown.view, null, 2);
  }
}

function renderAll() {
  renderHeader();
  renderControls();
  renderSeats();
  const prompt = shown && shown.view && typeof shown.view.prompt === 'string' ? shown.view.prompt : '';
  byId('prompt').textContent = prompt;
  byId('prompt').hidden = !prompt;
  // The result once the last version of a finished game is shown.
  drawResult(byId('result'), shown && gameOver() && shown.version === info.version ? info.result : null, seat);
  renderBoard();
  renderLog();
  const root = byId('replay');
  root.dataset.seat = seat;
  if (shown) {
    root.dataset.version = String(shown.version);
    root.dataset.hash = shown.hash ?? ''; // the view's hash, as the server sent it
  }
  root.setAttribute('aria-busy', String(!shown || shown.version !== want || shown.seat !== seat));
}

// ---- loading versions ----

// The seat's log at `version` from the replay answer, or (a server that sends none) from
// GET /log when `version` is the current one; else null and a note why.
async function logOf(answer, version) {
  const log = new GameLog();
  if (Number.isInteger(answer.log_size)) {
    log.reset(answer.log_size);
    if (answer.log && Array.isArray(answer.log.lines)) log.merge(answer.log.from, answer.log.lines);
    return { log, source: 'replay' };
  }
  if (version === info.version) {
    const page = await get(`/api/games/${game}/log?limit=${LOG_PAGE}`);
    if (page.version === version) {
      log.reset(page.log_size);
      log.merge(page.from, page.lines);
      return { log, source: 'current' };
    }
  }
  return { log: null, logNote: `This server sends the log of the latest move only: the log as it stood at move ${version} cannot be shown.` };
}

async function entryAt(forSeat, version) {
  const key = `${forSeat}@${version}`;
  if (cache.has(key)) return cache.get(key);
  const loading = (async () => {
    const answer = await get(`/api/games/${game}/replay?version=${version}&seat=${encodeURIComponent(forSeat)}`);
    const { log, logNote, source } = await logOf(answer, answer.version);
    return { seat: forSeat, version: answer.version, view: answer.view, hash: answer.hash, log, logNote, logSource: source };
  })();
  cache.set(key, loading);
  loading.catch(() => cache.delete(key));
  return loading;
}

// Shows version `v` (clamped to the range) of the seat's view.
async function go(v) {
  if (!info) return;
  want = clamp(v);
  renderControls();
  const mine = ++ticket;
  const forSeat = seat;
  byId('replay').setAttribute('aria-busy', 'true');
  try {
    const entry = await entryAt(forSeat, want);
    await boardReady();
    if (mine !== ticket) return;
    if (!shown || shown.version !== entry.version || shown.seat !== entry.seat) logShown = null;
    shown = entry;
    showNotice('');
    renderAll();
    // The next version is the likeliest wanted next.
    if (want < range.hi) entryAt(forSeat, want + 1).catch(() => {});
  } catch (e) {
    if (mine !== ticket) return;
    showRefusal(e, forSeat, want);
    renderAll();
  }
}

// A refusal in the server's words, with a way on: the spectators' view of the same version.
function showRefusal(e, forSeat, version) {
  const code = e instanceof ApiError && e.code ? ` (${e.code})` : '';
  const text = `The server refused the ${roleName(forSeat)} view at move ${version}: ${errorText(e)}${code}`;
  const ways = [];
  if (forSeat !== SPECTATOR)
    ways.push(h('button', { type: 'button', class: 'secondary small', id: 'watch-instead', onclick: () => chooseSeat(SPECTATOR) }, 'See the spectators’ view'));
  if (e.code === 'bad_token' && forSeat === urlSeat && !token)
    ways.push(' ', h('a', { href: `/account.html?next=${encodeURIComponent(location.pathname + location.search)}#login` }, 'Log in'), ' if it is your account’s seat, or open your seat link again.');
  showNotice(h('span', { class: 'refusal', 'data-code': e.code ?? '' }, text, ' ', ways));
}

function chooseSeat(role) {
  if (role === seat) return;
  seat = role;
  const url = new URL(location.href);
  url.searchParams.set('seat', role);
  history.replaceState(history.state, '', url.pathname + url.search);
  logShown = null;
  renderSeats();
  remountBoard();
  go(want ?? range.hi);
}

// ---- the board ----

function remountBoard() {
  const mount = info ? BOARDS[info.title] : undefined;
  if (!mount || boardSeat === seat) return;
  boardSeat = seat;
  const root = byId('board');
  const forSeat = seat;
  boardLoading = mount(root, { seat: forSeat, send: () => {} })
    .then((mounted) => {
      if (forSeat !== seat) return;
      board = mounted;
      document.body.classList.add('has-board');
      renderLog(); // with the title's headings and links
    })
    .catch((e) => {
      board = null;
      showNotice(`The map could not be loaded (${e.message}); showing the view as JSON.`, 'error');
    })
    .finally(() => {
      boardLoading = null;
    });
}

async function boardReady() {
  while (boardLoading) await boardLoading;
}

// ---- controls ----

async function last() {
  // Without a `to`, "last" follows a running game to its current version.
  if (toParam === null && !gameOver()) await refreshGame().catch(() => {});
  go(range.hi);
}

async function refreshGame() {
  const before = info ? info.version : null;
  info = await api('GET', `/api/games/${game}`);
  if (before !== info.version) await loadRecord();
  setRange();
}

function setRange() {
  const total = info.version;
  const lo = Math.min(fromParam ?? 0, total);
  const hi = toParam === null ? total : Math.min(Math.max(toParam, lo), total);
  range = { lo, hi };
}

async function loadRecord() {
  try {
    const record = await api('GET', `/api/games/${game}/record`, undefined, token);
    moves = Array.isArray(record.moves) ? record.moves : [];
    created = record.created ?? info.created ?? null;
  } catch (e) {
    moves = [];
    created = info ? info.created : null;
    console.warn(`warpath: the game record: ${e.message}`);
  }
}

async function loadOlderLog() {
  const entry = shown;
  if (!entry || !entry.log || logLoading || entry.log.first === 0) return;
  logLoading = true;
  renderLog();
  try {
    const before = entry.log.first;
    const page =
      entry.logSource === 'replay'
        ? (await get(`/api/games/${game}/replay?version=${entry.version}&seat=${encodeURIComponent(entry.seat)}&log_before=${before}&log_limit=${LOG_PAGE}`)).log
        : await get(`/api/games/${game}/log?before=${before}&limit=${LOG_PAGE}`);
    if (page && (entry.logSource === 'replay' || page.version === entry.version)) entry.log.merge(page.from, page.lines);
  } catch (e) {
    console.warn(`warpath: older log lines: ${e.message}`);
  } finally {
    logLoading = false;
    if (shown === entry) renderLog();
  }
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  // The slider steps by the arrows itself; text fields and the seat list keep their keys.
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  const v = want ?? range.lo;
  const steps = { ArrowLeft: v - 1, ArrowRight: v + 1, Home: range.lo };
  if (event.key === 'End') {
    event.preventDefault();
    last();
  } else if (event.key in steps) {
    event.preventDefault();
    go(steps[event.key]);
  }
}

function setupControls() {
  byId('first').addEventListener('click', () => go(range.lo));
  byId('prev').addEventListener('click', () => go((want ?? range.lo) - 1));
  byId('next').addEventListener('click', () => go((want ?? range.lo) + 1));
  byId('last').addEventListener('click', () => last());
  let slide = null;
  byId('slider').addEventListener('input', (event) => {
    // Dragging asks for the version it rests on, not every one it passes.
    want = clamp(Number(event.target.value));
    renderControls();
    clearTimeout(slide);
    slide = setTimeout(() => go(Number(event.target.value)), 120);
  });
  byId('whole-game').addEventListener('click', () => {
    range = { lo: 0, hi: info.version };
    renderControls();
  });
  byId('seat-select').addEventListener('change', (event) => chooseSeat(event.target.value));
  byId('log-older').addEventListener('click', loadOlderLog);
  document.addEventListener('keydown', onKey);
}

// ---- start ----

async function start() {
  byId('seat-badge').textContent = roleName(seat);
  if (game === null) {
    showNotice(h('span', {}, 'This address names no game. ', h('a', { href: '/' }, 'Back to the lobby')));
    byId('position').textContent = '';
    return;
  }
  byId('record-link').href = `/api/games/${game}/record`;
  byId('game-link').href = `/game.html?game=${game}#seat=${encodeURIComponent(urlSeat)}`;
  setupControls();
  try {
    info = await api('GET', `/api/games/${game}`);
  } catch (e) {
    showNotice(`The game could not be opened: ${errorText(e)}${e.code ? ` (${e.code})` : ''}`);
    byId('position').textContent = '';
    return;
  }
  const [titles] = await Promise.all([api('GET', '/api/titles').catch(() => ({ titles: [] })), loadRecord()]);
  titleInfo = (titles.titles || []).find((t) => t.title === info.title) ?? null;
  setRange();
  remountBoard();
  renderAll();
  await go(fromParam !== null ? range.lo : range.hi);
}

start();
