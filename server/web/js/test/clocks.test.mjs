// node --test server/web/js/test/
// The clocks in words and numbers (js/clocks.js): what a clock shows, time controls in words, a
// clocks frame read against the page's own timer, and the creation forms' time_control.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  ClockReading,
  daysText,
  formatRemaining,
  offsetText,
  presetControl,
  remainingSentence,
  timeControlRequest,
  timeControlText,
  timeoutText,
} from '../clocks.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

test('a clock shows days, hours and minutes; minutes and seconds under an hour', () => {
  assert.equal(formatRemaining(3 * DAY), '3 d 00:00');
  assert.equal(formatRemaining(3 * DAY - 1), '2 d 23:59');
  assert.equal(formatRemaining(2 * DAY + 3 * HOUR + 15 * 60000 + 59000), '2 d 03:15');
  assert.equal(formatRemaining(5 * HOUR), '0 d 05:00');
  assert.equal(formatRemaining(HOUR - 1), '59 min 59 s');
  assert.equal(formatRemaining(65000), '1 min 05 s');
  assert.equal(formatRemaining(0), 'out of time');
  assert.equal(formatRemaining(-5 * HOUR), 'out of time');
  assert.equal(remainingSentence(DAY + HOUR + 60000), '1 day, 1 hour and 1 minute left');
  assert.equal(remainingSentence(30000), 'less than a minute left');
});

test('time controls in words', () => {
  const preset = { name: '3_per_day', label: '3+ moves a day: …', initial_hours: 72, increment_hours: 12, cap_hours: 120 };
  assert.equal(timeControlText(presetControl(preset)), '3+ moves a day: 3 days, +12 h a move, cap 5 days');
  assert.equal(timeControlText(presetControl({ name: '1_per_day', initial_hours: 72, increment_hours: 36, cap_hours: 240 })), '1+ move a day: 3 days, +36 h a move, cap 10 days');
  assert.equal(
    timeControlText({ preset: 'custom', initial_ms: 30 * HOUR, increment_ms: 0, cap_ms: DAY * 2, grace_ms: 0, automatic_timeout: true }),
    'Custom clock: 30 h, no increment, cap 2 days',
  );
  assert.equal(timeControlText(null), '');
  assert.equal(timeoutText(presetControl(preset)), '24 h of grace, then the opponent may claim the win');
  assert.equal(timeoutText({ grace_ms: 0, automatic_timeout: true }), 'The game is lost on time automatically');
});

test('a frame counts down by the time since it came, never by the browser\'s clock', () => {
  const frame = {
    as_of_ms: 1_900_000_000_000,
    time_control: presetControl({ name: '3_per_day', initial_hours: 72, increment_hours: 12, cap_hours: 120 }),
    clocks: {
      french: { remaining_ms: DAY, running: true, paused: null, resumes_ms: null, out_of_time: false, claimable: false },
      british: { remaining_ms: 2 * DAY, running: false, paused: null, resumes_ms: null, out_of_time: false, claimable: false },
    },
  };
  const reading = new ClockReading(frame, 500);
  assert.equal(reading.timed, true);
  assert.deepEqual(reading.roles, ['french', 'british']);
  assert.equal(reading.at('french', 500).remaining_ms, DAY);
  assert.equal(reading.at('french', 2500).remaining_ms, DAY - 2000);
  assert.equal(reading.at('french', 2500).ticking, true);
  assert.equal(reading.at('british', 2500).remaining_ms, 2 * DAY, 'a clock that does not run stands still');
  assert.equal(reading.at('french', 500 + DAY + 1).out_of_time, true);
  assert.deepEqual(reading.claimable(), []);
  assert.equal(new ClockReading(null, 0).timed, false);
});

test('a paused clock stands still until it resumes, then runs by itself', () => {
  const frame = {
    as_of_ms: 1000,
    time_control: {},
    clocks: { british: { remaining_ms: 10 * HOUR, running: true, paused: 'vacation', resumes_ms: 1000 + HOUR, out_of_time: false, claimable: false } },
  };
  const reading = new ClockReading(frame, 0);
  const during = reading.at('british', HOUR / 2);
  assert.equal(during.remaining_ms, 10 * HOUR);
  assert.equal(during.paused, 'vacation');
  assert.equal(during.ticking, false);
  const after = reading.at('british', HOUR + 60000);
  assert.equal(after.paused, null);
  assert.equal(after.remaining_ms, 10 * HOUR - 60000);
});

test('the creation form\'s time control', () => {
  assert.equal(timeControlRequest({ choice: '' }), undefined);
  assert.deepEqual(timeControlRequest({ choice: '3_per_day', grace: '24' }), { preset: '3_per_day', grace_hours: 24 });
  assert.deepEqual(timeControlRequest({ choice: '7_per_day', grace: '', automatic: true }), { preset: '7_per_day', automatic_timeout: true });
  assert.deepEqual(timeControlRequest({ choice: 'custom', initial: '48', increment: '6', cap: '96', grace: '12' }), {
    initial_hours: 48,
    increment_hours: 6,
    cap_hours: 96,
    grace_hours: 12,
  });
  assert.throws(() => timeControlRequest({ choice: 'custom', initial: '0', increment: '1', cap: '2' }), /more than 0/);
  assert.throws(() => timeControlRequest({ choice: 'custom', initial: '48', increment: '', cap: '96' }), /time added per move/);
  assert.throws(() => timeControlRequest({ choice: 'custom', initial: '48', increment: '1', cap: '24' }), /at least the time at the start/);
  assert.throws(() => timeControlRequest({ choice: '3_per_day', grace: '-1' }), /grace period must be 0 or more/);
});

test('allowance and offsets', () => {
  assert.equal(daysText(20), '20.0 days');
  assert.equal(daysText(19.96), '19.9 days');
  assert.equal(daysText(1), '1.0 day');
  assert.equal(offsetText(120), 'UTC+02:00');
  assert.equal(offsetText(-330), 'UTC−05:30');
  assert.equal(offsetText(0), 'UTC+00:00');
});
