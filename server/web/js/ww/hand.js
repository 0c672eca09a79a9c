// Cards: the seat's own hand as cards (number, name, activation value, event side, response and
// remove marks) with a button per legal use, each naming it ("Play the event", "Activate (3)",
// "Build stockades"...); the discard pile and the removed cards as small chips, a chip that is a
// legal target with its own buttons. A card or chip itself is never a target: a tap on it shows
// its tip (card_tip.js, through data-card). Nothing of the other seat's hand is ever in the view,
// so nothing of it is drawn.
import { h } from '../dom.js';
import { targetAttrs, verbLabel } from './targets.js';

// The words of a card's use buttons (5.1: a card is played for its event, to activate, or to
// build); other verbs take the board's usual words.
export function cardUseLabel(verb, card) {
  switch (verb) {
    case 'event':
      return 'Play the event';
    case 'activate':
      return card && card.value !== undefined ? `Activate (${card.value})` : 'Activate';
    case 'stockades':
      return 'Build stockades';
    case 'forts':
      return 'Build forts';
    default:
      return verbLabel(verb);
  }
}

function useButtons(cls, verbs, number, card) {
  return verbs.length
    ? h(
        'div',
        { class: cls },
        verbs.map((verb) => h('button', { type: 'button', class: 'small', ...targetAttrs(verb, number) }, cardUseLabel(verb, card))),
      )
    : null;
}

const SIDE_TEXT = { french: 'French event', british: 'British event', both: 'Either side' };

export function cardElement(info, number, verbs = []) {
  const card = info ?? { number, name: `#${number}`, value: '?', side: 'both', response: false, remove: false };
  const attrs = {
    class: `ww-card side-${card.side}${verbs.length ? ' target' : ''}${card.response ? ' response' : ''}`,
    'data-card': number,
    tabindex: 0, // focus shows the tip
    'aria-label': `#${card.number} ${card.name}, activation ${card.value}`,
  };
  return h(
    'div',
    attrs,
    h(
      'div',
      { class: 'ww-card-head' },
      h('span', { class: 'ww-card-number' }, `#${card.number}`),
      h('span', { class: 'ww-card-value', title: 'activation value' }, String(card.value)),
    ),
    h('div', { class: 'ww-card-name' }, card.name),
    h(
      'div',
      { class: 'ww-card-marks' },
      h('span', { class: 'ww-card-side' }, SIDE_TEXT[card.side] ?? card.side),
      card.response ? h('span', { class: 'ww-mark response', title: 'response: may be played in the other side\'s turn' }, 'R') : null,
      card.remove ? h('span', { class: 'ww-mark remove', title: 'removed from the game after its event' }, 'Remove') : null,
    ),
    useButtons('ww-card-actions', verbs, number, card),
  );
}

function chip(data, number, verbs) {
  const info = data.cards.get(number);
  const attrs = {
    class: `ww-chip side-${info?.side ?? 'both'}${verbs ? ' target' : ''}`,
    'data-card': number,
    tabindex: 0,
  };
  return h('span', attrs, h('span', { class: 'ww-chip-name' }, `#${number} ${info ? info.name : ''}`), useButtons('ww-chip-actions', verbs ?? [], number, info));
}

export function renderHand(box, view, data, targets) {
  box.replaceChildren();
  const hand = view.hand;
  if (!Array.isArray(hand)) {
    box.append(h('p', { class: 'muted' }, 'Spectators see no hand.'));
  } else if (hand.length === 0) {
    box.append(h('p', { class: 'muted' }, 'No cards in hand.'));
  } else {
    box.append(
      h(
        'div',
        { class: 'ww-hand', 'data-hand-size': hand.length },
        hand.map((n) => cardElement(data.cards.get(n), n, targets.cards.get(n) ?? [])),
      ),
    );
  }
}

export function renderPiles(box, view, data, targets) {
  box.replaceChildren();
  const pile = (label, cards, cls) =>
    h(
      'div',
      { class: `ww-pile ${cls}` },
      h('h3', {}, `${label} (${cards.length})`),
      cards.length
        ? h('div', { class: 'ww-chips' }, cards.map((n) => chip(data, n, targets.cards.get(n))))
        : h('p', { class: 'muted' }, 'None.'),
    );
  box.append(pile('Discard pile', view.discard ?? [], 'discard'), pile('Removed', view.removed ?? [], 'removed'));
}
