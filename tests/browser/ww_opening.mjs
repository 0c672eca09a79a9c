// The opening of the seed 7 Annus Mirabilis game that readme_screenshot.mjs pictures, played over
// HTTP with the seats' tokens (the fast way to reach a position): the French play #4 Campaign,
// Rigaud takes Languedoc and Royal Roussillon from Ticonderoga into Hudson Carry North, where the
// British are: a battle. Every other decision takes pass, done, roll or the first target.
// Also the plan runner the game tests share (playUntil: a seed's game to a position, fixed by the
// moves that matter) and small HTTP helpers (seatView, gameVersion, postMove).
import { apiJson } from './server.mjs';

export const SEED = 7;

export const OPENING = [
  { seat: 'french', verb: 'activate', arg: 4 },
  { seat: 'french', verb: 'commander', arg: 'fr_rigaud' },
  { seat: 'french', verb: 'piece', arg: 'fr_reg_languedoc' },
  { seat: 'french', verb: 'piece', arg: 'fr_reg_royal_roussillon' },
  { seat: 'french', verb: 'done' },
  { seat: 'french', verb: 'space', arg: 'hudson_carry_north' },
];

// The seat's view over HTTP (a spectator's without a token).
export async function seatView(origin, game, seat) {
  return (await apiJson(origin, 'GET', `/api/games/${game.id}/view`, seat === 'spectator' ? {} : { token: game.seats[seat] })).view;
}

// The game's version now.
export async function gameVersion(origin, game) {
  return (await apiJson(origin, 'GET', `/api/games/${game.id}`)).version;
}

// One move of `seat` over HTTP at the version now.
export async function postMove(origin, game, seat, verb, arg) {
  const version = await gameVersion(origin, game);
  return apiJson(origin, 'POST', `/api/games/${game.id}/actions`, {
    token: game.seats[seat],
    body: { version, verb, ...(arg === undefined ? {} : { arg }) },
  });
}

// The default choice of a seat's view: pass, done, a roll, else the first target of the first verb
// listing any (never undo); null when it lists nothing.
export function defaultMove(actions) {
  for (const verb of ['pass', 'done', 'roll']) if (actions[verb] === true) return { verb };
  for (const [verb, entry] of Object.entries(actions)) if (verb !== 'undo' && Array.isArray(entry) && entry.length) return { verb, arg: entry[0] };
  return null;
}

// Plays over HTTP, each move the active seat's: the plan's next step when it is that seat's and
// listed, else the default move; once the plan is used up, until `stop(view, seat)` holds of the
// active seat's view (at once without `stop`). Returns {version, seat, view} there. The game is
// deterministic per seed and plan, so the same calls always reach the same position.
export async function playUntil(origin, game, { plan = [], stop = null, maxMoves = 60 } = {}) {
  let next = 0;
  for (let step = 0; step <= maxMoves; ++step) {
    const status = await apiJson(origin, 'GET', `/api/games/${game.id}`);
    const seat = status.active[0];
    const view = await seatView(origin, game, seat);
    if (next >= plan.length && (!stop || stop(view, seat))) return { version: status.version, seat, view };
    if (step === maxMoves) break;
    let move = null;
    const planned = plan[next];
    if (planned && planned.seat === seat) {
      const listed = view.actions[planned.verb];
      if (planned.arg === undefined ? listed === true : Array.isArray(listed) && listed.includes(planned.arg)) {
        move = planned;
        next += 1;
      }
    }
    move ??= defaultMove(view.actions);
    if (!move) throw new Error(`${seat} has nothing to do at v${status.version}`);
    await apiJson(origin, 'POST', `/api/games/${game.id}/actions`, {
      token: game.seats[seat],
      body: { version: status.version, verb: move.verb, ...(move.arg === undefined ? {} : { arg: move.arg }) },
    });
  }
  throw new Error(`the game did not reach its position in ${maxMoves} moves (plan step ${next} of ${plan.length})`);
}

// Plays the plan's steps `from` .. `to` (exclusive) and the defaults between them over HTTP, then
// the defaults until `stop(view)` holds of the active seat's view (if given). Returns the version.
export async function playOverHttp(origin, game, { from = 0, to = OPENING.length, stop = null, plan = OPENING } = {}) {
  return (await playUntil(origin, game, { plan: plan.slice(from, to), stop })).version;
}
