// The Wilderness War game page: the map with its stacks and markers, the status panel, the hand
// and the card piles, drawn from the seat's view and the title's static data. Every legal target
// carries data-verb / data-arg; a click on one sends that action through `send`. It decides no
// rule: the targets are exactly the server's `actions`. A card's tip (card_tip.js) shows what its
// event does; the game log's lines are drawn by `logFormat` (log_lines.js), and a space named in
// the log is shown on the map by highlight.js.
import { h } from '../dom.js';
import { renderBattlePanel } from './battle_panel.js';
import { installCardTip, loadCardSummaries, refreshCardTip } from './card_tip.js';
import { indexData, loadTitleData } from './data.js';
import { decodeView } from './decode.js';
import { renderHand, renderPiles } from './hand.js';
import { highlightSpace } from './highlight.js';
import { logFormat } from './log_lines.js';
import { WildernessMap } from './map.js';
import { COUNTER, layoutSlots } from './layout.js';
import { allNames, nameScale, shownNames } from './names.js';
import { drawMarkers, spacesWithMarkers } from './markers.js';
import { renderPanel } from './panel.js';
import { PanZoom } from './panzoom.js';
import { drawStacks, drawnAt, forceOf, stacksOf } from './pieces.js';
import { forceBox, stackPanel } from './stack_panel.js';
import { actionOf, argLabel, classifyTargets, menuEntries, targetAttrs } from './targets.js';
import { confirmQuestion, demolitionLabel } from './confirm.js';
import { renderDemolition } from './demolish.js';

export const TITLE = 'wilderness-war';
// The width at which the CSS lays the page out for a phone (wilderness_war.css).
const SMALL_SCREEN = window.matchMedia('(max-width: 760px)');
// Following the targets on a small screen (followTargets): the smallest size a tap may aim at, in
// CSS pixels; the room left around the targets, in map units; how much a view of every target must
// zoom in (its width against the whole map's) to be shown when they are too small to tap there.
const MIN_TAP = 32;
const TARGET_PAD = 60;
const SPREAD_ZOOM = 0.75;
// Below this size of a counter on the screen, in CSS pixels, the map is "far": counters drop their
// texts (too small to read) and a pile shows its count in their place (pieces.js,
// wilderness_war.css).
const FAR_COUNTER_PX = 14;

export class WildernessWarBoard {
  constructor(root, data, { seat, send }) {
    this.root = root;
    this.data = data;
    this.seat = seat;
    this.send = send;
    this.slots = layoutSlots(data); // where each stack and its markers go (layout.js)
    this.map = new WildernessMap(data, this.slots);
    this.forceSlot = h('div', { class: 'ww-force-slot' }); // the force being picked or moved
    this.panel = null; // the open stack panel, if any, and the stack it shows
    this.panelWhere = null;
    this.lastView = null; // the previous view, to find the pieces the last move moved
    this.lastMoved = new Set();
    this.lastBattle = null;
    this.logFormat = logFormat(data); // how the page's log draws this title's lines
    // A phone's screen is narrow: let it zoom in twice as far, so that a counter can be tapped.
    // The zoom and pan are kept per game and seat, to be shown again after a reload (viewKey).
    this.panzoom = new PanZoom(this.map.svg, { minScale: SMALL_SCREEN.matches ? 0.075 : 0.15, storageKey: viewKey(seat) });
    this.viewRestored = false; // whether the first render has shown the kept view
    this.namesKey = ''; // what the names were last placed for (placeNames)
    this.panzoom.onZoom = () => this.placeNames();
    this.status = h('div', { class: 'ww-status', 'aria-label': 'game state' });
    // The battle, siege or raid being fought, or the last one's outcome (battle_panel.js).
    this.combat = h('section', { class: 'ww-combat', 'aria-label': 'battle, siege or raid', hidden: true });
    this.hand = h('div', { class: 'ww-hand-box' });
    this.piles = h('div', { class: 'ww-piles' });
    // Demolition (5.46): labelled choices apart from the map (demolish.js).
    this.demolition = h('details', { class: 'ww-demolish', hidden: true });
    this.moveStart = null; // {pieces, where}: where the moving group was first seen (confirm.js)
    const tool = (label, title, onclick) => h('button', { type: 'button', class: 'secondary small', title, onclick }, label);
    // The map first, under the prompt: the status, the hand and the piles follow it.
    const parts = [
      this.demolition,
      this.combat,
      h(
        'div',
        { class: 'ww-map-wrap' },
        h(
          'div',
          { class: 'ww-map-tools' },
          tool('+', 'zoom in', () => this.panzoom.zoomBy(0.7)),
          tool('−', 'zoom out', () => this.panzoom.zoomBy(1 / 0.7)),
          tool('Fit', 'show the whole map', () => this.panzoom.reset()),
          tool('◎', 'show the legal targets', () => this.fitTargets()),
        ),
        this.map.svg,
        this.forceSlot,
      ),
      this.status,
      seat === 'spectator' ? null : h('section', { class: 'ww-hand-section' }, h('h2', { id: 'ww-hand-title' }, 'Your hand'), this.hand),
      this.piles,
    ];
    root.replaceChildren(...parts.filter(Boolean));
    this.menu = null; // the open verb menu, if any
    this.targetKey = ''; // the map targets last shown, to follow them on a small screen
    root.addEventListener('click', (e) => this.onClick(e));
    root.addEventListener('keydown', (e) => {
      if ((e.key === 'Enter' || e.key === ' ') && e.target.matches?.('[role=button][data-verb], [role=button][data-verbs]')) this.onClick(e);
      else if ((e.key === 'Enter' || e.key === ' ') && e.target.matches?.('.ww-stack')) {
        e.preventDefault();
        this.openPanel(e.target.getAttribute('data-stack'), e);
      }
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        this.closeMenu();
        this.closePanel();
      }
    });
    document.addEventListener('click', (e) => {
      if (this.menu && !this.menu.contains(e.target) && !e.target.closest?.('[data-verbs]')) this.closeMenu();
      if (this.panel && !this.panel.contains(e.target) && !e.target.closest?.('.ww-stack')) this.closePanel();
    });
  }

  onClick(event) {
    const el = event.target.closest?.('[data-verb], [data-verbs]');
    const stack = event.target.closest?.('.ww-stack');
    if (!el && stack && this.root.contains(stack)) {
      this.openPanel(stack.getAttribute('data-stack'), event);
      return;
    }
    if (!el || !this.root.contains(el) || el.closest('.busy')) return;
    event.preventDefault();
    if (!el.hasAttribute('data-verb')) {
      this.openMenu(el, event);
      return;
    }
    const action = actionOf(el);
    if (!action) return;
    this.closeMenu();
    this.send(action.verb, action.arg);
  }

  // A target that takes several verbs: a small menu of them by the pointer, each entry a target of
  // its own (data-verb / data-arg).
  openMenu(el, event) {
    this.closeMenu();
    const entries = menuEntries(el);
    if (!entries.length) return;
    const rect = el.getBoundingClientRect();
    const x = event.clientX || rect.left + rect.width / 2;
    const y = event.clientY || rect.top + rect.height / 2;
    this.menu = h(
      'div',
      { class: 'ww-menu', role: 'menu', 'aria-label': argLabel(entries[0].arg, this.data), style: `left:${Math.round(x)}px;top:${Math.round(y)}px` },
      h('div', { class: 'ww-menu-title' }, argLabel(entries[0].arg, this.data)),
      entries.map(({ verb, arg, label }) => h('button', { type: 'button', role: 'menuitem', class: 'ww-menu-item', ...targetAttrs(verb, arg) }, label)),
      h('button', { type: 'button', class: 'ww-menu-close secondary small', onclick: () => this.closeMenu() }, 'Cancel'),
    );
    this.root.append(this.menu);
    // Keep it on the screen.
    const box = this.menu.getBoundingClientRect();
    if (box.right > window.innerWidth) this.menu.style.left = `${Math.max(0, window.innerWidth - box.width - 4)}px`;
    if (box.bottom > window.innerHeight) this.menu.style.top = `${Math.max(0, window.innerHeight - box.height - 4)}px`;
    this.menu.querySelector('.ww-menu-item')?.focus();
  }

  closeMenu() {
    if (this.menu) this.menu.remove();
    this.menu = null;
  }

  // The stack panel (stack_panel.js) of the stack at `where`, by the pointer; it stays open, and
  // follows the game, until closed.
  openPanel(where, event) {
    this.closeMenu();
    this.closePanel();
    this.panelWhere = where;
    const rect = event.target.getBoundingClientRect?.() ?? { left: 0, top: 0, width: 0, height: 0 };
    this.panelAt = { x: event.clientX || rect.left + rect.width / 2, y: event.clientY || rect.top + rect.height / 2 };
    this.drawPanel();
    this.panel?.querySelector('button')?.focus();
  }

  drawPanel() {
    if (!this.panelWhere || !this.view) return;
    const ids = stacksOf(this.view, this.data).get(this.panelWhere) ?? [];
    const panel = stackPanel(this.panelWhere, ids, this.view, this.data, this.targets, this.force, () => this.closePanel());
    if (this.panel) this.panel.replaceWith(panel);
    else this.root.append(panel);
    this.panel = panel;
    panel.style.left = `${Math.round(this.panelAt.x + 8)}px`;
    panel.style.top = `${Math.round(this.panelAt.y + 8)}px`;
    const box = panel.getBoundingClientRect();
    if (box.right > window.innerWidth) panel.style.left = `${Math.max(0, window.innerWidth - box.width - 4)}px`;
    if (box.bottom > window.innerHeight) panel.style.top = `${Math.max(0, window.innerHeight - box.height - 4)}px`;
  }

  closePanel() {
    if (this.panel) this.panel.remove();
    this.panel = null;
    this.panelWhere = null;
  }

  // The pieces whose space changed since the previous view: the last move's (a view that moves
  // nothing keeps the marks), and the battle space, fought now or by the last move.
  followLastMove(view) {
    const before = this.lastView;
    this.lastView = view;
    const battle = view.turn?.battle?.space ?? null;
    if (!before || before.pieces === view.pieces) {
      if (battle) this.lastBattle = battle;
      return;
    }
    const moved = Object.keys(view.pieces ?? {}).filter((id) => {
      const now = drawnAt(view, this.data, id);
      return now && now !== drawnAt(before, this.data, id);
    });
    if (moved.length) {
      this.lastMoved = new Set(moved);
      this.lastBattle = battle;
    } else if (battle) this.lastBattle = battle;
  }

  // The space names and the texts of the map at this zoom (names.js): worked out again when the
  // zoom, the map's size or the slots in use change, never while the view only pans.
  placeNames() {
    if (!this.view) return;
    const ppu = this.panzoom.scaleNow();
    if (!(ppu > 0)) return;
    const fit = this.panzoom.scaleNow(this.panzoom.full);
    const k = nameScale(ppu);
    const all = allNames(ppu, fit);
    const far = ppu * COUNTER < FAR_COUNTER_PX;
    const stacks = new Set(stacksOf(this.view, this.data).keys());
    const markers = spacesWithMarkers(this.view);
    const key = `${k.toFixed(4)} ${all} ${far} ${[...stacks].sort()} ${[...markers].sort()}`;
    this.map.svg.style.setProperty('--ww-upx', String(1 / ppu)); // map units per CSS pixel
    if (key === this.namesKey) return;
    this.namesKey = key;
    const metrics = this.map.nameMetrics();
    this.map.showNames(shownNames(this.data, this.slots, k, { all, stacks, markers, bounds: this.map.bounds, metrics }), k, far);
  }

  // The map's legal targets, each as a rectangle in map units {x1, y1, x2, y2}.
  targetRects() {
    const rects = [];
    for (const el of this.map.svg.querySelectorAll('.ww-space.target .ww-shape, .ww-counter.target, .ww-militia-box.target')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const a = this.panzoom.toMap(r.left, r.top);
      const b = this.panzoom.toMap(r.right, r.bottom);
      rects.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y });
    }
    return rects;
  }

  // The rectangle in map units that holds `rects` with room around them for the stacks beside a
  // space (with the size of the smallest target, `least`), or null when there is none.
  targetBox(rects = this.targetRects()) {
    if (!rects.length) return null;
    const box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity, least: Infinity };
    for (const r of rects) {
      box.x1 = Math.min(box.x1, r.x1);
      box.y1 = Math.min(box.y1, r.y1);
      box.x2 = Math.max(box.x2, r.x2);
      box.y2 = Math.max(box.y2, r.y2);
      box.least = Math.min(box.least, r.x2 - r.x1, r.y2 - r.y1);
    }
    const pad = TARGET_PAD;
    return { x: box.x1 - pad, y: box.y1 - pad, w: box.x2 - box.x1 + 2 * pad, h: box.y2 - box.y1 + 2 * pad, least: box.least };
  }

  // "◎": shows every target on the map.
  fitTargets() {
    const box = this.targetBox();
    if (box) this.panzoom.fitBox(box, this.shownMapPart());
  }

  // On a phone, when the targets on the map change (the whole map is too small to tap there):
  //  1. the box of every target, when showing it makes the smallest target at least MIN_TAP px;
  //  2. else the same box when it still zooms in noticeably (its view at most SPREAD_ZOOM of the
  //     whole map's width): every choice stays in view, larger, one pinch from tappable;
  //  3. else (the targets span about the whole map) the densest cluster: the view of the size at
  //     which the smallest target is MIN_TAP px, placed to hold the most targets (at least two,
  //     fewer than all), shown centred on them; the "◎" button shows them all;
  //  4. else the map is left as it is.
  // Every view is moved inside the map so that the map fills the screen (PanZoom.fitBox), and
  // counts only the part of the map the prompt's drawer leaves uncovered (shownMapPart).
  followTargets() {
    const rects = this.targetRects();
    const all = this.targetBox(rects);
    if (!all) return;
    const shown = this.shownMapPart();
    const seen = (box) => ({ ...box, h: box.h / shown }); // what the view must hold for `box` to be seen
    const fullWidth = this.panzoom.fitted(this.panzoom.full).width;
    const tappable = this.panzoom.pixelsPerUnit(seen(all)) * all.least >= MIN_TAP;
    if (tappable || this.panzoom.fitted(seen(all)).width <= SPREAD_ZOOM * fullWidth) {
      this.panzoom.fitBox(all, shown);
      return;
    }
    const cluster = this.densestCluster(rects, all.least, shown);
    if (!cluster || cluster.rects.length < 2 || cluster.rects.length === rects.length) return;
    // The cluster in the middle of a view of that size, with the map around it.
    const box = this.targetBox(cluster.rects);
    const w = Math.max(box.w, cluster.width);
    const h = Math.max(box.h, cluster.height);
    this.panzoom.fitBox({ x: box.x + box.w / 2 - w / 2, y: box.y + box.h / 2 - h / 2, w, h }, shown);
  }

  // The part of the map's height (from its top) that is on the screen and not under the page's
  // prompt drawer, which a phone keeps stuck to the bottom of the screen over the map.
  shownMapPart() {
    const map = this.map.svg.getBoundingClientRect();
    if (!(map.height > 0)) return 1;
    let bottom = Math.min(map.bottom, window.innerHeight);
    const drawer = document.getElementById('turn-panel');
    const d = drawer && !drawer.hidden ? drawer.getBoundingClientRect() : null;
    if (d && d.height > 0 && d.top < bottom && d.bottom > bottom - 1) bottom = d.top;
    return Math.min(1, Math.max(0.4, (bottom - map.top) / map.height));
  }

  // The largest set of `rects` that fits one view of the width at which a target of `least` map
  // units is MIN_TAP px wide, in the part of its height that is `shown`: each candidate view has a
  // target's left edge on its left side and a target's top edge on its top side (an optimal
  // placement can always be moved to such one).
  densestCluster(rects, least, shown = 1) {
    const r = this.panzoom.svg.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) return null;
    const width = Math.max(this.panzoom.minW, (least * r.width) / MIN_TAP) - 2 * TARGET_PAD;
    const height = ((width + 2 * TARGET_PAD) * r.height * shown) / r.width - 2 * TARGET_PAD;
    let best = null;
    for (const left of rects) {
      for (const top of rects) {
        const x = left.x1;
        const y = top.y1;
        const inside = rects.filter((t) => t.x1 >= x && t.y1 >= y && t.x2 <= x + width && t.y2 <= y + height);
        if (!best || inside.length > best.length) best = inside;
      }
    }
    // The view's own size (with the room around the targets), for showing the cluster.
    return best && { rects: best, width: width + 2 * TARGET_PAD, height: height + 2 * TARGET_PAD };
  }

  // Whether the board shows a target for (verb, arg): an element that sends it or a menu opener.
  shows(verb, arg) {
    const a = CSS.escape(String(arg));
    const v = CSS.escape(verb);
    // (A piece hidden in a pile is not shown: its stack panel offers it, and so do the buttons.)
    return Boolean(this.root.querySelector(`[data-verb="${v}"][data-arg="${a}"]:not(.ww-menu-item):not(.ww-stack-panel *), [data-verbs~="${v}"][data-arg="${a}"]`));
  }

  // A readable name of an action argument.
  describe(arg) {
    return argLabel(arg, this.data);
  }

  // The question js/game.js asks before sending (verb, arg): a string, null for none, undefined to
  // leave it to the generic one. `listed`: the server lists it as rolling or drawing (confirm.js).
  confirmText(verb, arg, compactView, listed) {
    const view = decodeView(compactView, this.data);
    return confirmQuestion(verb, arg, view, this.data, { side: this.seat, listed, moveStart: this.moveStart?.where });
  }

  // The label of an action's button where the board has words for it, else undefined.
  actionLabel(verb, arg, compactView) {
    if (verb === 'demolish' && typeof arg === 'string') return demolitionLabel(decodeView(compactView, this.data), this.data, this.seat, arg);
    return undefined;
  }

  render(compactView, actions, busy) {
    if (!compactView || typeof compactView !== 'object') return;
    const view = decodeView(compactView, this.data); // every part below reads pieces by id
    this.closeMenu();
    const targets = classifyTargets(actions, this.data, view);
    this.root.classList.toggle('busy', Boolean(busy));
    this.map.update(view, targets);
    this.followLastMove(view);
    for (const [id, g] of this.map.spaceEls) g.classList.toggle('ww-last-move', id === this.lastBattle);
    const force = forceOf(view);
    this.view = view;
    this.targets = targets;
    this.force = force;
    const hasMarkers = spacesWithMarkers(view);
    drawStacks(this.map.stackLayer, view, this.data, targets, this.slots, { force: new Set(force?.pieces ?? []), lastMoved: this.lastMoved, hasMarkers }, this.map.tetherLayer);
    drawMarkers(this.map.markerLayer, view, this.data, this.slots);
    this.placeNames();
    this.forceSlot.replaceChildren(...[forceBox(force, view, this.data)].filter(Boolean));
    if (this.panelWhere) this.drawPanel();
    renderPanel(this.status, view, this.data, this.seat);
    renderBattlePanel(this.combat, view, this.data);
    if (this.seat !== 'spectator') {
      renderHand(this.hand, view, this.data, targets);
      const title = this.root.querySelector('#ww-hand-title');
      if (title) title.textContent = `Your hand (${Array.isArray(view.hand) ? view.hand.length : 0})`;
    }
    renderPiles(this.piles, view, this.data, targets);
    refreshCardTip();
    if (this.seat !== 'spectator') renderDemolition(this.demolition, targets.demolish, view, this.data, this.seat);
    // A group that drops pieces off is still the same move: a new one shares no piece with it.
    const moving = view.turn?.moving ?? [];
    if (!moving.length) this.moveStart = null;
    else if (!this.moveStart || !moving.some((id) => this.moveStart.pieces.includes(id))) this.moveStart = { pieces: moving, where: view.turn.where };
    else this.moveStart.pieces = moving;
    // On a phone the whole map is too small to tap: when the choices on the map change, the map
    // zooms onto them (followTargets; a pinch or "Fit" shows the rest).
    const key = [...targets.spaces.keys(), ...targets.pieces.keys(), ...targets.boxes.keys()].join(' ');
    if (!this.viewRestored) {
      // After a reload, the view the player left (once the map is drawn) rather than the targets'.
      this.viewRestored = true;
      if (this.panzoom.restore()) this.targetKey = key;
    }
    if (key !== this.targetKey) {
      this.targetKey = key;
      // Once the page has laid out this position's prompt (its drawer covers part of the map).
      if (key && SMALL_SCREEN.matches) requestAnimationFrame(() => this.followTargets());
    }
  }
}

// Where the map's zoom and pan are kept (PanZoom's storageKey): per game and seat, on the game
// page only (the replay page starts from the whole map).
function viewKey(seat) {
  const game = new URLSearchParams(location.search).get('game');
  return location.pathname.endsWith('/game.html') && game ? `warpath.mapView.v1.${game}.${seat}` : null;
}

// The board of the page (a replay mounts a new one for another seat): the one a space link of the
// log shows its space on.
let currentBoard = null;

function onSpaceLink(event) {
  const link = event.target.closest?.('[data-space-link]');
  if (!link || !currentBoard) return;
  event.preventDefault();
  highlightSpace(currentBoard, link.getAttribute('data-space-link'));
}

// Loads the title data (and the card summaries) and mounts the board in `root`.
export async function mountWildernessWar(root, options) {
  const [data, summaries] = await Promise.all([loadTitleData(TITLE), loadCardSummaries()]);
  installCardTip(data, summaries);
  if (!currentBoard) document.addEventListener('click', onSpaceLink);
  currentBoard = new WildernessWarBoard(root, data, options);
  return currentBoard;
}

export { indexData };
