// The lobby's sides by bidding (docs/PROTOCOL.md, "Bidding"; Wilderness War 13.3 and 14.7): the
// creation form's choice as a request, a listing's bidding state in words (with the fair-bid hint
// of the players' ratings), and the controls its player gets now. No DOM here, so that Node tests it.

// The `bidding` member of POST /api/lobby from the form: sides "chosen" (null), "sealed" or
// "auction"; `favoured`: a role, or '' for "decided by the bids" (sealed only).
export function biddingRequest(sides, favoured) {
  if (sides !== 'sealed' && sides !== 'auction') return null;
  return { mode: sides, favoured: sides === 'sealed' && favoured ? favoured : null };
}

function who(state, player) {
  if (state.you === player) return 'you';
  return (state.players && state.players[player]) || `player ${player + 1}`;
}

function actText(state, a) {
  const by = who(state, a.player);
  if (a.received) return `${by}: bid received`;
  const dflt = a.default ? ' (at the deadline)' : '';
  if (a.kind === 'accept') return `${by}: accepted${dflt}`;
  if (a.kind === 'sealed') return `${by}: ${a.vp} VP${a.side && !state.favoured ? ` for ${a.side}` : ''}${dflt}`;
  return `${by}: ${a.vp} VP to play ${a.side}${dflt}`;
}

// A listing's bidding (its `bidding` member) in lines of words; empty when it has none.
export function biddingLines(bidding) {
  if (!bidding) return [];
  const lines = [];
  const what =
    bidding.mode === 'auction'
      ? 'Sides by auction (14.7)'
      : `Sides by sealed bids (13.3) ${bidding.favoured ? `for ${bidding.favoured}` : '(each bid names its side)'}`;
  lines.push(what);
  const state = bidding.state;
  if (!state) {
    lines.push('The bidding begins when both players are in.');
    return lines;
  }
  if (state.mode === 'auction' && state.rolls && state.rolls.length >= 2) {
    lines.push(`Rolls: ${state.rolls.join(', ')}; ${who(state, state.opener)} ${state.opener === state.you ? 'bid' : 'bids'} first.`);
  }
  for (const a of state.acts || []) lines.push(actText(state, a));
  if (!state.outcome) lines.push(...fairBidLines(state.fair_bid));
  if (state.outcome) {
    const roles = state.outcome.roles || [];
    const seats = roles.map((role, p) => `${who(state, p)}: ${role}`).join(', ');
    const bid = state.outcome.bid ? `; ${state.outcome.bid.vp} VP toward ${state.outcome.bid.side}` : '; no bid';
    lines.push(`Outcome: ${seats}${bid}.`);
  } else if ((state.to_act || []).includes(state.you)) {
    lines.push('Your turn to bid.');
  } else if (state.you !== null && state.you !== undefined) {
    lines.push(`Waiting for ${who(state, 1 - state.you)}.`);
  }
  return lines;
}

function sideName(role) {
  const text = String(role ?? '');
  return `the ${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

// One assignment of the fair-bid hint ({side, vp, first_score, seats: [{role, name}], the first
// seat first}) in words: "Fair bid by the
// ratings with ann as the French and bob as the British: 2 VP to the British — expected score 50 %
// for the French".
export function fairBidText(hint) {
  if (!hint || typeof hint !== 'object') return '';
  const seats = Array.isArray(hint.seats) ? hint.seats : [];
  const who = seats.length ? ` with ${seats.map((s) => `${s.name} as ${sideName(s.role)}`).join(' and ')}` : '';
  const bid = hint.side ? `${hint.vp} VP to ${sideName(hint.side)}` : 'no bid';
  const first = seats.length ? ` for ${sideName(seats[0].role)}` : '';
  const score = Number.isFinite(hint.first_score) ? ` — expected score ${Math.round(hint.first_score * 100)} %${first}` : '';
  return `Fair bid by the ratings${who}: ${bid}${score}`;
}

// The bidding state's fair-bid hint (null: no bid helps) in lines: its sides, then the other way round.
export function fairBidLines(hint) {
  if (!hint || typeof hint !== 'object') return [];
  return [fairBidText(hint), fairBidText(hint.swapped)].filter(Boolean);
}

// What the player may do now: null when nothing; else {kind: 'sealed'|'auction', needsSide,
// sides, min, max, canAccept, standing}.
export function biddingControls(bidding, roles = []) {
  const state = bidding && bidding.state;
  if (!state || state.outcome || state.you === null || state.you === undefined) return null;
  if (!(state.to_act || []).includes(state.you)) return null;
  const max = Number.isInteger(state.max_vp) ? state.max_vp : 10;
  if (state.mode === 'sealed')
    return { kind: 'sealed', needsSide: !state.favoured, sides: [...roles], min: 0, max, canAccept: false, standing: null };
  const standing = state.standing || null;
  return {
    kind: 'auction',
    needsSide: !standing,
    sides: [...roles],
    min: standing ? standing.vp + 1 : 0,
    max,
    canAccept: Boolean(standing),
    standing,
  };
}
