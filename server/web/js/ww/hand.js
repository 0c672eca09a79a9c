// Cards: the seat's own hand as cards (number, name, activation value, event side, response and
// remove marks) with a button per legal use; the discard pile and the removed cards as small
// chips. Nothing of the other seat's hand is ever in the view, so nothing of it is drawn.
import { h } from '../dom.js';
import { targetAttrs, targetAttrsFor, verbLabel } from './targets.js';

const SIDE_TEXT = { french: 'French event', british: 'British event', both: 'Either side' };

export function cardElement(info, number, verbs = []) {
  const card = info ?? { number, name: `#${number}`, value: '?', side: 'both', response: false, remove: false };
  const one = verbs.length === 1;
  const attrs = {
    class: `ww-card side-${card.side}${verbs.length ? ' target' : ''}${card.response ? ' response' : ''}`,
    'data-card': number,
    title: `#${card.number} ${card.name}: activation ${card.value}, ${SIDE_TEXT[card.side] ?? card.side}${card.response ? ', response' : ''}${card.remove ? ', removed after its event' : ''}`,
  };
  if (one) Object.assign(attrs, targetAttrs(verbs[0], number), { role: 'button', tabindex: 0 });
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
    verbs.length > 1
      ? h(
          'div',
          { class: 'ww-card-actions' },
          verbs.map((verb) => h('button', { type: 'button', class: 'small', ...targetAttrs(verb, number) }, verbLabel(verb))),
        )
      : one
        ? h('div', { class: 'ww-card-actions one' }, verbLabel(verbs[0]))
        : null,
  );
}

function chip(data, number, verbs) {
  const info = data.cards.get(number);
  const attrs = {
    class: `ww-chip side-${info?.side ?? 'both'}${verbs ? ' target' : ''}`,
    'data-card': number,
    title: info ? `#${number} ${info.name} (${info.value})` : `#${number}`,
  };
  if (verbs) Object.assign(attrs, targetAttrsFor(verbs, number), { role: 'button', tabindex: 0 });
  return h('span', attrs, `#${number} ${info ? info.name : ''}`);
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
