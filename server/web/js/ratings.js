// A title's leaderboard (ratings.html?title=T): GET /api/ratings/{title}, players with a rated
// game by rating, a title picker, and each name a link to the player's page.
import { api, byId, clear, errorText, h } from './dom.js';
import { mountAccountBar } from './account_bar.js';

async function leaderboardPage() {
  mountAccountBar();
  const params = new URLSearchParams(location.search);
  const box = byId('leaderboard');
  const picker = byId('leaderboard-title');
  let titles = [];
  try {
    titles = (await api('GET', '/api/titles')).titles || [];
  } catch (e) {
    box.append(h('p', { class: 'error-text' }, `Could not load the games: ${errorText(e)}`));
    return;
  }
  for (const t of titles) picker.append(h('option', { value: t.title }, t.name));
  const wanted = params.get('title');
  picker.value = titles.some((t) => t.title === wanted) ? wanted : titles[0]?.title ?? '';
  const show = async () => {
    clear(box);
    if (!picker.value) return;
    let board;
    try {
      board = await api('GET', `/api/ratings/${encodeURIComponent(picker.value)}?limit=200`);
    } catch (e) {
      box.append(h('p', { class: 'error-text' }, `Could not load the ratings: ${errorText(e)}`));
      return;
    }
    document.title = `Ratings: ${board.title_name} — Warpath`;
    if (!board.players.length) {
      box.append(h('p', { class: 'muted' }, 'No rated game of this title yet.'));
      return;
    }
    box.append(
      h(
        'table',
        { class: 'games leaderboard' },
        h('thead', {}, h('tr', {}, ['Rank', 'Player', 'Rating', '±', 'Rated games'].map((t) => h('th', { scope: 'col' }, t)))),
        h(
          'tbody',
          {},
          board.players.map((p) =>
            h(
              'tr',
              { 'data-player': p.name },
              h('td', { class: 'num' }, String(p.rank)),
              h('td', {}, h('a', { href: `/player.html?name=${encodeURIComponent(p.name)}` }, p.name)),
              h('td', { class: 'num' }, String(Math.round(p.rating))),
              h('td', { class: 'num muted' }, String(Math.round(2 * p.deviation))),
              h('td', { class: 'num' }, String(p.games)),
            ),
          ),
        ),
      ),
    );
  };
  picker.addEventListener('change', () => {
    history.replaceState(null, '', `?title=${encodeURIComponent(picker.value)}`);
    show();
  });
  await show();
}

leaderboardPage();
