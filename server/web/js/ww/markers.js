// Markers on the map: forts, stockades, forts under construction (pickaxe), sieges with their
// level, Amphib, Raided (by the side that placed them), fieldworks and Allied settlements. Drawn
// as small labelled badges to the left of their space; they never take clicks.
import { spaceShape } from './map.js';
import { s, tip } from './svg.js';

const SIDE_NAMES = { french: 'French', british: 'British' };

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

// `stackHalfWidths`: {space id: half the width of its stack}, to keep the badges clear of it.
export function drawMarkers(layer, view, data, stackHalfWidths = new Map()) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  for (const [spaceId, markers] of Object.entries(view.markers ?? {})) {
    const space = data.spaces.get(spaceId);
    if (!space) continue;
    const shape = spaceShape(space);
    const badges = markerBadges(markers);
    const g = s('g', { class: 'ww-marker-group', 'data-markers': spaceId });
    const right = Math.min(shape.x - shape.w / 2, shape.x - (stackHalfWidths.get(spaceId) ?? 0)) - 4;
    badges.forEach((badge, i) => {
      const width = 8 + badge.text.length * 6.2;
      const y = shape.y - shape.h / 2 + i * 17;
      g.append(
        s(
          'g',
          { class: `ww-marker marker-${badge.kind}${badge.side ? ' side-' + badge.side : ''}`, 'data-marker': badge.kind },
          tip(badge.title),
          s('rect', { x: right - width, y, width, height: 15, rx: 3 }),
          s('text', { x: right - width / 2, y: y + 11 }, badge.text),
        ),
      );
    });
    layer.append(g);
  }
}
