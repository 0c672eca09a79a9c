// The player's private notepad on the game page (docs/PROTOCOL.md, "Notes"): one text per game
// and seat, kept on the server (GET / PUT /api/games/{id}/notes) and read by nobody else. Loaded
// when the page opens; saved a second after the last keystroke and when the box loses the focus;
// the status line says "Saved" or why it was not. Players only: a spectator has no notes.
import { api, byId, errorText, relativeTime } from './dom.js';

const SAVE_DELAY_MS = 1000;
const MAX_CHARS = 20000; // the server's limit (protocol/limits.hpp max_note_chars)

// `token`: the seat token (quick games), else the session's cookie with `headers()` (its CSRF token).
export function mountNotes({ game, seat, token, headers }) {
  const panel = byId('notes-panel');
  const box = byId('notes-text');
  const status = byId('notes-status');
  if (!panel || !box || seat === 'spectator' || game === null) return null;
  panel.hidden = false;
  const path = `/api/games/${game}/notes`;
  let saved = ''; // the text the server holds
  let timer = null;
  let saving = null; // the save on its way
  let loaded = false;

  const say = (text, kind = '') => {
    status.textContent = text;
    status.className = `hint notes-status ${kind}`;
  };

  async function save() {
    clearTimeout(timer);
    timer = null;
    if (!loaded) return;
    const text = box.value;
    if (text === saved) return;
    if ([...text].length > MAX_CHARS) {
      say(`Not saved: a note holds at most ${MAX_CHARS.toLocaleString('en')} characters.`, 'error-text');
      return;
    }
    if (saving) await saving.catch(() => {});
    say('Saving…');
    saving = api('PUT', path, { text }, token, headers());
    try {
      const answer = await saving;
      saved = answer.text;
      if (box.value === saved) say(`Saved ${relativeTime(answer.updated)}.`, 'saved');
    } catch (e) {
      say(`Not saved: ${errorText(e)}`, 'error-text');
    } finally {
      saving = null;
    }
  }

  box.addEventListener('input', () => {
    clearTimeout(timer);
    say('Not saved yet…');
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  box.addEventListener('blur', () => save());
  window.addEventListener('pagehide', () => {
    if (box.value !== saved) save();
  });

  box.disabled = true;
  say('Loading…');
  api('GET', path, undefined, token, headers())
    .then((answer) => {
      saved = answer.text ?? '';
      box.value = saved;
      loaded = true;
      box.disabled = false;
      say(answer.updated ? `Saved ${relativeTime(answer.updated)}.` : 'Only you can read these notes.', 'saved');
    })
    .catch((e) => {
      say(`Notes not loaded: ${errorText(e)}`, 'error-text');
      if (e.code === 'bad_token' || e.code === 'spectator' || e.code === 'not_found') panel.hidden = true;
    });
  return { save };
}
