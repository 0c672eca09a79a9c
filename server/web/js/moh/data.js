// Small Wars: Mohicans' static component data (GET /api/titles/mohicans/data: locations, lines,
// lakes, counters, naval pieces, the naval insert, the turn track), fetched once per page and
// indexed by id. The server's engine data is the only source: nothing here is a copy of the map.
import { api } from '../dom.js';

export const TITLE = 'mohicans';

// The sides' and owners' names in words.
export const SIDE_NAMES = { french: 'French', british: 'British', iroquois: 'Iroquois', native: 'Native' };

let loading = null;

export function loadMohicansData() {
  if (!loading) {
    loading = api('GET', `/api/titles/${TITLE}/data`).then(indexData);
    loading.catch(() => {
      loading = null; // try again next time
    });
  }
  return loading;
}

export function indexData(data) {
  const locations = new Map(data.locations.map((x) => [x.id, x]));
  const units = new Map(data.units.map((x) => [x.id, x]));
  const naval = new Map(data.naval.map((x) => [x.id, x]));
  const spots = new Map(data.naval_insert.spots.map((x) => [x.id, x]));
  return {
    raw: data,
    width: data.map_width,
    height: data.map_height,
    locations,
    units,
    naval,
    spots,
    locationName: (id) => locations.get(id)?.name ?? id,
    unitName: (id) => units.get(id)?.name ?? id,
    navalName: (id) => naval.get(id)?.name ?? id,
  };
}

// A counter's short label: the kind's letters (and a tribe's or nation's number).
const KIND_ABBR = {
  european_regular: 'Reg',
  colonial_regular: 'Col',
  ranger: 'Rng',
  militia: 'Mil',
  troupes_de_marine: 'TdM',
  garrison: 'Gar',
  coureur_de_bois: 'CdB',
  iroquois: 'Iro',
  tribe: 'Tri',
};

export function kindAbbr(unit) {
  const abbr = KIND_ABBR[unit.kind] ?? unit.kind.slice(0, 3);
  return unit.number ? `${abbr}${unit.number}` : abbr;
}

export function words(id) {
  return String(id).replace(/_/g, ' ');
}
