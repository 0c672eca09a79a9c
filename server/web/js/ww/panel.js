// The public game state beside the map: year and season on the year track with its event
// markers, the VP track, hand sizes and the draw pile, the Provincial Assemblies, the British
// leader pool and what is in progress (card played, pieces activated or moving; a battle, siege or
// raid has its own panel, battle_panel.js).
import { h } from '../dom.js';

const YEAR_TRACK_MARKERS = [
  ['william_pitt', 'William Pitt'],
  ['diplomatic_revolution', 'Diplomatic Revolution'],
  ['quiberon_bay', 'Quiberon Bay'],
  ['no_amphib', 'No Amphib'],
  ['no_french_naval', 'No French naval'],
  ['surrender_played', 'Surrender! played'],
];

const FLAG_TEXT = {
  holding_last_card: 'holding last card',
  card_held: 'Card Held',
  constructed_last: 'constructed last',
  regulars_event_this_season: 'Regulars event this season',
  blockhouses: 'Blockhouses',
};

function side(name) {
  return name === 'french' ? 'French' : name === 'british' ? 'British' : name ?? '—';
}

function yearTrack(view) {
  const years = [];
  for (let year = 1755; year <= 1762; ++year)
    for (const season of ['early', 'late']) {
      const now = view.year === year && view.season === season;
      years.push(
        h(
          'span',
          { class: `ww-season${now ? ' now' : ''}`, title: `${season === 'early' ? 'Early' : 'Late'} ${year}`, 'data-season': `${year}-${season}` },
          season === 'early' ? String(year).slice(2) : '',
        ),
      );
    }
  return h('div', { class: 'ww-year-track', 'aria-label': 'year track' }, years);
}

function vpTrack(vp) {
  const lead = vp > 0 ? `French +${vp}` : vp < 0 ? `British +${-vp}` : 'even';
  const pct = Math.max(0, Math.min(100, 50 + (vp / 12) * 50));
  return h(
    'div',
    { class: 'ww-vp', title: 'VP track: positive when the French lead' },
    h('span', { class: 'ww-vp-label' }, `VP: ${lead}`),
    h('span', { class: 'ww-vp-bar' }, h('span', { class: 'ww-vp-mark', style: `left:${pct}%` })),
  );
}

export function renderPanel(box, view, data, seat) {
  const turn = view.turn ?? {};
  const season = view.season === 'early' ? 'Early' : 'Late';
  const markers = YEAR_TRACK_MARKERS.filter(([k]) => view.year_track?.[k]).map(([, label]) =>
    h('span', { class: 'ww-tag' }, label),
  );
  if (view.year_track?.cherokees && view.year_track.cherokees !== 'none')
    markers.push(h('span', { class: 'ww-tag' }, `Cherokees ${view.year_track.cherokees}`));
  const hands = ['french', 'british'].map((s) =>
    h(
      'span',
      { class: `ww-hand-count side-${s}`, 'data-hand-count': s },
      `${side(s)} hand: ${view.hands?.[s] ?? 0}`,
      h('span', { class: 'muted' }, ` / ${view.hand_size?.[s] ?? '?'}`),
      s === seat ? h('span', { class: 'muted' }, ' (you)') : null,
    ),
  );
  const flags = ['french', 'british'].flatMap((s) =>
    Object.entries(view.players?.[s] ?? {})
      .filter(([, on]) => on)
      .map(([k]) => h('span', { class: `ww-tag side-${s}` }, `${side(s)}: ${FLAG_TEXT[k] ?? k}`)),
  );
  const progress = [];
  if (turn.card) progress.push(`card #${turn.card} ${data.cardName(turn.card)}`);
  if (turn.activated?.length) progress.push(`activated: ${turn.activated.map(data.pieceName).join(', ')}`);
  if (turn.moving?.length) progress.push(`moving: ${turn.moving.map(data.pieceName).join(', ')}`);
  if (turn.where) progress.push(`at ${data.spaceName(turn.where)}`);
  const parts = [
    h(
      'div',
      { class: 'ww-status-line' },
      h('strong', { class: 'ww-when', 'data-year': view.year, 'data-season': view.season }, `${season} ${view.year}`),
      h('span', { class: `ww-active side-${view.active ?? 'none'}` }, view.active ? `${side(view.active)} to act` : 'game over'),
      h('span', { class: 'muted' }, (view.phase ?? '').replace(/_/g, ' ')),
    ),
    yearTrack(view),
    markers.length ? h('div', { class: 'ww-tags' }, markers) : null,
    vpTrack(view.vp ?? 0),
    h(
      'div',
      { class: 'ww-counts' },
      hands,
      h('span', { 'data-draw-pile': view.draw_pile_size }, `Draw pile: ${view.draw_pile_size ?? 0}`),
      h('span', {}, `Assemblies: ${view.provincial_assemblies ?? '—'}`),
      h('span', {}, `British leader pool: ${view.british_leader_pool ?? 0}`),
    ),
    flags.length ? h('div', { class: 'ww-tags' }, flags) : null,
    progress.length ? h('p', { class: 'ww-progress' }, `In progress (${turn.step}): ${progress.join('; ')}`) : null,
  ];
  box.replaceChildren(...parts.filter(Boolean));
}
