// The account bar at the right of every page's top bar: a link to the tournaments, then "Log in" /
// "Sign up" when logged out; when logged in the name (a link to the profile), a badge counting
// the games that wait for my move, "Next game" (the one waiting longest), a link to the account
// settings and "Log out".
// It follows GET /api/my/games every 15 s and when the page comes back into view, and shares
// what it got with the page (onMyGames), so that the lobby and the game page do not ask again.
//
//   mountAccountBar({ currentGame: 12 });   // once per page
//   onMyGames((data) => render(data));      // data: the answer of GET /api/my/games, or null
import { byId, clear, errorText, h } from './dom.js';
import { call, loadSession, logOut, onSession } from './session.js';
import { linkOfGame, nextGame, waitingCount } from './account_games.js';

const REFRESH_MS = 15000;

let myGames = null; // the last answer of GET /api/my/games
let bar = null;
let options = { currentGame: null };
let timer = null;
let inFlight = null;
const listeners = new Set();

export function onMyGames(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function myGamesData() {
  return myGames;
}

function emit() {
  for (const listener of [...listeners]) {
    try {
      listener(myGames);
    } catch (e) {
      console.error('warpath: a my-games listener failed', e);
    }
  }
}

// Asks for the account's games now (when logged in); resolves to the answer or null.
export function refreshMyGames() {
  if (inFlight) return inFlight;
  inFlight = (async () => {
    const session = await loadSession().catch(() => null);
    if (!session) {
      myGames = null;
    } else {
      try {
        myGames = await call('GET', '/api/my/games');
      } catch (e) {
        console.warn(`warpath: my games: ${e.message}`);
        return myGames;
      }
    }
    render();
    emit();
    return myGames;
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

// This page's address to come back to after logging in (a game page's fragment names its seat;
// game.js has already taken any token out of it).
function here() {
  return location.pathname + location.search + (/token=/.test(location.hash) ? '' : location.hash);
}

function accountLink(part) {
  const next = here();
  const query = location.pathname === '/account.html' ? '' : `?next=${encodeURIComponent(next)}`;
  return `/account.html${query}#${part}`;
}

function render() {
  if (!bar) return;
  const session = sessionSeen;
  clear(bar);
  if (!sessionKnown) return; // nothing until the server said who is logged in
  const tournaments = h('a', { href: '/tournaments.html', class: 'nav-tournaments', id: 'nav-tournaments' }, 'Tournaments');
  if (!session) {
    bar.dataset.state = 'logged-out';
    bar.append(
      tournaments,
      h('a', { href: accountLink('login'), class: 'account-login', id: 'account-login' }, 'Log in'),
      h('a', { href: accountLink('signup'), class: 'button small account-signup', id: 'account-signup' }, 'Sign up'),
    );
    return;
  }
  const name = session.account.name;
  bar.dataset.state = 'logged-in';
  const count = waitingCount(myGames);
  const next = nextGame(myGames, options.currentGame);
  const countText = `${count} game${count === 1 ? '' : 's'} waiting for your move`;
  bar.append(
    tournaments,
    h('a', { href: `/player.html?name=${encodeURIComponent(name)}`, class: 'account-name', id: 'account-name', title: 'your profile' }, name),
    h(
      'a',
      {
        href: '/#account-games',
        id: 'turn-count',
        class: `badge turn-count${count ? ' waiting' : ''}`,
        'data-count': String(count),
        'aria-label': countText,
        title: countText,
      },
      String(count),
    ),
    h(
      'button',
      {
        type: 'button',
        id: 'next-game',
        class: 'small',
        disabled: !next,
        title: next ? `open game #${next.id}` : 'no other game waits for your move',
        onclick: () => {
          if (next) location.href = linkOfGame(next);
        },
      },
      'Next game',
    ),
    h('a', { href: '/account.html', class: 'account-settings', id: 'account-settings', title: 'e-mail, password, notifications' }, 'Account'),
    h(
      'button',
      {
        type: 'button',
        id: 'log-out',
        class: 'secondary small',
        onclick: async (event) => {
          event.currentTarget.disabled = true;
          try {
            await logOut();
          } catch (e) {
            alert(`Could not log out: ${errorText(e)}`);
          }
          location.reload();
        },
      },
      'Log out',
    ),
  );
}

let sessionSeen = null; // the session the bar shows
let sessionKnown = false;

// Puts the bar in the page's top bar (header.topbar) and starts following the account's games.
export function mountAccountBar(opts = {}) {
  options = { ...options, ...opts };
  const header = document.querySelector('header.topbar');
  if (!header || bar) return;
  bar = h('nav', { class: 'account-bar', id: 'account-bar', 'aria-label': 'account' });
  header.append(bar);
  onSession((session) => {
    const changed = (sessionSeen && sessionSeen.account.id) !== (session && session.account.id);
    sessionSeen = session;
    sessionKnown = true;
    render();
    if (changed) refreshMyGames();
  });
  loadSession().catch((e) => {
    bar.append(h('span', { class: 'muted', title: errorText(e) }, 'account unavailable'));
  });
  const again = () => {
    if (!document.hidden && sessionSeen) refreshMyGames();
  };
  document.addEventListener('visibilitychange', again);
  window.addEventListener('focus', again);
  clearInterval(timer);
  timer = setInterval(again, REFRESH_MS);
  render();
}

// The bar's element, for pages that want to place something next to it.
export function accountBarElement() {
  return bar || byId('account-bar');
}
