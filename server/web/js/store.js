// What this browser remembers: the games it created (with their seat links, which hold the seat
// tokens) in localStorage, and the token of the seat open in a tab in sessionStorage.

const MY_GAMES = 'warpath.myGames.v1';
const MAX_GAMES = 100;

function readJson(storage, key, fallback) {
  try {
    const text = storage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

function writeJson(storage, key, value) {
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or disabled
  }
}

// A link of the creation answer made relative ("/game.html?game=3#seat=red&token=..."), so that
// it opens on whatever origin serves this page (the server may not know its public https name).
export function localLink(url) {
  try {
    const u = new URL(url, location.href);
    return u.pathname + u.search + u.hash;
  } catch {
    return url;
  }
}

export function absoluteLink(link) {
  return new URL(link, location.origin).href;
}

// [{id, title, scenario, created, links: {role: relative link, spectator: ...}}], newest first.
export function loadMyGames() {
  const list = readJson(localStorage, MY_GAMES, []);
  return Array.isArray(list) ? list.filter((g) => g && Number.isInteger(g.id) && g.links) : [];
}

export function saveMyGame(entry) {
  return writeJson(localStorage, MY_GAMES, mergeMyGame(loadMyGames(), entry).slice(0, MAX_GAMES));
}

// The list with `entry` merged in front: the links of an entry already kept for the game stay
// (a seat link opened later adds its seat to the ones the browser created), newer fields win.
export function mergeMyGame(list, entry) {
  const old = list.find((g) => g.id === entry.id);
  const merged = old
    ? { ...old, ...Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined && v !== null)), links: { ...old.links, ...entry.links } }
    : entry;
  return [merged, ...list.filter((g) => g.id !== entry.id)];
}

// The seats of a kept game whose tokens this browser holds (the spectator link is no seat).
export function mySeats(entry) {
  return Object.entries(entry && entry.links ? entry.links : {})
    .filter(([role, link]) => role !== 'spectator' && tokenOfLink(link))
    .map(([role]) => role);
}

// Whether one of those seats is to move in the game record (GET /api/games/{id}).
export function isMyTurn(entry, record) {
  if (!record || record.status !== 'active' || !Array.isArray(record.active)) return false;
  return mySeats(entry).some((role) => record.active.includes(role));
}

export function forgetMyGame(id) {
  writeJson(
    localStorage,
    MY_GAMES,
    loadMyGames().filter((g) => g.id !== id),
  );
}

function tokenOfLink(link) {
  try {
    const hash = String(link).includes('#') ? String(link).slice(String(link).indexOf('#') + 1) : '';
    return new URLSearchParams(hash).get('token') || '';
  } catch {
    return '';
  }
}

// The token of (game, seat): this tab's, else one from the games this browser created.
export function recallToken(game, seat) {
  const key = `warpath.token.${game}.${seat}`;
  let token = '';
  try {
    token = sessionStorage.getItem(key) || '';
  } catch {
    token = '';
  }
  if (token) return token;
  const mine = loadMyGames().find((g) => g.id === game);
  return mine && mine.links[seat] ? tokenOfLink(mine.links[seat]) : '';
}

export function rememberToken(game, seat, token) {
  try {
    sessionStorage.setItem(`warpath.token.${game}.${seat}`, token);
  } catch {
    // private mode: the token then lives only as long as the page
  }
}

export function loadPreference(name, fallback) {
  return readJson(localStorage, `warpath.pref.${name}`, fallback);
}

export function savePreference(name, value) {
  writeJson(localStorage, `warpath.pref.${name}`, value);
}

// The log lines an undo took back ([{n, line}], struck through on the game page until the next
// move), kept for a reload: under the game and seat, with the version the page showed them at.
// Only this page's own lines are kept, in this browser; nothing is asked of the server.
function undoneKey(game, seat) {
  return `warpath.undone.${game}.${seat}`;
}

// Keeps `undone` as shown at `version`, or forgets what was kept when it is empty.
export function keepUndoneLines(game, seat, version, undone, storage = globalThis.localStorage) {
  try {
    if (undone.length) storage.setItem(undoneKey(game, seat), JSON.stringify({ version, undone }));
    else storage.removeItem(undoneKey(game, seat));
  } catch {
    // storage full or disabled: the struck lines then last as long as the page
  }
}

// The struck lines kept for the game and seat if they were shown at `version`, after the
// `size` lines of the log ([] otherwise, and anything kept for another version is forgotten).
export function recallUndoneLines(game, seat, version, size, storage = globalThis.localStorage) {
  const kept = readJson(storage, undoneKey(game, seat), null);
  if (kept === null) return [];
  const valid =
    kept &&
    kept.version === version &&
    Array.isArray(kept.undone) &&
    kept.undone.every((u) => u && Number.isInteger(u.n) && u.n >= size && 'line' in u);
  if (valid) return kept.undone;
  keepUndoneLines(game, seat, version, [], storage);
  return [];
}
