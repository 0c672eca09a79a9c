// The card tip: one delegated handler for every element with data-card on the page (the hand's
// cards, the discard and removed chips, the log's card names). A mouse hovering one, or keyboard
// focus on it, shows a popover with the card's number, name, activation value, which side may
// play its event, its response / remove marks and what the event does in the project's own
// words (server/web/data/wilderness-war-cards.json). A tap or click on the card's body (not on
// one of its use buttons) shows it and keeps it shown, a second one hides it; Escape or a click
// elsewhere closes it. It only tells: playing a card is its use buttons' business (hand.js).
import { h } from '../dom.js';

const SUMMARIES_URL = '/data/wilderness-war-cards.json';
const SIDE_TEXT = { french: 'French event', british: 'British event', both: 'Either side’s event' };

let summariesLoading = null;

// The summaries by card number (a Map), fetched once per page; an empty Map when they cannot be
// had (the tip then shows the card's facts alone).
export function loadCardSummaries() {
  if (!summariesLoading) {
    summariesLoading = fetch(SUMMARIES_URL, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : { summaries: {} }))
      .then((file) => new Map(Object.entries(file.summaries ?? {}).map(([n, text]) => [Number(n), text])))
      .catch(() => {
        summariesLoading = null;
        return new Map();
      });
  }
  return summariesLoading;
}

// The words of the tip for card `number`: {title, facts, summary}.
export function cardTipText(data, summaries, number) {
  const card = data.cards.get(number);
  if (!card) return { title: `#${number}`, facts: '', summary: '' };
  const facts = [`Activation ${card.value}`, SIDE_TEXT[card.side] ?? card.side];
  if (card.response) facts.push('Response');
  if (card.remove) facts.push('Removed after its event');
  return { title: `#${card.number} ${card.name}`, facts: facts.join(' · '), summary: summaries.get(number) ?? '' };
}

let installed = null;

// After a redraw: the tip follows its card to the card's new element, or closes when it is gone.
export function refreshCardTip() {
  if (installed && installed.anchor) installed.place();
}

// Installs the one tip of the page (a second call gives the first one new data).
export function installCardTip(data, summaries) {
  if (installed) {
    installed.data = data;
    installed.summaries = summaries;
    return installed;
  }
  installed = new CardTip(data, summaries);
  return installed;
}

class CardTip {
  constructor(data, summaries) {
    this.data = data;
    this.summaries = summaries;
    this.anchor = null; // the element the tip is shown for
    this.pinned = false; // shown by a tap or click: stays until closed
    this.box = h('div', { class: 'ww-card-tip', role: 'tooltip', id: 'ww-card-tip', hidden: true });
    document.body.append(this.box);
    const cardOf = (e) => {
      const el = e.target.closest?.('[data-card]');
      return el && !this.box.contains(el) ? el : null;
    };
    document.addEventListener('pointerover', (e) => {
      if (e.pointerType !== 'mouse' || this.pinned) return;
      const el = cardOf(e);
      if (el && el !== this.anchor) this.show(el, false);
    });
    document.addEventListener('pointerout', (e) => {
      if (e.pointerType !== 'mouse' || this.pinned || !this.anchor) return;
      if (!this.anchor.contains(e.relatedTarget)) this.hide();
    });
    document.addEventListener('focusin', (e) => {
      const el = cardOf(e);
      if (el && !this.pinned) this.show(el, false);
    });
    document.addEventListener('focusout', (e) => {
      if (!this.pinned && this.anchor && e.target === this.anchor) this.hide();
    });
    document.addEventListener('click', (e) => {
      const el = cardOf(e);
      // A use button inside a card sends its action; the tip is the body's.
      const use = e.target.closest('button, [data-verb], [data-verbs]');
      if (!el || (use && use !== el && el.contains(use))) {
        if (!this.box.contains(e.target)) this.hide();
        return;
      }
      if (this.anchor === el && this.pinned) this.hide();
      else this.show(el, true);
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.anchor) this.hide();
    });
    window.addEventListener('resize', () => this.place());
    document.addEventListener('scroll', () => this.place(), true);
  }

  show(el, pinned) {
    const number = Number(el.getAttribute('data-card'));
    const { title, facts, summary } = cardTipText(this.data, this.summaries, number);
    const card = this.data.cards.get(number);
    this.box.className = `ww-card-tip side-${card?.side ?? 'both'}`;
    this.box.replaceChildren(
      h('div', { class: 'ww-card-tip-title' }, title),
      facts ? h('div', { class: 'ww-card-tip-facts' }, facts) : null,
      summary ? h('p', { class: 'ww-card-tip-summary' }, summary) : null,
    );
    if (this.anchor && this.anchor !== el) this.anchor.removeAttribute('aria-describedby');
    this.anchor = el;
    this.pinned = pinned;
    el.setAttribute('aria-describedby', this.box.id);
    this.box.hidden = false;
    this.box.dataset.card = String(number); // which card it shows (for tests): not a [data-card]
    this.place();
  }

  hide() {
    if (this.anchor) this.anchor.removeAttribute('aria-describedby');
    this.anchor = null;
    this.pinned = false;
    this.box.hidden = true;
  }

  // Beside the card: below it when there is room, else above; always on the screen.
  place() {
    if (!this.anchor || this.box.hidden) return;
    if (!this.anchor.isConnected) {
      // Redrawn (a new view): find the same card again, or close.
      const again = document.querySelector(`[data-card="${CSS.escape(this.box.dataset.card)}"]`);
      if (!again) return this.hide();
      this.anchor = again;
    }
    const r = this.anchor.getBoundingClientRect();
    const box = this.box.getBoundingClientRect();
    const margin = 6;
    let top = r.bottom + margin;
    if (top + box.height > window.innerHeight && r.top - margin - box.height >= 0) top = r.top - margin - box.height;
    top = Math.max(margin, Math.min(top, window.innerHeight - box.height - margin));
    const left = Math.max(margin, Math.min(r.left, window.innerWidth - box.width - margin));
    this.box.style.top = `${Math.round(top)}px`;
    this.box.style.left = `${Math.round(left)}px`;
  }
}
