// Wilderness War's questions before a choice, asked by the game page (js/game.js asks the board
// first, then falls back to its generic question):
//  - demolition (5.46) names what is removed and what it costs: a fort gives the enemy 1 VP,
//    a stockade or a fort under construction costs nothing;
//  - "done" with nothing activated spends the card and ends the action phase (5.31, 5.32);
//  - passing with the last card held ends the action phase (4.0 A.2);
//  - stopping a group that has not left its space ends its move where it stands (5.36, 6.0);
//  - an action the server lists in the view's `confirm` (it rolls dice or draws at random) names
//    what is rolled or drawn, from the step in progress: a battle (7.5), a siege (8.4), an assault
//    (9.0), a raid (10.2), an interception (6.7), avoiding battle (6.8), an event, or the cards
//    dealt when the action ends the season's last card play or the end of the year (4.0).
// It decides no rule: every action it words is one the server listed. An action it has no words
// for is left to the page's generic question (undefined), never let through unasked.

import { SIDE_NAMES } from './data.js';

const ENEMY = { french: 'british', british: 'french' };

// What demolishing at `spaceId` removes for `side`, in the engine's order (a fort first, then a
// stockade, then a fort under construction): 'fort', 'stockade', 'fort_under_construction' or null.
export function demolished(view, spaceId, side) {
  const m = view?.markers?.[spaceId];
  if (!m) return null;
  if (m.fort === side && m.siege === undefined) return 'fort';
  if (m.stockade === side) return 'stockade';
  if (m.fort_under_construction === side) return 'fort_under_construction';
  return null;
}

const WORKS = { fort: 'fort', stockade: 'stockade', fort_under_construction: 'fort under construction' };

// "Demolish the fort at Presqu'île" (the demolition button's label).
export function demolitionLabel(view, data, side, spaceId) {
  const what = demolished(view, spaceId, side);
  return `Demolish the ${what ? WORKS[what] : 'fortification'} at ${data.spaceName(spaceId)}`;
}

function demolitionQuestion(view, data, side, spaceId) {
  const what = demolished(view, spaceId, side);
  const where = data.spaceName(spaceId);
  if (what === 'fort')
    return `Demolish your fort at ${where}? It is removed from the map and the ${SIDE_NAMES[ENEMY[side]] ?? 'enemy'} gain 1 VP (5.46).`;
  if (what === 'stockade') return `Demolish your stockade at ${where}? It is removed from the map (no VP cost, 5.46).`;
  if (what === 'fort_under_construction')
    return `Demolish your fort under construction at ${where}? The work on it is lost (no VP cost, 5.46).`;
  return `Demolish your fortification at ${where}? It is removed from the map (5.46).`;
}

function cardText(view, data) {
  const n = view?.turn?.card;
  return Number.isInteger(n) ? `#${n} ${data.cardName(n)}` : 'the card';
}

// The moving group in words: its one piece, or the force of the leader among them.
function groupName(view, data) {
  const moving = view?.turn?.moving ?? [];
  if (moving.length === 1) return data.pieceName(moving[0]);
  const leader = moving.find((id) => data.pieces.get(id)?.kind === 'leader');
  return leader ? `the force of ${data.pieceName(leader)}` : 'the moving pieces';
}

function placeName(view, data) {
  const where = view?.turn?.battle?.space ?? view?.turn?.where;
  return typeof where === 'string' ? data.spaceName(where) : null;
}

// The question before an action the server lists as rolling dice or drawing at random, or
// undefined when this title has no words for it.
function rollQuestion(verb, arg, view, data) {
  const step = view?.turn?.step;
  const place = placeName(view, data);
  const at = place ? ` at ${place}` : '';
  const final = ' This cannot be undone.';
  if (verb === 'roll' && step === 'battle')
    return `Roll the dice for the battle${at}? Each side rolls one die on the Combat Results Table (7.5), then leaders may be checked for loss.${final}`;
  if (verb === 'roll' && step === 'raid') return `Roll the die for the raid${at}? One die on the Raid Table (10.2).${final}`;
  if (verb === 'roll' && step === 'siege') return `Roll the die for the siege${at}? One die on the Siege Table (8.4).${final}`;
  if (verb === 'siege') return `Roll the die for the siege${at}? One die on the Siege Table (8.4).${final}`;
  if (verb === 'assault')
    return `Assault the fortification${at}? It is fought as a battle: each side rolls one die (9.0).${final}`;
  if (verb === 'intercept')
    return `Try to intercept${place ? ` into ${place}` : ''}? One die is rolled, the leader's tactics added (6.7).${final}`;
  if (verb === 'avoid') return `Try to avoid battle${at}? One die is rolled, the leader's tactics added (6.8).${final}`;
  if (verb === 'event' && Number.isInteger(arg))
    return `Play #${arg} ${data.cardName(arg)} for its event? It rolls dice or draws at random (see the card).${final}`;
  if (verb === 'roll') return `Roll the dice${at}?${final}`;
  if (step === 'year_end') return `This completes the end of the year, and the next cards are then dealt from the deck.${final} Go on?`;
  if (seasonEnds(view)) return `This ends the season's action phases, and new cards are then dealt from the deck.${final} Go on?`;
  return undefined;
}

// Whether the card play in progress is the season's last: neither side has a card left to play
// (none in hand, or only the last one, held by passing).
function seasonEnds(view) {
  const hands = view?.hands;
  if (!hands || typeof hands !== 'object') return false;
  return Object.entries(hands).every(([side, n]) => n === 0 || (n === 1 && view.players?.[side]?.holding_last_card === true));
}

// The question to ask before (verb, arg), null for none, or undefined to leave it to the page.
// `listed`: the server lists it as rolling or drawing. `moveStart`: the space the moving group
// was first seen in (the board remembers it), to tell a group that has not moved yet.
export function confirmQuestion(verb, arg, view, data, { side, listed, moveStart }) {
  const early = earlyEndQuestion(verb, arg, view, data, { side, moveStart });
  if (early) return listed ? `${early} It also rolls dice or draws at random, and cannot be undone.` : early;
  if (listed) return rollQuestion(verb, arg, view, data);
  return null;
}

// Choosing pieces to activate: the server offers commanders or individual pieces (in choosing a
// force's members it offers neither).
function designating(view) {
  const actions = view?.actions ?? {};
  return Boolean(actions.commander || actions.individual);
}

function earlyEndQuestion(verb, arg, view, data, { side, moveStart }) {
  const step = view?.turn?.step;
  if (verb === 'demolish' && typeof arg === 'string') return demolitionQuestion(view, data, side, arg);
  if (verb === 'done' && step === 'activation' && (view.turn.activated ?? []).length === 0 && designating(view))
    return `Activate nothing? ${cardText(view, data)} is spent with nothing activated, and this ends your action phase (5.31).`;
  if (verb === 'pass' && step === 'action_phase')
    return 'Pass and keep your last card? This ends your action phase without playing a card (4.0 A.2).';
  if (verb === 'stop' && step === 'movement' && moveStart && view.turn.where === moveStart)
    return `Stop ${groupName(view, data)} where it stands? It has not moved yet, and its move ends here.`;
  return null;
}
