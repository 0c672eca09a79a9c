// The generic game page: shows one seat's view, lists the legal actions the server sends as
// buttons, sends the chosen one and follows the server's patches. It decides no rule.
//
// URL: /game.html?game=ID#seat=ROLE&token=TOKEN. The token is moved to sessionStorage and
// removed from the address bar at once. A seat of an account has no token
// (/game.html?game=ID#seat=ROLE): the session cookie holds it, and the page then offers Resign
// while the game is on and a rematch once it is over.
//
// A timed game shows both clocks (js/game_clocks.js) and, to a player once the opponent's clock
// may be claimed, "Claim the win on time".
//
// The log panel shows the log lines the connection holds (the most recent ones, numbered as in
// the game) and fetches older ones a page at a time: "Older lines", or scrolling to its top. A
// title's board draws its own lines (board.logFormat: headings, links, sides); on a phone the log
// is a drawer that its button opens and closes.
import { GameConnection, Status } from './connection.js';
import { formatPointer } from './json_patch.js';
import { api, byId, clear, clockTime, errorText, h, shortText } from './dom.js';
import { keepUndoneLines, loadPreference, recallToken, recallUndoneLines, rememberToken, saveMyGame, savePreference } from './store.js';
import { mountAccountBar, onMyGames, refreshMyGames } from './account_bar.js';
import { call, currentAccount, currentSession, loadSession } from './session.js';
import { gameLink, playersText } from './account_games.js';
import { drawLog, drawOlderButton, drawResult } from './game_panels.js';
import { mountClocks } from './game_clocks.js';
import { mountNotes } from './game_notes.js';
import { TITLE as WILDERNESS_WAR, mountWildernessWar } from './ww/board.js';
import { TITLE as MOHICANS, mountMohicans } from './moh/board.js';
import { verbLabel } from './ww/targets.js';
import { biddingLines } from './bidding.js';

// Parts of the view shown in their own panels rather than in the tree.
const SHOWN_APART = new Set(['prompt', 'actions', 'confirm', 'hand', 'window']);
// Standing orders (docs/PROTOCOL.md): the "pass for" buttons of a response window, and the names
// of the kinds of window in the orders panel (a kind without one shows its id in words).
const PASS_SCOPES = { move: 'Pass for this move', action_phase: 'Pass for this action phase', season: 'Pass for this season' };
const WINDOW_KINDS = {
  foul_weather: 'Foul Weather (before an enemy move)',
  lake_schooner: 'Lake Schooner (enemy lakeshore step)',
  interception: 'Interception',
  avoid_battle: 'Avoid battle',
  battle: 'Battle responses',
  siege_coehorns: 'Coehorns at a siege roll',
  surrender: 'Surrender! at a siege roll',
  massacre: 'Massacre!',
  raid_militia: 'Militia against a raid',
  raid: 'Blockhouses against a raid',
};
const SHORTCUTS = { p: 'pass', d: 'done', u: 'undo' };
// Actions that cannot be taken back are confirmed first. The server lists them in the view's
// `confirm` (it tries each legal action on a copy of the game and keeps those that roll dice or
// draw something hidden); `roll` is confirmed even when a view does not say so.
const ALWAYS_CONFIRM = new Set(['roll']);
// Titles with a board of their own; every other title shows the view as a tree.
const BOARDS = { [WILDERNESS_WAR]: mountWildernessWar, [MOHICANS]: mountMohicans };

// ---- where we are ----

const gameText = new URLSearchParams(location.search).get('game') ?? '';
const game = /^[1-9][0-9]*$/.test(gameText) ? Number(gameText) : null;
const fragment = new URLSearchParams(location.hash.slice(1));
const seat = fragment.get('seat') || 'spectator';
let token = fragment.get('token') || '';
if (game !== null && token) {
  rememberToken(game, seat, token);
  // Keep the seat in the address (so a reload reopens it) but not the token.
  history.replaceState(history.state, '', `${location.pathname}${location.search}#seat=${encodeURIComponent(seat)}`);
} else if (game !== null) {
  token = seat === 'spectator' ? '' : recallToken(game, seat);
}
// Opening another seat link in this tab only changes the fragment: start again.
window.addEventListener('hashchange', () => location.reload());

const spectatorHref = `${location.pathname}?game=${game}#seat=spectator`;

// ---- page state ----

let conn = null;
let titles = [];
let busy = false; // an action is on its way
let hadActions = null; // whether the previous view offered actions (null before the first)
let infoTimer = null;
const openState = new Map(); // tree path -> open?
let board = null; // the title's own board, once mounted
let boardLoading = false;
let logShown = null; // {first, size} of the log lines in the log panel, once it shows any
// The version an action's refusal was about: its notice goes once the game is past it.
let refusalVersion = null;
let logLoading = false; // older lines are being fetched
let clocks = null; // the clocks panel, once the connection starts

// ---- small renderers ----

function showNotice(text, kind = 'error', extra = null) {
  refusalVersion = null; // showRefusal sets it again for its own notice
  const notice = byId('notice');
  clear(notice);
  notice.className = `notice ${kind}`;
  if (!text) {
    notice.hidden = true;
    return;
  }
  notice.append(text, extra ? ' ' : '', extra ?? '');
  notice.hidden = false;
}

function titleName() {
  const id = conn && conn.info ? conn.info.title : null;
  const t = titles.find((x) => x.title === id);
  return t ? t.name : id || 'Game';
}

// The roles of the game's title in the title's order ([] until known).
function titleRoles() {
  const id = conn && conn.info ? conn.info.title : null;
  const t = titles.find((x) => x.title === id);
  return t && Array.isArray(t.roles) ? t.roles : [];
}

function scenarioName() {
  const info = conn && conn.info;
  if (!info) return '';
  const t = titles.find((x) => x.title === info.title);
  const s = t && Array.isArray(t.scenarios) ? t.scenarios.find((x) => x.id === info.scenario) : null;
  return s ? s.name : info.scenario || '';
}

// The actions the page offers: none once the game is over (a resigned game's view may still list
// the moves of the turn it ended in; the server refuses them).
function offeredActions() {
  return conn === null || conn.result ? {} : conn.actions;
}

// The seat may act now: anything but undo is listed.
function yourTurn() {
  if (conn === null) return false;
  return Object.entries(offeredActions()).some(
    ([verb, entry]) => verb !== 'undo' && (entry === true || (Array.isArray(entry) && entry.length > 0)),
  );
}

function renderHeader() {
  const name = titleName();
  const scenario = scenarioName();
  byId('game-title').textContent = `${name} #${game ?? '?'}${scenario ? ' · ' + scenario : ''}`;
  byId('seat-badge').textContent = seat;
  document.title = `${yourTurn() ? '(•) Your move — ' : ''}${name} #${game ?? '?'} — ${seat} — Warpath`;
  const version = byId('version');
  version.textContent = conn && conn.version !== null ? `v${conn.version}` : 'v–';
}

const STATUS_TEXT = {
  idle: 'not connected',
  connecting: 'connecting',
  live: 'live',
  polling: 'polling',
  offline: 'offline',
  refused: 'refused',
  closed: 'closed',
};

// The server takes chat over the live connection, and from spectators only once the game is over.
function renderChatState(status = conn.status) {
  const live = status === Status.LIVE;
  const watching = seat === 'spectator' && !conn.result;
  // A spectator gets no chat form while the game is on (the players' chat is theirs).
  byId('chat-form').hidden = watching;
  const chatOk = live && !watching;
  byId('chat-send').disabled = !chatOk;
  byId('chat-text').disabled = !chatOk;
  byId('chat-hint').textContent = !live
    ? 'Chat needs the live connection.'
    : watching
      ? 'Spectators chat once the game is over.'
      : '';
}

function renderStatus({ status, detail }) {
  const pill = byId('status');
  pill.textContent = STATUS_TEXT[status] ?? status;
  pill.className = `pill status-${status}`;
  pill.title =
    status === Status.POLLING
      ? `The live connection is down (${detail}); following the game every few seconds.`
      : detail || 'connection';
  renderChatState(status);
  if (status === Status.REFUSED) {
    const link = seat !== 'spectator' ? h('a', { href: spectatorHref }, 'Watch as a spectator') : null;
    showNotice(`The server refused this seat: ${detail}.`, 'error', link);
    byId('prompt').textContent = 'Not connected.';
    clear(byId('actions'));
  }
}

function actionButton(verb, arg, label) {
  const attrs = {
    type: 'button',
    class: verb === 'undo' ? 'action undo secondary' : 'action',
    'data-verb': verb,
    disabled: busy,
    onclick: () => send(verb, arg),
  };
  if (arg !== null) {
    attrs['data-arg'] = String(arg);
    attrs['data-arg-type'] = typeof arg === 'number' ? 'integer' : 'string';
  }
  if (conn && listedToConfirm(conn.view, verb, arg)) {
    attrs.class += ' irreversible';
    attrs.title = 'Rolls dice or draws cards: cannot be undone';
  }
  const text = label ?? (arg === null ? verb : `${verb} ${shortText(arg)}`);
  const key = arg === null ? Object.keys(SHORTCUTS).find((k) => SHORTCUTS[k] === verb) : undefined;
  if (key) attrs['aria-keyshortcuts'] = key;
  return h('button', attrs, text, key ? h('kbd', { class: 'shortcut' }, key) : null);
}

function renderActions() {
  const box = clear(byId('actions'));
  if (!conn || conn.view === null) return;
  const actions = offeredActions();
  const lists = [];
  const words = [];
  for (const [verb, entry] of Object.entries(actions)) {
    if (verb === 'undo') continue;
    if (entry === true) words.push(actionButton(verb, null));
    else if (Array.isArray(entry) && entry.length > 0)
      lists.push(h('div', { class: 'action-group', role: 'group', 'aria-label': verb }, entry.map((arg) => actionButton(verb, arg, board ? actionName(verb, arg) : undefined))));
  }
  if (board && lists.length) {
    // Targets the board has no place for (departments, numbers, pieces off the map...): labelled
    // buttons by the prompt. Every choice also stays in the folded list of all of them.
    const loose = [];
    for (const [verb, entry] of Object.entries(actions))
      if (verb !== 'undo' && Array.isArray(entry))
        for (const arg of entry) if (!board.shows(verb, arg)) loose.push(actionButton(verb, arg, actionName(verb, arg)));
    const count = lists.reduce((n, group) => n + group.childElementCount, 0);
    const folded = h('details', { class: 'all-choices', open: openState.get('#choices') === true },
      h('summary', {}, `All choices as buttons (${count})`), lists.splice(0));
    folded.addEventListener('toggle', () => openState.set('#choices', folded.open));
    if (loose.length) lists.push(h('div', { class: 'action-group loose', role: 'group', 'aria-label': 'choices' }, loose));
    lists.push(folded);
  }
  if (words.length) {
    const group = h('div', { class: 'action-group words' }, words);
    if (board) lists.unshift(group);
    else lists.push(group);
  }
  const passes = passScopeButtons();
  if (passes) lists.push(passes);
  if (actions.undo === true) lists.push(h('div', { class: 'action-group undo-group' }, actionButton('undo', null, 'Undo')));
  if (lists.length === 0 && !conn.result)
    lists.push(h('p', { class: 'muted' }, seat === 'spectator' ? 'You are watching.' : 'Nothing to do right now.'));
  box.append(...lists);
}

// In a response window: one click passes it and the seat's next windows of that period. Offered
// the same whether or not the hand holds a card for the window.
function passScopeButtons() {
  const open = conn && conn.view ? conn.view.window : null;
  if (!open || !Array.isArray(open.scopes) || !yourTurn()) return null;
  const buttons = open.scopes
    .filter((scope) => PASS_SCOPES[scope])
    .map((scope) =>
      h('button', { type: 'button', class: 'action pass-scope secondary', 'data-scope': scope, disabled: busy, onclick: () => passFor(scope) }, PASS_SCOPES[scope]),
    );
  return buttons.length ? h('div', { class: 'action-group pass-scopes', role: 'group', 'aria-label': 'pass for a while' }, buttons) : null;
}

async function passFor(scope) {
  if (busy || !conn) return;
  busy = true;
  renderActions();
  renderBoard();
  try {
    await conn.passFor(scope);
    showNotice('');
  } catch (e) {
    showRefusal(PASS_SCOPES[scope], e);
  } finally {
    busy = false;
    renderActions();
    renderBoard();
  }
}

// The seat's standing orders: a checkbox per kind of window, saved as soon as it changes.
function renderOrders() {
  const orders = conn ? conn.orders : null;
  const panel = byId('orders-panel');
  panel.hidden = !orders || orders.kinds.length === 0 || gameIsOver();
  if (panel.hidden) return;
  const box = clear(byId('orders-kinds'));
  for (const kind of orders.kinds) {
    const input = h('input', { type: 'checkbox', 'data-kind': kind, checked: orders.auto_pass.includes(kind), onchange: onOrdersChange });
    box.append(h('label', { class: 'check' }, input, ` ${WINDOW_KINDS[kind] ?? kind.replace(/_/g, ' ')}`));
  }
  const passing = byId('orders-passing');
  passing.hidden = orders.passing.length === 0;
  if (orders.passing.length)
    passing.replaceChildren(
      `Passing every window for this ${orders.passing.map((s) => s.replace('_', ' ')).join(', this ')}. `,
      h('button', { type: 'button', id: 'stop-passing', class: 'secondary small', onclick: onStopPassing }, 'Stop passing'),
    );
  else passing.replaceChildren();
}

// Ends a "pass for …" early: the next window asks again (the auto-pass kinds stay as they are).
async function onStopPassing() {
  try {
    await conn.setAutoPass(conn.orders.auto_pass, true);
    showNotice('');
  } catch (e) {
    showNotice(`Standing orders: ${e.message}${e.code ? ` (${e.code})` : ''}`, 'error');
  }
}

async function onOrdersChange() {
  const kinds = [...byId('orders-kinds').querySelectorAll('input[data-kind]')].filter((i) => i.checked).map((i) => i.dataset.kind);
  try {
    await conn.setAutoPass(kinds);
    showNotice('');
  } catch (e) {
    showNotice(`Standing orders: ${e.message}${e.code ? ` (${e.code})` : ''}`, 'error');
    renderOrders();
  }
}

function renderPrompt(view) {
  const prompt = conn && conn.result ? 'Game over.' : view && typeof view.prompt === 'string' ? view.prompt : '';
  byId('prompt').textContent = prompt || (yourTurn() ? 'Your move.' : '');
  byId('turn-panel').classList.toggle('your-turn', yourTurn());
}

function itemText(item) {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    for (const key of ['name', 'label', 'text', 'id']) if (typeof item[key] === 'string' || typeof item[key] === 'number') return String(item[key]);
  }
  return shortText(item);
}

function renderHand(view) {
  const panel = byId('hand-panel');
  const hand = view ? view.hand : undefined;
  panel.hidden = hand === undefined;
  if (hand === undefined) return;
  const box = clear(byId('hand'));
  if (Array.isArray(hand)) {
    if (hand.length === 0) box.append(h('p', { class: 'muted' }, 'Empty.'));
    for (const item of hand) box.append(h('span', { class: 'card', title: JSON.stringify(item) }, itemText(item)));
  } else if (hand !== null && typeof hand === 'object') {
    box.append(treeChildren(hand, '/hand', 1));
  } else {
    box.append(h('span', { class: 'card' }, shortText(hand)));
  }
}

function renderLogButton() {
  drawOlderButton(byId('log-older'), conn ? conn.log : null, logLoading);
}

// The lines held, numbered from the game's first (the list starts at the first one held).
function renderLog() {
  const panel = byId('log-panel');
  const log = conn ? conn.log : null;
  panel.hidden = !log || !log.known;
  renderLogButton();
  if (panel.hidden) return;
  logShown = drawLog(byId('log'), log, logShown, board ? board.logFormat : null);
}

// The lines an undo took back stay struck through over a reload until the next move: the page
// keeps those it shows with the game's version (store.js) and, when the log it holds has none
// (a reload or a new snapshot), shows the kept ones again if the game is still at that version.
// Returns whether it brought some back.
function keepUndone() {
  const log = conn ? conn.log : null;
  if (!log || !log.known || conn.version === null) return false;
  if (log.undone.length) {
    keepUndoneLines(game, seat, conn.version, log.undone);
    return false;
  }
  const kept = recallUndoneLines(game, seat, conn.version, log.size);
  if (!kept.length) return false;
  log.undone = kept;
  return true;
}

async function loadOlderLog() {
  if (!conn || logLoading || !conn.log.known || conn.log.first === 0) return;
  logLoading = true;
  renderLogButton();
  try {
    await conn.loadOlderLog();
  } catch (e) {
    console.warn(`warpath: older log lines: ${e.message}`);
  } finally {
    logLoading = false;
    renderLogButton();
  }
}

// ---- the view as a tree ----

function valueSpan(value) {
  if (value === null) return h('span', { class: 'v-null' }, 'null');
  if (typeof value === 'boolean') return h('span', { class: 'v-bool' }, String(value));
  if (typeof value === 'number') return h('span', { class: 'v-num' }, String(value));
  if (typeof value === 'string') return h('span', { class: 'v-str' }, value === '' ? '""' : value);
  return h('span', {}, JSON.stringify(value));
}

function leaf(key, content) {
  return h('div', { class: 'leaf' }, h('span', { class: 'key' }, String(key)), h('span', { class: 'sep' }, ': '), content);
}

function isScalar(value) {
  return value === null || typeof value !== 'object';
}

function treeNode(key, value, path, depth) {
  if (isScalar(value)) return leaf(key, valueSpan(value));
  const isArray = Array.isArray(value);
  const size = isArray ? value.length : Object.keys(value).length;
  if (size === 0) return leaf(key, h('span', { class: 'v-null' }, isArray ? '[]' : '{}'));
  if (isArray && size <= 30 && value.every(isScalar))
    return leaf(key, h('span', { class: 'inline-list' }, value.map((v, i) => [i ? ', ' : '', valueSpan(v)])));
  const open = openState.has(path) ? openState.get(path) : depth === 0 || (depth === 1 && size <= 12);
  const details = h(
    'details',
    { class: 'node', open },
    h('summary', {}, h('span', { class: 'key' }, String(key)), h('span', { class: 'meta' }, isArray ? ` [${size}]` : ` {${size}}`)),
    treeChildren(value, path, depth + 1),
  );
  details.addEventListener('toggle', () => openState.set(path, details.open));
  return details;
}

function treeChildren(value, path, depth) {
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return h(
    'div',
    { class: 'children' },
    entries.map(([k, v]) => treeNode(k, v, path + formatPointer([k]), depth)),
  );
}

function renderTree(view) {
  const box = clear(byId('tree'));
  if (view === null || typeof view !== 'object' || Array.isArray(view)) {
    box.append(valueSpan(view));
  } else {
    const rest = Object.entries(view).filter(([k]) => !SHOWN_APART.has(k));
    if (rest.length === 0) box.append(h('p', { class: 'muted' }, 'Nothing else to show.'));
    for (const [k, v] of rest) box.append(treeNode(k, v, formatPointer([k]), 0));
  }
  const raw = byId('raw');
  if (raw.closest('details').open) raw.textContent = JSON.stringify(view, null, 2);
}

function renderPresence() {
  const list = clear(byId('presence'));
  const seats = { ...(conn ? conn.presence : {}) };
  if (!(seat in seats)) seats[seat] = 0;
  const active = conn && conn.info && Array.isArray(conn.info.active) ? conn.info.active : [];
  for (const [name, count] of Object.entries(seats)) {
    const online = count > 0;
    list.append(
      h(
        'li',
        { class: online ? 'online' : 'away' },
        h('span', { class: 'dot', 'aria-hidden': 'true' }),
        h('span', { class: 'seat-name' }, name),
        name === seat ? h('span', { class: 'muted' }, ' (you)') : null,
        (name === seat ? yourTurn() : active.includes(name)) ? h('span', { class: 'turn-flag' }, ' to move') : null,
        h('span', { class: 'count muted' }, online ? (count > 1 ? ` ${count} connections` : ' online') : ' away'),
      ),
    );
  }
}

function renderResult() {
  drawResult(byId('result'), conn ? conn.result : null, seat);
}

function renderBoard() {
  if (board && conn && conn.view !== null) board.render(conn.view, offeredActions(), busy);
}

// Mounts the title's own board once the game's title is known; the tree stays until then (and
// for good when the board cannot load).
function maybeMountBoard() {
  const title = conn && conn.info ? conn.info.title : null;
  const mount = title ? BOARDS[title] : undefined;
  if (board || boardLoading || !mount) return;
  boardLoading = true;
  const root = byId('board');
  mount(root, { seat, send })
    .then((mounted) => {
      board = mounted;
      root.hidden = false;
      document.body.classList.add('has-board');
      renderAll();
      renderLog(); // with the title's headings and links
    })
    .catch((e) => {
      boardLoading = false;
      showNotice(`The map could not be loaded (${e.message}); showing the game as a tree.`, 'error');
    });
}

function renderAll() {
  const view = conn ? conn.view : null;
  renderHeader();
  renderPrompt(view);
  if (board) {
    renderBoard(); // first: the action bar lists what the board has no place for
    renderActions();
  } else {
    renderActions();
    renderHand(view);
    renderTree(view);
  }
  renderResult();
}

// ---- acting ----

// Whether the view lists (verb, arg) among the actions that roll dice or draw cards.
function listedToConfirm(view, verb, arg) {
  const listed = view && view.confirm && typeof view.confirm === 'object' ? view.confirm[verb] : undefined;
  if (listed === true) return arg === null;
  return Array.isArray(listed) && listed.includes(arg);
}

// The question asked before an irreversible action, or null when it needs none. The title's board
// asks first (what is rolled or drawn, in words; an action that ends the action phase early);
// whatever it has no words for gets the generic question when it rolls or draws.
function confirmText(verb, arg) {
  const listed = listedToConfirm(conn.view, verb, arg) || ALWAYS_CONFIRM.has(verb);
  const own = board && board.confirmText ? board.confirmText(verb, arg, conn.view, listed) : undefined;
  if (own !== undefined && (own || !listed)) return own;
  if (!listed) return null;
  if (verb === 'roll') return 'Roll the dice? This rolls dice and cannot be undone.';
  return `${actionName(verb, arg)}? This rolls dice or draws cards and cannot be undone.`;
}

// An action in words ("Activate: #4 Campaign", "Demolish the fort at Presqu'île"), never its raw id.
function actionName(verb, arg) {
  const own = board && board.actionLabel && conn ? board.actionLabel(verb, arg, conn.view) : undefined;
  if (own) return own;
  return arg === null ? verbLabel(verb) : `${verbLabel(verb)}: ${board ? board.describe(arg) : shortText(arg)}`;
}

// A refused action's notice, until the game moves past the version it was about. A choice that
// arrived after the game had moved on says so in words.
function showRefusal(what, e) {
  const text =
    e.code === 'stale_version'
      ? `${what}: the game moved on before your choice arrived. Look at the new position and choose again.`
      : e.code === 'moved'
        ? `${what}: not sent: the game is now served by another server, to which this page reconnects. Choose again once it is back.`
        : `${what}: ${e.message}${e.code ? ` (${e.code})` : ''}`;
  showNotice(text, 'error');
  refusalVersion = Math.max(conn.version ?? 0, Number.isInteger(e.version) ? e.version : 0);
}

async function send(verb, arg) {
  if (busy || !conn) return;
  const question = confirmText(verb, arg);
  if (question && !window.confirm(question)) return;
  busy = true;
  renderActions();
  renderBoard();
  try {
    await conn.act(verb, arg);
    showNotice('');
  } catch (e) {
    showRefusal(actionName(verb, arg), e);
  } finally {
    busy = false;
    renderActions();
    renderBoard();
  }
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
  const target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  const verb = typeof event.key === 'string' ? SHORTCUTS[event.key.toLowerCase()] : undefined;
  if (!verb || !conn || offeredActions()[verb] !== true || busy) return;
  event.preventDefault();
  send(verb, null);
}

// ---- chat ----

function addChatLine({ seat: who, text, time }) {
  const list = byId('chat-log');
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  list.append(
    h(
      'li',
      { class: who === seat ? 'mine' : '' },
      h('span', { class: 'time muted' }, clockTime(time)),
      ' ',
      h('span', { class: 'seat-name' }, who),
      ' ',
      h('span', { class: 'text' }, text),
    ),
  );
  if (atBottom) list.scrollTop = list.scrollHeight;
}

function onChat(event) {
  event.preventDefault();
  const input = byId('chat-text');
  const text = input.value.trim();
  if (!text || !conn) return;
  if (conn.chat(text)) input.value = '';
  else byId('chat-hint').textContent = 'Not sent: chat needs the live connection.';
}

// ---- notifications ----

function setupNotifications() {
  const box = byId('notify');
  if (!('Notification' in window) || seat === 'spectator') {
    box.closest('label').hidden = true;
    return;
  }
  box.checked = loadPreference('notify', false) && Notification.permission === 'granted';
  box.addEventListener('change', async () => {
    if (box.checked && Notification.permission !== 'granted') {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') box.checked = false;
    }
    savePreference('notify', box.checked);
  });
}

function setupSound() {
  const box = byId('sound');
  if (seat === 'spectator') {
    box.closest('label').hidden = true;
    return;
  }
  box.checked = loadPreference('sound', false) === true;
  box.addEventListener('change', () => {
    savePreference('sound', box.checked);
    if (box.checked) beep(); // browsers let a page play sound after a click
  });
}

let audio = null;

// A short two-note chime made with Web Audio (no sound file to serve).
function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const t = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.2, t + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.15 + 0.14);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.15);
      osc.stop(t + i * 0.15 + 0.15);
    }
  } catch {
    // no Web Audio: no sound
  }
}

function notifyTurn() {
  if (byId('sound').checked) beep();
  if (!byId('notify').checked || !('Notification' in window) || Notification.permission !== 'granted') return;
  if (!document.hidden && document.hasFocus()) return;
  try {
    const note = new Notification(`Your turn — ${titleName()} #${game}`, {
      body: conn.view && typeof conn.view.prompt === 'string' ? conn.view.prompt : '',
      tag: `warpath-${game}-${seat}`,
    });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch {
    // some mobile browsers only notify from a service worker
  }
}

// ---- the turn drawer ----

// On a phone the prompt and its choices are a drawer at the bottom of the screen (the CSS puts
// them there); it folds to the prompt alone to show more of the map, and unfolds when a turn
// starts so that the choices are in reach.
function setDrawer(open) {
  byId('turn-panel').classList.toggle('folded', !open);
  const button = byId('turn-toggle');
  button.setAttribute('aria-expanded', String(open));
  button.textContent = open ? 'Hide' : 'Show';
}

function setupDrawer() {
  byId('turn-toggle').addEventListener('click', () => setDrawer(byId('turn-panel').classList.contains('folded')));
  // The log's drawer (a phone): open, closed by its button, by Escape, or by a space link that
  // shows the map.
  const logToggle = byId('log-toggle');
  const setLogDrawer = (open) => {
    document.body.classList.toggle('log-open', open);
    logToggle.setAttribute('aria-expanded', String(open));
    logToggle.textContent = open ? 'Close the log' : 'Log';
  };
  logToggle.addEventListener('click', () => setLogDrawer(!document.body.classList.contains('log-open')));
  byId('log').addEventListener('click', (e) => {
    if (e.target.closest('[data-space-link]') && document.body.classList.contains('log-open')) setLogDrawer(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && document.body.classList.contains('log-open')) setLogDrawer(false);
  });
}

// ---- my games ----

// A seat opened from its link joins the lobby's "my games" of this browser (with the link, which
// holds the token), once the game's title and scenario are known.
let remembered = false;
function rememberMyGame() {
  if (remembered || seat === 'spectator' || !token || !conn.info) return;
  remembered = true;
  const link = `${location.pathname}?game=${game}#seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}`;
  saveMyGame({ id: game, title: conn.info.title, scenario: conn.info.scenario, links: { [seat]: link, spectator: spectatorHref } });
}

// ---- an account's seat: players, resign, rematch ----

let accountGame = null; // this game's entry of GET /api/my/games, when the seat is the account's
let rematchListing = null; // the rematch this page proposed

function accountSeat() {
  return Boolean(accountGame && Array.isArray(accountGame.roles) && accountGame.roles.includes(seat));
}

function gameIsOver() {
  return Boolean((conn && conn.result) || (accountGame && (accountGame.status === 'over' || accountGame.result)));
}

function renderAccountPanel() {
  const panel = byId('account-panel');
  panel.hidden = !accountGame;
  if (!accountGame) return;
  byId('account-players').textContent = playersText(accountGame.players);
  const over = gameIsOver();
  byId('resign-row').hidden = !accountSeat() || over;
  byId('rematch-form').hidden = !accountSeat() || !over || rematchListing !== null;
  renderRematchOffer();
}

// A rematch of this game the opponent proposed to me: accept or decline it here.
function renderRematchOffer() {
  const box = byId('rematch-offer');
  const data = myGamesNow;
  const offer = data && Array.isArray(data.invitations) ? data.invitations.find((l) => l.rematch_of === game && (l.status ?? 'open') === 'open') : null;
  box.hidden = !offer;
  clear(box);
  if (!offer) return;
  box.append(
    h('p', {}, `${offer.owner} proposes a rematch: ${playersText(offer.players)}; you would play ${(offer.open_roles || []).join(' or ') || 'any side'}.`),
    h(
      'div',
      { class: 'form-row' },
      h('button', { type: 'button', class: 'small', id: 'rematch-accept', onclick: (e) => answerOffer(e.currentTarget, offer, 'join') }, 'Accept'),
      h('button', { type: 'button', class: 'secondary small', id: 'rematch-decline', onclick: (e) => answerOffer(e.currentTarget, offer, 'decline') }, 'Decline'),
    ),
  );
}

async function answerOffer(button, offer, what) {
  const error = byId('account-panel-error');
  error.textContent = '';
  button.disabled = true;
  try {
    const answer = await call('POST', `/api/lobby/${offer.id}/${what}`, what === 'join' ? {} : undefined);
    const listing = answer.listing ?? answer;
    if (listing.status === 'started' && listing.game) {
      const me = currentAccount();
      const mine = (listing.players || []).find((p) => me && p.name.toLowerCase() === me.name.toLowerCase());
      showAccountResult(h('span', {}, `The rematch, game #${listing.game}, has started. `, h('a', { href: gameLink(listing.game, mine ? mine.role : 'spectator'), id: 'open-rematch' }, mine ? `Play ${mine.role}` : 'Watch')));
    } else showAccountResult(what === 'join' ? 'You accepted the rematch.' : 'You declined the rematch.');
    await refreshMyGames();
  } catch (e) {
    error.textContent = errorText(e);
    button.disabled = false;
  }
}

function showAccountResult(content) {
  const box = clear(byId('account-panel-result'));
  box.append(h('p', {}, content));
}

async function onResign() {
  if (!window.confirm('Resign this game? Your opponent wins, and it cannot be undone.')) return;
  const button = byId('resign');
  const error = byId('account-panel-error');
  error.textContent = '';
  button.disabled = true;
  try {
    await call('POST', `/api/games/${game}/resign`);
    conn.refreshInfo();
    await refreshMyGames();
  } catch (e) {
    error.textContent = errorText(e);
  } finally {
    button.disabled = false;
  }
}

async function onRematch(event) {
  event.preventDefault();
  const error = byId('account-panel-error');
  const button = byId('rematch');
  error.textContent = '';
  button.disabled = true;
  try {
    const answer = await call('POST', `/api/games/${game}/rematch`, { sides: byId('rematch-sides').value });
    rematchListing = answer.listing ?? answer;
    const me = currentAccount();
    const mine = (rematchListing.players || []).find((p) => me && p.name.toLowerCase() === me.name.toLowerCase());
    showAccountResult(
      h(
        'span',
        { 'data-listing': rematchListing.id },
        `Rematch proposed (#${rematchListing.id}): you play ${mine && mine.role ? mine.role : 'any side'}`,
        rematchListing.invitee ? `; ${rematchListing.invitee} is invited.` : '.',
        ' Once accepted, the game is under ',
        h('a', { href: '/#account-games' }, 'My games'),
        ' in the lobby (the proposal meanwhile under “My proposed games”).',
      ),
    );
    await refreshMyGames();
  } catch (e) {
    error.textContent = errorText(e);
  } finally {
    button.disabled = false;
    renderAccountPanel();
  }
}

// Claims the win on time: with the seat's token, or as the account that holds the seat. The
// server then ends the game, and the connection hears of it like of any move.
async function claimTimeout() {
  const path = `/api/games/${game}/claim-timeout`;
  if (token) await api('POST', path, undefined, token);
  else await call('POST', path);
  conn.refreshInfo();
  if (currentSession()) refreshMyGames();
}

let myGamesNow = null;
function onAccountGames(data) {
  myGamesNow = data;
  const entry = data && Array.isArray(data.games) ? data.games.find((g) => g.id === game) : null;
  accountGame = entry ?? null;
  renderAccountPanel();
  if (clocks) clocks.render();
}

// ---- start ----

// A role's seat without a token: the account's, when a session is open. Resolves to whether the
// page may try it (the server decides whether the seat is this account's).
async function accountSeatPossible() {
  try {
    return Boolean(await loadSession());
  } catch {
    return false;
  }
}

// Where the game comes from (GET /api/games/{id}): the tournament round it is a pairing of, and
// the bidding that settled the sides, for games whose sides were bid for.
async function showOrigin() {
  try {
    const response = await fetch(`/api/games/${game}`);
    if (!response.ok) return;
    const record = await response.json();
    const t = record.tournament;
    if (t && t.id) {
      const line = byId('tournament-line');
      line.replaceChildren('A game of the tournament ', h('a', { href: `/tournament.html?id=${t.id}`, id: 'tournament-link' }, t.name), `, round ${t.round}, table ${t.table}.`);
      line.hidden = false;
    }
    const lines = biddingLines(record.bidding);
    if (!lines.length) return;
    const box = byId('bidding-summary');
    box.replaceChildren(h('h3', {}, 'Sides by bidding'), h('ul', {}, lines.map((line) => h('li', {}, line))));
    box.hidden = false;
  } catch {
    // the summary is extra: the game plays without it
  }
}

async function start() {
  mountAccountBar({ currentGame: game });
  onMyGames(onAccountGames);
  byId('resign').addEventListener('click', onResign);
  byId('rematch-form').addEventListener('submit', onRematch);
  byId('seat-badge').textContent = seat;
  if (game !== null) {
    byId('record-link').href = `/api/games/${game}/record`;
    // The replay page finds this tab's seat token where this page keeps it (store.js).
    byId('replay-link').href = `/replay.html?game=${game}&seat=${encodeURIComponent(seat)}`;
    byId('record-row').hidden = false;
    showOrigin();
  }
  if (game === null) {
    byId('prompt').textContent = '';
    showNotice('This address names no game.', 'error', h('a', { href: '/' }, 'Back to the lobby'));
    return;
  }
  renderHeader();
  if (seat !== 'spectator' && !token && !(await accountSeatPossible())) {
    byId('prompt').textContent = '';
    const next = encodeURIComponent(location.pathname + location.search + location.hash);
    showNotice(
      `This tab has no token for seat “${seat}”. Open your seat link again, or log in if it is your account’s seat.`,
      'error',
      h('span', {}, h('a', { href: `/account.html?next=${next}#login` }, 'Log in'), ' · ', h('a', { href: spectatorHref }, 'Watch as a spectator')),
    );
    return;
  }

  conn = new GameConnection({
    game,
    seat,
    token,
    headers: () => (currentSession() ? { 'X-CSRF-Token': currentSession().csrf_token } : {}),
  });
  clocks = mountClocks({ seat, claim: claimTimeout, isOver: gameIsOver, roles: titleRoles });
  conn.on('status', (s) => {
    renderStatus(s);
    renderHeader();
  });
  conn.on('view', ({ source }) => {
    if (refusalVersion !== null && conn.version > refusalVersion) {
      showNotice('');
      refusalVersion = null;
    }
    const now = yourTurn();
    if (hadActions === false && now) {
      notifyTurn();
      setDrawer(true);
    }
    // The account's count of games waiting for it changes with the turn here.
    if (hadActions !== null && hadActions !== now && currentSession()) refreshMyGames();
    renderAll();
    renderPresence();
    hadActions = now;
    // After the patch's log change, if any (emitted just after the view): a move that wrote no
    // line keeps the struck lines shown, now at its version.
    queueMicrotask(() => {
      if (keepUndone()) renderLog();
    });
    // Whose turn it is (for the seat list) comes from the game record; refresh it after moves.
    if (source !== 'http' && conn.live) {
      clearTimeout(infoTimer);
      infoTimer = setTimeout(() => conn.refreshInfo(), 300);
    }
  });
  conn.on('log', () => {
    keepUndone();
    renderLog();
  });
  conn.on('orders', renderOrders);
  conn.on('presence', renderPresence);
  conn.on('info', () => {
    clocks.render();
    rememberMyGame();
    maybeMountBoard();
    renderHeader();
    renderPresence();
  });
  conn.on('chat', addChatLine);
  conn.on('clocks', ({ clocks: frame, receivedAt }) => clocks.update(frame, receivedAt));
  conn.on('game_over', () => {
    clocks.render();
    renderAll();
    renderOrders();
    renderChatState();
    renderAccountPanel();
    if (currentSession()) refreshMyGames();
  });
  conn.on('error', ({ code, message }) => {
    if (conn.status !== Status.REFUSED) showNotice(`${message} (${code})`, 'error');
  });
  conn.on('warning', ({ code, message }) => console.warn(`warpath: ${code}: ${message}`));

  byId('log-older').addEventListener('click', loadOlderLog);
  byId('log').addEventListener('scroll', (event) => {
    if (event.target.scrollTop < 8) loadOlderLog();
  });
  document.addEventListener('keydown', onKey);
  byId('chat-form').addEventListener('submit', onChat);
  byId('raw')
    .closest('details')
    .addEventListener('toggle', () => {
      if (conn.view !== null) byId('raw').textContent = JSON.stringify(conn.view, null, 2);
    });
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) conn.reconnectNow();
  });
  window.addEventListener('online', () => conn.reconnectNow());
  setupNotifications();
  setupSound();
  setupDrawer();
  // The players' key hints and private notes are not a spectator's.
  byId('keys-hint').hidden = seat === 'spectator';
  mountNotes({ game, seat, token, headers: () => (currentSession() ? { 'X-CSRF-Token': currentSession().csrf_token } : {}) });
  renderPresence();
  conn.start();

  api('GET', '/api/titles')
    .then((data) => {
      titles = Array.isArray(data.titles) ? data.titles : [];
      renderHeader();
      clocks.render();
    })
    .catch(() => {});
}

start();
