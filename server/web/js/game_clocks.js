// The clocks panel of the game page (game.html #clocks-panel): a timed game's clocks, one per
// player, counting down once a second for the one that runs; time off ("on vacation until …",
// "weekend off until …"), under a day left in red, "out of time"; the time control in words; and
// for a player, once the opponent's clock may be claimed, "Claim the win on time" (confirmed
// first). Spectators see the clocks only; an untimed game shows nothing. Browser only.
//
//   const clocks = mountClocks({ seat, claim: () => promise, isOver: () => bool, roles: () => [...] });
//   conn.on('clocks', ({ clocks: frame, receivedAt }) => clocks.update(frame, receivedAt));
//   conn.on('game_over', () => clocks.render());
import { byId, clear, errorText, h } from './dom.js';
import { ClockReading, LOW_MS, formatRemaining, remainingSentence, timeControlText, timeoutText } from './clocks.js';

const now = () => performance.now();

// "Tue 12 May, 14:00" in the browser's language and time zone.
function whenText(ms) {
  return new Date(ms).toLocaleString([], { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

// `roles` gives the game's roles in their order (the title's), which the clocks follow.
export function mountClocks({ seat, claim, isOver, roles = () => [] }) {
  let reading = new ClockReading(null, 0);
  let timer = null;
  let claiming = false;

  const panel = byId('clocks-panel');
  const list = byId('clocks');
  const button = byId('claim-timeout');
  const error = byId('claim-error');

  button.addEventListener('click', onClaim);

  function stopTimer() {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  function note(state, over) {
    if (over) return '';
    if (state.paused === 'vacation') return state.resumes_ms ? `on vacation until ${whenText(state.resumes_ms)}` : 'on vacation';
    if (state.paused === 'weekend') return state.resumes_ms ? `weekend off until ${whenText(state.resumes_ms)}` : 'weekend off';
    if (state.remaining_ms <= 0) return state.claimable ? 'out of time; the grace period is over' : 'out of time; in the grace period';
    return state.running ? 'to move' : '';
  }

  // One row per role, kept across ticks: a tick changes only the texts and attributes that moved,
  // so a reader (or a screen reader's focus) is not handed a new element every second.
  const rows = new Map(); // role -> {row, time, note}

  function rowFor(role) {
    let entry = rows.get(role);
    if (!entry) {
      const time = h('span', { class: 'clock-time' });
      const noteSpan = h('span', { class: 'clock-note' });
      const roleSpan = h('span', { class: 'clock-role' }, role, role === seat ? h('span', { class: 'muted' }, ' (you)') : null);
      const row = h('div', { 'data-role': role }, roleSpan, time, noteSpan);
      entry = { row, time, note: noteSpan };
      rows.set(role, entry);
    }
    return entry;
  }

  function setText(el, text) {
    if (el.textContent !== text) el.textContent = text;
  }

  function setAttr(el, name, value) {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }

  function updateRow(role, state, over) {
    const { row, time, note: noteSpan } = rowFor(role);
    const out = state.remaining_ms <= 0;
    const kind = out ? 'out' : state.paused ? 'paused' : state.ticking && !over ? 'ticking' : 'stopped';
    const classes = ['clock', `clock-${kind}`];
    if (!out && state.remaining_ms < LOW_MS) classes.push('low');
    if (role === seat) classes.push('mine');
    setAttr(row, 'class', classes.join(' '));
    setAttr(row, 'data-state', kind);
    setAttr(row, 'data-remaining-ms', String(Math.round(state.remaining_ms)));
    setAttr(row, 'title', `${role}: ${remainingSentence(state.remaining_ms)}`);
    setText(time, formatRemaining(state.remaining_ms));
    const noteText = note(state, over);
    setText(noteSpan, noteText);
    noteSpan.hidden = !noteText;
    return row;
  }

  // The role whose win this seat may claim: a player's opponent whose clock the server says may be
  // claimed.
  function claimAgainst() {
    if (seat === 'spectator' || !reading.timed || isOver()) return null;
    if (!reading.roles.includes(seat)) return null;
    return reading.claimable().find((role) => role !== seat) ?? null;
  }

  function render() {
    panel.hidden = !reading.timed;
    if (!reading.timed) {
      stopTimer();
      return;
    }
    const over = isOver();
    const t = now();
    const order = roles();
    const rank = (role) => (order.includes(role) ? order.indexOf(role) : order.length);
    const sorted = [...reading.roles].sort((x, y) => rank(x) - rank(y));
    const states = sorted.map((role) => [role, reading.at(role, t)]);
    const shown = states.map(([role, state]) => updateRow(role, state, over));
    if (shown.length !== list.children.length || shown.some((row, i) => list.children[i] !== row)) clear(list).append(...shown);
    const control = reading.control;
    byId('time-control').textContent = control ? `${timeControlText(control)}. ${timeoutText(control)}.` : '';
    const against = claimAgainst();
    byId('claim-row').hidden = !against;
    button.disabled = claiming;
    byId('claim-hint').textContent = against ? `${against} is out of time and the grace period is over.` : '';
    if (!against && !claiming) error.textContent = '';
    // Tick while a clock runs (or a paused one will run again); the server's frames correct it.
    const moving = !over && states.some(([, s]) => s.ticking || (s.paused && s.resumes_ms));
    if (moving && timer === null) timer = setInterval(render, 1000);
    else if (!moving) stopTimer();
  }

  async function onClaim() {
    const against = claimAgainst();
    if (!against || claiming) return;
    if (!window.confirm(`Claim the win on time? ${against} has run out of time and the grace period is over; the game ends with your win.`)) return;
    claiming = true;
    error.textContent = '';
    render();
    try {
      await claim();
    } catch (e) {
      error.textContent = e.code === 'not_out_of_time' ? `Not yet: ${errorText(e)}` : errorText(e);
    } finally {
      claiming = false;
      render();
    }
  }

  return {
    update(frame, receivedAt) {
      reading = new ClockReading(frame, receivedAt);
      render();
    },
    render,
  };
}
