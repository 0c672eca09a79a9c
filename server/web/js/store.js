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
  const list = loadMyGames().filter((g) => g.id !== entry.id);
  list.unshift(entry);
  return writeJson(localStorage, MY_GAMES, list.slice(0, MAX_GAMES));
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
    return new URLSearchParams(new URL(link, location.origin).hash.slice(1)).get('token') || '';
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
