// Correspondence clocks in words and numbers, for the game page, the lobby and the account page
// (docs/PROTOCOL.md, "Clocks (HTTP and WebSocket)"). No DOM here, so that Node tests it.
//
//   formatRemaining(ms)          "2 d 03:15", "0 d 05:00", "12 min 05 s", "out of time"
//   timeControlText(control)     "3+ moves a day: 3 days, +12 h a move, cap 5 days"
//   timeoutText(control)         "24 h of grace, then the opponent may claim the win"
//   ClockReading                 a clocks frame read against this page's own timer
//   timeControlRequest(form)     what the creation forms send as `time_control`
//   daysText(days)               "20.0 days"

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// A clock under a day left is shown as running low.
export const LOW_MS = DAY;

// The presets' names in words (GET /api/time-controls gives their labels too; these do without).
const PRESET_NAMES = {
  '7_per_day': '7+ moves a day',
  '3_per_day': '3+ moves a day',
  '1_per_day': '1+ move a day',
};

const pad = (n) => String(n).padStart(2, '0');

// What is left on a clock: days, hours and minutes ("2 d 03:15", counting down to the minute
// below it), minutes and seconds under an hour, "out of time" at zero or below.
export function formatRemaining(ms) {
  if (!Number.isFinite(ms) || ms <= 0) return 'out of time';
  if (ms < HOUR) {
    const seconds = Math.floor(ms / 1000);
    return `${Math.floor(seconds / 60)} min ${pad(seconds % 60)} s`;
  }
  const minutes = Math.floor(ms / MINUTE);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor(minutes / 60) % 24;
  return `${days} d ${pad(hours)}:${pad(minutes % 60)}`;
}

// The same in a sentence, for a tooltip or a screen reader: "2 days, 3 hours and 15 minutes left".
export function remainingSentence(ms) {
  if (!Number.isFinite(ms) || ms <= 0) return 'out of time';
  const minutes = Math.floor(ms / MINUTE);
  const parts = [];
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor(minutes / 60) % 24;
  const mins = minutes % 60;
  if (days) parts.push(`${days} day${days === 1 ? '' : 's'}`);
  if (hours) parts.push(`${hours} hour${hours === 1 ? '' : 's'}`);
  if (mins || parts.length === 0) parts.push(minutes === 0 ? 'less than a minute' : `${mins} minute${mins === 1 ? '' : 's'}`);
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `${text} left`;
}

// A span of time given in whole days when it is whole days, else in hours: "3 days", "36 h".
export function durationText(ms) {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms === 0) return '0 h';
  if (ms % DAY === 0) {
    const days = ms / DAY;
    return `${days} day${days === 1 ? '' : 's'}`;
  }
  const hours = Math.round((ms / HOUR) * 100) / 100;
  return `${hours} h`;
}

// A game's time control in words; `control` is its stored form ({preset, initial_ms, increment_ms,
// cap_ms, grace_ms, automatic_timeout}: listings, game records, clocks frames). '' for none.
export function timeControlText(control) {
  if (!control || typeof control !== 'object') return '';
  const name = PRESET_NAMES[control.preset] ?? 'Custom clock';
  if (!Number.isFinite(control.initial_ms)) return PRESET_NAMES[control.preset] ?? 'A clock';
  const increment = control.increment_ms > 0 ? `+${durationText(control.increment_ms)} a move` : 'no increment';
  return `${name}: ${durationText(control.initial_ms)}, ${increment}, cap ${durationText(control.cap_ms)}`;
}

// What happens when a clock runs out, in words.
export function timeoutText(control) {
  if (!control || typeof control !== 'object') return '';
  const grace = control.grace_ms > 0 ? `${Math.round((control.grace_ms / HOUR) * 100) / 100} h of grace, then ` : '';
  const what = control.automatic_timeout ? 'the game is lost on time automatically' : 'the opponent may claim the win';
  const text = `${grace}${what}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// One clocks frame (or the `clocks` of an HTTP view answer) read against the page's own
// monotonic timer: `receivedAt` is performance.now() (or any ms counter) when it came. The
// server's time is never compared with the browser's wall clock; only the time since receipt
// counts, so a server whose clock stands still (a test clock) still shows the page counting down.
export class ClockReading {
  constructor(frame, receivedAt) {
    this.frame = frame && typeof frame === 'object' && frame.clocks && typeof frame.clocks === 'object' ? frame : null;
    this.receivedAt = receivedAt;
  }

  get timed() {
    return this.frame !== null;
  }

  get control() {
    return this.frame ? this.frame.time_control : null;
  }

  get roles() {
    return this.frame ? Object.keys(this.frame.clocks) : [];
  }

  // The server's time now, as far as this page can tell (as_of_ms plus the time since receipt).
  serverNow(now) {
    return this.frame.as_of_ms + Math.max(0, now - this.receivedAt);
  }

  // One role's clock at `now` (same counter as receivedAt): {remaining_ms, ticking, paused,
  // resumes_ms, out_of_time, claimable, running}. A running clock paused for time off starts
  // again at resumes_ms by itself.
  at(role, now) {
    const clock = this.frame ? this.frame.clocks[role] : undefined;
    if (!clock) return null;
    const serverNow = this.serverNow(now);
    let remaining = clock.remaining_ms;
    let ticking = false;
    let paused = clock.paused ?? null;
    if (clock.running) {
      if (!paused) {
        remaining -= serverNow - this.frame.as_of_ms;
        ticking = true;
      } else if (Number.isFinite(clock.resumes_ms) && serverNow >= clock.resumes_ms) {
        remaining -= serverNow - clock.resumes_ms;
        ticking = true;
        paused = null;
      }
    }
    return {
      remaining_ms: remaining,
      running: Boolean(clock.running),
      ticking,
      paused,
      resumes_ms: paused ? clock.resumes_ms ?? null : null,
      out_of_time: Boolean(clock.out_of_time) || remaining <= 0,
      claimable: Boolean(clock.claimable),
    };
  }

  // The roles whose clock the server says may be claimed.
  claimable() {
    return this.roles.filter((role) => this.frame.clocks[role].claimable);
  }
}

// The `time_control` of POST /api/games and POST /api/lobby from the creation form's values:
// {choice: '' | preset name | 'custom', initial, increment, cap, grace (hours, as typed),
// automatic (boolean)}. undefined for no clock. Throws an Error whose message is for the player.
export function timeControlRequest({ choice, initial, increment, cap, grace, automatic } = {}) {
  if (!choice || choice === 'none') return undefined;
  const hours = (text, what, { positive = false, optional = false } = {}) => {
    const t = String(text ?? '').trim();
    if (t === '') {
      if (optional) return undefined;
      throw new Error(`Give the ${what} in hours.`);
    }
    const n = Number(t);
    if (!Number.isFinite(n) || n < 0 || (positive && n === 0))
      throw new Error(`The ${what} must be ${positive ? 'more than 0' : '0 or more'} hours.`);
    return n;
  };
  const control = {};
  if (choice === 'custom') {
    control.initial_hours = hours(initial, 'time at the start', { positive: true });
    control.increment_hours = hours(increment, 'time added per move');
    control.cap_hours = hours(cap, 'most time a clock holds', { positive: true });
    if (control.cap_hours < control.initial_hours) throw new Error('The most a clock holds must be at least the time at the start.');
  } else {
    control.preset = choice;
  }
  const graceHours = hours(grace, 'grace period', { optional: true });
  if (graceHours !== undefined) control.grace_hours = graceHours;
  if (automatic) control.automatic_timeout = true;
  return control;
}

// A vacation allowance in days, one decimal: "20.0 days", "1.0 day".
export function daysText(days) {
  const n = Number.isFinite(days) ? Math.floor(days * 10) / 10 : 0;
  return `${n.toFixed(1)} day${n === 1 ? '' : 's'}`;
}

// A UTC offset in minutes as "UTC+02:00" / "UTC−05:30".
export function offsetText(minutes) {
  const m = Number.isFinite(minutes) ? Math.trunc(minutes) : 0;
  const sign = m < 0 ? '−' : '+';
  const abs = Math.abs(m);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

// A preset of GET /api/time-controls ({name, label, initial_hours, increment_hours, cap_hours}) in
// the stored form timeControlText reads, with the default grace period.
export function presetControl(preset, { grace_hours = 24, automatic_timeout = false } = {}) {
  return {
    preset: preset.name,
    initial_ms: preset.initial_hours * HOUR,
    increment_ms: preset.increment_hours * HOUR,
    cap_ms: preset.cap_hours * HOUR,
    grace_ms: grace_hours * HOUR,
    automatic_timeout,
  };
}
