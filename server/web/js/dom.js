// Small DOM and HTTP helpers shared by the lobby and the game page. Browser only (uses document).
import { requestJson } from './http_json.js';

// h('button', {class: 'x', 'data-verb': 'pass', onclick: fn}, 'pass') builds an element. Children
// may be strings, numbers, nodes, arrays of those, or null/false (skipped). Text always goes in
// as text, never as HTML.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (name === 'class') el.className = value;
    else if (name in el && typeof value !== 'string') el[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function byId(id) {
  return document.getElementById(id);
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers, or a page not served over HTTPS/localhost.
    const area = h('textarea', { readonly: true, style: 'position:fixed;opacity:0' }, text);
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

// A button that copies `text` and says so.
export function copyButton(text, label = 'Copy') {
  const button = h('button', { type: 'button', class: 'secondary small' }, label);
  button.addEventListener('click', async () => {
    const ok = await copyText(typeof text === 'function' ? text() : text);
    button.textContent = ok ? 'Copied' : 'Copy failed';
    setTimeout(() => (button.textContent = label), 1500);
  });
  return button;
}

// `details`: the whole error object of the answer (retry_after of a 429, say).
export class ApiError extends Error {
  constructor(code, message, status, details = {}) {
    super(message || code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.retryAfter = Number.isFinite(details.retry_after) ? details.retry_after : null;
  }
}

// Calls the JSON API; throws an ApiError with the server's error code. `headers` adds request
// headers (session.js sends the CSRF token this way).
export async function api(method, path, body = undefined, token = '', headers = {}) {
  let reply;
  try {
    reply = await requestJson(fetch, path, { method, body, token, headers });
  } catch (e) {
    throw new ApiError('offline', `the server cannot be reached (${e.message})`, 0);
  }
  if (reply.error) throw new ApiError(reply.error.code, reply.error.message, reply.status, reply.error);
  return reply.data;
}

// An ApiError as a sentence for the page: the server's message, and when to try again after a 429.
export function errorText(e) {
  if (!e) return '';
  let text = e.message || String(e);
  if (text && !/[.!?]$/.test(text)) text += '.';
  if (e.code === 'rate_limited' && e.retryAfter !== null && e.retryAfter !== undefined)
    text += ` Try again in ${e.retryAfter} second${e.retryAfter === 1 ? '' : 's'}.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// "3 min ago" for an ISO 8601 time; the time itself when it does not parse.
export function relativeTime(iso) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso ?? '';
  const seconds = Math.round((Date.now() - t) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `${hours} h ago`;
  return new Date(t).toLocaleDateString();
}

export function clockTime(iso) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(t).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

// A readable one-line form of a JSON value ("12", "c", "[1, 2]").
export function shortText(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value !== 'object') return String(value);
  return JSON.stringify(value);
}
