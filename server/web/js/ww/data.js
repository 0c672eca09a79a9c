// The title's static component data (GET /api/titles/wilderness-war/data: map, pieces, cards, and
// `locations`, the ids the view's compact `pieces` index: see decode.js), fetched once per page and
// indexed by id. The server's engine data is the only source: nothing here is a second copy of the
// map.
import { api } from '../dom.js';

// The two sides' names in words, as every part of the page writes them.
export const SIDE_NAMES = { french: 'French', british: 'British' };

let loading = null;

export function loadTitleData(title = 'wilderness-war') {
  if (!loading) {
    loading = api('GET', `/api/titles/${encodeURIComponent(title)}/data`).then(indexData);
    loading.catch(() => {
      loading = null; // try again next time
    });
  }
  return loading;
}

export function indexData(data) {
  const spaces = new Map(data.spaces.map((x) => [x.id, x]));
  const militiaBoxes = new Map(data.militia_boxes.map((x) => [x.id, x]));
  const leaderBoxes = new Map(data.leader_boxes.map((x) => [x.id, x]));
  const pieces = new Map(data.pieces.map((x) => [x.id, x]));
  const cards = new Map(data.cards.map((x) => [x.number, x]));
  const tribes = new Map((data.tribes ?? []).map((x) => [x.id, x]));
  return {
    raw: data,
    width: data.map_width,
    height: data.map_height,
    spaces,
    militiaBoxes,
    leaderBoxes,
    pieces,
    pieceIds: data.pieces.map((x) => x.id), // in the order of the view's compact `pieces`
    locations: data.locations ?? [],
    cards,
    tribes,
    spaceName: (id) => spaces.get(id)?.name ?? militiaBoxes.get(id)?.name ?? id,
    pieceName: (id) => pieces.get(id)?.name ?? id,
    cardName: (n) => cards.get(n)?.name ?? `#${n}`,
  };
}

// The centre of a map rectangle.
export function centre(rect) {
  return { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
}
