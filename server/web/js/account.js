// The account page (account.html): log in, sign up and "forgot password" when logged out; the
// links of the mails (#verify=TOKEN verifies the e-mail address, #reset=TOKEN asks for a new
// password); and, logged in, the account: verification status and "send the link again", e-mail
// and password changes, the webhook, the notification settings (notification_settings.js), log out
// (everywhere) and deletion with a typed confirmation.
// ?next=/path says where to go after logging in or signing up (a path of this site only).
// "Time off" holds the vacations that stop the account's clocks in timed games (take one from/to a
// date, end one now), automatic vacation days, weekends off and the account's UTC offset.
import { byId, clear, errorText, h } from './dom.js';
import { daysText, offsetText } from './clocks.js';
import { call, currentAccount, loadSession, logOut, onSession, setSession } from './session.js';
import { mountAccountBar } from './account_bar.js';
import { safeNext } from './account_games.js';
import { loadNotificationSettings, mountNotificationSettings } from './notification_settings.js';

const next = safeNext(new URLSearchParams(location.search).get('next'), '');

function notice(text, kind = 'ok', extra = null) {
  const box = byId('account-notice');
  box.replaceChildren();
  box.className = `notice ${kind}`;
  box.hidden = !text;
  if (text) box.append(text, extra ? ' ' : '', extra ?? '');
}

// Runs a form's request with its button disabled and its error line filled from the server.
async function submitting(form, errorId, work) {
  const button = form.querySelector('button[type=submit]');
  const error = byId(errorId);
  error.textContent = '';
  if (button) button.disabled = true;
  try {
    await work();
  } catch (e) {
    error.textContent = errorText(e);
  } finally {
    if (button) button.disabled = false;
    if (form.id === 'delete-form') checkDeleteConfirm();
  }
}

function forgetFragment() {
  // The one-time token must not stay in the address bar (or be posted again on a reload).
  history.replaceState(history.state, '', location.pathname + location.search);
}

// ---- logged out ----

async function onLogin(event) {
  event.preventDefault();
  const form = event.currentTarget;
  await submitting(form, 'login-error', async () => {
    const answer = await call('POST', '/api/session', { login: byId('login-name').value.trim(), password: byId('login-password').value });
    byId('login-password').value = '';
    setSession(answer);
    if (next) location.href = next;
    else notice(`Logged in as ${answer.account.name}.`);
  });
}

async function onSignup(event) {
  event.preventDefault();
  const form = event.currentTarget;
  await submitting(form, 'signup-error', async () => {
    const body = { name: byId('signup-name').value.trim(), email: byId('signup-email').value.trim(), password: byId('signup-password').value };
    const answer = await call('POST', '/api/accounts', body);
    byId('signup-password').value = '';
    setSession(answer);
    notice(
      `Welcome, ${answer.account.name}! We sent a link to ${answer.account.email}: open it to verify your address.`,
      'ok',
      next ? h('a', { href: next }, 'Go back') : h('a', { href: '/' }, 'To the lobby'),
    );
  });
}

async function onForgot(event) {
  event.preventDefault();
  const form = event.currentTarget;
  await submitting(form, 'forgot-error', async () => {
    await call('POST', '/api/password-reset', { login: byId('forgot-login').value.trim() });
    notice('If that account exists, a mail with a link to choose a new password is on its way. The link works once, for 30 minutes.');
  });
}

async function onReset(event, token) {
  event.preventDefault();
  const form = event.currentTarget;
  await submitting(form, 'reset-error', async () => {
    const password = byId('reset-password').value;
    if (password !== byId('reset-password2').value) throw new Error('The two passwords differ.');
    await call('POST', '/api/password-reset/complete', { token, password });
    form.reset();
    byId('reset-panel').hidden = true;
    forgetFragment();
    // Every session of the account ended, this one too if it was that account's.
    await loadSession(true);
    notice('Your password is set. Log in with it.');
    byId('login-name').focus();
  });
}

// ---- the mails' links ----

async function verify(token) {
  forgetFragment();
  notice('Verifying your e-mail address…', 'ok');
  try {
    const answer = await call('POST', '/api/account/verify', { token });
    if (currentAccount()) setSession(answer);
    notice(`E-mail verified: ${answer.account ? answer.account.email : 'thank you'}.`, 'ok');
    byId('account-notice').dataset.verified = 'yes';
  } catch (e) {
    const text = e.code === 'bad_link' ? 'This verification link is unknown, used or expired.' : errorText(e);
    notice(text, 'error', currentAccount() ? 'You can send a new one below.' : 'Log in to send a new one.');
  }
}

// ---- logged in ----

function checkDeleteConfirm() {
  const account = currentAccount();
  byId('delete-submit').disabled = !account || byId('delete-confirm').value.trim() !== account.name;
}

async function onResend() {
  const button = byId('resend-verification');
  const result = byId('resend-result');
  button.disabled = true;
  result.textContent = '';
  result.className = '';
  try {
    await call('POST', '/api/account/verification');
    result.textContent = `Sent to ${currentAccount().email}. Earlier links no longer work.`;
  } catch (e) {
    result.textContent = errorText(e);
    result.className = 'error-text';
  } finally {
    button.disabled = false;
  }
}

async function onChange(event) {
  event.preventDefault();
  const form = event.currentTarget;
  await submitting(form, 'change-error', async () => {
    const body = { password: byId('change-current').value };
    const email = byId('change-email').value.trim();
    const password = byId('change-password').value;
    if (email) body.new_email = email;
    if (password) body.new_password = password;
    if (!email && !password) throw new Error('Type a new e-mail address or a new password.');
    const answer = await call('PATCH', '/api/account', body);
    setSession(answer);
    form.reset();
    const said = [email ? `Your address is now ${answer.account.email}; open the link we sent there to verify it.` : '', password ? 'Your password is changed; your other sessions are logged out.' : ''];
    notice(said.filter(Boolean).join(' '));
  });
}

async function onWebhook(event) {
  event.preventDefault();
  const form = event.currentTarget;
  await submitting(form, 'webhook-error', async () => {
    const url = byId('webhook-url').value.trim();
    if (!url) throw new Error('Type the webhook’s URL, or use Remove.');
    setSession(await call('PUT', '/api/account/webhook', { url }));
    notice('The webhook is saved.');
  });
}

async function onWebhookRemove() {
  const error = byId('webhook-error');
  error.textContent = '';
  try {
    setSession(await call('DELETE', '/api/account/webhook'));
    notice('The webhook is removed.');
  } catch (e) {
    error.textContent = errorText(e);
  }
}

async function onLogout(everywhere) {
  const error = byId('sessions-error');
  error.textContent = '';
  if (everywhere && !confirm('Log out on every device and browser, this one included?')) return;
  try {
    await logOut(everywhere);
    notice(everywhere ? 'Logged out everywhere.' : 'Logged out.');
  } catch (e) {
    error.textContent = errorText(e);
  }
}

async function onDelete(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const account = currentAccount();
  if (!account || byId('delete-confirm').value.trim() !== account.name) return;
  await submitting(form, 'delete-error', async () => {
    await call('DELETE', '/api/account', { password: byId('delete-password').value });
    form.reset();
    setSession(null);
    notice(`The account ${account.name} is deleted.`);
  });
}

// ---- time off ----

let timeOffOffset = 0; // the account's UTC offset in minutes, as saved
let shownAccount = null; // whose time off the page shows
// This browser's offset from UTC now (getTimezoneOffset counts the other way).
const browserOffset = -new Date().getTimezoneOffset();

// "Mon 11 May, 14:05" at the account's UTC offset (the dates of a vacation are days there).
function atOffset(ms) {
  return new Date(ms + timeOffOffset * 60000).toLocaleString([], {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

// The end of a vacation: "to the end of Mon, 23 Nov 2026" when it ends at a midnight there (a
// vacation taken to a date does), else "until" its time.
function untilText(ms) {
  if ((ms + timeOffOffset * 60000) % (24 * 3600 * 1000) !== 0) return `until ${atOffset(ms)}`;
  const day = new Date(ms - 1 + timeOffOffset * 60000).toLocaleDateString([], { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  return `to the end of ${day}`;
}

function fillOffsets() {
  const select = byId('utc-offset');
  for (let m = -14 * 60; m <= 14 * 60; m += 15) select.append(h('option', { value: String(m) }, offsetText(m)));
}

async function loadTimeOff() {
  try {
    const answer = await call('GET', '/api/account/time-off');
    renderTimeOff(answer.time_off, true);
  } catch (e) {
    byId('time-off-balance').textContent = `Could not load your time off: ${errorText(e)}`;
  }
}

// Shows the allowance and the vacations; with `settings` also the settings' fields (not after a
// vacation change, which leaves what the settings form holds as it is).
function renderTimeOff(t, settings) {
  if (!t) return;
  timeOffOffset = Number.isInteger(t.utc_offset_minutes) ? t.utc_offset_minutes : 0;
  byId('time-off-balance').textContent = `${daysText(t.balance_days)} (at most ${t.max_days})`;
  const list = clear(byId('vacations'));
  const vacations = Array.isArray(t.vacations) ? t.vacations : [];
  if (vacations.length === 0) list.append(h('li', { class: 'muted' }, 'No vacation booked.'));
  for (const v of vacations) {
    // The server's "now", not the browser's: the two may disagree.
    const current = v.from_ms <= (Number.isInteger(t.as_of_ms) ? t.as_of_ms : Date.now());
    list.append(
      h(
        'li',
        { class: `vacation ${current ? 'current' : 'upcoming'}`, 'data-vacation': String(v.id) },
        h('span', { class: `pill ${current ? 'status-active' : ''}` }, current ? 'now' : 'upcoming'),
        h('span', { class: 'vacation-dates' }, `${atOffset(v.from_ms)} ${untilText(v.to_ms)}`, h('span', { class: 'muted' }, ` (${offsetText(timeOffOffset)})`)),
        v.automatic ? h('span', { class: 'muted' }, 'taken automatically') : null,
        h(
          'button',
          { type: 'button', class: 'secondary small end-vacation', onclick: (e) => endVacation(e.currentTarget, v, current) },
          current ? 'End now' : 'Cancel it',
        ),
      ),
    );
  }
  if (!settings) return;
  byId('auto-vacation').checked = Boolean(t.auto_vacation);
  byId('weekends-off').checked = Boolean(t.weekends_off);
  byId('utc-offset').value = String(timeOffOffset);
  renderOffsetSuggestion();
}

// The browser's offset, offered (never saved by itself) when it is not the one saved.
function renderOffsetSuggestion() {
  const box = clear(byId('utc-offset-suggestion'));
  const chosen = Number(byId('utc-offset').value);
  box.hidden = browserOffset === chosen || browserOffset % 15 !== 0;
  if (box.hidden) return;
  box.append(
    `This browser is at ${offsetText(browserOffset)}. `,
    h(
      'button',
      {
        type: 'button',
        class: 'secondary small',
        id: 'use-browser-offset',
        onclick: () => {
          byId('utc-offset').value = String(browserOffset);
          renderOffsetSuggestion();
        },
      },
      'Use it',
    ),
    ' (then Save)',
  );
}

async function onVacation(event) {
  event.preventDefault();
  const form = event.currentTarget;
  await submitting(form, 'vacation-error', async () => {
    const to = byId('vacation-to').value;
    const from = byId('vacation-from').value;
    if (!to) throw new Error('Choose the last day of the vacation.');
    const body = { to };
    if (from) body.from = from;
    const answer = await call('POST', '/api/account/vacations', body);
    renderTimeOff(answer.time_off, false);
    form.reset();
    notice(`Your vacation ${from ? `from ${from}` : 'from now'} to the end of ${to} is booked; your clocks stand still meanwhile.`);
  });
}

async function endVacation(button, vacation, current) {
  const error = byId('vacation-error');
  error.textContent = '';
  button.disabled = true;
  try {
    const answer = await call('POST', '/api/account/vacations/end', { id: vacation.id });
    renderTimeOff(answer.time_off, false);
    notice(current ? 'Your vacation is over; your clocks run again where it is your move.' : 'The vacation is cancelled.');
  } catch (e) {
    error.textContent = errorText(e);
    button.disabled = false;
  }
}

async function onTimeOffSave(event) {
  event.preventDefault();
  const form = event.currentTarget;
  await submitting(form, 'time-off-error', async () => {
    const body = {
      auto_vacation: byId('auto-vacation').checked,
      weekends_off: byId('weekends-off').checked,
      utc_offset_minutes: Number(byId('utc-offset').value),
    };
    const answer = await call('PATCH', '/api/account/time-off', body);
    renderTimeOff(answer.time_off, true);
    loadNotificationSettings();  // the digest hour is shown in the time zone just saved
    notice('Your time-off settings are saved.');
  });
}

// ---- the page ----

function render(session) {
  const account = session ? session.account : null;
  byId('logged-out').hidden = Boolean(account);
  byId('logged-in').hidden = !account;
  if (!account) {
    shownAccount = null;
    return;
  }
  const name = byId('me-name');
  name.textContent = account.name;
  name.href = `/player.html?name=${encodeURIComponent(account.name)}`;
  byId('me-email').textContent = account.email ?? '';
  const verified = byId('me-verified');
  verified.textContent = account.email_verified ? 'verified' : 'not verified';
  verified.className = `pill ${account.email_verified ? 'status-active' : 'status-polling'}`;
  byId('verify-row').hidden = Boolean(account.email_verified);
  byId('webhook-url').value = account.webhook ?? '';
  byId('webhook-remove').disabled = !account.webhook;
  byId('webhook-paused').hidden = !account.webhook_paused;
  byId('delete-name').textContent = account.name;
  checkDeleteConfirm();
  if (shownAccount !== account.name) loadTimeOff();
  shownAccount = account.name;
  loadNotificationSettings();
}

async function start() {
  mountAccountBar();
  byId('login-form').addEventListener('submit', onLogin);
  byId('signup-form').addEventListener('submit', onSignup);
  byId('forgot-form').addEventListener('submit', onForgot);
  byId('resend-verification').addEventListener('click', onResend);
  byId('change-form').addEventListener('submit', onChange);
  byId('webhook-form').addEventListener('submit', onWebhook);
  byId('webhook-remove').addEventListener('click', onWebhookRemove);
  mountNotificationSettings(() => notice('The notification settings are saved.'));
  byId('logout-here').addEventListener('click', () => onLogout(false));
  byId('logout-everywhere').addEventListener('click', () => onLogout(true));
  byId('delete-form').addEventListener('submit', onDelete);
  byId('delete-confirm').addEventListener('input', checkDeleteConfirm);
  fillOffsets();
  byId('vacation-form').addEventListener('submit', onVacation);
  byId('time-off-form').addEventListener('submit', onTimeOffSave);
  byId('utc-offset').addEventListener('change', renderOffsetSuggestion);
  onSession(render);

  try {
    await loadSession();
  } catch (e) {
    notice(`The server cannot tell who is logged in: ${errorText(e)}`, 'error');
    byId('logged-out').hidden = false;
  }
  byId('reset-form').addEventListener('submit', (event) => onReset(event, resetToken));
  // A mail's link opened in a tab that shows this page already only changes the fragment.
  window.addEventListener('hashchange', onFragment);
  const link = /(^|[#&])(verify|reset)=/.test(location.hash);
  await onFragment();
  // Logged in already: back to where the log-in was asked for (not over a mail's link).
  if (!link && currentAccount() && next) location.href = next;
}

let resetToken = '';

// What the fragment asks: #verify=TOKEN, #reset=TOKEN, or a form to show (#signup, #login).
async function onFragment() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get('verify')) await verify(fragment.get('verify'));
  else if (fragment.get('reset')) {
    resetToken = fragment.get('reset');
    byId('reset-panel').hidden = false;
    byId('reset-password').focus();
  } else if (fragment.has('signup') && !currentAccount()) byId('signup-name').focus();
  else if (fragment.has('login') && !currentAccount()) byId('login-name').focus();
}

start();
