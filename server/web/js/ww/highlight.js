// Shows a space of the map to the reader (a space named in the log): the space's element gets the
// class ww-highlight for a few seconds, the map pans (zooming out if need be) so that the space
// is in its view (zooming in when it would be too small to see, as on a phone), and the page
// scrolls the map onto the screen; a name the map hides at that zoom is shown (map.js). Uses the board's PanZoom as it is.

const HIGHLIGHT_MS = 4000;
const timers = new WeakMap();

// `board` is a WildernessWarBoard (its map, panzoom and data); `id` a space or militia box id.
// Returns whether the map has such a space.
export function highlightSpace(board, id, ms = HIGHLIGHT_MS) {
  const esc = CSS.escape(id);
  const el = board.map.svg.querySelector(`[data-space="${esc}"], [data-box="${esc}"]`);
  const place = board.data.spaces.get(id) ?? board.data.militiaBoxes.get(id);
  if (!el || !place) return false;
  for (const other of board.map.svg.querySelectorAll('.ww-highlight')) other.classList.remove('ww-highlight');
  el.classList.add('ww-highlight');
  clearTimeout(timers.get(el));
  timers.set(
    el,
    setTimeout(() => el.classList.remove('ww-highlight'), ms),
  );
  bringIntoView(board.panzoom, place.map, board.map.svg.getBoundingClientRect());
  board.map.showNameTip(id); // its name, if the map hides it at this zoom
  board.map.svg.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  return true;
}

// Pans the view onto the rectangle when it is not inside (with a margin); zooms in about it when
// it would be drawn smaller than a finger (a phone's whole map), out when it does not fit.
function bringIntoView(panzoom, rect, screen) {
  if (!rect) return;
  const margin = 40;
  const least = 36; // px: the space big enough to see and tap
  const box = panzoom.box;
  const pixels = screen.width > 0 ? (Math.min(rect.w, rect.h) * Math.min(screen.width / box.w, screen.height / box.h)) : least;
  const cx = rect.x + rect.w / 2;
  const cy = rect.y + rect.h / 2;
  if (pixels < least) {
    const w = (box.w * pixels) / least;
    const h = (box.h * pixels) / least;
    panzoom.fitBox({ x: cx - w / 2, y: cy - h / 2, w, h });
    return;
  }
  const inside = rect.x - margin >= box.x && rect.y - margin >= box.y && rect.x + rect.w + margin <= box.x + box.w && rect.y + rect.h + margin <= box.y + box.h;
  if (inside) return;
  if (box.w < rect.w + 2 * margin || box.h < rect.h + 2 * margin) {
    panzoom.fitBox({ x: rect.x - margin, y: rect.y - margin, w: rect.w + 2 * margin, h: rect.h + 2 * margin });
    return;
  }
  panzoom.centreOn(cx, cy);
}
