// The opening of the seed 7 Annus Mirabilis game that readme_screenshot.mjs pictures, played over
// HTTP with the seats' tokens (the fast way to reach a position): the French play #4 Campaign,
// Rigaud takes Languedoc and Royal Roussillon from Ticonderoga into Hudson Carry North, where the
// British are: a battle. Every other decision takes pass, done, roll or the first target.
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

// The seat's view over HTTP.
export async function seatView(origin, game, seat) {
  return (await apiJson(origin, 'GET', `/api/games/${game.id}/view`, { token: game.seats[seat] })).view;
}

// Plays the plan's steps `from` .. `to` (exclusive) and the defaults between them over HTTP, then
// the defaults until `stop(view)` holds of the active seat's view (if given). Returns the version.
export async function playOverHttp(origin, game, { from = 0, to = OPENING.length, stop = null, plan = OPENING } = {}) {
  let next = from;
  for (let step = 0; step < 60; ++step) {
    const status = await apiJson(origin, 'GET', `/api/games/${game.id}`);
    const seat = status.active[0];
    const view = await seatView(origin, game, seat);
    if (next >= to && (!stop || stop(view))) return status.version;
    let move = null;
    const planned = plan[next];
    if (next < to && planned.seat === seat) {
      const listed = view.actions[planned.verb];
      if (listed === true || (Array.isArray(listed) && listed.includes(planned.arg))) {
        move = planned;
        next += 1;
      }
    }
    if (!move) {
      for (const verb of ['pass', 'done', 'roll']) if (!move && view.actions[verb] === true) move = { verb };
      for (const [verb, entry] of Object.entries(view.actions))
        if (!move && verb !== 'undo' && Array.isArray(entry) && entry.length) move = { verb, arg: entry[0] };
    }
    if (!move) throw new Error(`${seat} has nothing to do at v${status.version}`);
    await apiJson(origin, 'POST', `/api/games/${game.id}/actions`, {
      token: game.seats[seat],
      body: { version: status.version, verb: move.verb, ...(move.arg === undefined ? {} : { arg: move.arg }) },
    });
  }
  throw new Error('the opening did not reach its position in 60 moves');
}
