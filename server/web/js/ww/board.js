// The Wilderness War game page: the map with its stacks and markers, the status panel, the hand
// and the card piles, drawn from the seat's view and the title's static data. Every legal target
// carries data-verb / data-arg; a click on one sends that action through `send`. It decides no
// rule: the targets are exactly the server's `actions`.
import { h } from '../dom.js';
import { indexData, loadTitleData } from './data.js';
import { renderHand, renderPiles } from './hand.js';
import { WildernessMap } from './map.js';
import { drawMarkers } from './markers.js';
import { renderPanel } from './panel.js';
import { PanZoom } from './panzoom.js';
import { drawStacks } from './pieces.js';
import { actionOf, classifyTargets } from './targets.js';

export const TITLE = 'wilderness-war';

export class WildernessWarBoard {
  constructor(root, data, { seat, send }) {
    this.root = root;
    this.data = data;
    this.seat = seat;
    this.send = send;
    this.map = new WildernessMap(data);
    this.panzoom = new PanZoom(this.map.svg);
    this.status = h('div', { class: 'ww-status', 'aria-label': 'game state' });
    this.hand = h('div', { class: 'ww-hand-box' });
    this.piles = h('div', { class: 'ww-piles' });
    const tool = (label, title, onclick) => h('button', { type: 'button', class: 'secondary small', title, onclick }, label);
    const parts = [
      this.status,
      h(
        'div',
        { class: 'ww-map-wrap' },
        h(
          'div',
          { class: 'ww-map-tools' },
          tool('+', 'zoom in', () => this.panzoom.zoomBy(0.7)),
          tool('−', 'zoom out', () => this.panzoom.zoomBy(1 / 0.7)),
          tool('Fit', 'show the whole map', () => this.panzoom.reset()),
        ),
        this.map.svg,
      ),
      seat === 'spectator' ? null : h('section', { class: 'ww-hand-section' }, h('h2', { id: 'ww-hand-title' }, 'Your hand'), this.hand),
      this.piles,
    ];
    root.replaceChildren(...parts.filter(Boolean));
    root.addEventListener('click', (e) => this.onClick(e));
    root.addEventListener('keydown', (e) => {
      if ((e.key === 'Enter' || e.key === ' ') && e.target.matches?.('[role=button][data-verb]')) this.onClick(e);
    });
  }

  onClick(event) {
    const el = event.target.closest?.('[data-verb]');
    if (!el || !this.root.contains(el) || el.closest('.busy')) return;
    const action = actionOf(el);
    if (!action) return;
    event.preventDefault();
    this.send(action.verb, action.arg);
  }

  render(view, actions, busy) {
    if (!view || typeof view !== 'object') return;
    const targets = classifyTargets(actions, this.data, view);
    this.root.classList.toggle('busy', Boolean(busy));
    this.map.update(view, targets);
    const stackHalfWidths = drawStacks(this.map.stackLayer, view, this.data, targets);
    drawMarkers(this.map.markerLayer, view, this.data, stackHalfWidths);
    renderPanel(this.status, view, this.data, this.seat);
    if (this.seat !== 'spectator') {
      renderHand(this.hand, view, this.data, targets);
      const title = this.root.querySelector('#ww-hand-title');
      if (title) title.textContent = `Your hand (${Array.isArray(view.hand) ? view.hand.length : 0})`;
    }
    renderPiles(this.piles, view, this.data, targets);
  }
}

// Loads the title data and mounts the board in `root`.
export async function mountWildernessWar(root, options) {
  const data = await loadTitleData(TITLE);
  return new WildernessWarBoard(root, data, options);
}

export { indexData };
