// Panels that the game page (game.js) and the replay page (replay.js) both show: a seat's game log
// as a numbered list (the lines a GameLog holds, with the "Older lines" button) and the result of
// a finished game. Browser only.
import { clear, h, shortText } from './dom.js';

// The "Older lines" button over the log: hidden when the lines held start at the game's first.
export function drawOlderButton(button, log, loading) {
  const first = log && log.known ? log.first : 0;
  button.hidden = first === 0;
  button.disabled = loading;
  button.textContent = loading ? 'Loading older lines…' : `Older lines (${first} more)`;
}

// Draws the lines `log` (a GameLog) holds into the <ol> `list`, numbered from the game's first
// line. `shown` is what the previous call returned (null at first): older lines put above the
// ones shown keep these where they are on the screen, and a list scrolled to its end stays there.
// Returns the new `shown`.
export function drawLog(list, log, shown) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  const olderAdded = shown !== null && shown.size === log.size && log.first < shown.first;
  const oldHeight = list.scrollHeight;
  const oldTop = list.scrollTop;
  clear(list);
  list.start = log.first + 1;
  for (const entry of log.lines) {
    const attrs = {};
    let text;
    if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
      text = typeof entry.text === 'string' ? entry.text : JSON.stringify(entry);
      if (typeof entry.role === 'string') attrs['data-role'] = entry.role;
    } else {
      text = shortText(entry);
    }
    list.append(h('li', attrs, text));
  }
  if (log.size === 0) list.append(h('li', { class: 'muted' }, 'Nothing yet.'));
  else if (log.lines.length === 0) list.append(h('li', { class: 'muted' }, 'Loading…'));
  if (olderAdded) list.scrollTop = oldTop + (list.scrollHeight - oldHeight);
  else if (atBottom || shown === null) list.scrollTop = list.scrollHeight;
  return log.lines.length ? { first: log.first, size: log.size } : null;
}

// The result box of a finished game ({winner, draw, score, summary}); hidden without a result.
export function drawResult(box, result, seat) {
  box.hidden = !result;
  if (!result) return;
  clear(box);
  const headline = result.draw ? 'Draw' : result.winner ? `${result.winner} wins` : 'Game over';
  const mine = !result.draw && result.winner === seat ? ' — you win!' : '';
  const scalar = (v) => v === null || typeof v !== 'object';
  box.append(
    h('strong', {}, `Game over: ${headline}${mine}`),
    result.summary ? h('p', {}, result.summary) : null,
    result.score !== undefined && result.score !== null
      ? h('p', { class: 'muted' }, 'Score: ', scalar(result.score) ? shortText(result.score) : Object.entries(result.score).map(([k, v], i) => `${i ? ', ' : ''}${k} ${shortText(v)}`).join(''))
      : null,
  );
}
