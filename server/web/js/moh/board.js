// The Small Wars: Mohicans game page: the map (map.js) with its locations, lines, markers, stacks
// and the naval insert, the stack list of a clicked stack, the status (turn track, Supply Points,
// Great Victories, the Iroquois ally) and the counters off the map, drawn from the seat's view and
// the title's data (data.js). Every legal target carries data-verb / data-arg (as the Wilderness
// War board's, ww/targets.js); a click on one sends that action through `send`. It decides no rule:
// the targets are exactly the server's `actions`, and whatever it has no place for (done, numbers,
// any new verb) js/game.js shows as buttons by the prompt.
import { h } from '../dom.js';
import { PanZoom } from '../ww/panzoom.js';
import { actionOf, menuEntries, targetAttrs, targetAttrsFor } from '../ww/targets.js';
import { SIDE_NAMES, TITLE, kindAbbr, loadMohicansData, words } from './data.js';
import { logFormat } from './log_lines.js';
import { MohicansMap, counterSide, faceDown, sortUnits } from './map.js';

export { TITLE };

// The seat's actions sorted by what they point at: locations on the map, units (on the map or
// off it), naval pieces; everything else is left to js/game.js's buttons.
export function classifyTargets(actions, data) {
  const out = { locations: new Map(), units: new Map(), naval: new Map() };
  const add = (map, key, verb) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(verb);
  };
  for (const [verb, entry] of Object.entries(actions ?? {})) {
    if (!Array.isArray(entry)) continue;
    for (const arg of entry) {
      if (typeof arg !== 'string') continue;
      if (data.locations.has(arg)) add(out.locations, arg, verb);
      else if (data.units.has(arg)) add(out.units, arg, verb);
      else if (data.naval.has(arg)) add(out.naval, arg, verb);
    }
  }
  return out;
}

const WHERE_NAMES = { force_pool: 'Force pool', awaiting: 'Awaiting reinforcement', removed: 'Removed', off_map: 'Off the map (Iroquois twins)' };
const SEASONS = { single: '', spring: 'Spring', summer: 'Summer' };

export class MohicansBoard {
  constructor(root, data, { seat, send }) {
    this.root = root;
    this.data = data;
    this.seat = seat;
    this.send = send;
    this.map = new MohicansMap(data);
    this.panzoom = new PanZoom(this.map.svg, { minScale: 0.15, storageKey: viewKey(seat) });
    this.viewRestored = false;
    this.logFormat = logFormat(); // how the page's log draws this title's lines (log_lines.js)
    this.stackWhere = null; // the location whose stack list is open
    this.stackOpenedFor = null; // the location whose list the board opened by itself (its units to choose)
    this.stackBox = h('section', { class: 'moh-stack-panel', 'aria-label': 'stack', hidden: true });
    this.status = h('div', { class: 'moh-status', 'aria-label': 'game state' });
    this.offMap = h('div', { class: 'moh-off-map' });
    this.menu = null;
    const tool = (label, title, onclick) => h('button', { type: 'button', class: 'secondary small', title, onclick }, label);
    root.replaceChildren(
      h(
        'div',
        { class: 'moh-map-wrap' },
        h(
          'div',
          { class: 'moh-map-tools' },
          tool('+', 'zoom in', () => this.panzoom.zoomBy(0.7)),
          tool('−', 'zoom out', () => this.panzoom.zoomBy(1 / 0.7)),
          tool('Fit', 'show the whole map', () => this.panzoom.reset()),
        ),
        this.map.svg,
      ),
      this.stackBox,
      this.status,
      this.offMap,
      legend(),
    );
    root.addEventListener('click', (e) => this.onClick(e));
    root.addEventListener('keydown', (e) => {
      if ((e.key === 'Enter' || e.key === ' ') && e.target.matches?.('[data-verb], [data-verbs], .moh-stack')) {
        e.preventDefault();
        this.onClick(e);
      }
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        this.closeMenu();
        this.closeStack();
      }
    });
  }

  onClick(event) {
    const el = event.target.closest?.('[data-verb], [data-verbs]');
    const stack = event.target.closest?.('.moh-stack');
    if (!el && stack) {
      this.openStack(stack.getAttribute('data-stack'));
      return;
    }
    if (!el || !this.root.contains(el)) return;
    if (el.hasAttribute('data-verbs')) {
      this.openMenu(el);
      return;
    }
    const action = actionOf(el);
    if (!action || this.root.classList.contains('busy')) return;
    this.closeMenu();
    this.send(action.verb, action.arg);
  }

  // A target of several verbs: a small list of them by the map.
  openMenu(el) {
    this.closeMenu();
    const entries = menuEntries(el);
    this.menu = h(
      'div',
      { class: 'moh-menu', role: 'menu' },
      entries.map((e) => h('button', { type: 'button', class: 'small', role: 'menuitem', ...targetAttrs(e.verb, e.arg) }, `${e.label}: ${this.describe(e.arg)}`)),
    );
    this.stackBox.before(this.menu);
  }

  closeMenu() {
    this.menu?.remove();
    this.menu = null;
  }

  openStack(where) {
    this.stackWhere = where;
    this.stackOpenedFor = null; // opened by the player: stays open
    this.drawStack();
  }

  closeStack() {
    this.stackWhere = null;
    this.stackOpenedFor = null;
    this.stackBox.hidden = true;
    this.stackBox.replaceChildren(); // no stale target left behind
  }

  drawStack() {
    const ids = this.view ? sortUnits(Object.entries(this.view.units ?? {}).filter(([, u]) => u.where === 'map' && u.at === this.stackWhere).map(([id]) => id), this.data) : [];
    if (!this.stackWhere || !ids.length) {
      this.closeStack();
      return;
    }
    this.stackBox.hidden = false;
    this.stackBox.replaceChildren(
      h('h3', {}, `${this.data.locationName(this.stackWhere)}: ${ids.length} unit${ids.length > 1 ? 's' : ''}`, h('button', { type: 'button', class: 'secondary small moh-close', onclick: () => this.closeStack() }, 'Close')),
      h('ul', { class: 'moh-stack-list' }, ids.map((id) => h('li', {}, this.unitChip(id)))),
    );
  }

  // A counter in words: a button when it is a target (one verb, or a menu of several).
  unitChip(id) {
    const unit = this.data.units.get(id);
    const state = this.view?.units?.[id];
    const verbs = this.targets?.units.get(id);
    const down = faceDown(unit, state);
    const text = [
      h('span', { class: `moh-chip-face side-${counterSide(unit)}${down ? ' face-down' : ''}${state?.damaged ? ' damaged' : ''}` }, down ? '?' : kindAbbr(unit)),
      ` ${unit.name}`,
      h('span', { class: 'muted' }, ` ${words(unit.kind)}${state?.damaged ? ', damaged' : ''}${down ? ', face down' : ''}`),
    ];
    if (!verbs) return h('span', { class: 'moh-chip', 'data-unit': id }, text);
    return h('button', { type: 'button', class: 'moh-chip target', 'data-unit': id, ...targetAttrsFor(verbs, id) }, text);
  }

  // Whether the board shows a target for (verb, arg) where a player sees it without opening a
  // stack: the map's locations and naval pieces, and the counters off the map.
  shows(verb, arg) {
    const a = CSS.escape(String(arg));
    const v = CSS.escape(verb);
    return Boolean(this.root.querySelector(`[data-verb="${v}"][data-arg="${a}"]:not(.moh-stack-panel *):not(.moh-menu *), [data-verbs~="${v}"][data-arg="${a}"]:not(.moh-stack-panel *)`));
  }

  describe(arg) {
    if (typeof arg !== 'string') return String(arg);
    if (this.data.locations.has(arg)) return this.data.locationName(arg);
    if (this.data.units.has(arg)) return this.data.unitName(arg);
    if (this.data.naval.has(arg)) return this.data.navalName(arg);
    return words(arg);
  }

  render(view, actions, busy) {
    if (!view || typeof view !== 'object') return;
    this.closeMenu();
    this.view = view;
    this.targets = classifyTargets(actions, this.data);
    this.root.classList.toggle('busy', Boolean(busy));
    this.map.update(view, this.targets, this.seat);
    // Units to choose open their stack's list by themselves when they all stand at one place.
    // A list opened that way closes once its units are no longer to be chosen.
    const places = new Set([...this.targets.units.keys()].map((id) => (view.units?.[id]?.where === 'map' ? view.units[id].at : null)));
    const only = places.size === 1 ? [...places][0] : null;
    if (this.stackOpenedFor && this.stackWhere === this.stackOpenedFor && only !== this.stackOpenedFor) this.closeStack();
    if (only && !this.stackWhere) {
      this.stackWhere = only;
      this.stackOpenedFor = only;
    }
    if (this.stackWhere) this.drawStack();
    this.status.replaceChildren(...statusParts(view, this.data));
    this.offMap.replaceChildren(...this.offMapParts(view));
    if (!this.viewRestored) {
      this.viewRestored = true;
      this.panzoom.restore();
    }
  }

  // The counters off the map (force pools, awaiting, removed), by side; a group holding a
  // target is open.
  offMapParts(view) {
    const groups = new Map();
    for (const [id, u] of Object.entries(view.units ?? {})) {
      if (u.where === 'map') continue;
      const unit = this.data.units.get(id);
      if (!unit) continue;
      const key = `${u.where}|${unit.side}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(id);
    }
    const parts = [];
    for (const [key, ids] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      const [where, side] = key.split('|');
      const open = ids.some((id) => this.targets.units.has(id));
      parts.push(
        h(
          'details',
          { class: 'moh-pool', 'data-pool': where, 'data-side': side, open },
          h('summary', {}, `${WHERE_NAMES[where] ?? words(where)}, ${SIDE_NAMES[side] ?? side}: ${ids.length}`),
          h('ul', { class: 'moh-stack-list' }, sortUnits(ids, this.data).map((id) => h('li', {}, this.unitChip(id)))),
        ),
      );
    }
    return parts.length ? [h('h3', {}, 'Counters off the map'), ...parts] : [];
  }
}

function statusParts(view, data) {
  const turns = data.raw.turns;
  const index = view.turn?.index ?? 0;
  const track = h(
    'ol',
    { class: 'moh-turn-track', 'aria-label': 'turn track' },
    turns.map((t, i) => h('li', { class: i === index ? 'current' : i < index ? 'past' : '', 'data-turn': i, 'aria-current': i === index ? 'step' : null }, h('b', {}, t.year), SEASONS[t.season] ? h('span', {}, SEASONS[t.season]) : null)),
  );
  const side = (s) => h('span', { class: `moh-side side-${s}` }, SIDE_NAMES[s] ?? s);
  const sp = view.supply_points ?? {};
  const gv = view.great_victories ?? {};
  const fd = view.forts_destroyed ?? {};
  const line = (label, ...value) => h('div', { class: 'moh-status-line' }, h('span', { class: 'muted' }, label), ' ', ...value);
  return [
    track,
    line('Turn', `${view.turn?.year ?? ''} ${SEASONS[view.turn?.season] ?? ''}`.trim(), ` (${index + 1} of ${view.turn?.of ?? turns.length}), stage: ${words(view.stage ?? '')}`),
    line('To decide', view.active ? side(view.active) : 'nobody'),
    h(
      'div',
      { class: 'moh-status-line moh-supply', 'data-status': 'supply' },
      h('span', { class: 'muted' }, 'Supply Points'),
      ' ',
      side('french'),
      ` ${sp.land?.french ?? 0}  `,
      side('british'),
      ` ${sp.land?.british ?? 0} land, ${sp.sea ?? 0} sea`,
    ),
    h('div', { class: 'moh-status-line', 'data-status': 'great-victories' }, h('span', { class: 'muted' }, 'Great Victories'), ' ', side('french'), ` ${gv.french ?? 0}  `, side('british'), ` ${gv.british ?? 0}`, h('span', { class: 'muted' }, `  (forts destroyed ${fd.french ?? 0} / ${fd.british ?? 0})`)),
    line('Iroquois ally', view.iroquois_ally ? side(view.iroquois_ally) : 'none: the Six Nations are neutral'),
    line('Victory conditions held', ['french', 'british'].filter((s) => view.victory?.[s]).map((s) => side(s)).length ? ['french', 'british'].filter((s) => view.victory?.[s]).map(side) : 'none'),
    view.outcome ? line('Outcome', `${SIDE_NAMES[view.outcome.winner] ?? 'nobody'} win: ${view.outcome.reason}`) : null,
  ].filter(Boolean);
}

function legend() {
  const item = (cls, text) => h('li', {}, h('span', { class: `moh-key ${cls}` }), text);
  return h(
    'details',
    { class: 'moh-legend' },
    h('summary', {}, 'Key'),
    h(
      'ul',
      {},
      item('road', 'road'),
      item('trail', 'trail'),
      item('river', 'river'),
      item('coast', 'coast'),
      item('lake', 'lake (every two places on it are joined)'),
      h('li', {}, '■ city, ● town, ⬟ fort, ▬ portage, ▲ village; ring: Iroquois village; ⚓ port; ★ objective (coloured by whose); halo: supply base'),
      h('li', {}, 'Markers: F fort, R raided, S besieged. A counter crossed is damaged; ? is face down.'),
    ),
  );
}

// Where the map's zoom and pan are kept: per game and seat, on the game page only.
function viewKey(seat) {
  const game = new URLSearchParams(location.search).get('game');
  return location.pathname.endsWith('/game.html') && game ? `warpath.mohMapView.v1.${game}.${seat}` : null;
}

export async function mountMohicans(root, options) {
  const data = await loadMohicansData();
  return new MohicansBoard(root, data, options);
}
