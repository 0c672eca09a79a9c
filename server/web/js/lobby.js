// The lobby: recent games, the quick games this browser created (seat links), and the "create a
// game" form; for a logged-in account also the account's games (GET /api/my/games, in the
// server's order: its move first), its proposed games (cancel, invite, withdraw), invitations to
// it (accept, decline), the open games of the lobby with filters and Join, and proposing a game in
// the lobby (POST /api/lobby) from the same form.
import { api, byId, clear, copyButton, errorText, h, relativeTime } from './dom.js';
import { collectOptions, optionFields, optionsSummary } from './lobby_options.js';
import { biddingRequest } from './bidding.js';
import { biddingPanel } from './bidding_panel.js';
import { optionControl, optionValues } from './option_controls.js';
import { timeControlText } from './clocks.js';
import { chosenTimeControl, controlOfRequest, mountTimeControlFields } from './time_control_form.js';
import { absoluteLink, forgetMyGame, isMyTurn, loadMyGames, localLink, mySeats, saveMyGame } from './store.js';
import { mountAccountBar, onMyGames, refreshMyGames } from './account_bar.js';
import { call, currentAccount, loadSession, onSession } from './session.js';
import { gameLink, gameStateText, linkOfGame, myRole, openRoles, opponents, playersText, ratedName, waitingCount } from './account_games.js';

const REFRESH_MS = 15000;

let titles = []; // from GET /api/titles
let recent = new Map(); // id -> game record from GET /api/games
let fields = []; // the option fields of the title chosen in the form
let accountGames = null; // GET /api/my/games, when logged in
let localTurns = 0; // quick games of this browser waiting for one of its seats

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
  if (mine.length === 0) {
    localTurns = 0;
    updateTitle();
    return;
  }
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
  localTurns = myTurns;
  updateTitle();
}

function updateTitle() {
  const turns = localTurns + waitingCount(accountGames);
  document.title = `${turns ? `(${turns}) ` : ''}Warpath — lobby`;
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
  const seatSelect = clear(byId('listing-seat'));
  seatSelect.append(h('option', { value: '' }, 'any side (dealt at random)'));
  for (const role of (t && t.roles) || []) seatSelect.append(h('option', { value: role }, role));
  // Sides by bidding: for a title that names the option a bid sets.
  byId('listing-sides-row').hidden = !(t && t.bid_option);
  if (!(t && t.bid_option)) byId('listing-sides').value = 'chosen';
  const favoured = clear(byId('listing-favoured'));
  favoured.append(h('option', { value: '' }, 'the side each bid names'));
  for (const role of (t && t.roles) || []) favoured.append(h('option', { value: role }, role));
  showSides();
  if (!t) return;
  for (const s of t.scenarios || []) scenario.append(h('option', { value: s.id }, s.name ? `${s.name}` : s.id));
  for (const f of fields) {
    box.append(optionControl(f));
    help.append(
      h('dt', {}, f.id),
      h('dd', {}, f.description, ' ', h('span', { class: 'muted' }, `(default: ${f.default === null ? 'not set' : JSON.stringify(f.default)})`)),
    );
  }
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
  const options = collectOptions(fields, optionValues(fields), byId('options').value);
  if (Object.keys(options).length) body.options = options;
  const timeControl = chosenTimeControl();
  if (timeControl) body.time_control = timeControl;
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
    h(
      'p',
      {},
      `${titleName(body.title)} — ${scenarioName(body.title, body.scenario)}`,
      body.options ? ` · options: ${optionsSummary(body.options)}` : '',
      ` · ${clockText(controlOfRequest(body.time_control))}`,
    ),
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

// Sides chosen (a seat select) or bid for (sealed: the favoured side; auction: nothing to set).
function showSides() {
  const sides = byId('listing-sides').value;
  byId('listing-favoured-row').hidden = sides !== 'sealed';
  byId('listing-seat-row').hidden = sides !== 'chosen';
}

// 'lobby' when a logged-in account proposes the game in the lobby, else 'quick' (seat links).
function createMode() {
  return currentAccount() && byId('mode-lobby').checked ? 'lobby' : 'quick';
}

function applyMode() {
  const lobby = createMode() === 'lobby';
  byId('create-mode').hidden = !currentAccount();
  byId('create-login-hint').hidden = Boolean(currentAccount());
  byId('lobby-fields').hidden = !lobby;
  byId('seed-row').hidden = lobby;
  byId('create').textContent = lobby ? 'Propose the game' : 'Create game';
}

function readListingForm() {
  const { title, scenario, options, time_control: timeControl } = readForm();
  const body = { title, scenario, rated: byId('listing-rated').checked, private: byId('listing-private').checked };
  if (options) body.options = options;
  if (timeControl) body.time_control = timeControl;
  const seat = byId('listing-seat').value;
  body.seat = seat || null;
  const t = currentTitle();
  const bidding = t && t.bid_option ? biddingRequest(byId('listing-sides').value, byId('listing-favoured').value) : null;
  if (bidding) {
    body.bidding = bidding;
    body.seat = null;
    if (body.options) delete body.options[t.bid_option.option]; // the bidding sets it
  }
  const invite = byId('listing-invite').value.trim();
  if (invite) body.invite = invite;
  return body;
}

async function createGame(event) {
  event.preventDefault();
  const error = byId('create-error');
  error.textContent = '';
  const lobby = createMode() === 'lobby';
  let body;
  try {
    body = lobby ? readListingForm() : readForm();
  } catch (e) {
    error.textContent = e.message;
    return;
  }
  const button = byId('create');
  button.disabled = true;
  if (lobby) {
    try {
      const answer = await call('POST', '/api/lobby', body);
      showListingCreated(answer.listing ?? answer);
      byId('listing-invite').value = '';
      await Promise.all([refreshMyGames(), loadOpenGames()]);
    } catch (e) {
      error.textContent = errorText(e);
    } finally {
      button.disabled = false;
    }
    return;
  }
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

// ---- the account's games, proposals and invitations ----

function listingLine(listing) {
  const parts = [`${titleName(listing.title)} — ${scenarioName(listing.title, listing.scenario)}`];
  const options = optionsSummary(listing.options);
  if (options) parts.push(`options: ${options}`);
  parts.push(clockText(listing.time_control));
  return parts.join(' · ');
}

// A game's or a listing's clock in words.
function clockText(control) {
  return control ? timeControlText(control) : 'no clock';
}

function listingPills(listing) {
  const words = [listing.rated ? 'rated' : '', listing.private ? 'private' : '', listing.rematch_of ? `rematch of #${listing.rematch_of}` : ''];
  return words.filter(Boolean).map((word) => [' ', h('span', { class: 'pill' }, word)]);
}

// Runs a listing request from a button; shows the server's refusal next to it.
async function listingAction(button, work) {
  const row = button.closest('li, tr');
  const error = row ? row.querySelector('.row-error') : null;
  if (error) error.textContent = '';
  button.disabled = true;
  try {
    const answer = await work();
    const listing = answer && (answer.listing ?? answer);
    if (listing && listing.status === 'started' && listing.game) showStarted(listing);
    await Promise.all([refreshMyGames(), loadOpenGames()]);
  } catch (e) {
    if (error) error.textContent = errorText(e);
    else showNotice(errorText(e));
    button.disabled = false;
  }
}

function joinListing(button, listing, seat) {
  return listingAction(button, () => call('POST', `/api/lobby/${listing.id}/join`, seat ? { seat } : {}));
}

// A proposal that started a game: where to open it.
function showStarted(listing) {
  const me = currentAccount();
  const mine = (listing.players || []).find((p) => me && String(p.name).toLowerCase() === me.name.toLowerCase());
  const link = gameLink(listing.game, mine ? mine.role : 'spectator');
  const panel = clear(byId('created'));
  panel.append(
    h('div', { class: 'panel-head' }, h('h2', {}, `Game #${listing.game} started`), h('button', { type: 'button', class: 'secondary small', onclick: () => (panel.hidden = true) }, 'Close')),
    h('p', {}, listingLine(listing)),
    h('p', {}, playersText(listing.players)),
    h('p', {}, h('a', { href: link, class: 'button', id: 'open-started' }, mine ? `Play ${mine.role}` : 'Watch')),
  );
  panel.hidden = false;
}

function showListingCreated(listing) {
  const panel = clear(byId('created'));
  const waiting = listing.invitee ? `Waiting for ${listing.invitee} to accept the invitation.` : listing.private ? 'Private: invite a player under “My proposed games”.' : 'Waiting for an opponent to join from the open games.';
  panel.append(
    h('div', { class: 'panel-head' }, h('h2', {}, `Game proposed (#${listing.id})`), h('button', { type: 'button', class: 'secondary small', onclick: () => (panel.hidden = true) }, 'Close')),
    h('p', {}, listingLine(listing), ' ', listingPills(listing)),
    h('p', {}, playersText(listing.players)),
    h('p', { class: 'muted' }, waiting, ' It is under “My proposed games”; once it starts, under “My games”.'),
  );
  panel.hidden = false;
  panel.dataset.listing = String(listing.id);
}

function renderAccountGames() {
  const panel = byId('account-games-panel');
  const me = currentAccount();
  panel.hidden = !accountGames;
  updateTitle();
  if (!accountGames) return;
  const box = clear(byId('account-games'));
  const games = Array.isArray(accountGames.games) ? accountGames.games : [];
  if (games.length === 0) {
    box.append(h('p', { class: 'muted' }, 'No games yet. Propose one below or join an open game.'));
  } else {
    const list = h('ul', { class: 'my-games' });
    for (const g of games) {
      const role = myRole(g);
      const others = opponents(g.players, me && me.name);
      const over = g.status === 'over' || Boolean(g.result);
      list.append(
        h(
          'li',
          { class: `my-game account-game${g.my_turn ? ' my-turn' : ''}`, 'data-game': g.id, 'data-my-turn': g.my_turn ? 'yes' : 'no', 'data-role': role },
          h(
            'div',
            { class: 'my-game-head' },
            h('a', { href: linkOfGame(g), class: 'open-game' }, h('strong', {}, `#${g.id} ${titleName(g.title)}`)),
            h('span', { class: 'muted my-game-scenario' }, ` ${scenarioName(g.title, g.scenario)}`),
            h('span', { class: `pill status-${over ? 'over' : 'active'} my-game-turn` }, gameStateText(g)),
            h('span', { class: 'muted my-game-version', title: 'moves made' }, `v${g.version ?? 0}`),
            g.updated ? h('span', { class: 'muted', title: g.updated }, relativeTime(g.updated)) : null,
          ),
          h(
            'div',
            { class: 'my-game-meta muted' },
            `you: ${(g.roles || []).join(', ') || '—'}`,
            others.length ? ` · vs ${others.map((p) => `${p.name} (${p.role})`).join(', ')}` : '',
            g.time_control ? ` · ${timeControlText(g.time_control)}` : '',
            over && g.result && g.result.summary ? ` · ${g.result.summary}` : '',
          ),
        ),
      );
    }
    box.append(list);
  }
  renderMyListings();
  renderInvitations();
}

// A listing's bidding: its state in words and, on the player's turn, a bid (and accept) form.
function biddingBlock(l) {
  const t = titles.find((x) => x.title === l.title);
  return biddingPanel(l, (t && t.roles) || [], listingAction);
}

function renderMyListings() {
  const listings = (Array.isArray(accountGames.listings) ? accountGames.listings : []).filter((l) => l.status === 'open' || l.status === 'bidding' || l.status === undefined);
  byId('my-listings-panel').hidden = listings.length === 0;
  const list = clear(byId('my-listings'));
  for (const l of listings) {
    const inviteInput = h('input', { type: 'text', class: 'invite-name', placeholder: 'player name', 'aria-label': `invite a player to game #${l.id}`, maxlength: 24 });
    const invite = l.invitee
      ? h('button', { type: 'button', class: 'secondary small withdraw', onclick: (e) => listingAction(e.currentTarget, () => call('DELETE', `/api/lobby/${l.id}/invite`)) }, `Withdraw the invitation to ${l.invitee}`)
      : h(
          'form',
          {
            class: 'invite-form',
            onsubmit: (e) => {
              e.preventDefault();
              const name = inviteInput.value.trim();
              if (name) listingAction(e.currentTarget.querySelector('button'), () => call('POST', `/api/lobby/${l.id}/invite`, { name }));
            },
          },
          inviteInput,
          h('button', { type: 'submit', class: 'secondary small' }, 'Invite'),
        );
    list.append(
      h(
        'li',
        { class: 'listing', 'data-listing': l.id },
        h('div', { class: 'my-game-head' }, h('strong', {}, `#${l.id}`), ' ', listingLine(l), ' ', listingPills(l)),
        h('div', { class: 'muted' }, playersText(l.players), l.invitee ? ` · invited: ${l.invitee}` : '', ` · open: ${(l.open_roles || []).join(', ') || '—'}`),
        l.bidding ? biddingBlock(l) : null,
        l.status === 'bidding'
          ? h('div', { class: 'listing-actions' }, h('span', { class: 'error-text row-error', role: 'alert' }))
          : h(
            'div',
            { class: 'listing-actions' },
            invite,
            h(
              'button',
              {
                type: 'button',
                class: 'secondary small cancel',
                onclick: (e) => {
                  if (confirm(`Cancel the proposed game #${l.id}?`)) listingAction(e.currentTarget, () => call('DELETE', `/api/lobby/${l.id}`));
                },
              },
              'Cancel',
            ),
            h('span', { class: 'error-text row-error', role: 'alert' }),
          ),
      ),
    );
  }
}

function renderInvitations() {
  const invitations = (Array.isArray(accountGames.invitations) ? accountGames.invitations : []).filter((l) => l.status === 'open' || l.status === undefined);
  byId('invitations-panel').hidden = invitations.length === 0;
  const list = clear(byId('invitations'));
  for (const l of invitations) {
    list.append(
      h(
        'li',
        { class: 'listing invitation', 'data-listing': l.id },
        h('div', { class: 'my-game-head' }, h('strong', {}, `${l.owner} invites you`), ' ', listingLine(l), ' ', listingPills(l)),
        h('div', { class: 'muted' }, playersText(l.players), ` · your side: ${(l.open_roles || []).join(' or ') || 'any'}`),
        h(
          'div',
          { class: 'listing-actions' },
          h('button', { type: 'button', class: 'small accept', onclick: (e) => joinListing(e.currentTarget, l, null) }, 'Accept'),
          h('button', { type: 'button', class: 'secondary small decline', onclick: (e) => listingAction(e.currentTarget, () => call('POST', `/api/lobby/${l.id}/decline`)) }, 'Decline'),
          h('span', { class: 'error-text row-error', role: 'alert' }),
        ),
      ),
    );
  }
}

// ---- open games ----

function fillFilters() {
  const titleSelect = byId('filter-title');
  const chosen = titleSelect.value;
  clear(titleSelect).append(h('option', { value: '' }, 'any'), ...titles.map((t) => h('option', { value: t.title }, t.name || t.title)));
  titleSelect.value = chosen;
  fillScenarioFilter();
}

function fillScenarioFilter() {
  const select = byId('filter-scenario');
  const chosen = select.value;
  const title = byId('filter-title').value;
  const pool = titles.filter((t) => !title || t.title === title);
  clear(select).append(h('option', { value: '' }, 'any'));
  for (const t of pool) for (const sc of t.scenarios || []) select.append(h('option', { value: sc.id }, pool.length > 1 ? `${t.name}: ${sc.name || sc.id}` : sc.name || sc.id));
  select.value = [...select.options].some((o) => o.value === chosen) ? chosen : '';
}

let openLoad = 0;
async function loadOpenGames() {
  const panel = byId('open-games-panel');
  panel.hidden = !currentAccount();
  if (!currentAccount()) return;
  const query = new URLSearchParams();
  for (const [name, id] of [['title', 'filter-title'], ['scenario', 'filter-scenario'], ['rated', 'filter-rated']]) if (byId(id).value) query.set(name, byId(id).value);
  const ticket = ++openLoad;
  try {
    const text = query.toString();
    const data = await call('GET', `/api/lobby${text ? `?${text}` : ''}`);
    if (ticket !== openLoad) return;
    byId('open-error').textContent = '';
    renderOpenGames(Array.isArray(data.listings) ? data.listings : []);
  } catch (e) {
    if (ticket !== openLoad) return;
    byId('open-error').textContent = `Could not load the open games: ${errorText(e)}`;
    clear(byId('open-games'));
  }
}

function joinButtons(listing) {
  const me = currentAccount();
  const mine = (listing.players || []).some((p) => me && String(p.name).toLowerCase() === me.name.toLowerCase());
  if (mine) return h('span', { class: 'muted' }, 'yours');
  if (listing.invitee && (!me || listing.invitee.toLowerCase() !== me.name.toLowerCase())) return h('span', { class: 'muted' }, `for ${listing.invitee}`);
  const t = titles.find((x) => x.title === listing.title);
  const roles = openRoles(listing, t ? t.roles : []);
  if (roles.length === 1)
    return h('button', { type: 'button', class: 'small join', 'data-seat': roles[0], onclick: (e) => joinListing(e.currentTarget, listing, roles[0]) }, `Join as ${roles[0]}`);
  return [
    h('button', { type: 'button', class: 'small join', onclick: (e) => joinListing(e.currentTarget, listing, null) }, 'Join'),
    roles.map((role) => h('button', { type: 'button', class: 'secondary small join-as', 'data-seat': role, onclick: (e) => joinListing(e.currentTarget, listing, role) }, `as ${role}`)),
  ];
}

function renderOpenGames(listings) {
  const box = clear(byId('open-games'));
  if (listings.length === 0) {
    box.append(h('p', { class: 'muted' }, 'No open games match. Propose one above.'));
    return;
  }
  const rows = listings.map((l) =>
    h(
      'tr',
      { 'data-listing': l.id },
      h('td', {}, titleName(l.title)),
      h('td', {}, scenarioName(l.title, l.scenario)),
      h('td', { class: 'wrap' }, optionsSummary(l.options) || '—'),
      h('td', { class: 'wrap time-control' }, clockText(l.time_control)),
      h('td', {}, ratedName((l.players || []).find((p) => p.name === l.owner) ?? { name: l.owner }), ' ', h('span', { class: 'muted' }, `(${(l.players || []).map((p) => p.role ?? 'any side').join(', ')})`)),
      h('td', {}, l.rated ? 'rated' : '—'),
      h('td', { title: l.created }, relativeTime(l.created)),
      h('td', { class: 'join-cell' }, joinButtons(l), h('span', { class: 'error-text row-error', role: 'alert' })),
    ),
  );
  box.append(
    h(
      'table',
      { class: 'games open-games' },
      h('thead', {}, h('tr', {}, ['Game', 'Scenario', 'Options', 'Clock', 'Proposed by', 'Rated', 'Proposed', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, rows),
    ),
  );
}

// ---- start ----

byId('title').addEventListener('change', fillTitleDetails);
byId('listing-sides').addEventListener('change', showSides);
for (const radio of document.querySelectorAll('input[name="mode"]')) radio.addEventListener('change', applyMode);
byId('filter-title').addEventListener('change', () => {
  fillScenarioFilter();
  loadOpenGames();
});
byId('filter-scenario').addEventListener('change', loadOpenGames);
byId('filter-rated').addEventListener('change', loadOpenGames);
byId('open-refresh').addEventListener('click', () => Promise.all([loadOpenGames(), refreshMyGames()]));
onSession(() => {
  applyMode();
  loadOpenGames();
});
onMyGames((data) => {
  accountGames = currentAccount() ? data : null;
  renderAccountGames();
});
mountAccountBar();
byId('create-form').addEventListener('submit', createGame);
byId('refresh').addEventListener('click', loadRecent);
window.addEventListener('storage', (e) => {
  if (e.key && e.key.startsWith('warpath.myGames')) renderMyGames();
});
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) {
    loadRecent();
    loadOpenGames();
  }
});
setInterval(() => {
  if (!document.hidden) {
    loadRecent();
    loadOpenGames();
  }
}, REFRESH_MS);

applyMode();
await Promise.all([
  loadTitles(),
  mountTimeControlFields({
    none: 'No clock: the game waits for each move as long as it takes.',
    after: "A player's clock runs while the decision is theirs, gains the increment each time it passes to the opponent, and stands still on their vacation days (see your account page).",
  }),
]);
fillFilters();
renderAccountGames();
await loadSession().catch(() => null);
await loadRecent();
