// Ratings in words (docs/RATINGS.md) for the player page: a rated game's change and a side. No
// DOM here, so that Node tests it.

// "1500 → 1612 (+112)": a rated game's change, whole points.
export function ratingChangeText(before, after) {
  if (!Number.isFinite(before) || !Number.isFinite(after)) return '';
  const b = Math.round(before);
  const a = Math.round(after);
  const d = a - b;
  return `${b} → ${a} (${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d)})`;
}

// "French" for "french".
export function sideText(role) {
  const text = String(role ?? '');
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : '—';
}
