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
// `format` is the title's (its board's logFormat), optional: {lineClass(entry), lineNodes(entry),
// groupBefore(entry) -> {text, cls} | null}: each line's class and content (links...) and the
// headings between groups of lines (an <li class="log-group">, not a line). The lines an undo
// took back (log.undone) follow, struck through (class "undone"). Returns the new `shown`.
export function drawLog(list, log, shown, format = null) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  const olderAdded = shown !== null && shown.size === log.size && log.first < shown.first;
  const oldHeight = list.scrollHeight;
  const oldTop = list.scrollTop;
  clear(list);
  list.start = log.first + 1;
  const item = (entry, n, extraClass = '') => {
    const attrs = { value: n + 1 };
    let content;
    let cls = extraClass;
    if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
      content = typeof entry.text === 'string' ? entry.text : JSON.stringify(entry);
      if (typeof entry.role === 'string') attrs['data-role'] = entry.role;
      if (format && typeof entry.text === 'string') {
        content = format.lineNodes(entry);
        cls = `${format.lineClass(entry)} ${cls}`.trim();
      }
    } else {
      content = shortText(entry);
    }
    if (cls) attrs.class = cls;
    return h('li', attrs, content);
  };
  log.lines.forEach((entry, i) => {
    const group = format && entry && typeof entry === 'object' ? format.groupBefore(entry) : null;
    if (group) list.append(h('li', { class: `log-group ${group.cls ?? ''}`.trim(), 'aria-hidden': 'true' }, group.text));
    list.append(item(entry, log.first + i));
  });
  for (const { n, line } of log.undone ?? []) {
    const li = item(line, n, 'undone');
    li.prepend(h('span', { class: 'visually-hidden' }, 'undone: '));
    li.title = 'taken back by an undo';
    list.append(li);
  }
  if (log.size === 0 && !(log.undone ?? []).length) list.append(h('li', { class: 'muted' }, 'Nothing yet.'));
  else if (log.lines.length === 0 && log.size > 0) list.append(h('li', { class: 'muted' }, 'Loading…'));
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
