// The tournament pages' pure parts (tournaments.html, tournament.html; docs/PROTOCOL.md,
// "Tournaments"): a tournament's format, sides and status in words, round names, a pairing and
// its result in words, the viewer's own pairing, the standings as tables, and the creation form's
// values checked and turned into the request. No DOM here, so that Node tests it
// (js/test/tournament_format.test.mjs).

// "Swiss, 3 rounds", "Round-robin pools of 4", "Swiss, 3 rounds, then top-4 playoff",
// "Single elimination with mulligan".
export function formatWords(format) {
  if (!format || typeof format !== 'object') return '';
  const rounds = (n) => `${n} round${n === 1 ? '' : 's'}`;
  switch (format.kind) {
    case 'swiss':
      return `Swiss, ${rounds(format.rounds)}`;
    case 'round_robin':
      return `Round-robin pools of ${format.pool_size}`;
    case 'swiss_elimination':
      return `Swiss, ${rounds(format.rounds)}, then top-${format.playoff} playoff`;
    case 'elimination':
      return format.mulligan ? 'Single elimination with mulligan' : 'Single elimination';
    default:
      return String(format.kind ?? '');
  }
}

// "Sealed bids", "Sealed bids for french", "Auction", "Balanced sides".
export function sidesWords(sides) {
  if (!sides || typeof sides !== 'object') return '';
  if (sides.mode === 'sealed') return sides.favoured ? `Sealed bids for ${sides.favoured}` : 'Sealed bids';
  if (sides.mode === 'auction') return 'Auction';
  if (sides.mode === 'balanced') return 'Balanced sides';
  return String(sides.mode ?? '');
}

const STATUS_WORDS = { registration: 'Open for registration', running: 'Running', finished: 'Finished', cancelled: 'Cancelled' };

export function statusWords(status) {
  return STATUS_WORDS[status] ?? String(status ?? '');
}

// A round's name: the server's ("Round 2", "Semi-final"), else one from its stage and number.
export function roundName(round) {
  if (!round) return '';
  if (round.name) return round.name;
  if (round.stage === 'pool') return `Pool round ${round.number}`;
  if (round.stage === 'mulligan') return 'Second chance';
  return `Round ${round.number}`;
}

// "Round 2 of 3", "Round 1" (total unknown), "Not started".
export function progressWords(tournament) {
  const round = tournament && tournament.round;
  if (!round) return tournament && tournament.status === 'registration' ? 'Not started' : '—';
  return tournament.rounds_planned ? `Round ${round} of ${tournament.rounds_planned}` : `Round ${round}`;
}

// 2.5 -> "2½", 0.5 -> "½", 1 -> "1": a score as tournament tables write it.
export function scoreText(score) {
  const n = Number(score);
  if (!Number.isFinite(n)) return '—';
  const whole = Math.floor(n);
  const half = Math.abs(n - whole - 0.5) < 1e-9;
  if (half) return whole === 0 ? '½' : `${whole}½`;
  return String(Math.round(n * 100) / 100);
}

// A tie-break value with at most two decimals ("4.5", "2", "10.25").
function tiebreakText(value) {
  const n = Number(value);
  return Number.isFinite(n) ? String(Math.round(n * 100) / 100) : '—';
}

const TIEBREAK_NAMES = { buchholz: 'Buchholz', median_buchholz: 'Median Buchholz', sonneborn_berger: 'Sonneborn-Berger' };
const TIEBREAK_SHORT = { buchholz: 'BH', median_buchholz: 'Med. BH', sonneborn_berger: 'SB' };

export function tiebreakName(id) {
  return TIEBREAK_NAMES[id] ?? String(id).replace(/_/g, ' ');
}

function same(a, b) {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

// The standings answer ({tiebreaks, rows}) as tables: one per pool (in pool order), else one.
// Each {pool, caption, columns: [{key, label, short?, fit?}], rows: [{name, rank, cells: [text…],
// withdrawn, eliminated, me}]}; the rank of a row equal to the one above is written "=2". A
// column's `fit` says how a phone shows it: 'detail' columns give way to the one 'phone' column
// (won–drawn–lost in one), and a `short` label stands for a long one.
export function standingsTables(standings, me = null) {
  const tiebreaks = Array.isArray(standings && standings.tiebreaks) ? standings.tiebreaks : [];
  const rows = Array.isArray(standings && standings.rows) ? standings.rows : [];
  const columns = [
    { key: 'rank', label: '#' },
    { key: 'name', label: 'Player' },
    { key: 'score', label: 'Points' },
    { key: 'played', label: 'Played', fit: 'detail' },
    { key: 'wins', label: 'Won', fit: 'detail' },
    { key: 'draws', label: 'Drawn', fit: 'detail' },
    { key: 'losses', label: 'Lost', fit: 'detail' },
    { key: 'byes', label: 'Byes', fit: 'detail' },
    { key: 'record', label: 'Won–drawn–lost', short: 'W–D–L', fit: 'phone' },
    ...tiebreaks.map((id) => ({ key: `tiebreak:${id}`, label: tiebreakName(id), short: TIEBREAK_SHORT[id] })),
  ];
  const pools = [];
  const byPool = new Map();
  for (const row of rows) {
    const pool = row.pool ?? null;
    if (!byPool.has(pool)) {
      byPool.set(pool, []);
      pools.push(pool);
    }
    byPool.get(pool).push(row);
  }
  pools.sort((a, b) => (a ?? 0) - (b ?? 0));
  return pools.map((pool) => {
    const poolRows = byPool.get(pool);
    return {
      pool,
      caption: pool === null ? '' : `Pool ${pool}`,
      columns,
      rows: poolRows.map((row, i) => {
        const tied = poolRows.some((other, j) => j !== i && other.rank === row.rank);
        return {
          name: row.name,
          rank: row.rank,
          withdrawn: Boolean(row.withdrawn),
          eliminated: Boolean(row.eliminated),
          me: same(row.name, me),
          cells: [
            tied ? `=${row.rank}` : String(row.rank ?? ''),
            row.name,
            scoreText(row.score),
            String(row.played ?? 0),
            String(row.wins ?? 0),
            String(row.draws ?? 0),
            String(row.losses ?? 0),
            String(row.byes ?? 0),
            `${row.wins ?? 0}–${row.draws ?? 0}–${row.losses ?? 0}`,
            ...tiebreaks.map((id) => tiebreakText(row.tiebreaks && row.tiebreaks[id])),
          ],
        };
      }),
    };
  });
}

// The rounds newest first (the answer lists them by number).
export function roundsNewestFirst(rounds) {
  return (Array.isArray(rounds) ? [...rounds] : []).sort((a, b) => b.number - a.number);
}

// The viewer's latest pairing: {round, pairing} of the newest round that pairs them, or null.
export function myPairing(rounds, me) {
  if (!me) return null;
  for (const round of roundsNewestFirst(rounds)) {
    const pairing = (round.pairings || []).find((p) => (p.players || []).some((name) => same(name, me)));
    if (pairing) return { round, pairing };
  }
  return null;
}

// The role the viewer plays in a pairing (from its sides), or null.
export function myRole(pairing, me) {
  const sides = pairing && pairing.sides;
  if (!sides || !me) return null;
  const found = Object.entries(sides).find(([, name]) => same(name, me));
  return found ? found[0] : null;
}

const HOW_WORDS = {
  played: '',
  resigned: 'by resignation',
  timeout: 'on time',
  adjudicated: 'by adjudication',
  withdrawn: 'by withdrawal',
  bye: '',
};

// A pairing's result in words: "bob won by resignation (1–0)", "Drawn by adjudication (½–½)",
// "Bye (1 point)"; '' while undecided.
export function resultWords(pairing) {
  const result = pairing && pairing.result;
  if (!result) return '';
  if (result.how === 'bye' || pairing.status === 'bye') return 'Bye (1 point)';
  const how = HOW_WORDS[result.how] ?? String(result.how ?? '');
  const players = pairing.players || [];
  const score = result.score && players.length === 2 ? ` (${players.map((p) => scoreText(result.score[p] ?? 0)).join('–')})` : '';
  const what = result.winner ? `${result.winner} won` : 'Drawn';
  return `${what}${how ? ` ${how}` : ''}${score}`;
}

const PAIRING_STATUS = { bidding: 'bidding for sides', playing: 'playing', finished: 'finished', bye: 'bye' };

// "french: bob, british: carol": in the title's order of `roles` (the first seat first; the
// answer's object has its own order); '' until the sides are known.
export function sidesOfPairing(pairing, roles = []) {
  const sides = pairing && pairing.sides;
  if (!sides) return '';
  const order = (role) => (roles.includes(role) ? roles.indexOf(role) : roles.length);
  return Object.entries(sides)
    .sort(([a], [b]) => order(a) - order(b))
    .map(([role, name]) => `${role}: ${name}`)
    .join(', ');
}

// "2 VP toward british", "no VP bid"; '' until known.
export function bidWords(bid) {
  if (bid === undefined || bid === null) return '';
  if (!bid.side || !bid.vp) return 'no VP bid';
  return `${bid.vp} VP toward ${bid.side}`;
}

// A pairing for the page: {table (with its pool in a round-robin), place ("pool 2, table 3"),
// players, status, sides, bid, result, mine, role, bidListing (the listing to bid in, when it is
// the viewer's pairing still bidding), gameHref}; `roles`: the title's, in seat order.
export function pairingModel(pairing, me, roles = []) {
  const mine = (pairing.players || []).some((name) => same(name, me));
  const role = mine ? myRole(pairing, me) : null;
  let gameHref = null;
  if (pairing.game) gameHref = mine && role ? `/game.html?game=${pairing.game}#seat=${encodeURIComponent(role)}` : `/game.html?game=${pairing.game}`;
  return {
    table: pairing.pool ? `${pairing.table} (pool ${pairing.pool})` : String(pairing.table ?? ''),
    place: `${pairing.pool ? `pool ${pairing.pool}, ` : ''}table ${pairing.table}`,
    players: (pairing.players || []).join(' – '),
    status: PAIRING_STATUS[pairing.status] ?? String(pairing.status ?? ''),
    sides: sidesOfPairing(pairing, roles),
    bid: bidWords(pairing.bid),
    result: resultWords(pairing),
    mine,
    role,
    bidListing: mine && pairing.status === 'bidding' && pairing.listing ? pairing.listing : null,
    gameHref,
  };
}

// ---- the creation form ----

// A refusal of one field of the form, for the page to show beside that field.
export class FieldError extends Error {
  constructor(field, message) {
    super(message);
    this.name = 'FieldError';
    this.field = field;
  }
}

// Where a field error of the server (`field`: "format.rounds", "registration_closes", …) goes
// among the form's fields: the field itself, else its last part, else its first; null: the form.
export function fieldOfError(field, known) {
  if (!field) return null;
  const names = new Set(known);
  if (names.has(field)) return field;
  const parts = String(field).split(/[.[\]]+/).filter(Boolean);
  if (parts.length && names.has(parts[parts.length - 1])) return parts[parts.length - 1];
  if (parts.length && names.has(parts[0])) return parts[0];
  return null;
}

function wholeNumber(text, field, what, min, max) {
  const t = String(text ?? '').trim();
  const n = Number(t);
  if (t === '' || !Number.isInteger(n)) throw new FieldError(field, `Give ${what} as a whole number.`);
  if (n < min || n > max) throw new FieldError(field, `${what.charAt(0).toUpperCase()}${what.slice(1)} must be from ${min} to ${max}.`);
  return n;
}

// The body of POST /api/tournaments from the form's values, checked as the server checks them
// (so that most mistakes are shown before sending). `values`: {name, title, scenario, options
// (object), time_control (request or undefined), sides, favoured, kind, rounds, pool_size,
// playoff, mulligan (boolean), registration_closes (a datetime-local value: local time),
// min_players, max_players, round_hours} as typed; `bidOption`: the title's bid_option (null: no
// bidding possible); `now`: ms. Throws a FieldError.
export function tournamentRequest(values, { bidOption = null, now = Date.now() } = {}) {
  const name = String(values.name ?? '').trim();
  if (!name) throw new FieldError('name', 'Give the tournament a name.');
  if (name.length > 100) throw new FieldError('name', 'The name is at most 100 characters.');
  if (!values.title) throw new FieldError('title', 'Choose a game.');

  let sides;
  if (values.sides === 'balanced') sides = { mode: 'balanced' };
  else if (values.sides === 'sealed' || values.sides === 'auction') {
    if (!bidOption) throw new FieldError('sides', 'This game has no bid for sides: choose balanced sides.');
    sides = { mode: values.sides };
    if (values.sides === 'sealed' && values.favoured) sides.favoured = values.favoured;
  } else throw new FieldError('sides', 'Choose how the sides are given.');

  const minPlayers = wholeNumber(values.min_players, 'min_players', 'the fewest players', 2, 128);
  let format;
  if (values.kind === 'swiss') {
    format = { kind: 'swiss', rounds: wholeNumber(values.rounds, 'rounds', 'the number of rounds', 1, 12) };
    if (minPlayers < 3) throw new FieldError('min_players', 'A Swiss tournament needs at least 3 players.');
  } else if (values.kind === 'swiss_elimination') {
    const playoff = Number(values.playoff);
    if (playoff !== 4 && playoff !== 8) throw new FieldError('playoff', 'The playoff is of the top 4 or the top 8.');
    format = { kind: 'swiss_elimination', rounds: wholeNumber(values.rounds, 'rounds', 'the number of rounds', 1, 12), playoff };
    if (minPlayers < playoff) throw new FieldError('min_players', `A top-${playoff} playoff needs at least ${playoff} players.`);
  } else if (values.kind === 'round_robin') {
    format = { kind: 'round_robin', pool_size: wholeNumber(values.pool_size, 'pool_size', 'the pool size', 2, 12) };
  } else if (values.kind === 'elimination') {
    format = { kind: 'elimination', mulligan: Boolean(values.mulligan) };
  } else throw new FieldError('kind', 'Choose a format.');

  if (format.rounds !== undefined && format.rounds >= minPlayers)
    throw new FieldError('rounds', 'There must be fewer rounds than the fewest players: lower the rounds or raise the fewest players.');
  const maxPlayers = wholeNumber(values.max_players, 'max_players', 'the most players', minPlayers, 128);

  const closesText = String(values.registration_closes ?? '').trim();
  const closes = closesText ? new Date(closesText) : null;
  if (!closes || Number.isNaN(closes.getTime())) throw new FieldError('registration_closes', 'Give the date and time registration closes.');
  if (closes.getTime() <= now) throw new FieldError('registration_closes', 'Registration must close in the future.');

  const body = {
    name,
    title: values.title,
    scenario: values.scenario || null,
    options: values.options && typeof values.options === 'object' ? values.options : {},
    time_control: values.time_control ?? null,
    sides,
    format,
    registration_closes: closes.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    min_players: minPlayers,
    max_players: maxPlayers,
    round_hours: wholeNumber(values.round_hours, 'round_hours', 'the hours a round lasts', 1, 2160),
  };
  // The bidding sets the title's bid option; a fixed bid is for balanced sides only.
  if (sides.mode !== 'balanced' && bidOption && body.options[bidOption.option] !== undefined) {
    body.options = { ...body.options };
    delete body.options[bidOption.option];
  }
  return body;
}

// A datetime-local value ("2026-12-01T18:00") for a time `ms` in the viewer's zone.
export function localInputValue(ms) {
  const d = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

// An ISO time in the viewer's own time zone, date and time ("1 Dec 2026, 01:00"); '—' for none.
export function localTime(iso, locale = undefined) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '—';
  return new Date(t).toLocaleString(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

// "14 days", "36 hours": a round's length.
export function roundHoursWords(hours) {
  const h = Number(hours);
  if (!Number.isFinite(h)) return '';
  if (h >= 48 && h % 24 === 0) return `${h / 24} days`;
  return `${h} hour${h === 1 ? '' : 's'}`;
}
