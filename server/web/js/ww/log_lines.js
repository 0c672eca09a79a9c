// How the game page shows a Wilderness War log line ({role, verb, arg, text}, written by the
// engine): which lines head a season, where a side's Action Phase begins (4.0 A: each Action
// Phase is one card play, or a pass that holds the last card), and which words of a line are
// spaces or cards, to be drawn as links (a space link highlights the space on the map, a card
// link shows the card's tip). Pure: `logParts` works in Node; `logFormat` builds elements.
import { h } from '../dom.js';
import { SIDE_NAMES } from './data.js';

// The engine's verbs of a line that opens a season: "year" (Early Season) and "season" (Late).
const SEASON_VERBS = new Set(['year', 'season']);
// The card plays that make up an Action Phase (5.1), and the pass of a side holding its last
// card (4.0 A.2): the line that begins a side's Action Phase.
const PHASE_VERBS = new Set(['event', 'activate', 'stockades', 'forts', 'pass']);
// Lines whose arg is a card number.
const CARD_VERBS = new Set(['event', 'activate', 'stockades', 'forts', 'take']);
const SIDES = new Set(['french', 'british']);

// The side a line belongs to ('french', 'british') or null.
export function lineSide(entry) {
  return entry && SIDES.has(entry.role) ? entry.role : null;
}

// Whether the line opens a season (a heading of the log): the engine's season lines, and the deal
// that opens a scenario's first season (it has no season line of its own and names the season).
export function isSeasonLine(entry) {
  if (!entry) return false;
  if (SEASON_VERBS.has(entry.verb)) return true;
  return entry.verb === 'deal' && typeof entry.text === 'string' && /^(Early|Late) Season \d{4}\b/.test(entry.text);
}

// The side whose Action Phase this line begins, or null.
export function phaseStart(entry) {
  return entry && PHASE_VERBS.has(entry.verb) ? lineSide(entry) : null;
}

const namesCache = new WeakMap();

// The names of the spaces and militia boxes, longest first (so that "Oneida Carry East" is found
// before any shorter name inside it), with their ids.
function spaceNames(data) {
  let names = namesCache.get(data);
  if (!names) {
    names = [...data.spaces.values(), ...data.militiaBoxes.values()]
      .filter((x) => typeof x.name === 'string' && x.name.length > 2)
      .map((x) => ({ id: x.id, name: x.name }))
      .sort((a, b) => b.name.length - a.name.length);
    namesCache.set(data, names);
  }
  return names;
}

const isWordChar = (c) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

// The line's text cut into parts: [{text}, {text, space: id}, {text, card: number}, ...], whose
// texts joined are the line's text. Cards are "#N Name" (and the card of a card play's arg);
// spaces are the arg when it is a space's id, and any space's name found in the text.
export function logParts(entry, data) {
  const text = entry && typeof entry.text === 'string' ? entry.text : '';
  const marks = []; // {from, to, space?, card?}, not overlapping
  const free = (from, to) => marks.every((m) => to <= m.from || from >= m.to);
  for (const match of text.matchAll(/#(\d+)/g)) {
    const number = Number(match[1]);
    const card = data.cards.get(number);
    if (!card) continue;
    let to = match.index + match[0].length;
    if (text.startsWith(` ${card.name}`, to)) to += card.name.length + 1;
    if (free(match.index, to)) marks.push({ from: match.index, to, card: number });
  }
  if (entry && CARD_VERBS.has(entry.verb) && typeof entry.arg === 'number' && data.cards.has(entry.arg) && !marks.some((m) => m.card === entry.arg)) {
    const name = data.cards.get(entry.arg).name;
    const at = text.indexOf(name);
    if (at >= 0 && free(at, at + name.length)) marks.push({ from: at, to: at + name.length, card: entry.arg });
  }
  const spaceIds = new Set();
  if (entry && typeof entry.arg === 'string' && (data.spaces.has(entry.arg) || data.militiaBoxes.has(entry.arg))) spaceIds.add(entry.arg);
  const names = spaceNames(data);
  // The arg's space first (its name might be shared), then every other name in the text.
  const ordered = [...names.filter((n) => spaceIds.has(n.id)), ...names.filter((n) => !spaceIds.has(n.id))];
  for (const { id, name } of ordered) {
    let at = text.indexOf(name);
    while (at >= 0) {
      const to = at + name.length;
      if (!isWordChar(text[at - 1]) && !isWordChar(text[to]) && free(at, to)) {
        marks.push({ from: at, to, space: id });
        break; // one link per space is enough
      }
      at = text.indexOf(name, at + 1);
    }
  }
  marks.sort((a, b) => a.from - b.from);
  const parts = [];
  let pos = 0;
  for (const m of marks) {
    if (m.from > pos) parts.push({ text: text.slice(pos, m.from) });
    const part = { text: text.slice(m.from, m.to) };
    if (m.card !== undefined) part.card = m.card;
    else part.space = m.space;
    parts.push(part);
    pos = m.to;
  }
  if (pos < text.length) parts.push({ text: text.slice(pos) });
  return parts;
}

// The hooks drawLog (game_panels.js) calls for each line: its class and content, and the group
// heading to put before it.
export function logFormat(data) {
  return {
    lineClass(entry) {
      const side = lineSide(entry);
      return [side ? `side-${side}` : 'side-none', isSeasonLine(entry) ? 'log-season' : '', phaseStart(entry) ? 'log-phase-start' : '']
        .filter(Boolean)
        .join(' ');
    },
    lineNodes(entry) {
      return logParts(entry, data).map((part) => {
        if (part.card !== undefined)
          return h('button', { type: 'button', class: 'log-link log-card', 'data-card': part.card, title: 'show the card' }, part.text);
        if (part.space !== undefined)
          return h('button', { type: 'button', class: 'log-link log-space', 'data-space-link': part.space, title: 'show on the map' }, part.text);
        return part.text;
      });
    },
    // A heading before the line when a side's Action Phase begins with it.
    groupBefore(entry) {
      const side = phaseStart(entry);
      return side ? { text: `${SIDE_NAMES[side]} Action Phase`, cls: `side-${side}` } : null;
    },
  };
}
