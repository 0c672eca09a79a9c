// Sorts the seat's legal actions ({verb: true | [arg, ...]}) by what they point at, so that each
// can be drawn where the player looks for it: spaces on the map, pieces in their stacks, cards in
// the hand or the discard pile, militia boxes, and word actions as buttons. Anything else stays a
// plain button. The client only shows what the server lists; it decides nothing.

export function classifyTargets(actions, data, view) {
  const out = {
    spaces: new Map(), // space id -> [verb, ...]
    pieces: new Map(), // piece id -> [verb, ...]
    cards: new Map(), // card number -> [verb, ...]
    boxes: new Map(), // militia box id -> [verb, ...]
    words: [], // verbs with no argument (pass, done, roll, undo...)
    demolish: [], // spaces of `demolish` (5.46): never a map target, a labelled choice (demolish.js)
    other: [], // {verb, arg}
  };
  const add = (map, key, verb) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(verb);
  };
  const inHandOrPiles = new Set([...(view.hand ?? []), ...(view.discard ?? []), ...(view.removed ?? [])]);
  for (const [verb, entry] of Object.entries(actions ?? {})) {
    if (entry === true) {
      out.words.push(verb);
      continue;
    }
    if (!Array.isArray(entry)) continue;
    if (verb === 'demolish') {
      out.demolish.push(...entry);
      continue;
    }
    for (const arg of entry) {
      if (typeof arg === 'number' && data.cards.has(arg) && inHandOrPiles.has(arg)) add(out.cards, arg, verb);
      else if (typeof arg === 'string' && data.spaces.has(arg)) add(out.spaces, arg, verb);
      else if (typeof arg === 'string' && data.pieces.has(arg)) add(out.pieces, arg, verb);
      else if (typeof arg === 'string' && data.militiaBoxes.has(arg)) add(out.boxes, arg, verb);
      else out.other.push({ verb, arg });
    }
  }
  for (const map of [out.spaces, out.pieces, out.cards, out.boxes]) for (const verbs of map.values()) verbs.sort(byPriority);
  return out;
}

// When one target takes several verbs, the element opens a small menu of them (menuEntries); the
// order of the menu is this one.
const PRIMARY = ['space', 'commander', 'piece', 'activate', 'event'];

function byPriority(a, b) {
  const rank = (v) => (PRIMARY.includes(v) ? PRIMARY.indexOf(v) : PRIMARY.length);
  return rank(a) - rank(b);
}

// Readable names of the verbs the engine uses; unknown verbs show as they are.
const VERB_LABELS = {
  activate: 'Activate',
  event: 'Event',
  forts: 'Forts',
  stockades: 'Stockades',
  discard: 'Discard',
  play: 'Play',
  take: 'Take',
  demolish: 'Demolish',
  space: 'Go',
  boat: 'By boat',
  commander: 'Commander',
  individual: 'Individually',
  piece: 'Select',
  pass: 'Pass',
  done: 'Done',
  roll: 'Roll',
  undo: 'Undo',
  stop: 'Stop',
  attack: 'Attack',
  siege: 'Siege',
  assault: 'Assault',
};

export function verbLabel(verb) {
  return VERB_LABELS[verb] ?? verb.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

// The attributes every clickable legal target carries, so that tests (and the click handler) can
// find the action it sends.
export function targetAttrs(verb, arg) {
  const attrs = { 'data-verb': verb };
  if (arg !== null && arg !== undefined) {
    attrs['data-arg'] = String(arg);
    attrs['data-arg-type'] = typeof arg === 'number' ? 'integer' : 'string';
  }
  return attrs;
}

// The attributes of a target that takes `verbs` (at least one): one verb is sent by a click; more
// make the element a menu opener, with data-verbs (space-separated) and data-arg but no data-verb,
// so that only the menu's entries send anything.
export function targetAttrsFor(verbs, arg) {
  if (verbs.length === 1) return targetAttrs(verbs[0], arg);
  const attrs = targetAttrs(verbs[0], arg);
  delete attrs['data-verb'];
  return { ...attrs, 'data-verbs': verbs.join(' ') };
}

// The menu a multi-verb element opens: [{verb, arg, label}], from its data-verbs / data-arg.
export function menuEntries(el) {
  const verbs = (el.getAttribute('data-verbs') ?? '').split(' ').filter(Boolean);
  const text = el.getAttribute('data-arg');
  const arg = text === null ? null : el.getAttribute('data-arg-type') === 'integer' ? Number(text) : text;
  return verbs.map((verb) => ({ verb, arg, label: verbLabel(verb) }));
}

// A readable name for an action argument: a card, space, box or piece by its name, anything else
// (departments, numbers, words) as it is, with underscores as spaces and capitals.
export function argLabel(arg, data) {
  if (typeof arg === 'number') return data.cards.has(arg) ? `#${arg} ${data.cardName(arg)}` : String(arg);
  if (typeof arg !== 'string') return JSON.stringify(arg);
  if (data.spaces.has(arg) || data.militiaBoxes.has(arg)) return data.spaceName(arg);
  if (data.pieces.has(arg)) return data.pieceName(arg);
  return arg.replace(/_/g, ' ').replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

// The action named by an element's data-verb / data-arg / data-arg-type.
export function actionOf(el) {
  const verb = el.getAttribute('data-verb');
  if (!verb) return null;
  const text = el.getAttribute('data-arg');
  if (text === null) return { verb, arg: null };
  return { verb, arg: el.getAttribute('data-arg-type') === 'integer' ? Number(text) : text };
}
