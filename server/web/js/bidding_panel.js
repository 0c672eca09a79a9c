// A listing's bidding for sides as a panel (js/bidding.js in words and controls): the bids so
// far and, on the player's turn, the bid (and accept) form. Shared by the lobby's proposed games
// and a tournament pairing's bidding. Browser only (uses document).
//
//   biddingPanel(listing, roles, act)  // act(button, work): runs work() (a request) from button
import { h } from './dom.js';
import { call } from './session.js';
import { biddingControls, biddingLines } from './bidding.js';

export function biddingPanel(l, roles, act) {
  const controls = biddingControls(l.bidding, roles);
  const block = h('div', { class: 'bidding', 'data-listing': l.id }, ...biddingLines(l.bidding).map((line) => h('div', { class: 'bidding-line' }, line)));
  if (!controls) return block;
  const vp = h('input', { type: 'number', class: 'bid-vp', min: controls.min, max: controls.max, step: 1, value: controls.min, 'aria-label': 'VP bid', inputmode: 'numeric' });
  const side = controls.needsSide ? h('select', { class: 'bid-side', 'aria-label': 'side' }, ...controls.sides.map((r) => h('option', { value: r }, r))) : null;
  const form = h(
    'form',
    {
      class: 'bid-form',
      onsubmit: (e) => {
        e.preventDefault();
        const body = { vp: Number(vp.value) };
        if (side) body.side = side.value;
        act(e.currentTarget.querySelector('button[type=submit]'), () => call('POST', `/api/lobby/${l.id}/bid`, body));
      },
    },
    h('label', {}, controls.kind === 'sealed' ? 'Sealed bid (VP) ' : controls.standing ? 'Raise to (VP) ' : 'Bid (VP) ', vp),
    side ? h('label', {}, ' to play ', side) : null,
    h('button', { type: 'submit', class: 'small bid' }, controls.kind === 'sealed' ? 'Place the sealed bid' : 'Bid'),
    controls.canAccept
      ? h('button', { type: 'button', class: 'secondary small accept-bid', onclick: (e) => act(e.currentTarget, () => call('POST', `/api/lobby/${l.id}/accept`)) }, `Accept (play ${controls.sides.find((r) => r !== controls.standing.side) || 'the other side'})`)
      : null,
  );
  block.append(form);
  return block;
}
