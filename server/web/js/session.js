// The account session of this page (docs/PROTOCOL.md, "Accounts (HTTP)"). The session cookie is
// HttpOnly, so the page never sees it: it asks GET /api/session who is logged in and keeps the
// answer's csrf_token in memory (never in storage), sending it as X-CSRF-Token on every request
// that changes something. Browser only.
//
//   const s = await loadSession();          // {account, csrf_token} or null when logged out
//   await call('POST', '/api/lobby', body); // with the CSRF token; throws an ApiError
//   onSession((s) => render(s));            // after log-in, log-out and account changes
import { ApiError, api } from './dom.js';

let current = null; // {account, csrf_token} or null
let loading = null; // the GET /api/session under way
let loaded = false;
const listeners = new Set();

export function onSession(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit() {
  for (const listener of [...listeners]) {
    try {
      listener(current);
    } catch (e) {
      console.error('warpath: a session listener failed', e);
    }
  }
}

// The session as last known (null: logged out, or not asked yet).
export function currentSession() {
  return current;
}

export function currentAccount() {
  return current ? current.account : null;
}

// Asks the server once per page (again with force); resolves to the session or null.
export function loadSession(force = false) {
  if (loaded && !force) return Promise.resolve(current);
  if (loading && !force) return loading;
  loading = api('GET', '/api/session')
    .then((s) => s, (e) => {
      if (e instanceof ApiError && e.code === 'not_logged_in') return null;
      throw e;
    })
    .then((s) => {
      loaded = true;
      setSession(s);
      return current;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

// Takes a session answer ({account, csrf_token}), an {account} answer of an account change (the
// token stays) or null, and tells the listeners.
export function setSession(answer) {
  if (answer && answer.account && answer.csrf_token) current = { account: answer.account, csrf_token: answer.csrf_token };
  else if (answer && answer.account && current) current = { ...current, account: answer.account };
  else if (!answer) current = null;
  loaded = true;
  emit();
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// A JSON request with the session's CSRF token on a changing method. A csrf_failed answer (the
// session changed in another tab) reloads the session and tries once more; not_logged_in forgets
// the session.
export async function call(method, path, body = undefined) {
  const send = () => api(method, path, body, '', CHANGES.has(method) && current ? { 'X-CSRF-Token': current.csrf_token } : {});
  try {
    return await send();
  } catch (e) {
    if (e instanceof ApiError && e.code === 'csrf_failed' && current) {
      await loadSession(true);
      if (current) return send();
    }
    if (e instanceof ApiError && e.code === 'not_logged_in' && current) setSession(null);
    throw e;
  }
}

// Ends this session (DELETE /api/session) or every session of the account (DELETE /api/sessions).
export async function logOut(everywhere = false) {
  await call('DELETE', everywhere ? '/api/sessions' : '/api/session');
  setSession(null);
}
