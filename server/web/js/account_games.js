// The pure parts of the account pages: the game page address of an account seat, the game to
// open next from GET /api/my/games, short descriptions of games and listings, and the "next"
// address after a log-in. No DOM here, so that Node tests it (js/test/account_games.test.mjs).

// The role of a game ({roles (mine), active}) to open: one of mine whose turn it is, else the first.
export function myRole(game) {
  const roles = Array.isArray(game && game.roles) ? game.roles : [];
  const active = Array.isArray(game && game.active) ? game.active : [];
  return roles.find((r) => active.includes(r)) ?? roles[0] ?? 'spectator';
}

// An account seat's page: no token, the session cookie is the key.
export function gameLink(id, role) {
  return `/game.html?game=${id}#seat=${encodeURIComponent(role || 'spectator')}`;
}

export function linkOfGame(game) {
  return gameLink(game.id, myRole(game));
}

// The game to open for "Next game": the server's next_game (an id or a game object), or failing
// that the first game of the list that waits for me; `exclude` skips the game shown now, so that
// the button moves on when this one waits too. Null when none waits.
export function nextGame(data, exclude = null) {
  if (!data) return null;
  const games = Array.isArray(data.games) ? data.games : [];
  const waiting = games.filter((g) => g && g.my_turn);
  const named = data.next_game;
  const namedId = named && typeof named === 'object' ? named.id : named;
  let pick = namedId !== null && namedId !== undefined ? games.find((g) => g.id === namedId) || (typeof named === 'object' ? named : { id: namedId, roles: [], active: [] }) : null;
  if (!pick && waiting.length) pick = waiting[0];
  if (pick && exclude !== null && pick.id === exclude) pick = waiting.find((g) => g.id !== exclude) ?? null;
  return pick;
}

// How many games wait for me: the server's count, else the games flagged my_turn.
export function waitingCount(data) {
  if (!data) return 0;
  if (Number.isInteger(data.my_turn)) return data.my_turn;
  return (Array.isArray(data.games) ? data.games : []).filter((g) => g && g.my_turn).length;
}

// "french: alice, british: bob" from [{name, role}]; a role of null is "any side".
export function playersText(players) {
  return (Array.isArray(players) ? players : []).map((p) => `${p.role ?? 'any side'}: ${ratedName(p)}`).join(', ');
}

// A player's name with their rating in the game's title when the listing gives it: "alice (1612)".
export function ratedName(player) {
  const name = player?.name ?? '?';
  return Number.isFinite(player?.rating) ? `${name} (${Math.round(player.rating)})` : name;
}

// The other players of a game or listing ([{name, role}]) than `me`.
export function opponents(players, me) {
  const lower = String(me ?? '').toLowerCase();
  return (Array.isArray(players) ? players : []).filter((p) => String(p.name ?? '').toLowerCase() !== lower);
}

// A game's state for its owner's list: "your move", "to move: british", "over: french wins".
export function gameStateText(game) {
  if (!game) return '';
  if (game.status === 'over' || game.result) {
    const r = game.result || {};
    const outcome = r.draw ? 'draw' : r.winner ? `${r.winner} won` : 'over';
    return `over: ${outcome}`;
  }
  if (game.my_turn) return 'your move';
  const active = Array.isArray(game.active) ? game.active : [];
  return active.length ? `to move: ${active.join(', ')}` : 'running';
}

// Where to go after logging in: a path of this site from ?next=, never another origin.
export function safeNext(next, fallback = '/') {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

// The roles a joiner may pick in a listing: its open roles (all the title's when none is said).
export function openRoles(listing, titleRoles = []) {
  if (Array.isArray(listing && listing.open_roles)) return listing.open_roles;
  return titleRoles;
}
