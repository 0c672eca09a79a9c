// The one place that reads the compact `pieces` of a Wilderness War view (docs/PROTOCOL.md): an
// array with one integer per counter, in the order of the title data's `pieces`, each
// 4 × location + 2 × inside + reduced, `location` indexing the title data's `locations`. It is
// turned back into {pieceId: {at: locationId, inside, reduced}}, the shape the board code reads.
//
// Pure ES module: works in the browser and in Node.

// view -> {data, view}: the decoded copy of each view, made once however often it is drawn.
const decodedViews = new WeakMap();

// {pieceId: {at, inside, reduced}} of the compact array `pieces`. A number that is no piece code,
// or names a location the data does not have, leaves its piece without `at` (not drawn); numbers
// beyond the data's pieces are ignored.
export function decodePieces(pieces, data) {
  const out = {};
  const ids = data.pieceIds;
  const locations = data.locations;
  const n = Math.min(pieces.length, ids.length);
  for (let i = 0; i < n; i++) {
    const code = pieces[i];
    const valid = Number.isInteger(code) && code >= 0;
    const at = valid ? locations[Math.floor(code / 4)] : undefined;
    out[ids[i]] = { at, inside: valid && (code & 2) !== 0, reduced: valid && (code & 1) !== 0 };
  }
  return out;
}

// The view with its `pieces` decoded (the same object when they are not compact, as from a
// server of protocol 1). Never changes `view`.
export function decodeView(view, data) {
  if (!view || typeof view !== 'object' || !Array.isArray(view.pieces)) return view;
  const cached = decodedViews.get(view);
  if (cached && cached.data === data) return cached.view;
  const decoded = { ...view, pieces: decodePieces(view.pieces, data) };
  decodedViews.set(view, { data, view: decoded });
  return decoded;
}
