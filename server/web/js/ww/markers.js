// Markers on the map: forts, stockades, forts under construction (pickaxe), sieges with their
// level, Amphib, Raided (by the side that placed them), fieldworks and Allied settlements. Drawn
// as small labelled badges in their space's marker slot (layout.js), never over
// another space; they never take clicks. At a far zoom (board.js) a slot with room shows the first
// marker's letter in one big badge instead (F fort, S stockade, a dashed F fort under construction, the
// siege level, A Amphib, Fw fieldworks, Al allied, R raided; "+" when there are more).
import { BADGE_H, MARK_W } from './layout.js';
import { s, tip } from './svg.js';
import { SIDE_NAMES } from './data.js';


// [{kind, side?, text, title}] for one space's markers.
export function markerBadges(markers) {
  const out = [];
  if (markers.fort) out.push({ kind: 'fort', side: markers.fort, text: 'Fort', title: `${SIDE_NAMES[markers.fort]} fort` });
  if (markers.fort_under_construction)
    out.push({
      kind: 'fort-under-construction',
      side: markers.fort_under_construction,
      text: '⛏ Fort',
      title: `${SIDE_NAMES[markers.fort_under_construction]} fort under construction`,
    });
  if (markers.stockade)
    out.push({ kind: 'stockade', side: markers.stockade, text: 'Stockade', title: `${SIDE_NAMES[markers.stockade]} stockade` });
  if (markers.siege !== undefined)
    out.push({ kind: 'siege', text: `Siege ${markers.siege}`, title: `Besieged, siege level ${markers.siege}` });
  if (markers.amphib) out.push({ kind: 'amphib', side: 'british', text: 'Amphib', title: 'British Amphib marker' });
  if (markers.fieldworks) out.push({ kind: 'fieldworks', text: 'Fieldworks', title: 'Fieldworks' });
  if (markers.allied)
    out.push({ kind: 'allied', side: markers.allied, text: 'Allied', title: `Allied to the ${SIDE_NAMES[markers.allied]}` });
  for (const [side, count] of Object.entries(markers.raided ?? {}))
    out.push({ kind: 'raided', side, text: `Raided${count > 1 ? ' ×' + count : ''}`, title: `Raided by the ${SIDE_NAMES[side]} (${count})` });
  return out;
}

// Short texts for the narrow marker column of a slot.
const SHORT = { 'fort-under-construction': '⛏ Fort', stockade: 'Stockade', fieldworks: 'Fieldwks' };

// The location ids that have markers to show.
export function spacesWithMarkers(view) {
  return new Set(Object.entries(view.markers ?? {}).filter(([, m]) => markerBadges(m).length).map(([id]) => id));
}

// Draws each space's markers in its marker slot (layout.js): two badges, one above the other or
// side by side;
// when there are more, the second says how many more (all of them in its tooltip).
export function drawMarkers(layer, view, data, slots) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  for (const [spaceId, markers] of Object.entries(view.markers ?? {})) {
    const slot = slots.get(spaceId)?.marks;
    if (!data.spaces.has(spaceId) || !slot) continue;
    let badges = markerBadges(markers);
    if (!badges.length) continue;
    const room = 2;
    if (badges.length > room) {
      const rest = badges.slice(room - 1);
      badges = [...badges.slice(0, room - 1), { kind: 'more', text: `+${rest.length} more`, title: rest.map((b) => b.title).join('\n') }];
    }
    const g = s('g', { class: 'ww-marker-group', 'data-markers': spaceId });
    const width = MARK_W - 4;
    const height = BADGE_H;
    const across = slot.w >= 2 * MARK_W; // side by side, else one above the other
    badges.forEach((badge, i) => {
      const x = slot.x + (across ? i * MARK_W : 0);
      const y = slot.y + (across ? 0 : i * (height + 2));
      const text = badge.kind === 'siege' || badge.kind === 'more' ? badge.text : (SHORT[badge.kind] ?? badge.text);
      g.append(
        s(
          'g',
          { class: `ww-marker marker-${badge.kind}${badge.side ? ' side-' + badge.side : ''}`, 'data-marker': badge.kind },
          tip(badge.title),
          s('rect', { x: x + 1, y, width, height, rx: 3 }),
          s('text', { x: x + 1 + width / 2, y: y + height - 4, ...(text.length * 5.6 > width - 4 ? { textLength: width - 4, lengthAdjust: 'spacingAndGlyphs' } : {}) }, text),
        ),
      );
    });
    // At a far zoom the badges' words are too small to read: a slot one above the other shows one
    // badge as big as the slot instead, the first marker's letter (a "+" when there are more).
    if (!across) {
      const all = markerBadges(markers);
      const first = all[0];
      const code = (FAR_CODE[first.kind] ?? (first.kind === 'siege' ? String(markers.siege) : '?')) + (all.length > 1 ? '+' : '');
      g.append(
        s(
          'g',
          { class: `ww-marker ww-marker-far marker-${first.kind}${first.side ? ' side-' + first.side : ''}`, 'data-marker-far': first.kind },
          tip(all.map((b) => b.title).join('\n')),
          s('rect', { x: slot.x + 1, y: slot.y, width: slot.w - 2, height: slot.h, rx: 4 }),
          s('text', { x: slot.x + slot.w / 2, y: slot.y + slot.h / 2 }, code),
        ),
      );
    }
    layer.append(g);
  }
}

// The letter of a marker at a far zoom (a siege shows its level).
// (A fort under construction is an F too, in its dashed badge: a pickaxe is in few fonts.)
const FAR_CODE = { fort: 'F', 'fort-under-construction': 'F', stockade: 'S', amphib: 'A', fieldworks: 'Fw', allied: 'Al', raided: 'R' };
