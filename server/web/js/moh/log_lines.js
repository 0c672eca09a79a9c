// How the game page's log draws Mohicans' lines (js/game_panels.js's `format`): each line keeps
// its text as the server wrote it, with the acting side's colour and a die by the rolls (Supply
// Points); a heading ("1755 spring") opens each turn.
import { h } from '../dom.js';
import { words } from './data.js';

const ROLLS = new Set(['supply_points']);

export function logFormat() {
  return {
    lineClass(entry) {
      const side = ['french', 'british'].includes(entry.role) ? entry.role : typeof entry.arg === 'string' && ['french', 'british'].includes(entry.arg) ? entry.arg : '';
      return ['moh-log-line', side ? `side-${side}` : '', ROLLS.has(entry.verb) ? 'moh-roll' : ''].filter(Boolean).join(' ');
    },
    lineNodes(entry) {
      return [h('span', {}, entry.text)];
    },
    groupBefore(entry) {
      if (entry.verb !== 'turn') return null;
      return { text: typeof entry.arg === 'string' ? words(entry.arg) : 'A new turn', cls: 'moh-log-turn' };
    },
  };
}
